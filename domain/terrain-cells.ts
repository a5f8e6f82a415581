// Which terrain each grid cell holds, and which features lie under a point, derived from a scenario's features.
// Invalid geometry (unknown cells, degenerate polygons) is silently skipped here: validation reports it elsewhere,
// and a half-drawn map must still render.
import {
  EPSILON,
  boundingBox,
  boxesOverlap,
  distance,
  distanceToPath,
  isPoint,
  overlapArea,
  pointInPolygon,
  polygonArea,
  validPoints,
} from './geometry.js';
import {
  allCells,
  cellsNearBox,
  type CellRef,
  cellAt,
  cellName,
  cellNameAt,
  cellPolygon,
  cellsAlongPath,
  isCellGrid,
  parseCell,
} from './grid.js';
import {
  AREA_KINDS,
  CROSSING_KINDS,
  LINE_KINDS,
  type AreaFeature,
  type BuildingBlockFeature,
  type CrossingFeature,
  type Feature,
  type FeatureKind,
  type LineFeature,
  type Point,
  type Scenario,
} from './model.js';

export interface CellFeature {
  id: string;
  kind: FeatureKind;
  /** Fraction of the cell's area the feature covers (areas); 1 for lines and points that touch the cell. */
  coverage: number;
}

export interface CellTerrain {
  features: CellFeature[];
}

/**
 * Widths used when a point is tested against a line. Rivers carry their own `width` (default 1"); roads, tracks,
 * walls and hedges have no width in the format, and half an inch is about a model road or hedge on the table.
 */
export const DEFAULT_RIVER_WIDTH = 1;
export const DEFAULT_LINE_WIDTH = 0.5;
/** A bridge or ford is a model a couple of inches long; 1" from its point counts as "at" it. */
export const CROSSING_RADIUS = 1;
export const DEFAULT_BLOCK_SIZE = 4;

/**
 * Area coverage below this fraction is floating-point residue from a polygon that merely touches a cell's edge,
 * not terrain in the cell.
 */
const MIN_COVERAGE = 1e-6;

export function isAreaFeature(f: Feature): f is AreaFeature {
  return (AREA_KINDS as readonly string[]).includes(f.kind);
}
export function isLineFeature(f: Feature): f is LineFeature {
  return (LINE_KINDS as readonly string[]).includes(f.kind);
}
export function isCrossingFeature(f: Feature): f is CrossingFeature {
  return (CROSSING_KINDS as readonly string[]).includes(f.kind);
}
export function isBuildingBlock(f: Feature): f is BuildingBlockFeature {
  return f.kind === 'building-block';
}



function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Centre of a building block: `at` is its north-west corner and it is `size` inches square. */
export function buildingBlockCentre(block: BuildingBlockFeature): Point {
  const size = block.size ?? DEFAULT_BLOCK_SIZE;
  return [block.at[0] + size / 2, block.at[1] + size / 2];
}

export function lineWidth(feature: LineFeature): number {
  if (feature.kind === 'river') {
    return typeof feature.width === 'number' && feature.width > 0 ? feature.width : DEFAULT_RIVER_WIDTH;
  }
  return DEFAULT_LINE_WIDTH;
}

/**
 * Terrain of every cell of a square or hex grid (an empty map for no grid). Cells appear row by row from A1, and
 * each cell's features keep the scenario's terrain order.
 *
 * A feature that gives both `cells` and a polygon/path (the format asks for one or the other) counts where either
 * puts it, taking the larger coverage, so nothing the author drew disappears.
 */
export function classifyCells(scenario: Scenario): Map<string, CellTerrain> {
  const { grid, table } = scenario;
  const result = new Map<string, CellTerrain>();
  if (!isCellGrid(grid)) return result;
  for (const name of allCells(grid, table)) result.set(name, { features: [] });

  const mark = (name: string, feature: Feature, coverage: number): void => {
    const entry = result.get(name);
    if (!entry) return;
    const existing = entry.features.find((f) => f.id === feature.id);
    if (existing) existing.coverage = Math.max(existing.coverage, coverage);
    else entry.features.push({ id: feature.id, kind: feature.kind, coverage });
  };

  const cellArea = polygonArea(cellPolygon(grid, 0, 0));
  // Past the budget no outline is measured against cells at all; validation reports it as an error
  // (coverageWork), so no engine plays on a map read this way.
  const outlines = outlinesNearCells(scenario);
  const measure = !coverageWork(scenario, outlines).exceeded;
  for (const feature of scenario.terrain ?? []) {
    if (isAreaFeature(feature) || isLineFeature(feature)) {
      for (const name of stringList(feature.cells)) mark(name, feature, 1);
    }
    if (isAreaFeature(feature)) {
      const outline = outlines.get(feature);
      if (!outline || !measure) continue;
      const { polygon, box } = outline;
      for (const ref of outline.near) {
        const name = cellName(ref.col, ref.row);
        const cell = cellPolygon(grid, ref.col, ref.row);
        if (!boxesOverlap(box, boundingBox(cell)!)) continue;
        const coverage = Math.min(1, overlapArea(polygon, cell) / cellArea);
        if (coverage >= MIN_COVERAGE) mark(name, feature, coverage);
      }
    } else if (isLineFeature(feature)) {
      for (const name of cellsAlongPath(grid, table, validPoints(feature.path))) mark(name, feature, 1);
    } else if (isCrossingFeature(feature) || isBuildingBlock(feature)) {
      if (!isPoint(feature.at)) continue;
      const at = isBuildingBlock(feature) ? buildingBlockCentre(feature) : feature.at;
      const name = cellNameAt(grid, table, at);
      if (name !== null) mark(name, feature, 1);
    }
  }
  return result;
}

