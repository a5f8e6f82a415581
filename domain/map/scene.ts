// A scenario resolved into what the map draws: every feature, zone, objective and counter with its geometry in
// table inches (cells turned into polygons and centres, rivers' directions found for their bridges) and the JSON
// Pointer it selects. Pure, so the drawing code only draws, and the geometry can be tested without a canvas.
//
// Half-drawn or invalid documents must still render: anything malformed (bad points, unknown cells, dangling ids)
// is skipped or given a neutral default here, and validation reports it elsewhere.
import { boundingBox, distance, isPoint, polygonArea, polygonCentroid, validPoints, type BoundingBox } from '../geometry.js';
import { walkForces } from '../forces.js';
import { allCells, cellCenter, cellPolygon, isCellGrid, parseCell, type CellGrid } from '../grid.js';
import type {
  AreaFeature,
  AreaKind,
  Edge,
  Feature,
  LineKind,
  Point,
  Reinforcement,
  Scenario,
  Side,
  Table,
  TacticalFormation,
} from '../model.js';
import {
  DEFAULT_BLOCK_SIZE,
  buildingBlockCentre,
  isAreaFeature,
  isBuildingBlock,
  isCrossingFeature,
  isLineFeature,
  lineWidth,
} from '../terrain-cells.js';
import {
  cellCentre,
  cellCentres,
  cellRings,
  edgeBand,
  hatchSegments,
  inkFor,
  inwardNormal,
  latticePoints,
  lineColorFor,
  nearestEdge,
  pathBearingAt,
  pointAlongPath,
  pointInRings,
  pointOnEdge,
  ringsBoundary,
  ringsBox,
  rotatedEllipse,
  rotatedRect,
  scaleRing,
  teethAlong,
  unitCounterSize,
  unitSymbol,
  uprightRotation,
  type Segment,
  type UnitSymbol,
} from './shapes.js';
import { SCREEN_STYLE, type MapStyle } from './styles.js';
import { drawableScenario } from './drawable.js';

// ---- Types -------------------------------------------------------------------------------------------------------

export interface AreaShape {
  /** Filled and hit-tested: the polygon, or one polygon per cell. */
  rings: Point[][];
  /** Stroked: the closed polygon, and the outer edges of the cells (shared edges left out). */
  outline: Point[][];
  /** Where the name or an objective marker goes. */
  anchor: Point;
  box: BoundingBox;
}

export type AreaDecor =
  | { type: 'trees'; dense: boolean; trees: Point[] }
  | { type: 'hill'; level: 1 | 2 | 3; slope: 'gentle' | 'steep' | 'extreme'; contours: Point[][]; crest: Point[] | null }
  | { type: 'houses'; houses: Point[] }
  | { type: 'furrows'; patches: { ring: Point[]; segments: Segment[] }[] }
  | { type: 'marsh'; hatch: Segment[]; tufts: Point[] }
  | { type: 'teeth'; teeth: Point[][] }
  | { type: 'none' };

interface ItemBase {
  pointer: string;
  id: string;
  name: string | null;
}

export interface AreaItem extends ItemBase {
  kind: AreaKind;
  shape: AreaShape;
  decor: AreaDecor;
  /** An objective marker stands on the name's spot, so the name moves below it. */
  marked: boolean;
}

export interface LineItem extends ItemBase {
  kind: LineKind;
  points: Point[];
  /** Inches: the river's `width`, or the default half inch of a road or hedge. */
  width: number;
  fordable: boolean;
  label: { at: Point; rotation: number } | null;
}

export interface CrossingItem extends ItemBase {
  kind: 'bridge' | 'ford';
  at: Point;
  /** Konva rotation: the crossing's long axis (local x) runs across the river. */
  rotation: number;
  /** Across the river, inches. */
  span: number;
  /** Along the river, inches. */
  breadth: number;
}

export interface BlockItem extends ItemBase {
  at: Point;
  size: number;
  material: string | null;
  /** An objective marker stands on the block's centre, so the name moves below it. */
  marked: boolean;
}

export interface ZoneItem {
  pointer: string;
  sideIndex: number;
  color: string;
  line: string;
  shape: AreaShape;
  hatch: Segment[];
  label: string;
}

