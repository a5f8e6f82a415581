// Pure shape helpers for drawing a scenario's map, shared by the screen map (renderer/map) and the printed sheet
// (domain/sheet): directions along paths, shapes, grid cells, patterns, table edges, counters and colours.
import { EPSILON, boundingBox, distance, pointInPolygon, type BoundingBox } from '../geometry.js';
import { cellCenter, cellPolygon, isCellGrid, isCellInRange, parseCell, type CellGrid } from '../grid.js';
import type { Edge, Grid, Point, Table, Unit } from '../model.js';
import { footprint, modelsFor, setupFormation } from '../rule-systems/napoleons-eagles-footprint.js';

export type Segment = [Point, Point];

// ---- Directions along paths ------------------------------------------------------------------------------------

/** Direction from a to b as a facing: degrees clockwise from north, in [0, 360). */
export function bearing(a: Point, b: Point): number {
  const deg = (Math.atan2(b[0] - a[0], -(b[1] - a[1])) * 180) / Math.PI;
  return ((deg % 360) + 360) % 360;
}

/**
 * The bearing of the path's segment nearest `point` (the river's direction where a bridge or ford stands), or
 * null for a path with no length. Zero-length segments are skipped: they have no direction.
 */
export function pathBearingAt(path: readonly Point[], point: Point): number | null {
  let best: number | null = null;
  let bestDistance = Infinity;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    if (distance(a, b) <= EPSILON) continue;
    const d = distanceToSegmentSquared(point, a, b);
    if (d < bestDistance - EPSILON) {
      bestDistance = d;
      best = bearing(a, b);
    }
  }
  return best;
}

/** The brief's name for it: bridges and fords ask the river they cross. */
export const riverBearingAt = pathBearingAt;

function distanceToSegmentSquared(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

export function pathLength(path: readonly Point[]): number {
  let total = 0;
  for (let i = 0; i + 1 < path.length; i++) total += distance(path[i]!, path[i + 1]!);
  return total;
}

/** The point `fraction` of the way along a path by length, with the bearing there; null for an empty path. */
export function pointAlongPath(path: readonly Point[], fraction: number): { point: Point; bearing: number } | null {
  const first = path[0];
  if (first === undefined) return null;
  const total = pathLength(path);
  if (total <= EPSILON) return { point: [first[0], first[1]], bearing: 90 };
  let remaining = Math.max(0, Math.min(1, fraction)) * total;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const length = distance(a, b);
    if (length <= EPSILON) continue;
    if (remaining <= length || i + 2 === path.length) {
      const t = Math.min(1, remaining / length);
      return { point: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], bearing: bearing(a, b) };
    }
    remaining -= length;
  }
  return { point: [first[0], first[1]], bearing: 90 };
}

/**
 * Konva rotation for text running along a bearing, turned so it never reads upside down: a label on a river
 * flowing west reads west-to-east like one on a river flowing east.
 */
export function uprightRotation(bearingDeg: number): number {
  let r = bearingDeg - 90;
  r = ((r % 360) + 360) % 360;
  if (r > 90 && r <= 270) r -= 180;
  else if (r > 270) r -= 360;
  return r;
}

// ---- Shapes ----------------------------------------------------------------------------------------------------

export function pointInRings(p: Point, rings: readonly (readonly Point[])[]): boolean {
  return rings.some((ring) => ring.length >= 3 && pointInPolygon(p, ring));
}

export function ringsBox(rings: readonly (readonly Point[])[]): BoundingBox | null {
  return boundingBox(rings.flat());
}

/** A ring shrunk towards `centre`: a hill's inner contours. */
export function scaleRing(ring: readonly Point[], centre: Point, factor: number): Point[] {
  return ring.map(([x, y]) => [centre[0] + (x - centre[0]) * factor, centre[1] + (y - centre[1]) * factor]);
}

