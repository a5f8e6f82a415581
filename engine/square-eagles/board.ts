// The static part of a Square Eagles game: the boxes and what each holds, compiled once from the scenario. It is
// plain JSON and never changes during a game, so states share it instead of copying it.
// Which terrain a box has follows docs/rules/square-eagles.md §3 ("Which box has which terrain").
import { distance, distanceToPath, segmentsIntersect, validPoints } from '../../domain/geometry.js';
import { cellAt, cellCenter, cellName, cellsAlongPath, gridSize, parseCell } from '../../domain/grid.js';
import type { Edge, Feature, Point, RiverFeature, Scenario } from '../../domain/model.js';
import { classifyCells, dominantTerrain, lineWidth } from '../../domain/terrain-cells.js';
import { compileObjective, type BoardObjective } from '../objective-cells.js';

// Terrain flags of a box.
export const T_LAKE = 1;
export const T_MARSH = 2;
/** A river box with no bridge or ford: impassable (rule 3.iv Maneuver c.4). */
export const T_RIVER = 4;
/** A bridge or ford box, or any box of a fordable river: passable, and cover when assaulted (3.iv Assault f.1). */
export const T_CROSSING = 8;
export const T_TOWN = 16;
export const T_FORT = 32;
export const T_WOODS = 64;
export const T_HILL = 128;
export const T_ROAD = 256;
export const T_HEDGE = 512;

export const IMPASSABLE = T_LAKE | T_MARSH | T_RIVER;

export interface RuleOptions {
  resupplyGuns: boolean;
  defend: boolean;
  forts: boolean;
  limbers: boolean;
  horseGuns: boolean;
}

export type { BoardObjective };

export interface Board {
  cols: number;
  rows: number;
  /** Box size in inches, for converting points. */
  cell: number;
  names: string[];
  flags: number[];
  /** Hill level of each box, 0 where there is no hill. */
  hill: number[];
  /** For each box, the boxes joined to it along a road (consecutive boxes of one road). */
  road: number[][];
  /** For each box, the neighbours a river running between boxes cuts it off from. */
  cut: number[][];
  objectives: BoardObjective[];
  options: RuleOptions;
}

export type Facing = 0 | 90 | 180 | 270;
export const FACINGS: readonly Facing[] = [0, 90, 180, 270];
/** Column and row steps of each facing: 0 is north (row − 1), 90 east. */
export const DIR: Record<Facing, readonly [number, number]> = { 0: [0, -1], 90: [1, 0], 180: [0, 1], 270: [-1, 0] };

/** A forward step: column and row offsets, and whether it is a diagonal (costing 1.5). */
export type ForwardStep = readonly [dc: number, dr: number, diagonal: boolean];

/**
 * The boxes a unit facing `facing` may step into: straight ahead first, then the two forward diagonals.
 * Computed once, because every move and assault search walks these for every box it reaches.
 */
export const FORWARD_STEPS: Record<Facing, readonly ForwardStep[]> = Object.fromEntries(
  FACINGS.map((f) => {
    const [fx, fy] = DIR[f];
    return [f, [[fx, fy, false], [fx - fy, fy + fx, true], [fx + fy, fy - fx, true]]];
  }),
) as unknown as Record<Facing, readonly ForwardStep[]>;

export function readOptions(scenario: Scenario): RuleOptions {
  const o = scenario.ruleOptions?.['square-eagles'] ?? {};
  return {
    resupplyGuns: o.resupplyGuns === true,
    defend: o.defend === true,
    forts: o.forts === true,
    limbers: o.limbers === true,
    horseGuns: o.horseGuns === true,
  };
}

const isRiver = (f: Feature): f is RiverFeature => f.kind === 'river';

