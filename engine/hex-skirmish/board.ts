// The static part of a Hex Skirmish game: the hexes, their four terrain types, neighbours, distances and lines of
// fire, compiled once from the scenario. Plain data that never changes during a game, so states share it.
// Which hex has which type follows docs/rules/hex-skirmish.md §3.
import type { HexEdge } from '../../domain/engine-protocol.js';
import { cellAt, cellName, gridSize, neighbours, parseCell } from '../../domain/grid.js';
import type { Feature, Point, Scenario } from '../../domain/model.js';
import { classifyCells, dominantTerrain } from '../../domain/terrain-cells.js';
import { compileObjective, type BoardObjective } from '../objective-cells.js';

export const CLEAR = 0;
export const COVERED = 1;
export const FORTIFIED = 2;
export const IMPASSABLE = 3;
export type HexTerrain = typeof CLEAR | typeof COVERED | typeof FORTIFIED | typeof IMPASSABLE;
export const TERRAIN_NAMES = ['clear', 'covered', 'fortified', 'impassable'] as const;

export interface HexBoard {
  cols: number;
  rows: number;
  /** Flat-to-flat size of a hex in inches. */
  cell: number;
  orientation: 'flat' | 'pointy';
  names: string[];
  terrain: HexTerrain[];
  /** Neighbours of each hex, clockwise from north (flat) or north-east (pointy). */
  near: number[][];
  /** The map edges a hex lies on, for leaving the map. */
  edges: HexEdge[][];
  /** Cube coordinates (x, z) of each hex, for distances and lines. */
  cube: [number, number][];
  objectives: BoardObjective[];
}

/** The type a feature gives a hex, before crossings are taken into account. */
function typeOf(f: Feature): HexTerrain {
  switch (f.kind) {
    case 'lake':
    case 'marsh':
      return IMPASSABLE;
    case 'river':
      return f.fordable === true ? COVERED : IMPASSABLE;
    case 'hill':
      return f.level === 3 || f.slope === 'extreme' ? IMPASSABLE : CLEAR;
    case 'woods':
    case 'town':
    case 'building-block':
    case 'wall':
    case 'hedge':
      return COVERED;
    case 'fortification':
      return FORTIFIED;
    default:
      return CLEAR;
  }
}

/** The most restrictive type among a hex's features; a bridge or ford opens its river (§3). */
export function hexType(features: readonly Feature[]): HexTerrain {
  const crossing = features.some((f) => f.kind === 'bridge' || f.kind === 'ford');
  let t: HexTerrain = CLEAR;
  for (const f of features) {
    const k = f.kind === 'river' && crossing ? CLEAR : typeOf(f);
    if (k > t) t = k;
  }
  return t;
}

export function compileBoard(scenario: Scenario): HexBoard {
  const grid = scenario.grid;
  if (!grid || grid.kind !== 'hex' || !(grid.cell > 0)) throw new Error('Hex Skirmish needs a hex grid');
  const hex = grid;
  const { cols, rows } = gridSize(hex, scenario.table);
  if (cols < 1 || rows < 1) throw new Error('The grid has no whole hex on the table');
  const pointy = hex.orientation === 'pointy';
  const names: string[] = [];
  const near: number[][] = [];
  const edges: HexEdge[][] = [];
  const cube: [number, number][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      names.push(cellName(c, r));
      near.push(neighbours(hex, scenario.table, c, r).map((n) => n.row * cols + n.col));
      const e: HexEdge[] = [];
      if (r === 0) e.push('north');
      if (r === rows - 1) e.push('south');
      if (c === 0) e.push('west');
      if (c === cols - 1) e.push('east');
      edges.push(e);
      // Pointy odd-r is flat odd-q with rows and columns swapped (domain/grid.ts), so one formula serves both.
      const along = pointy ? r : c;
      const across = pointy ? c : r;
      cube.push([along, across - (along - (along & 1)) / 2]);
    }
  }
  const index = new Map(names.map((n, i) => [n, i]));
  const features = new Map((scenario.terrain ?? []).map((f) => [f.id, f]));
  const terrain: HexTerrain[] = new Array<HexTerrain>(cols * rows).fill(CLEAR);
  const classified = classifyCells(scenario);
  for (const [name, cellTerrain] of classified) {
    const i = index.get(name);
    if (i === undefined) continue;
    const here = dominantTerrain(cellTerrain)
      .map((f) => features.get(f.id))
      .filter((f): f is Feature => f !== undefined);
    terrain[i] = hexType(here);
  }
  const objectives = (scenario.objectives ?? []).map((o) => compileObjective(o, scenario, hex, cols, index, classified, 20));
  return { cols, rows, cell: hex.cell, orientation: pointy ? 'pointy' : 'flat', names, terrain, near, edges, cube, objectives };
}