/** Corners of a `width` × `depth` rectangle centred on `centre` and turned `rotation` degrees clockwise. */
export function rotatedRect(centre: Point, width: number, depth: number, rotation: number): Point[] {
  const r = (rotation * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const corners: Point[] = [
    [-width / 2, -depth / 2],
    [width / 2, -depth / 2],
    [width / 2, depth / 2],
    [-width / 2, depth / 2],
  ];
  return corners.map(([x, y]) => [centre[0] + x * cos - y * sin, centre[1] + x * sin + y * cos]);
}

/** An ellipse as a polygon, turned `rotation` degrees clockwise (for outlining a ford). */
export function rotatedEllipse(centre: Point, rx: number, ry: number, rotation: number, segments = 32): Point[] {
  const r = (rotation * Math.PI) / 180;
  const out: Point[] = [];
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    const x = rx * Math.cos(a);
    const y = ry * Math.sin(a);
    out.push([centre[0] + x * Math.cos(r) - y * Math.sin(r), centre[1] + x * Math.sin(r) + y * Math.cos(r)]);
  }
  return out;
}

// ---- Grid cells ------------------------------------------------------------------------------------------------

function cellRefs(grid: Grid | undefined, table: Table, cells: unknown): { grid: CellGrid; col: number; row: number }[] {
  if (!isCellGrid(grid) || !Array.isArray(cells)) return [];
  const out: { grid: CellGrid; col: number; row: number }[] = [];
  for (const name of cells) {
    if (typeof name !== 'string') continue;
    const ref = parseCell(name);
    // An off-grid cell is a validation error reported elsewhere; drawing it would put terrain off the table.
    if (ref && isCellInRange(grid, table, ref.col, ref.row)) out.push({ grid, col: ref.col, row: ref.row });
  }
  return out;
}

/** The polygons of the named cells that exist on the grid; malformed and off-grid names are skipped. */
export function cellRings(grid: Grid | undefined, table: Table, cells: unknown): Point[][] {
  return cellRefs(grid, table, cells).map((c) => cellPolygon(c.grid, c.col, c.row));
}

/** Centres of the named cells, in order: the path of a line feature given as cells. */
export function cellCentres(grid: Grid | undefined, table: Table, cells: unknown): Point[] {
  return cellRefs(grid, table, cells).map((c) => cellCenter(c.grid, c.col, c.row));
}

export function cellCentre(grid: Grid | undefined, table: Table, cell: unknown): Point | null {
  return cellCentres(grid, table, [cell])[0] ?? null;
}

/**
 * The outline of a union of cells: edges shared by two cells cancel out, leaving the boundary, so a wood drawn as
 * six squares is outlined as one wood. Edges are matched by their end points rounded to a millionth of an inch.
 */
export function ringsBoundary(rings: readonly (readonly Point[])[]): Segment[] {
  const key = (p: Point): string => `${Math.round(p[0] * 1e6)},${Math.round(p[1] * 1e6)}`;
  const edges = new Map<string, { segment: Segment; count: number }>();
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      const ka = key(a);
      const kb = key(b);
      const k = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
      const entry = edges.get(k);
      if (entry) entry.count++;
      else edges.set(k, { segment: [a, b], count: 1 });
    }
  }
  return [...edges.values()].filter((e) => e.count === 1).map((e) => e.segment);
}

// ---- Patterns ----------------------------------------------------------------------------------------------------

/** Bounds on decoration per area, far above what a real map needs at its usual spacing. */
const MAX_HATCH_LINES = 2000;
const MAX_LATTICE_POINTS = 20000;

/**
 * Parallel segments `spacing` apart at `angle` degrees (clockwise from the x axis), covering `box`. The lines are
 * anchored to the table origin, so neighbouring areas' hatching lines up and doesn't crawl as an area is edited.
 * The caller clips them to the area.
 */