/**
 * Outline corners times the cells each outline may cover, summed over the map: the work of measuring how much of
 * each cell every area covers. Real maps need well under a million; past this bound the map is refused.
 */
export const MAX_COVERAGE_WORK = 5_000_000;

interface OutlineNearCells {
  polygon: Point[];
  box: NonNullable<ReturnType<typeof boundingBox>>;
  near: CellRef[];
}

/** Each area's outline with the cells it may cover, found once for both the budget and the measuring. */
function outlinesNearCells(scenario: Scenario): Map<Feature, OutlineNearCells> {
  const { grid, table } = scenario;
  const out = new Map<Feature, OutlineNearCells>();
  if (!isCellGrid(grid)) return out;
  for (const feature of scenario.terrain ?? []) {
    if (!isAreaFeature(feature)) continue;
    const polygon = validPoints(feature.polygon);
    const box = boundingBox(polygon);
    if (polygon.length < 3 || !box) continue;
    out.set(feature, { polygon, box, near: cellsNearBox(grid, table, box) });
  }
  return out;
}

/** The outline work of classifyCells for this scenario, and whether it is past MAX_COVERAGE_WORK. */
export function coverageWork(
  scenario: Scenario,
  outlines = outlinesNearCells(scenario),
): { work: number; exceeded: boolean; worst?: { id: string; corners: number } } {
  let work = 0;
  let worst: { id: string; corners: number; cost: number } | undefined;
  for (const [feature, { polygon, near }] of outlines) {
    const cost = near.length * polygon.length;
    work += cost;
    if (!worst || cost > worst.cost) worst = { id: String(feature.id), corners: polygon.length, cost };
  }
  const exceeded = work > MAX_COVERAGE_WORK;
  return exceeded && worst ? { work, exceeded, worst: { id: worst.id, corners: worst.corners } } : { work, exceeded };
}

/**
 * What a gridded rules engine treats the cell as: areas covering at least `threshold` of it, plus every line and
 * point feature in it (a road or bridge matters wherever it is, however little of the cell it occupies).
 *
 * The default of 0.5 is the majority rule most gridded games use ("a square is woods if it is mostly woods").
 * It is inclusive, so an area edge running exactly along a cell's mid-line gives that cell the area's terrain
 * rather than leaving it open ground — erring towards the terrain the author drew.
 */
export function dominantTerrain(cellTerrain: CellTerrain, threshold = 0.5): CellFeature[] {
  return cellTerrain.features.filter(
    (f) => !(AREA_KINDS as readonly string[]).includes(f.kind) || f.coverage >= threshold - EPSILON,
  );
}

/**
 * Features under a point, for free-form maps and hover/inspect on any map, in terrain order. An area matches when
 * its polygon contains the point or (on a gridded map) its cells include the point's cell; a line when the point
 * is within half the line's width of its path or in one of its cells; a bridge or ford within CROSSING_RADIUS; a
 * building block when the point is on its square. Boundaries count as inside.
 */
export function featuresAtPoint(scenario: Scenario, point: Point): Feature[] {
  return (scenario.terrain ?? []).filter((feature) => featureContains(scenario, feature, point));
}

