// Routes for the AI: how far a unit really has to go to reach a point, round what it may not cross. The rules
// refuse a move through a river away from its bridge or ford, cavalry and guns in a building block, off a town's
// roads or in dense woods, anyone in a lake; a straight line to the goal runs into all of these, and a unit that
// only tries straight lines stands still in front of a brook. The table is cut into 1" cells, each priced by the
// ground (inches of open-ground movement per inch, from the movement rules' fractions), the edges between cells
// checked for river crossings, and a distance field is grown from the goal (Dijkstra). Pure functions of the
// table; the grid is kept per terrain (route-memo.ts), shared by every game of a scenario, the distance fields per
// table (each game's own, since a field is seeded from the first goal asked in its cell).
import type { Point } from '../../domain/model.js';
import { groundAt, forbiddenGround, riverCrossings, townOffRoad } from './move-ground.js';
import { terrainFraction } from './move-rates.js';
import { moveTerrainOf } from './movement.js';
import { keptWalk, perTerrain } from './route-memo.js';
import type { NeTable, NeUnit } from './types.js';

/** Cell size in inches. */
const STEP = 1;
/** Half the side of the square a mounted unit needs free round a cell's centre (a column's half-width). */
const MOUNTED_CLEARANCE = 1;
/** Extra inches a ford crossing costs (its crossing actions and the disorder to reform); a bridge costs less. */
const FORD_COST = 8;
const BRIDGE_COST = 2;
/** A building block costs an action to enter: for foot, a cell in one is priced as this many inches. */
const BLOCK_COST = 3;
/** Fields kept per grid before the oldest goes (goals on enemy units change with every move). */
const KEEP = 160;

type Mobility = 'foot' | 'mounted';

interface Grid {
  cols: number;
  rows: number;
  /** Inches of movement per inch across the cell; Infinity where the arm may not stand. */
  cost: Float64Array;
  /** Per cell, 8 bits: whether the edge to neighbour k (NEIGHBOURS order) may be crossed, and its extra cost. */
  edgeOk: Uint8Array;
  edgeExtra: Float32Array;
  /** Per table (game): a field is seeded from the first goal asked in its cell, so games do not share them. */
  fields: WeakMap<NeTable, Map<string, Field>>;
}

const NEIGHBOURS: readonly [number, number][] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** Grids per terrain (route-memo.ts terrainKey): every game of a scenario has a table of its own, the same ground. */
const grids = new Map<string, Map<Mobility, Grid>>();

export const mobilityOf = (u: NeUnit): Mobility => (u.arm === 'infantry' || (u.arm === 'train' && u.type === 'engineers') ? 'foot' : 'mounted');

const centreOfCell = (c: number, r: number): Point => [(c + 0.5) * STEP, (r + 0.5) * STEP];

function buildGrid(table: NeTable, mob: Mobility): Grid {
  const cols = Math.max(1, Math.floor(table.width / STEP));
  const rows = Math.max(1, Math.floor(table.height / STEP));
  const m = moveTerrainOf(table);
  const t = table.terrain;
  const arm = mob === 'foot' ? 'infantry' : 'cavalry';
  const cost = new Float64Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const p = centreOfCell(c, r);
      const h = mob === 'foot' ? 0.25 : MOUNTED_CLEARANCE;
      const square: Point[] = [
        [p[0] - h, p[1] - h],
        [p[0] + h, p[1] - h],
        [p[0] + h, p[1] + h],
        [p[0] - h, p[1] + h],
      ];
      let k = Infinity;
      if (!forbiddenGround(t, arm, 'line', square) && !(mob === 'mounted' && townOffRoad(t, p))) {
        const f = terrainFraction(arm, 'line', groundAt(m, p));
        if (f > 0) k = 1 / f;
        if (mob === 'foot' && t.blocks.some((b) => b.polygon.length > 0 && inBox(p, b.polygon))) k = Math.max(k, BLOCK_COST);
      }
      cost[r * cols + c] = k;
    }
  }
  const edgeOk = new Uint8Array(cols * rows);
  const edgeExtra = new Float32Array(cols * rows * NEIGHBOURS.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let bits = 0;
      const a = centreOfCell(c, r);
      NEIGHBOURS.forEach(([dc, dr], k) => {
        const c2 = c + dc;
        const r2 = r + dr;
        if (c2 < 0 || r2 < 0 || c2 >= cols || r2 >= rows) return;
        let extra = 0;
        for (const x of riverCrossings(t, a, centreOfCell(c2, r2))) {
          if (x.how === 'none') return;
          extra += x.how === 'bridge' ? BRIDGE_COST : FORD_COST;
        }
        bits |= 1 << k;
        edgeExtra[(r * cols + c) * NEIGHBOURS.length + k] = extra;
      });
      edgeOk[r * cols + c] = bits;
    }
  }
  return { cols, rows, cost, edgeOk, edgeExtra, fields: new WeakMap() };
}