export function hatchSegments(box: BoundingBox, angle: number, requested: number): Segment[] {
  if (!(requested > 0)) return [];
  // A huge area gets wider hatching rather than unbounded work: at most MAX_HATCH_LINES lines.
  const span = Math.hypot(box.maxX - box.minX, box.maxY - box.minY);
  if (!Number.isFinite(span)) return [];
  const spacing = Math.max(requested, span / MAX_HATCH_LINES);
  const a = (angle * Math.PI) / 180;
  const d: Point = [Math.cos(a), Math.sin(a)];
  const n: Point = [-Math.sin(a), Math.cos(a)];
  const c: Point = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
  const radius = Math.hypot(box.maxX - box.minX, box.maxY - box.minY) / 2 + spacing;
  const along = d[0] * c[0] + d[1] * c[1];
  const across = n[0] * c[0] + n[1] * c[1];
  const out: Segment[] = [];
  for (let k = Math.ceil((across - radius) / spacing); k * spacing <= across + radius; k++) {
    const q: Point = [n[0] * k * spacing + d[0] * along, n[1] * k * spacing + d[1] * along];
    out.push([
      [q[0] - d[0] * radius, q[1] - d[1] * radius],
      [q[0] + d[0] * radius, q[1] + d[1] * radius],
    ]);
  }
  return out;
}

