// Pure geometry for editing a map: snapping, moving and transforming geometry, crossings onto rivers, blocks onto
// their lattice and into towns, nested hill levels, new ids and unit facings. The map editor (renderer/map) calls
// these; they know nothing of screens, so they are tested in Node.
import { EPSILON, closestPointOnSegment, distance, isPoint, pointInPolygon, polygonCentroid, validPoints } from '../geometry.js';
import { cellAt, cellCenter, cellPolygon, cellName, isCellGrid, parseCell, type CellGrid } from '../grid.js';
import type { Edge, Feature, Grid, Point, Scenario, Table } from '../model.js';
import { DEFAULT_BLOCK_SIZE } from '../terrain-cells.js';
import { cellCentres, nearestEdge } from './shapes.js';

// ---- Snapping ----------------------------------------------------------------------------------------------------

/** `off`, every `step` inches, or the grid's cell corners and centres. */
export type Snap = { kind: 'off' } | { kind: 'inch'; step: number } | { kind: 'grid' };

/** Rounds away float noise (0.30000000000000004) so files hold the numbers the user meant. */
export function tidy(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

export function tidyPoint(p: Point): Point {
  return [tidy(p[0]), tidy(p[1])];
}

export function clampToTable(p: Point, table: Table): Point {
  return [Math.min(table.width, Math.max(0, p[0])), Math.min(table.height, Math.max(0, p[1]))];
}

/**
 * The snapped position of `p`. On a grid the candidates are the cell's corners and centre, whichever is nearest:
 * corners to trace cell edges, centres to place a bridge or objective in the middle of a box.
 */
export function snapPoint(p: Point, snap: Snap, grid: Grid | undefined, table: Table): Point {
  if (snap.kind === 'inch' && snap.step > 0) {
    return tidyPoint([Math.round(p[0] / snap.step) * snap.step, Math.round(p[1] / snap.step) * snap.step]);
  }
  if (snap.kind === 'grid' && isCellGrid(grid)) {
    const ref = cellAt(grid, table, clampToTable(p, table));
    if (!ref) return tidyPoint(p);
    const candidates = [...cellPolygon(grid, ref.col, ref.row), cellCenter(grid, ref.col, ref.row)];
    let best = candidates[0]!;
    for (const c of candidates) if (distance(c, p) < distance(best, p)) best = c;
    return tidyPoint(best);
  }
  return tidyPoint(p);
}

// ---- Moving and transforming -------------------------------------------------------------------------------------

/** A 2-D affine map as canvas stores it: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = [number, number, number, number, number, number];

export function applyAffine(m: Affine, p: Point): Point {
  return [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
}

export function translation(dx: number, dy: number): Affine {
  return [1, 0, 0, 1, dx, dy];
}

export function mapPoints(points: readonly Point[], m: Affine): Point[] {
  return points.map((p) => tidyPoint(applyAffine(m, p)));
}

/** Cells moved by a whole number of columns and rows; cells that leave the grid are dropped. */
export function shiftCells(grid: CellGrid, table: Table, cells: readonly string[], dCol: number, dRow: number): string[] {
  const out: string[] = [];
  for (const name of cells) {
    const ref = parseCell(name);
    if (!ref) continue;
    let row = ref.row + dRow;
    let col = ref.col + dCol;
    // Offset hexes: moving an odd number of staggered lines changes which cells sit half a cell out, so every
    // cell is moved the same half cell the same way, or the shape would shear.
    if (grid.kind === 'hex' && grid.orientation === 'flat' && dCol % 2 !== 0 && ref.col % 2 !== 0) row += 1;
    if (grid.kind === 'hex' && grid.orientation === 'pointy' && dRow % 2 !== 0 && ref.row % 2 !== 0) col += 1;
    const name2 = col >= 0 && row >= 0 ? cellName(col, row) : null;
    if (name2 && cellAt(grid, table, cellCenter(grid, col, row)) !== null) out.push(name2);
  }
  return out;
}

/** How many whole cells a move of (dx, dy) inches amounts to. */
export function cellDelta(grid: CellGrid, dx: number, dy: number): [number, number] {
  if (grid.kind === 'square') return [Math.round(dx / grid.cell), Math.round(dy / grid.cell)];
  const across = grid.cell;
  const along = (grid.cell / Math.sqrt(3)) * 1.5;
  return grid.orientation === 'flat'
    ? [Math.round(dx / along), Math.round(dy / across)]
    : [Math.round(dx / across), Math.round(dy / along)];
}

// ---- Vertices ----------------------------------------------------------------------------------------------------

/** A polygon keeps at least 3 corners, a path at least 2. */
export const MIN_POINTS = { polygon: 3, path: 2, crest: 2 } as const;

export function insertVertex(points: readonly Point[], afterIndex: number, at: Point): Point[] {
  const out = points.slice();
  out.splice(afterIndex + 1, 0, tidyPoint(at));
  return out;
}

export function removeVertex(points: readonly Point[], index: number, min: number): Point[] | null {
  if (points.length <= min || index < 0 || index >= points.length) return null;
  const out = points.slice();
  out.splice(index, 1);
  return out;
}

/** Midpoints of each edge (closing edge included for polygons), where a new vertex can be pulled out. */
export function edgeMidpoints(points: readonly Point[], closed: boolean): { after: number; at: Point }[] {
  const out: { after: number; at: Point }[] = [];
  const n = points.length;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    out.push({ after: i, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] });
  }
  return out;
}