function featureContains(scenario: Scenario, feature: Feature, point: Point): boolean {
  const { grid, table } = scenario;
  const ref = isCellGrid(grid) ? cellAt(grid, table, point) : null;
  // `here` is already a canonical on-grid name, so plain equality rejects malformed and off-grid cells too.
  const here = ref ? cellName(ref.col, ref.row) : null;
  const inCells = (cells: unknown): boolean => here !== null && stringList(cells).includes(here);
  if (isAreaFeature(feature)) {
    const polygon = validPoints(feature.polygon);
    return (polygon.length >= 3 && pointInPolygon(point, polygon)) || inCells(feature.cells);
  }
  if (isLineFeature(feature)) {
    const path = validPoints(feature.path);
    return (path.length > 0 && distanceToPath(point, path) <= lineWidth(feature) / 2 + EPSILON) || inCells(feature.cells);
  }
  if (isCrossingFeature(feature)) {
    return isPoint(feature.at) && distance(point, feature.at) <= CROSSING_RADIUS + EPSILON;
  }
  if (isBuildingBlock(feature)) {
    if (!isPoint(feature.at)) return false;
    const size = feature.size ?? DEFAULT_BLOCK_SIZE;
    const [x, y] = feature.at;
    return point[0] >= x && point[0] <= x + size && point[1] >= y && point[1] <= y + size;
  }
  return false;
}

/** Smallest side of the square buckets the locator sorts features into, in inches. */
const BUCKET = 4;
/** Buckets per axis at most: a huge table gets larger buckets, not more of them. */
const MAX_BUCKETS_PER_AXIS = 128;
/** A feature spread over more buckets than this is tested for every point instead of being filed everywhere. */
const MAX_BUCKETS_PER_FEATURE = 256;

/** The area a feature can match a point in, grown by its reach (half a line's width, a crossing's radius). */
function reachBox(scenario: Scenario, feature: Feature): { minX: number; minY: number; maxX: number; maxY: number } | null {
  const { grid } = scenario;
  const points: Point[] = [];
  let pad = EPSILON;
  const f = feature as { polygon?: unknown; path?: unknown; cells?: unknown };
  points.push(...validPoints(f.polygon), ...validPoints(f.path));
  if (isLineFeature(feature)) pad += lineWidth(feature) / 2;
  if (isCrossingFeature(feature) && isPoint(feature.at)) {
    points.push(feature.at);
    pad += CROSSING_RADIUS;
  }
  if (isBuildingBlock(feature) && isPoint(feature.at)) {
    const size = feature.size ?? DEFAULT_BLOCK_SIZE;
    points.push(feature.at, [feature.at[0] + size, feature.at[1] + size]);
  }
  if (isCellGrid(grid)) {
    for (const name of stringList(f.cells)) {
      const ref = parseCell(name);
      if (ref) points.push(...cellPolygon(grid, ref.col, ref.row));
    }
  }
  const box = boundingBox(points);
  return box && { minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad };
}

/**
 * `featuresAtPoint` for many points: features are sorted once into buckets by the area they can reach, so each
 * query tests only the few features near it. Validation of a big table asks this for every unit.
 *
 * The buckets cover the table only, and both a feature's reach and a query are clamped to them: a point off the
 * table lands in an edge bucket, which holds every feature reaching past that edge, so the answer stays exact while
 * the work stays bounded by the table, whatever coordinates a document holds.
 */
export function terrainLocator(scenario: Scenario): (point: Point) => Feature[] {
  const features = scenario.terrain ?? [];
  const extent = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : BUCKET);
  const width = extent(scenario.table?.width);
  const height = extent(scenario.table?.height);
  const size = Math.max(BUCKET, width / MAX_BUCKETS_PER_AXIS, height / MAX_BUCKETS_PER_AXIS);
  const nx = Math.ceil(width / size);
  const ny = Math.ceil(height / size);
  const clampX = (x: number): number => (x < 0 || Number.isNaN(x) ? 0 : Math.min(nx - 1, Math.floor(x / size)));
  const clampY = (y: number): number => (y < 0 || Number.isNaN(y) ? 0 : Math.min(ny - 1, Math.floor(y / size)));
  const buckets: number[][] = Array.from({ length: nx * ny }, () => []);
  const wide: number[] = [];
  features.forEach((feature, index) => {
    const box = reachBox(scenario, feature);
    if (!box) return;
    const [x0, x1, y0, y1] = [clampX(box.minX), clampX(box.maxX), clampY(box.minY), clampY(box.maxY)];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_BUCKETS_PER_FEATURE) {
      wide.push(index);
      return;
    }
    for (let bx = x0; bx <= x1; bx++) for (let by = y0; by <= y1; by++) buckets[by * nx + bx]!.push(index);
  });
  return (point) => {
    const filed = buckets[clampY(point[1]) * nx + clampX(point[0])]!;
    const candidates = wide.length ? [...filed, ...wide].sort((a, b) => a - b) : filed;
    const out: Feature[] = [];
    for (const i of candidates) if (featureContains(scenario, features[i]!, point)) out.push(features[i]!);
    return out;
  };
}