/** A small integer hash to [0, 1): the same cell of the lattice always gets the same jitter. */
function hash01(i: number, j: number): number {
  let h = Math.imul(i, 374761393) ^ Math.imul(j, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Points on a staggered lattice `spacing` apart inside `box`, each nudged by up to `jitter` × spacing, so tree
 * marks look planted rather than drilled. The lattice is anchored to the table origin and the jitter depends only
 * on the lattice cell, so marks stay put when the area is reshaped.
 */
export function latticePoints(box: BoundingBox, requested: number, jitter = 0.3): Point[] {
  if (!(requested > 0)) return [];
  const area = (box.maxX - box.minX) * (box.maxY - box.minY);
  if (!Number.isFinite(area)) return [];
  // A huge area gets sparser marks rather than unbounded work: about MAX_LATTICE_POINTS at most.
  const spacing = Math.max(requested, Math.sqrt(area / MAX_LATTICE_POINTS));
  const rowStep = spacing * 0.866;
  const out: Point[] = [];
  for (let j = Math.floor(box.minY / rowStep) - 1; j * rowStep <= box.maxY + rowStep; j++) {
    const shift = Math.abs(j % 2) === 1 ? spacing / 2 : 0;
    for (let i = Math.floor(box.minX / spacing) - 1; i * spacing <= box.maxX + spacing; i++) {
      const x = i * spacing + shift + (hash01(i, j) - 0.5) * jitter * spacing;
      const y = j * rowStep + (hash01(j + 7919, i) - 0.5) * jitter * spacing;
      if (x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY) out.push([x, y]);
    }
  }
  return out;
}

/**
 * The fortification symbol: small triangles `spacing` apart along each polyline, pointing away from the area.
 * `inside` says which side of a segment is the work itself.
 */
export function teethAlong(
  polylines: readonly (readonly Point[])[],
  inside: (p: Point) => boolean,
  spacing: number,
  size: number,
): Point[][] {
  const out: Point[][] = [];
  for (const line of polylines) {
    for (let i = 0; i + 1 < line.length; i++) {
      const a = line[i]!;
      const b = line[i + 1]!;
      const length = distance(a, b);
      if (length <= EPSILON) continue;
      const ux = (b[0] - a[0]) / length;
      const uy = (b[1] - a[1]) / length;
      let nx = uy;
      let ny = -ux;
      const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      if (inside([mid[0] + nx * size * 0.25, mid[1] + ny * size * 0.25])) {
        nx = -nx;
        ny = -ny;
      }
      const count = Math.max(1, Math.floor(length / spacing));
      for (let k = 0; k < count; k++) {
        const t = ((k + 0.5) * length) / count;
        const cx = a[0] + ux * t;
        const cy = a[1] + uy * t;
        out.push([
          [cx - (ux * size) / 2, cy - (uy * size) / 2],
          [cx + nx * size * 0.8, cy + ny * size * 0.8],
          [cx + (ux * size) / 2, cy + (uy * size) / 2],
        ]);
      }
    }
  }
  return out;
}

// ---- Table edges -----------------------------------------------------------------------------------------------

/** The strip `depth` inches deep along one edge of the table. */
export function edgeBand(table: Table, edge: Edge, depth: number): Point[] {
  const { width: w, height: h } = table;
  const d = Math.max(0, Math.min(depth, edge === 'north' || edge === 'south' ? h : w));
  switch (edge) {
    case 'north':
      return [[0, 0], [w, 0], [w, d], [0, d]];
    case 'south':
      return [[0, h - d], [w, h - d], [w, h], [0, h]];
    case 'west':
      return [[0, 0], [d, 0], [d, h], [0, h]];
    case 'east':
      return [[w - d, 0], [w, 0], [w, h], [w - d, h]];
  }
}

export function nearestEdge(table: Table, p: Point): Edge {
  const candidates: [Edge, number][] = [
    ['north', p[1]],
    ['south', table.height - p[1]],
    ['west', p[0]],
    ['east', table.width - p[0]],
  ];
  candidates.sort((a, b) => a[1] - b[1]);
  return candidates[0]![0];
}

/** Unit vector from an edge into the table. */
export function inwardNormal(edge: Edge): Point {
  switch (edge) {
    case 'north':
      return [0, 1];
    case 'south':
      return [0, -1];
    case 'west':
      return [1, 0];
    case 'east':
      return [-1, 0];
  }
}

/** The point `fraction` of the way along an edge, from its west or north end. */
export function pointOnEdge(table: Table, edge: Edge, fraction: number): Point {
  switch (edge) {
    case 'north':
      return [table.width * fraction, 0];
    case 'south':
      return [table.width * fraction, table.height];
    case 'west':
      return [0, table.height * fraction];
    case 'east':
      return [table.width, table.height * fraction];
  }
}

export interface Tick {
  at: number;
  size: 'major' | 'half' | 'minor';
  label?: string;
}

/** A tick every inch, a longer one every 3", and a labelled one every 6" (half a foot, the usual table module). */
export function rulerTicks(length: number): Tick[] {
  const out: Tick[] = [];
  const last = Math.floor(length + EPSILON);
  for (let i = 0; i <= last && i <= 10_000; i++) {
    if (i % 6 === 0) out.push({ at: i, size: 'major', label: `${i}"` });
    else out.push({ at: i, size: i % 3 === 0 ? 'half' : 'minor' });
  }
  return out;
}

// ---- Units -------------------------------------------------------------------------------------------------------

export interface CounterSize {
  /** Along the unit's front, inches. */
  width: number;
  /** Front to rear, inches. */
  depth: number;
}

/** A generic counter on free-form maps: about a battalion in line at common basing. */
export const FREE_COUNTER: CounterSize = { width: 1.5, depth: 0.75 };
/** On gridded maps a counter fills most of its cell and stays twice as wide as deep, so facing still reads. */
export const CELL_COUNTER_FRACTION = 0.7;

export interface CounterContext {
  ruleSystem?: string;
  grid?: Grid;
  figureRatio?: number;
  /** The table, which caps a Napoleon's Eagles skirmish screen at what fits across it. */
  table?: { width: number; height: number };
}

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * A Napoleon's Eagles unit's true footprint in its set-up formation, as the engine sets it up (line, supported line,
 * column, road column, square, skirmish screen, limbered or unlimbered battery, train), or null when its ratings
 * say too little to size it. Figures and models are read as the engine reads them (engine/napoleons-eagles/setup.ts).
 */
function neCounterSize(unit: Unit, context: CounterContext): CounterSize | null {
  const r = unit.ratings?.['napoleons-eagles'];
  if (!r) return null;
  let figures = 0;
  let models = 0;
  if (unit.arm === 'artillery') {
    const guns = Math.max(0, Math.floor(finite(r.guns) ?? 0));
    const howitzers = Math.max(0, Math.floor(finite(r.howitzers) ?? 0));
    const given = finite(r.models);
    if (guns + howitzers === 0 && !(given !== undefined && given > 0)) return null;
    models = modelsFor(guns, howitzers, context.figureRatio ?? 30, given);
  } else if (unit.arm === 'infantry' || unit.arm === 'cavalry') {
    figures = Math.max(0, Math.floor(finite(r.figures) ?? 0));
    if (figures === 0) return null;
  }
  const facing = finite(unit.setup?.facing) ?? 0;
  const size = footprint({ arm: unit.arm, ranks: r.ranks === 2 ? 2 : 3, figures, formation: setupFormation(unit), models, facing }, context.table);
  return Number.isFinite(size.width) && size.width > 0 && size.depth > 0 ? size : null;
}

/**
 * How big a unit's counter is on the table. Gridded maps: 70% of a cell. Napoleon's Eagles: the unit's true
 * footprint in its set-up formation (neCounterSize). Otherwise a 1.5" × 0.75" counter.
 */
export function unitCounterSize(unit: Unit, context: CounterContext): CounterSize {
  if (isCellGrid(context.grid)) {
    const width = context.grid.cell * CELL_COUNTER_FRACTION;
    return { width, depth: width / 2 };
  }
  if (context.ruleSystem === 'napoleons-eagles') {
    const size = neCounterSize(unit, context);
    if (size) return size;
  }
  return { ...FREE_COUNTER };
}

export type UnitSymbol = 'infantry' | 'light' | 'cavalry' | 'artillery' | 'train' | 'none';

export function unitSymbol(unit: Pick<Unit, 'arm' | 'type'>): UnitSymbol {
  switch (unit.arm) {
    case 'infantry':
      return unit.type === 'light' ? 'light' : 'infantry';
    case 'cavalry':
      return 'cavalry';
    case 'artillery':
      return 'artillery';
    case 'train':
      return 'train';
    default:
      return 'none';
  }
}

// ---- Colour ------------------------------------------------------------------------------------------------------

export function parseColor(color: string): [number, number, number] | null {
  const c = color.trim();
  let m = /^#([0-9a-f]{3})$/i.exec(c);
  if (m) return [...m[1]!].map((h) => parseInt(h + h, 16)) as [number, number, number];
  m = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(c);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1]!.slice(i, i + 2), 16)) as [number, number, number];
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  return null;
}

/** WCAG relative luminance, 0 (black) to 1 (white); unknown colours count as mid-grey. */
export function luminance(color: string): number {
  const rgb = parseColor(color);
  if (!rgb) return 0.2;
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * White or near-black, whichever has the higher WCAG contrast on `background` (they cross at a luminance of about
 * 0.18). Sides may pick pale colours (Austrian white, Württemberg yellow), on which a white symbol would vanish.
 */
export function inkFor(background: string): string {
  const l = luminance(background);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#1b1b1b' : '#ffffff';
}

/** The colour mixed towards black by `amount` (0–1): strokes and hatching that stay visible on the pale cloth. */
export function darken(color: string, amount: number): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  const k = 1 - Math.max(0, Math.min(1, amount));
  const hex = rgb.map((v) => Math.round(Math.max(0, Math.min(255, v * k))).toString(16).padStart(2, '0'));
  return `#${hex.join('')}`;
}

/** A side colour fit for lines on the cloth: pale colours are darkened until they show. */
export function lineColorFor(color: string): string {
  const l = luminance(color);
  return l > 0.45 ? darken(color, 0.55) : l > 0.3 ? darken(color, 0.3) : color;
}