// ---- Crossings ---------------------------------------------------------------------------------------------------

export interface PathHit {
  point: Point;
  distance: number;
}

export function nearestOnPath(path: readonly Point[], p: Point): PathHit | null {
  let best: PathHit | null = null;
  for (let i = 0; i + 1 < path.length; i++) {
    const q = closestPointOnSegment(p, path[i]!, path[i + 1]!);
    const d = distance(p, q);
    if (!best || d < best.distance) best = { point: q, distance: d };
  }
  if (!best && path.length === 1) best = { point: path[0]!, distance: distance(p, path[0]!) };
  return best;
}

/** A river's course: its path, or the line through its cells' centres. */
export function riverCourse(scenario: Scenario, river: Feature): Point[] {
  const path = validPoints((river as { path?: unknown }).path);
  if (path.length >= 2) return path;
  return isCellGrid(scenario.grid) ? cellCentres(scenario.grid, scenario.table, (river as { cells?: unknown }).cells) : [];
}

/** The river nearest `p` and the point on it where a bridge or ford dropped at `p` lands. */
export function snapToRiver(scenario: Scenario, p: Point, riverId?: string): { river: string; at: Point; distance: number } | null {
  let best: { river: string; at: Point; distance: number } | null = null;
  for (const f of scenario.terrain ?? []) {
    if (!f || f.kind !== 'river' || (riverId !== undefined && f.id !== riverId)) continue;
    const hit = nearestOnPath(riverCourse(scenario, f), p);
    if (hit && (!best || hit.distance < best.distance)) best = { river: f.id, at: tidyPoint(hit.point), distance: hit.distance };
  }
  return best;
}

// ---- Building blocks and towns -----------------------------------------------------------------------------------

/** Blocks sit on a lattice of their own size from the table's corner, so a town's blocks meet edge to edge. */
export function blockCorner(p: Point, size = DEFAULT_BLOCK_SIZE): Point {
  return [Math.floor(p[0] / size) * size, Math.floor(p[1] / size) * size];
}

function areaContains(scenario: Scenario, f: Feature, p: Point): boolean {
  const poly = validPoints((f as { polygon?: unknown }).polygon);
  if (poly.length >= 3 && pointInPolygon(p, poly)) return true;
  const cells = (f as { cells?: unknown }).cells;
  if (Array.isArray(cells) && isCellGrid(scenario.grid)) {
    const ref = cellAt(scenario.grid, scenario.table, p);
    return ref !== null && cells.includes(cellName(ref.col, ref.row));
  }
  return false;
}

/** The town whose outline holds `p` (the last drawn, when towns overlap). */
export function townAt(scenario: Scenario, p: Point): Feature | null {
  let found: Feature | null = null;
  for (const f of scenario.terrain ?? []) if (f && f.kind === 'town' && areaContains(scenario, f, p)) found = f;
  return found;
}

// ---- Hills -------------------------------------------------------------------------------------------------------

/**
 * The level of a hill drawn at `where` (its outline or the cells painted): one above the highest hill it stands on,
 * up to the format's 3. Hills at the same spot that are `exclude`d (the hill being edited) do not count.
 */
export function nestedHillLevel(scenario: Scenario, where: Point, exclude?: string): 1 | 2 | 3 {
  let top = 0;
  for (const f of scenario.terrain ?? []) {
    if (!f || f.kind !== 'hill' || f.id === exclude) continue;
    if (!areaContains(scenario, f, where)) continue;
    const level = f.level === 2 || f.level === 3 ? f.level : 1;
    top = Math.max(top, level);
  }
  return Math.min(3, top + 1) as 1 | 2 | 3;
}

/** Where an outline "is" for nesting and labels: its centroid, or the first vertex of a degenerate one. */
export function outlineCentre(points: readonly Point[]): Point {
  const c = polygonCentroid(points);
  return Number.isFinite(c[0]) && Number.isFinite(c[1]) ? c : (points[0] ?? [0, 0]);
}

// ---- Ids ---------------------------------------------------------------------------------------------------------