export function compileBoard(scenario: Scenario, optionOverrides?: Partial<RuleOptions>): Board {
  const grid = scenario.grid;
  if (!grid || grid.kind !== 'square' || !(grid.cell > 0)) throw new Error('Square Eagles needs a square grid');
  const sq = grid;
  const { cols, rows } = gridSize(sq, scenario.table);
  if (cols < 1 || rows < 1) throw new Error('The grid has no whole box on the table');
  const n = cols * rows;
  const names: string[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) names.push(cellName(c, r));
  const index = new Map(names.map((name, i) => [name, i]));
  const flags = new Array<number>(n).fill(0);
  const hill = new Array<number>(n).fill(0);
  const road: number[][] = Array.from({ length: n }, () => []);
  const cut: number[][] = Array.from({ length: n }, () => []);
  const features = new Map((scenario.terrain ?? []).map((f) => [f.id, f]));
  const centre = (i: number): Point => cellCenter(sq, i % cols, Math.floor(i / cols));

  // Rivers drawn as paths are handled here rather than by classifyCells: a river that runs through a box's centre
  // fills the box, one that runs between centres is a barrier on the edges it crosses.
  const riverBoxes = new Map<string, Set<number>>();
  const classified = classifyCells(scenario);
  for (const [name, cellTerrain] of classified) {
    const i = index.get(name);
    if (i === undefined) continue;
    for (const f of dominantTerrain(cellTerrain)) {
      const feature = features.get(f.id);
      switch (f.kind) {
        case 'lake':
          flags[i]! |= T_LAKE;
          break;
        case 'marsh':
          flags[i]! |= T_MARSH;
          break;
        case 'town':
        case 'building-block':
          flags[i]! |= T_TOWN;
          break;
        case 'fortification':
          flags[i]! |= T_FORT;
          break;
        case 'woods':
          flags[i]! |= T_WOODS;
          break;
        case 'hill': {
          flags[i]! |= T_HILL;
          const level = feature && feature.kind === 'hill' && typeof feature.level === 'number' ? feature.level : 1;
          hill[i] = Math.max(hill[i]!, level);
          break;
        }
        case 'road':
          flags[i]! |= T_ROAD;
          break;
        case 'wall':
        case 'hedge':
          flags[i]! |= T_HEDGE;
          break;
        case 'river': {
          if (!feature || !isRiver(feature)) break;
          const path = validPoints(feature.path);
          const listed = Array.isArray(feature.cells) && feature.cells.includes(name);
          const throughCentre = path.length >= 2 && distanceToPath(centre(i), path) <= lineWidth(feature) / 2 + 1e-9;
          if (listed || throughCentre) {
            let set = riverBoxes.get(feature.id);
            if (!set) riverBoxes.set(feature.id, (set = new Set()));
            set.add(i);
          }
          break;
        }
        default:
          break;
      }
    }
  }

  const crossings = (scenario.terrain ?? []).filter((f) => f.kind === 'bridge' || f.kind === 'ford');
  for (const feature of scenario.terrain ?? []) {
    if (!isRiver(feature)) continue;
    const boxes = riverBoxes.get(feature.id) ?? new Set<number>();
    const myCrossings = crossings.filter((c) => (c as { river?: string }).river === feature.id || (c as { river?: string }).river === undefined);
    const crossingBoxes = new Set<number>();
    for (const c of myCrossings) {
      const at = (c as { at?: Point }).at;
      if (!at) continue;
      const ref = cellAt(sq, scenario.table, at);
      if (ref) crossingBoxes.add(ref.row * cols + ref.col);
    }
    for (const i of boxes) {
      if (feature.fordable === true || crossingBoxes.has(i)) flags[i]! |= T_CROSSING;
      else flags[i]! |= T_RIVER;
    }
    const path = validPoints(feature.path);
    if (path.length < 2 || feature.fordable === true) continue;
    for (let i = 0; i < n; i++) {
      const ci = i % cols;
      const ri = Math.floor(i / cols);
      for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [-1, 1]] as const) {
        const c2 = ci + dc;
        const r2 = ri + dr;
        if (c2 < 0 || c2 >= cols || r2 >= rows) continue;
        const j = r2 * cols + c2;
        if (boxes.has(i) || boxes.has(j)) continue;
        const a = centre(i);
        const b = centre(j);
        let crosses = false;
        for (let k = 0; k + 1 < path.length && !crosses; k++) crosses = segmentsIntersect(a, b, path[k]!, path[k + 1]!);
        if (!crosses) continue;
        // A bridge or ford drawn on the stretch between the two boxes keeps the edge open.
        const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        const open = myCrossings.some((c) => {
          const at = (c as { at?: Point }).at;
          return at !== undefined && distance(at, mid) <= sq.cell / 2 + 1e-9;
        });
        if (open) continue;
        cut[i]!.push(j);
        cut[j]!.push(i);
      }
    }
  }
  // A crossing on a river drawn only as cells.
  for (const c of crossings) {
    const at = (c as { at?: Point }).at;
    if (!at) continue;
    const ref = cellAt(sq, scenario.table, at);
    if (!ref) continue;
    const i = ref.row * cols + ref.col;
    if (flags[i]! & T_RIVER) {
      flags[i]! &= ~T_RIVER;
      flags[i]! |= T_CROSSING;
    }
  }

  // Roads: consecutive boxes along each road are joined; a road only helps a move that follows it (rule 3.iv c.5).
  for (const feature of scenario.terrain ?? []) {
    if (feature.kind !== 'road') continue;
    const seq: string[] = Array.isArray(feature.cells) && feature.cells.length > 0 ? feature.cells : cellsAlongPath(sq, scenario.table, validPoints(feature.path));
    const ids = seq.map((name) => index.get(name)).filter((i): i is number => i !== undefined);
    for (const i of ids) flags[i]! |= T_ROAD;
    for (let k = 0; k + 1 < ids.length; k++) {
      const a = ids[k]!;
      const b = ids[k + 1]!;
      if (a === b || Math.abs((a % cols) - (b % cols)) > 1 || Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) > 1) continue;
      if (!road[a]!.includes(b)) road[a]!.push(b);
      if (!road[b]!.includes(a)) road[b]!.push(a);
    }
  }

  const objectives = (scenario.objectives ?? []).map((o) => compileObjective(o, scenario, sq, cols, index, classified, 25));
  const options = { ...readOptions(scenario), ...(optionOverrides ?? {}) };
  return { cols, rows, cell: sq.cell, names, flags, hill, road, cut, objectives, options };
}