/** A block is a square: its bounding box is the block. */
function inBox(p: Point, poly: readonly Point[]): boolean {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of poly) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1;
}

function gridFor(table: NeTable, mob: Mobility): Grid {
  const byMob = perTerrain(grids, table, () => new Map<Mobility, Grid>());
  let g = byMob.get(mob);
  if (!g) byMob.set(mob, (g = buildGrid(table, mob)));
  return g;
}

/** A binary heap of cell indices keyed by distance. */
class Heap {
  private keys: number[] = [];
  private items: number[] = [];
  get size(): number {
    return this.items.length;
  }
  push(item: number, key: number): void {
    const k = this.keys;
    const it = this.items;
    let i = it.length;
    it.push(item);
    k.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (k[p]! <= key) break;
      k[i] = k[p]!;
      it[i] = it[p]!;
      i = p;
    }
    k[i] = key;
    it[i] = item;
  }
  pop(): [number, number] {
    const k = this.keys;
    const it = this.items;
    const top: [number, number] = [it[0]!, k[0]!];
    const lastK = k.pop()!;
    const lastI = it.pop()!;
    const n = it.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && k[r]! < k[l]! ? r : l;
        if (k[m]! >= lastK) break;
        k[i] = k[m]!;
        it[i] = it[m]!;
        i = m;
      }
      k[i] = lastK;
      it[i] = lastI;
    }
    return top;
  }
}

/**
 * A distance field grown only as far as the questions asked of it need: the search stops once the cells read are
 * settled and resumes from its heap at the next question. The pops happen in the same order as in one full run, so
 * every settled cell holds the value the full run would give it, and a cell is read only once settled (or once the
 * search is over): the answers are those of the whole field, at a fraction of its cost for the near questions.
 */
interface Field {
  d: Float64Array;
  /** 1 once the cell has been popped at its final distance and its neighbours relaxed. */
  done: Uint8Array;
  heap: Heap;
}

/** The distance field to `goal`: seeded from the passable cells within reach of it, at their straight distance. */
function fieldTo(g: Grid, table: NeTable, goal: Point): Field {
  const key = `${Math.round(goal[0] / STEP)},${Math.round(goal[1] / STEP)}`;
  let fields = g.fields.get(table);
  if (!fields) g.fields.set(table, (fields = new Map<string, Field>()));
  const have = fields.get(key);
  if (have) return have;
  const n = g.cols * g.rows;
  const d = new Float64Array(n).fill(Infinity);
  const heap = new Heap();
  for (let reach = 3; heap.size === 0 && reach <= 48; reach *= 2) {
    const c0 = Math.max(0, Math.floor(goal[0] / STEP - reach));
    const c1 = Math.min(g.cols - 1, Math.ceil(goal[0] / STEP + reach));
    const r0 = Math.max(0, Math.floor(goal[1] / STEP - reach));
    const r1 = Math.min(g.rows - 1, Math.ceil(goal[1] / STEP + reach));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const i = r * g.cols + c;
        if (!Number.isFinite(g.cost[i]!)) continue;
        const p = centreOfCell(c, r);
        const s = Math.hypot(p[0] - goal[0], p[1] - goal[1]);
        if (s > reach * STEP) continue;
        // Cells off the straight way in (across a brook from the goal) still start at their straight distance;
        // the few inches this shortcut may save never decide a route across the table.
        d[i] = s;
        heap.push(i, s);
      }
    }
  }
  const f: Field = { d, done: new Uint8Array(n), heap };
  if (fields.size >= KEEP) fields.delete(fields.keys().next().value!);
  fields.set(key, f);
  return f;
}