export interface EntryItem {
  pointer: string;
  sideIndex: number;
  color: string;
  line: string;
  /** Along the table edge, drawn `barIn` wide. */
  bar: Point[] | null;
  arrow: { from: Point; to: Point } | null;
  shape: AreaShape | null;
  label: string;
  labelAt: Point;
}

export interface ObjectiveItem {
  pointer: string;
  id: string;
  at: Point;
  radius: number | null;
  vp: number | null;
  /** Shown for point and cell objectives; a feature objective's feature already carries the name. */
  name: string | null;
  holderColor: string | null;
}

export interface UnitItem {
  pointer: string;
  id: string;
  sideIndex: number;
  color: string;
  ink: string;
  at: Point;
  rotation: number;
  width: number;
  depth: number;
  symbol: UnitSymbol;
  formation: TacticalFormation | null;
  label: string;
}

export interface LeaderItem {
  pointer: string;
  id: string;
  sideIndex: number;
  color: string;
  ink: string;
  at: Point;
  radius: number;
  label: string;
}

export interface GridCellItem {
  name: string;
  ring: Point[];
  labelAt: Point;
  labelAlign: 'left' | 'center';
}

export type Outline =
  | { type: 'poly'; points: Point[]; closed: boolean; widthIn?: number }
  /** `radiusPx` is added in screen pixels: markers that keep their size at every zoom. */
  | { type: 'circle'; centre: Point; radius: number; radiusPx?: number };

export interface Selectable {
  pointer: string;
  outlines: Outline[];
  /** Units and leaders: outlined more quietly when their formation or side is selected. */
  force: boolean;
  /** Outlined with the selection, more quietly: the feature an objective stands on. */
  related: Outline[];
}

export interface MapScene {
  table: Table;
  grid: CellGrid | null;
  cells: GridCellItem[];
  areas: AreaItem[];
  /** Rivers, roads and tracks: drawn under the crossings. */
  lines: LineItem[];
  /** Walls and hedges: drawn over the crossings. */
  barriers: LineItem[];
  crossings: CrossingItem[];
  blocks: BlockItem[];
  zones: ZoneItem[];
  entries: EntryItem[];
  objectives: ObjectiveItem[];
  units: UnitItem[];
  leaders: LeaderItem[];
  selectables: Selectable[];
}

// ---- Helpers -----------------------------------------------------------------------------------------------------



function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function closed(ring: Point[]): Point[] {
  const first = ring[0];
  return first ? [...ring, first] : ring;
}

/** Map-convention stacking: open ground under woods and towns, water over hills, works on top. */
const AREA_ORDER: AreaKind[] = ['fields', 'soft-ground', 'hill', 'marsh', 'lake', 'woods', 'town', 'fortification'];
const LINE_ORDER: LineKind[] = ['river', 'road', 'track'];

function areaShape(grid: CellGrid | null, table: Table, polygon: unknown, cells: unknown): AreaShape | null {
  const rings: Point[][] = [];
  const outline: Point[][] = [];
  const poly = validPoints(polygon);
  if (poly.length >= 3) {
    rings.push(poly);
    outline.push(closed(poly));
  }
  const cellPolys = grid ? cellRings(grid, table, cells) : [];
  if (cellPolys.length > 0) {
    rings.push(...cellPolys);
    outline.push(...ringsBoundary(cellPolys));
  }
  const box = ringsBox(rings);
  if (!box) return null;
  let anchor: Point;
  if (poly.length >= 3) {
    anchor = polygonCentroid(poly);
  } else {
    // The cell nearest the cells' mean: an L-shaped wood's label still lands inside the wood.
    const centres = cellPolys.map((r) => polygonCentroid(r));
    const mean: Point = [
      centres.reduce((s, c) => s + c[0], 0) / centres.length,
      centres.reduce((s, c) => s + c[1], 0) / centres.length,
    ];
    anchor = centres.reduce((best, c) => (distance(c, mean) < distance(best, mean) ? c : best), centres[0]!);
  }
  return { rings, outline, anchor, box };
}

function longestEdgeBearing(ring: Point[]): number {
  let best = 0;
  let bestLength = -1;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const length = distance(a, b);
    if (length > bestLength) {
      bestLength = length;
      best = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    }
  }
  return best;
}