// ---- Box arithmetic ---------------------------------------------------------------------------------------------

export const colOf = (b: Board, i: number): number => i % b.cols;
export const rowOf = (b: Board, i: number): number => (i - (i % b.cols)) / b.cols;

// step and boxDistance here, sideOf and roughFacing (geometry.ts) and canEnd (movement.ts, isFoot) write the test out
// instead of calling the helper: they run millions of times a batch, and `adc simulate` measured a few per cent
// slower through the helpers.

/** Whether box `i` lies along the given edge of the table. */
export function onEdge(b: Board, i: number, edge: Edge): boolean {
  switch (edge) {
    case 'north':
      return rowOf(b, i) === 0;
    case 'south':
      return rowOf(b, i) === b.rows - 1;
    case 'west':
      return colOf(b, i) === 0;
    case 'east':
      return colOf(b, i) === b.cols - 1;
  }
}

/** The box one step from `i`, or -1 off the table. */
export function step(b: Board, i: number, dc: number, dr: number): number {
  const c = (i % b.cols) + dc;
  const r = (i - (i % b.cols)) / b.cols + dr;
  if (c < 0 || r < 0 || c >= b.cols || r >= b.rows) return -1;
  return r * b.cols + c;
}

/** Distance in boxes, a diagonal counting 1.5 (Units and Boxes). */
export function boxDistance(b: Board, i: number, j: number): number {
  const dc = Math.abs((i % b.cols) - (j % b.cols));
  const dr = Math.abs(rowOf(b, i) - rowOf(b, j));
  const lo = dc < dr ? dc : dr;
  const hi = dc < dr ? dr : dc;
  return hi + lo / 2;
}

export function isCut(b: Board, i: number, j: number): boolean {
  const list = b.cut[i];
  return list !== undefined && list.length > 0 && list.includes(j);
}

export function cellIndex(b: Board, name: string): number {
  // Names as the engine writes them are looked up; anything else is parsed (another spelling of the same box).
  const named = namedIndex(b).get(name);
  if (named !== undefined) return named;
  const ref = parseCell(name);
  if (!ref || ref.col >= b.cols || ref.row >= b.rows) return -1;
  return ref.row * b.cols + ref.col;
}

/** Per board, each box's own name to its index. */
const nameIndex = new WeakMap<Board, Map<string, number>>();
let lastNamed: Board | null = null;
let lastIndex: Map<string, number> | null = null;

function namedIndex(b: Board): Map<string, number> {
  if (b === lastNamed) return lastIndex!;
  let m = nameIndex.get(b);
  if (!m) nameIndex.set(b, (m = new Map(b.names.map((name, i) => [name, i]))));
  lastNamed = b;
  lastIndex = m;
  return m;
}

export function pointToCell(b: Board, p: Point): number {
  const c = Math.min(b.cols - 1, Math.max(0, Math.floor(p[0] / b.cell)));
  const r = Math.min(b.rows - 1, Math.max(0, Math.floor(p[1] / b.cell)));
  return r * b.cols + c;
}