/** Grows the field until cell `j` is settled (or nothing is left to settle); then `f.d[j]` is final. */
function settle(g: Grid, f: Field, j: number): void {
  // Ground the arm may not enter is never reached: its Infinity is final from the start.
  if (!Number.isFinite(g.cost[j]!)) return;
  const { d, done, heap } = f;
  while (done[j] === 0 && heap.size > 0) {
    const [i, di] = heap.pop();
    if (di > d[i]!) continue;
    done[i] = 1;
    const c = i % g.cols;
    const r = (i - c) / g.cols;
    const bits = g.edgeOk[i]!;
    for (let k = 0; k < NEIGHBOURS.length; k++) {
      if (!(bits & (1 << k))) continue;
      const [dc, dr] = NEIGHBOURS[k]!;
      const jj = (r + dr) * g.cols + (c + dc);
      const cj = g.cost[jj]!;
      if (!Number.isFinite(cj)) continue;
      const len = (k < 4 ? 1 : Math.SQRT2) * STEP;
      const nd = di + (len * (g.cost[i]! + cj)) / 2 + g.edgeExtra[i * NEIGHBOURS.length + k]!;
      if (nd < d[jj]!) {
        d[jj] = nd;
        heap.push(jj, nd);
      }
    }
  }
}

function cellOf(g: Grid, p: Point): [number, number] {
  return [Math.min(g.cols - 1, Math.max(0, Math.floor(p[0] / STEP))), Math.min(g.rows - 1, Math.max(0, Math.floor(p[1] / STEP)))];
}

/**
 * Inches of open-ground movement from `p` to `goal` for the unit's arm, round what it may not cross; the straight
 * distance times 3 plus 100 when no way is found (so any approach still counts as progress).
 */
export function routeDistance(table: NeTable, u: NeUnit, p: Point, goal: Point): number {
  return keptWalk(table, `${mobilityOf(u)} distance`, p, goal, 0, () => measureRoute(table, u, p, goal));
}

function measureRoute(table: NeTable, u: NeUnit, p: Point, goal: Point): number {
  const g = gridFor(table, mobilityOf(u));
  const f = fieldTo(g, table, goal);
  const d = f.d;
  const [c, r] = cellOf(g, p);
  let best = Infinity;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const cc = c + dc;
      const rr = r + dr;
      if (cc < 0 || rr < 0 || cc >= g.cols || rr >= g.rows) continue;
      settle(g, f, rr * g.cols + cc);
      const v = d[rr * g.cols + cc]!;
      if (!Number.isFinite(v)) continue;
      const q = centreOfCell(cc, rr);
      best = Math.min(best, v + Math.hypot(p[0] - q[0], p[1] - q[1]));
    }
  }
  return Number.isFinite(best) ? best : 100 + 3 * Math.hypot(p[0] - goal[0], p[1] - goal[1]);
}

/**
 * The point `ahead` inches along the route from `p` towards `goal` (down the distance field, cell by cell), and
 * whether the route crosses a river within that stretch (units cross in column).
 */
export function routeAhead(table: NeTable, u: NeUnit, p: Point, goal: Point, ahead: number): { to: Point; river: boolean; tight: boolean } {
  return keptWalk(table, mobilityOf(u), p, goal, ahead, () => walkAhead(table, u, p, goal, ahead));
}

/**
 * One walk answers every length asked from the same start to the same goal: a unit's goal moves ask the route
 * ahead of it five or six lengths at once, and a shorter walk is the start of a longer one (the same cells, the
 * same marks for a river or a narrow way). The last walk is kept with each step's length, place and marks.
 */
interface Trace {
  table: NeTable;
  mob: Mobility;
  px: number;
  py: number;
  gx: number;
  gy: number;
  /** After each step: inches walked, the cell centre reached, and whether a river or a narrow way was met. */
  walked: number[];
  at: Point[];
  river: boolean[];
  tight: boolean[];
  /** Whether the walk stopped on its own (the goal's cell, no lower neighbour, the step limit) before its length. */
  ended: boolean;
}

let trace: Trace | null = null;
/** A walk goes at least this far, so that the shorter lengths asked after the first are answered from it. */
const TRACE_LEAST = 0;