/**
 * Decoration (trees, houses, furrows, tufts, teeth) costs each mark a test against every corner of the outline.
 * A scene may spend this much on it; an area past what is left is drawn with its fill and outline only, so a
 * document with huge, intricate outlines still draws in bounded time.
 */
const DECOR_WORK = 20_000_000;

function decorWork(shape: AreaShape): number {
  const corners = shape.rings.reduce((n, r) => n + r.length, 0);
  const { box } = shape;
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  // The densest decoration (light trees, 4 tests a tree; marsh tufts and hatching) at about an inch apart.
  const marks = Math.min(20_000, (w * h) / 0.8) * 4 + Math.min(2000, Math.hypot(w, h) / 0.5) * 2;
  return corners * marks;
}

function areaDecor(feature: AreaFeature, shape: AreaShape, scenario: Scenario, hasPolygon: boolean, style: MapStyle, budget: { work: number }): AreaDecor {
  const cost = decorWork(shape);
  if (!(cost <= budget.work)) return { type: 'none' };
  budget.work -= cost;
  const inside = (p: Point): boolean => pointInRings(p, shape.rings);
  switch (feature.kind) {
    case 'woods': {
      const dense = feature.density === 'dense';
      const { spacingIn, radiusIn } = dense ? style.woods.dense : style.woods.light;
      // Whole trees only: a canopy straddling the outline (or the table edge) looks like a drawing slip.
      const m = radiusIn * 0.8;
      const whole = (p: Point): boolean =>
        inside([p[0] - m, p[1]]) && inside([p[0] + m, p[1]]) && inside([p[0], p[1] - m]) && inside([p[0], p[1] + m]);
      return { type: 'trees', dense, trees: latticePoints(shape.box, spacingIn).filter(whole) };
    }
    case 'hill': {
      const level = feature.level === 2 || feature.level === 3 ? feature.level : 1;
      const slope = feature.slope === 'steep' || feature.slope === 'extreme' ? feature.slope : 'gentle';
      const contours: Point[][] = [];
      // Nested contours need one outline to shrink; a hill drawn as cells shows its level by tint alone. A hill
      // drawn on top of a lower one is itself the upper contour: it takes its level's tint, without rings inside.
      if (hasPolygon && !standsOnLowerHill(scenario, feature, level, polygonCentroid(shape.rings[0]!), polygonArea(shape.rings[0]!))) {
        const ring = shape.rings[0]!;
        const centre = polygonCentroid(ring);
        for (let k = 1; k < level; k++) contours.push(scaleRing(ring, centre, 1 - 0.3 * k));
      }
      const crest = validPoints(feature.crest);
      return { type: 'hill', level, slope, contours, crest: crest.length >= 2 ? crest : null };
    }
    case 'town': {
      const hasBlocks =
        (Array.isArray(feature.blocks) && feature.blocks.length > 0) ||
        (scenario.terrain ?? []).some((f) => isBuildingBlock(f) && f.town === feature.id);
      // A town without building blocks gets the map symbol for built-up ground: scattered small houses, whole ones
      // only, as with trees: a house across the outline looks like a building outside the town.
      const m = style.town.houseIn / 2;
      const whole = (p: Point): boolean =>
        inside([p[0] - m, p[1] - m]) && inside([p[0] + m, p[1] - m]) && inside([p[0] + m, p[1] + m]) && inside([p[0] - m, p[1] + m]);
      return { type: 'houses', houses: hasBlocks ? [] : latticePoints(shape.box, 2.2, 0.2).filter(whole) };
    }
    case 'fields': {
      const patches = shape.rings.map((ring, i) => {
        const box = boundingBox(ring)!;
        let angle: number;
        if (hasPolygon && i === 0) angle = longestEdgeBearing(ring);
        else {
          // Cells alternate their furrows so a block of field cells reads as a patchwork of fields.
          const c = polygonCentroid(ring);
          angle = (Math.round(c[0] * 7) + Math.round(c[1] * 13)) % 2 === 0 ? 0 : 90;
        }
        return { ring, segments: hatchSegments(box, angle, style.fields.spacingIn) };
      });
      return { type: 'furrows', patches };
    }
    case 'marsh':
      return {
        type: 'marsh',
        hatch: hatchSegments(shape.box, 0, 0.7),
        tufts: latticePoints(shape.box, 1.6, 0.35).filter(inside),
      };
    case 'fortification':
      return { type: 'teeth', teeth: teethAlong(shape.outline, inside, 1, 0.4) };
    default:
      return { type: 'none' };
  }
}