/** Every id in a document (one namespace for features, units, formations, sides and objectives). */
export function collectIds(doc: unknown, into = new Set<string>()): Set<string> {
  const stack: unknown[] = [doc];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x === 'object') stack.push(x);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'id' && typeof x === 'string') into.add(x);
        else if (x && typeof x === 'object') stack.push(x);
      }
    }
  }
  return into;
}

/** `woods-1`, `woods-2`, …: the first free one, which is then taken. */
export function uniqueId(prefix: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const id = `${prefix}-${n}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/**
 * "Objective 3": the first such name none of `objectives` has, for an objective placed where no feature names it,
 * so pickers and the sheet never have to show its id instead.
 */
export function freshObjectiveName(objectives: unknown): string {
  const list = Array.isArray(objectives) ? (objectives as unknown[]) : [];
  const taken = new Set(list.map((o) => (o && typeof o === 'object' ? (o as { name?: unknown }).name : undefined)));
  for (let n = list.length + 1; ; n++) if (!taken.has(`Objective ${n}`)) return `Objective ${n}`;
}

// ---- Facing ------------------------------------------------------------------------------------------------------

/** The facings a grid allows: 90° steps on squares, 60° on hexes (offset by 30 for pointy-top), else 15° steps. */
export function facingStep(grid: Grid | undefined): number {
  if (grid?.kind === 'square') return 90;
  if (grid?.kind === 'hex') return 60;
  return 15;
}

function facingOffset(grid: Grid | undefined): number {
  return grid?.kind === 'hex' && grid.orientation === 'pointy' ? 30 : 0;
}

export function normaliseFacing(deg: number): number {
  const d = ((Math.round(deg) % 360) + 360) % 360;
  return d === 360 ? 0 : d;
}

/** The allowed facing nearest `deg`. */
export function snapFacing(deg: number, grid: Grid | undefined): number {
  const step = facingStep(grid);
  const off = facingOffset(grid);
  return normaliseFacing(Math.round((deg - off) / step) * step + off);
}

/** One step clockwise (or back) from `deg`, landing on an allowed facing. */
export function turnFacing(deg: number, grid: Grid | undefined, direction: 1 | -1 = 1): number {
  return snapFacing(snapFacing(deg, grid) + direction * facingStep(grid), grid);
}

/** Facing into the table from an edge: a side deploying along the north edge faces south (180). */
export function facingFromEdge(edge: Edge): number {
  return { north: 180, south: 0, west: 90, east: 270 }[edge];
}

/**
 * Which way a unit dropped at `at` should face: into the table from its side's deployment edge; otherwise towards
 * the far side from where it stands, so a unit set up in the south half faces north.
 */
export function defaultFacing(scenario: Scenario, sideIndex: number, at: Point): number {
  const side = scenario.sides?.[sideIndex];
  const zones = Array.isArray(side?.deployment) ? side.deployment : [];
  let facing: number | null = null;
  for (const d of zones) {
    const z = d?.zone as { edge?: unknown; polygon?: unknown } | undefined;
    if (z && typeof z.edge === 'string' && ['north', 'south', 'east', 'west'].includes(z.edge)) {
      facing = facingFromEdge(z.edge as Edge);
      break;
    }
    const poly = validPoints(z?.polygon);
    if (facing === null && poly.length >= 3) facing = facingFromEdge(nearestEdge(scenario.table, outlineCentre(poly)));
  }
  if (facing === null) facing = at[1] > scenario.table.height / 2 + EPSILON ? 0 : 180;
  return snapFacing(facing, scenario.grid);
}

// ---- Zones and entries -------------------------------------------------------------------------------------------

/** A zone along the edge nearest `p`, as deep as `p` is far from it (at least `min`). */
export function edgeZoneAt(table: Table, p: Point, min = 1): { edge: Edge; depth: number } {
  const edge = nearestEdge(table, p);
  return { edge, depth: edgeDepth(table, edge, p, min) };
}

/** How far `p` is in from `edge`, kept between `min` and the table's size across that edge. */
export function edgeDepth(table: Table, edge: Edge, p: Point, min = 1): number {
  const raw = edge === 'north' ? p[1] : edge === 'south' ? table.height - p[1] : edge === 'west' ? p[0] : table.width - p[0];
  const max = edge === 'north' || edge === 'south' ? table.height : table.width;
  return tidy(Math.min(max, Math.max(Math.min(min, max), raw)));
}

/** `p` moved onto the nearest table edge: where reinforcements walk on. */
export function pointOnNearestEdge(table: Table, p: Point): Point {
  const q = clampToTable(p, table);
  switch (nearestEdge(table, q)) {
    case 'north':
      return tidyPoint([q[0], 0]);
    case 'south':
      return tidyPoint([q[0], table.height]);
    case 'west':
      return tidyPoint([0, q[1]]);
    case 'east':
      return tidyPoint([table.width, q[1]]);
  }
}

export function isPointValue(v: unknown): v is Point {
  return isPoint(v);
}