export function cellIndex(b: HexBoard, name: string): number {
  const ref = parseCell(name);
  if (!ref || ref.col >= b.cols || ref.row >= b.rows) return -1;
  return ref.row * b.cols + ref.col;
}

export function pointToCell(b: HexBoard, scenario: Scenario, p: Point): number {
  const ref = cellAt(scenario.grid!, scenario.table, p);
  return ref ? ref.row * b.cols + ref.col : -1;
}

/** Hexes between two hexes, moving one hex at a time. */
export function hexDistance(b: HexBoard, i: number, j: number): number {
  // Indexed rather than destructured: the AI asks this hundreds of times a move.
  const p = b.cube[i]!;
  const q = b.cube[j]!;
  const dx = p[0] - q[0];
  const dz = p[1] - q[1];
  return Math.max(Math.abs(dx), Math.abs(dz), Math.abs(dx + dz));
}

function cubeRound(x: number, z: number): [number, number] {
  const y = -x - z;
  let rx = Math.round(x);
  let rz = Math.round(z);
  const ry = Math.round(y);
  const ex = Math.abs(rx - x);
  const ey = Math.abs(ry - y);
  const ez = Math.abs(rz - z);
  if (ex > ey && ex > ez) rx = -ry - rz;
  else if (ez >= ey) rz = -rx - ry;
  return [rx, rz];
}

/**
 * The hexes strictly between two hexes on the straight line joining their centres. Where the line runs along the
 * edge between two hexes both count (§7.3): the line is followed nudged a hair to each side.
 */
export function hexesBetween(b: HexBoard, from: number, to: number): number[] {
  const n = hexDistance(b, from, to);
  if (n < 2) return [];
  const [x1, z1] = b.cube[from]!;
  const [x2, z2] = b.cube[to]!;
  const out: number[] = [];
  const seen = new Set<number>([from, to]);
  for (let k = 1; k < n; k++) {
    const t = k / n;
    const x = x1 + (x2 - x1) * t;
    const z = z1 + (z2 - z1) * t;
    // The nudge (1, −3, 2) in cube terms is square to no hex edge, so each tie falls one way, then the other.
    for (const e of [1e-6, -1e-6]) {
      const [rx, rz] = cubeRound(x + e, z + 2 * e);
      const i = cubeIndex(b, rx, rz);
      if (i >= 0 && !seen.has(i)) {
        seen.add(i);
        out.push(i);
      }
    }
  }
  return out;
}

const lines = new WeakMap<HexBoard, Map<number, readonly number[]>>();

/**
 * hexesBetween, worked out once for each pair of hexes of a board and then shared (read it, do not change it): every
 * cannon looks along its line to every target in range at every cannonade.
 */
export function lineBetween(b: HexBoard, from: number, to: number): readonly number[] {
  let m = lines.get(b);
  if (!m) lines.set(b, (m = new Map<number, readonly number[]>()));
  const key = from * b.names.length + to;
  let line = m.get(key);
  if (!line) m.set(key, (line = hexesBetween(b, from, to)));
  return line;
}

const cubeMaps = new WeakMap<HexBoard, Map<string, number>>();

function cubeIndex(b: HexBoard, x: number, z: number): number {
  let m = cubeMaps.get(b);
  if (!m) {
    m = new Map(b.cube.map(([cx, cz], i) => [`${cx},${cz}`, i]));
    cubeMaps.set(b, m);
  }
  return m.get(`${x},${z}`) ?? -1;
}

/** Hexes from `i` to the nearest map edge: 0 on the edge. */
export function edgeDistance(b: HexBoard, i: number): number {
  const c = i % b.cols;
  const r = (i - c) / b.cols;
  return Math.min(c, r, b.cols - 1 - c, b.rows - 1 - r);
}