/** True when a larger, lower hill lies under this one: the two are drawn as nested contours of one hill. */
function standsOnLowerHill(scenario: Scenario, hill: AreaFeature, level: number, at: Point, area: number): boolean {
  return (scenario.terrain ?? []).some((f) => {
    if (!f || f === hill || f.kind !== 'hill') return false;
    const below = f.level === 2 || f.level === 3 ? f.level : 1;
    if (below >= level) return false;
    const poly = validPoints(f.polygon);
    return poly.length >= 3 && polygonArea(poly) > area && pointInRings(at, [poly]);
  });
}

function sideColor(side: Side, index: number, style: MapStyle): string {
  const c = text(side.color);
  return c ?? style.unit.sideColors[index === 0 ? 0 : 1];
}

function reinforcementLabel(r: Reinforcement): string {
  const count = Array.isArray(r.units) ? r.units.length : 0;
  const units = `${count} unit${count === 1 ? '' : 's'}`;
  if (typeof r.turn === 'number') return `Turn ${r.turn} · ${units}`;
  if (r.roll && typeof r.roll.from === 'number' && typeof r.roll.need === 'number') {
    return `Turn ${r.roll.from}+ on ${r.roll.need}+ · ${units}`;
  }
  return `Reinforcements · ${units}`;
}

const EDGES: readonly string[] = ['north', 'south', 'east', 'west'];

// ---- Build -------------------------------------------------------------------------------------------------------