function walkAhead(table: NeTable, u: NeUnit, p: Point, goal: Point, ahead: number): { to: Point; river: boolean; tight: boolean } {
  const mob = mobilityOf(u);
  let t = trace;
  if (!t || t.table !== table || t.mob !== mob || t.px !== p[0] || t.py !== p[1] || t.gx !== goal[0] || t.gy !== goal[1] || (!t.ended && t.walked[t.walked.length - 1]! < ahead)) {
    t = trace = traceWalk(table, mob, p, goal, Math.max(ahead, TRACE_LEAST));
  }
  let i = 0;
  while (i < t.walked.length - 1 && t.walked[i]! < ahead) i++;
  const walked = t.walked[i]!;
  const river = t.river[i]!;
  const tight = t.tight[i]!;
  if (walked === 0 || Math.hypot(goal[0] - p[0], goal[1] - p[1]) <= walked) return { to: goal, river, tight };
  return { to: t.at[i]!, river, tight };
}

function traceWalk(table: NeTable, mob: Mobility, p: Point, goal: Point, ahead: number): Trace {
  const g = gridFor(table, mob);
  const f = fieldTo(g, table, goal);
  const d = f.d;
  let [c, r] = cellOf(g, p);
  let walked = 0;
  let river = false;
  let tight = false;
  let at: Point = p;
  const out: Trace = { table, mob, px: p[0], py: p[1], gx: goal[0], gy: goal[1], walked: [0], at: [p], river: [false], tight: [false], ended: false };
  let guard = 0;
  for (; guard < 200 && walked < ahead; guard++) {
    const i = r * g.cols + c;
    const bits = g.edgeOk[i]!;
    settle(g, f, i);
    let bestK = -1;
    let bestV = d[i]!;
    for (let k = 0; k < NEIGHBOURS.length; k++) {
      if (!(bits & (1 << k))) continue;
      const [dc, dr] = NEIGHBOURS[k]!;
      const j = (r + dr) * g.cols + (c + dc);
      settle(g, f, j);
      if (d[j]! < bestV - 1e-9) {
        bestV = d[j]!;
        bestK = k;
      }
    }
    if (bestK < 0) {
      out.ended = true;
      break;
    }
    if (g.edgeExtra[i * NEIGHBOURS.length + bestK]! > 0) river = true;
    // A cell beside one the arm may not enter (a block, the town off its street, a wood): a wide front will not pass.
    if (!tight && bits !== 0xff) tight = true;
    if (!tight) for (let k = 0; k < NEIGHBOURS.length && !tight; k++) if (!Number.isFinite(g.cost[(r + NEIGHBOURS[k]![1]) * g.cols + c + NEIGHBOURS[k]![0]]!)) tight = true;
    const [dc, dr] = NEIGHBOURS[bestK]!;
    c += dc;
    r += dr;
    const next = centreOfCell(c, r);
    walked += Math.hypot(next[0] - at[0], next[1] - at[1]);
    at = next;
    out.walked.push(walked);
    out.at.push(at);
    out.river.push(river);
    out.tight.push(tight);
  }
  if (guard >= 200) out.ended = true;
  return out;
}

/** Route inches gained by a move from `from` to `to`, read in the ground at `from` (mud counts as it walks). */
export function routeProgress(s: { table: NeTable }, u: NeUnit, from: Point, to: Point, goal: Point): number {
  const g = gridFor(s.table, mobilityOf(u));
  const [c, r] = cellOf(g, from);
  const here = g.cost[r * g.cols + c]!;
  const scale = Number.isFinite(here) ? Math.max(1, here) : 1;
  return (fromDistance(s.table, u, from, goal) - routeDistance(s.table, u, to, goal)) / scale;
}

/** The last start asked about: a unit's every move is measured from the same place to the same goal. */
let last = { table: null as NeTable | null, mob: '', x: NaN, y: NaN, gx: NaN, gy: NaN, d: 0 };

function fromDistance(table: NeTable, u: NeUnit, from: Point, goal: Point): number {
  const mob = mobilityOf(u);
  if (last.table === table && last.mob === mob && last.x === from[0] && last.y === from[1] && last.gx === goal[0] && last.gy === goal[1]) return last.d;
  const d = routeDistance(table, u, from, goal);
  last = { table, mob, x: from[0], y: from[1], gx: goal[0], gy: goal[1], d };
  return d;
}