export function buildScene(original: Scenario, style: MapStyle = SCREEN_STYLE): MapScene {
  const scenario = drawableScenario(original);
  const table: Table = {
    width: Number.isFinite(scenario.table?.width) && scenario.table.width > 0 ? scenario.table.width : 1,
    height: Number.isFinite(scenario.table?.height) && scenario.table.height > 0 ? scenario.table.height : 1,
  };
  const grid = isCellGrid(scenario.grid) ? scenario.grid : null;
  const scene: MapScene = {
    table,
    grid,
    cells: [],
    areas: [],
    lines: [],
    barriers: [],
    crossings: [],
    blocks: [],
    zones: [],
    entries: [],
    objectives: [],
    units: [],
    leaders: [],
    selectables: [],
  };
  const outlinesById = new Map<string, Outline[]>();
  const decorBudget = { work: DECOR_WORK };
  const anchorsById = new Map<string, Point>();
  const select = (pointer: string, outlines: Outline[], force = false, related: Outline[] = []): void => {
    scene.selectables.push({ pointer, outlines, force, related });
  };

  // Grid.
  if (grid) {
    for (const name of allCells(grid, table)) {
      const ref = parseCell(name)!;
      const ring = cellPolygon(grid, ref.col, ref.row);
      const centre = cellCenter(grid, ref.col, ref.row);
      if (grid.kind === 'square') {
        scene.cells.push({ name, ring, labelAt: [ring[0]![0] + grid.cell * 0.06, ring[0]![1] + grid.cell * 0.05], labelAlign: 'left' });
      } else {
        scene.cells.push({ name, ring, labelAt: [centre[0], centre[1] - grid.cell * 0.38], labelAlign: 'center' });
      }
    }
  }

  // Terrain.
  const terrain: Feature[] = Array.isArray(scenario.terrain) ? scenario.terrain : [];
  const rivers = new Map<string, LineItem>();
  terrain.forEach((feature, index) => {
    if (!feature || typeof feature !== 'object') return;
    const pointer = `/terrain/${index}`;
    const base = { pointer, id: String(feature.id), name: text(feature.name) };
    if (isAreaFeature(feature)) {
      const shape = areaShape(grid, table, feature.polygon, feature.cells);
      if (!shape) return;
      const hasPolygon = validPoints(feature.polygon).length >= 3;
      scene.areas.push({ ...base, kind: feature.kind, shape, decor: areaDecor(feature, shape, scenario, hasPolygon, style, decorBudget), marked: false });
      const outlines: Outline[] = shape.outline.map((points) => ({ type: 'poly', points, closed: false }));
      outlinesById.set(base.id, outlines);
      anchorsById.set(base.id, shape.anchor);
      select(pointer, outlines);
    } else if (isLineFeature(feature)) {
      let points = validPoints(feature.path);
      if (points.length < 2) points = grid ? cellCentres(grid, table, feature.cells) : [];
      if (points.length < 2) return;
      const width = lineWidth(feature);
      const mid = pointAlongPath(points, 0.5);
      const item: LineItem = {
        ...base,
        kind: feature.kind,
        points,
        width: feature.kind === 'track' ? style.track.widthIn : feature.kind === 'wall' ? style.wall.widthIn : feature.kind === 'hedge' ? style.hedge.widthIn : width,
        fordable: feature.kind === 'river' && feature.fordable === true,
        label: mid ? { at: mid.point, rotation: uprightRotation(mid.bearing) } : null,
      };
      if (feature.kind === 'river') rivers.set(item.id, item);
      if (feature.kind === 'wall' || feature.kind === 'hedge') scene.barriers.push(item);
      else scene.lines.push(item);
      const outlines: Outline[] = [{ type: 'poly', points, closed: false, widthIn: item.width }];
      outlinesById.set(base.id, outlines);
      if (mid) anchorsById.set(base.id, mid.point);
      select(pointer, outlines);
    } else if (isBuildingBlock(feature)) {
      if (!isPoint(feature.at)) return;
      const size = typeof feature.size === 'number' && feature.size > 0 ? feature.size : DEFAULT_BLOCK_SIZE;
      const at: Point = [feature.at[0], feature.at[1]];
      scene.blocks.push({ ...base, at, size, material: text(feature.material), marked: false });
      const outlines: Outline[] = [
        { type: 'poly', points: [at, [at[0] + size, at[1]], [at[0] + size, at[1] + size], [at[0], at[1] + size]], closed: true },
      ];
      outlinesById.set(base.id, outlines);
      anchorsById.set(base.id, buildingBlockCentre({ ...feature, at, size }));
      select(pointer, outlines);
    }
  });

  // Crossings need the rivers, which may come later in the file.
  terrain.forEach((feature, index) => {
    if (!feature || typeof feature !== 'object' || !isCrossingFeature(feature) || !isPoint(feature.at)) return;
    const at: Point = [feature.at[0], feature.at[1]];
    let river = rivers.get(String(feature.river));
    if (!river) {
      // A dangling or missing river id: the nearest river is the best guess at what it crosses.
      let best = Infinity;
      for (const r of rivers.values()) {
        const d = Math.min(...r.points.map((p) => distance(p, at)));
        if (d < best) {
          best = d;
          river = r;
        }
      }
    }
    const riverWidth = river?.width ?? 1;
    const rotation = (river && pathBearingAt(river.points, at)) ?? 0;
    const item: CrossingItem =
      feature.kind === 'bridge'
        ? { pointer: `/terrain/${index}`, id: String(feature.id), name: text(feature.name), kind: 'bridge', at, rotation, span: riverWidth + 1.4, breadth: 1 }
        : { pointer: `/terrain/${index}`, id: String(feature.id), name: text(feature.name), kind: 'ford', at, rotation, span: riverWidth + 1.6, breadth: 1.8 };
    scene.crossings.push(item);
    const outline: Point[] =
      item.kind === 'bridge'
        ? rotatedRect(at, item.span, item.breadth, rotation)
        : rotatedEllipse(at, item.span / 2, item.breadth / 2, rotation);
    const outlines: Outline[] = [{ type: 'poly', points: outline, closed: true }];
    outlinesById.set(item.id, outlines);
    anchorsById.set(item.id, at);
    select(item.pointer, outlines);
  });

  scene.areas.sort((a, b) => {
    const order = AREA_ORDER.indexOf(a.kind) - AREA_ORDER.indexOf(b.kind);
    if (order !== 0) return order;
    const la = a.decor.type === 'hill' ? a.decor.level : 0;
    const lb = b.decor.type === 'hill' ? b.decor.level : 0;
    return la - lb;
  });
  scene.lines.sort((a, b) => LINE_ORDER.indexOf(a.kind) - LINE_ORDER.indexOf(b.kind));

  // Sides: zones, entries, counters.
  const sides: Side[] = Array.isArray(scenario.sides) ? scenario.sides : [];
  const sideColors = new Map<string, string>();
  sides.forEach((side, s) => {
    if (side && typeof side === 'object') sideColors.set(String(side.id), sideColor(side, s, style));
  });

  const edgeEntries: { edge: Edge; item: EntryItem }[] = [];
  sides.forEach((side, s) => {
    if (!side || typeof side !== 'object') return;
    const color = sideColor(side, s, style);
    const line = lineColorFor(color);
    const ink = inkFor(color);
    const sideName = text(side.name) ?? `Side ${s + 1}`;

    (Array.isArray(side.deployment) ? side.deployment : []).forEach((deployment, d) => {
      const zone = deployment?.zone as { polygon?: unknown; cells?: unknown; edge?: unknown; depth?: unknown } | undefined;
      if (!zone) return;
      let shape: AreaShape | null;
      if (typeof zone.edge === 'string' && EDGES.includes(zone.edge) && typeof zone.depth === 'number' && zone.depth > 0) {
        shape = areaShape(null, table, edgeBand(table, zone.edge as Edge, zone.depth), undefined);
      } else {
        shape = areaShape(grid, table, zone.polygon, zone.cells);
      }
      if (!shape) return;
      const pointer = `/sides/${s}/deployment/${d}`;
      // Opposite slants tell the two sides' zones apart where they overlap.
      scene.zones.push({ pointer, sideIndex: s, color, line, shape, hatch: hatchSegments(shape.box, s === 0 ? -45 : 45, style.zone.hatchSpacingIn), label: `${sideName} deployment` });
      select(pointer, shape.outline.map((points) => ({ type: 'poly', points, closed: false })));
    });

    (Array.isArray(side.reinforcements) ? side.reinforcements : []).forEach((r, k) => {
      const entry = r?.entry as { edge?: unknown; at?: unknown; cells?: unknown } | undefined;
      if (!entry) return;
      const pointer = `/sides/${s}/reinforcements/${k}`;
      const label = reinforcementLabel(r);
      const base = { pointer, sideIndex: s, color, line, label };
      if (typeof entry.edge === 'string' && EDGES.includes(entry.edge)) {
        const edge = entry.edge as Edge;
        const n = inwardNormal(edge);
        const half = style.entry.barIn / 2;
        const a = pointOnEdge(table, edge, 0);
        const b = pointOnEdge(table, edge, 1);
        const item: EntryItem = {
          ...base,
          bar: [
            [a[0] + n[0] * half, a[1] + n[1] * half],
            [b[0] + n[0] * half, b[1] + n[1] * half],
          ],
          arrow: null,
          shape: null,
          labelAt: [0, 0],
        };
        edgeEntries.push({ edge, item });
        scene.entries.push(item);
      } else if (isPoint(entry.at)) {
        const at: Point = [entry.at[0], entry.at[1]];
        const n = inwardNormal(nearestEdge(table, at));
        const length = style.entry.arrowIn;
        const to: Point = [at[0] + n[0] * length, at[1] + n[1] * length];
        scene.entries.push({ ...base, bar: null, arrow: { from: at, to }, shape: null, labelAt: [to[0] + n[0] * 0.9, to[1] + n[1] * 0.9] });
      } else {
        const shape = areaShape(grid, table, undefined, entry.cells);
        if (!shape) return;
        scene.entries.push({ ...base, bar: null, arrow: null, shape, labelAt: shape.anchor });
      }
    });

    if (!side.army || typeof side.army !== 'object') return;
    for (const node of walkForces(side.army, `/sides/${s}/army`)) {
      if (node.kind === 'formation') continue;
      const setup = node.node.setup;
      if (!setup || typeof setup !== 'object') continue;
      const at = isPoint(setup.at) ? ([setup.at[0], setup.at[1]] as Point) : grid ? cellCentre(grid, table, setup.cell) : null;
      if (!at) continue;
      const rotation = typeof setup.facing === 'number' && Number.isFinite(setup.facing) ? setup.facing : 0;
      // The whole name: where it has no room, the label placement shortens it with the full text on hover.
      const label = (text(node.node.name) ?? String(node.node.id)).trim();
      if (node.kind === 'unit') {
        const unit = node.node;
        const size = unitCounterSize(unit, {
          ruleSystem: scenario.ruleSystem,
          ...(scenario.grid ? { grid: scenario.grid } : {}),
          ...(scenario.scale ? { figureRatio: scenario.scale.figureRatio } : {}),
          table,
        });
        scene.units.push({
          pointer: node.path,
          id: String(unit.id),
          sideIndex: s,
          color,
          ink,
          at,
          rotation,
          width: size.width,
          depth: size.depth,
          symbol: unitSymbol(unit),
          formation: typeof setup.formation === 'string' ? setup.formation : null,
          label,
        });
        select(node.path, [{ type: 'poly', points: rotatedRect(at, size.width + 0.2, size.depth + 0.2, rotation), closed: true }], true);
      } else {
        const radius = grid ? grid.cell * 0.16 : 0.45;
        scene.leaders.push({ pointer: node.path, id: String(node.node.id), sideIndex: s, color, ink, at, radius, label });
        select(node.path, [{ type: 'circle', centre: at, radius: radius + 0.12 }], true);
      }
    }
  });

  // Several reinforcements on one edge share its bar; their arrows spread out along it.
  for (const edge of ['north', 'south', 'east', 'west'] as Edge[]) {
    const onEdge = edgeEntries.filter((e) => e.edge === edge);
    onEdge.forEach(({ item }, k) => {
      const n = inwardNormal(edge);
      const p = pointOnEdge(table, edge, (k + 1) / (onEdge.length + 1));
      const length = style.entry.arrowIn;
      const to: Point = [p[0] + n[0] * length, p[1] + n[1] * length];
      item.arrow = { from: p, to };
      item.labelAt = [to[0] + n[0] * 0.9, to[1] + n[1] * 0.9];
    });
  }
  for (const item of scene.entries) {
    const outlines: Outline[] = [];
    if (item.bar) outlines.push({ type: 'poly', points: item.bar, closed: false, widthIn: style.entry.barIn });
    if (item.arrow) outlines.push({ type: 'poly', points: [item.arrow.from, item.arrow.to], closed: false });
    if (item.shape) outlines.push(...item.shape.outline.map((points): Outline => ({ type: 'poly', points, closed: false })));
    select(item.pointer, outlines);
  }

  // Objectives.
  (Array.isArray(scenario.objectives) ? scenario.objectives : []).forEach((objective, i) => {
    if (!objective || typeof objective !== 'object') return;
    const featureId = text(objective.feature);
    let at: Point | null = null;
    if (featureId !== null) at = anchorsById.get(featureId) ?? null;
    if (!at && isPoint(objective.at)) at = [objective.at[0], objective.at[1]];
    if (!at && grid) at = cellCentre(grid, table, objective.cell);
    if (!at) return;
    const pointer = `/objectives/${i}`;
    const radius = typeof objective.radius === 'number' && objective.radius > 0 ? objective.radius : null;
    const holder = text(objective.heldBy);
    scene.objectives.push({
      pointer,
      id: String(objective.id),
      at,
      radius,
      vp: typeof objective.vp === 'number' ? objective.vp : null,
      name: featureId !== null && anchorsById.has(featureId) ? null : text(objective.name),
      holderColor: holder !== null ? (sideColors.get(holder) ?? null) : null,
    });
    const outlines: Outline[] = [{ type: 'circle', centre: at, radius: 0, radiusPx: style.objective.markerPx * 1.5 }];
    if (radius !== null) outlines.push({ type: 'circle', centre: at, radius });
    select(pointer, outlines, false, featureId !== null ? (outlinesById.get(featureId) ?? []) : []);
  });

  // A name on the spot where an objective marker stands moves below the marker.
  for (const o of scene.objectives) {
    for (const a of scene.areas) if (distance(a.shape.anchor, o.at) < 1) a.marked = true;
    for (const b of scene.blocks) if (distance([b.at[0] + b.size / 2, b.at[1] + b.size / 2], o.at) < 1) b.marked = true;
  }

  return scene;
}
