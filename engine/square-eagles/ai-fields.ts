// The board as the AI sees it: the steps between boxes, distances to a set of goal boxes (through or round the
// enemy), walking distances between any two boxes, the boxes an `exit` condition leaves from, and the boxes horse
// and guns head for beside a town objective. The tables are worked out once per board (or per scenario), shared by
// every player, and never written again once built; a search's working space is the caller's (see AiMemo).
import { IMPASSABLE, T_FORT, T_TOWN, isCut, onEdge, step, type Board, type Facing } from './board.js';
import { sideIndexOf, type GameState } from './types.js';
import { boardTables } from './board-tables.js';
import { boxOnSide, roughFacing, sideOf } from './geometry.js';

interface Steps {
  /** Per box, its 8 neighbours one may step to over passable ground (-1: none). */
  to: Int32Array;
  /** The cost of each step in half boxes: 2 straight, 3 diagonal. */
  cost: Uint8Array;
}

/** goalField's working space: a distance per box. */
export interface FieldScratch {
  workFor(n: number): Int32Array;
}

/** The steps between boxes, worked out once per board: the searches below run several times a decision. */
const stepsCache = new WeakMap<Board, Steps>();
function stepsOf(b: Board): Steps {
  let st = stepsCache.get(b);
  if (st) return st;
  const n = b.cols * b.rows;
  st = { to: new Int32Array(n * 8).fill(-1), cost: new Uint8Array(n * 8) };
  for (let i = 0; i < n; i++) {
    let k = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dc === 0 && dr === 0) continue;
        const nb = step(b, i, dc, dr);
        if (nb >= 0 && (b.flags[nb]! & IMPASSABLE) === 0 && !isCut(b, i, nb)) {
          st.to[i * 8 + k] = nb;
          st.cost[i * 8 + k] = dc !== 0 && dr !== 0 ? 3 : 2;
        }
        k++;
      }
    }
  }
  stepsCache.set(b, st);
  return st;
}

/**
 * Distance in boxes from every box to the nearest source (plus its offset, in half boxes) over passable ground,
 * diagonals 1.5, for a unit walking to the sources: entering a box costs `penalty` half boxes more (an enemy in
 * it, its zone of control), so troops head round a blocked crossing when there is another. Unreachable boxes get a
 * large finite distance. Costs are whole half boxes, so a bucket queue orders them in linear time.
 */
export function goalField(b: Board, sources: readonly number[], offsets: readonly number[], penalty: Uint8Array, out: Float64Array | number[], scratch: FieldScratch): void {
  const n = b.cols * b.rows;
  const far = 1 << 30;
  const st = stepsOf(b);
  const d = scratch.workFor(n).fill(far);
  // The queue: per distance, a list threaded through `queued`/`after` from `head` (-1 ends it). Entries are never
  // taken out, only passed over once stale, and the order within a distance changes no distance found.
  queuedCount = 0;
  let top = 0;
  for (let k = 0; k < sources.length; k++) {
    const c = sources[k]!;
    const v = offsets[k]!;
    if (v < d[c]!) {
      d[c] = v;
      enqueue(c, v);
      if (v > top) top = v;
    }
  }
  for (let v = 0; v <= top; v++) {
    let e = head[v]!;
    head[v] = -1;
    for (; e >= 0; e = after[e]!) {
      const cur = queued[e]!;
      if (d[cur] !== v) continue;
      const enter = penalty[cur]!;
      for (let k = cur * 8, end = k + 8; k < end; k++) {
        const nb = st.to[k]!;
        if (nb < 0) continue;
        const nv = v + st.cost[k]! + enter;
        if (nv < d[nb]!) {
          d[nb] = nv;
          enqueue(nb, nv);
          if (nv > top) top = nv;
        }
      }
    }
  }
  for (let i = 0; i < n; i++) out[i] = d[i] === far ? b.cols + b.rows : d[i]! / 2;
}

// goalField's bucket queue, used only within one call (nothing is left in it between calls: every bucket is emptied
// as it is reached). Lists of arrays made and emptied per call cost more than the search itself.
let head = new Int32Array(0);
let queued = new Int32Array(0);
let after = new Int32Array(0);
let queuedCount = 0;

function enqueue(cell: number, v: number): void {
  if (v >= head.length) {
    const grown = new Int32Array(Math.max(2 * head.length, v + 64)).fill(-1);
    grown.set(head);
    head = grown;
  }
  if (queuedCount === queued.length) {
    const size = Math.max(2 * queued.length, 1024);
    const q = new Int32Array(size);
    q.set(queued);
    queued = q;
    const a = new Int32Array(size);
    a.set(after);
    after = a;
  }
  queued[queuedCount] = cell;
  after[queuedCount] = head[v]!;
  head[v] = queuedCount++;
}

/**
 * Walking distance between every two boxes over passable ground, ignoring units (diagonals 1.5): whether an enemy
 * could reach a box at all this turn, which straight-line distance gets wrong across a river. Per board, once.
 */
const walkCache = new WeakMap<Board, Float32Array>();
export function walkDistances(b: Board): Float32Array {
  let w = walkCache.get(b);
  if (w) return w;
  const n = b.cols * b.rows;
  w = new Float32Array(n * n);
  const none = new Uint8Array(n);
  const row = new Float64Array(n);
  let work = new Int32Array(0);
  const scratch: FieldScratch = { workFor: (size) => (work.length < size ? (work = new Int32Array(size)) : work) };
  for (let i = 0; i < n; i++) {
    goalField(b, [i], [0], none, row, scratch);
    w.set(row, i * n);
  }
  walkCache.set(b, w);
  return w;
}

/**
 * boxDistance between every two boxes (at `i * boxes + j`), per board, once: the evaluator asks it for every enemy of
 * every pose it weighs, and a look-up is cheaper than the divisions that find each box's column and row. Distances
 * are whole or half boxes, so single precision holds them exactly.
 */
export const boxDistances = (b: Board): Float32Array => boardTables(b).apart;

/**
 * roughFacing from every box to every other, as a quarter turn (facing / 90) at `from * boxes + to`; per board, once.
 * The AI asks it for every box a unit it weighs could move to.
 */
const roughCache = new WeakMap<Board, Uint8Array>();
export function roughFacings(b: Board): Uint8Array {
  let r = roughCache.get(b);
  if (r) return r;
  const n = b.cols * b.rows;
  r = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) r[i * n + j] = roughFacing(b, i, j) / 90;
  roughCache.set(b, r);
  return r;
}

/**
 * Per board, once, for a unit in box `cell` facing `f` (a quarter turn, facing / 90) and every box `other`:
 * `front[cell * boxes + other]` has bit `f` set when `other` lies off its front (sideOf; what inFireArc asks of a unit
 * not in square), and `contact[(cell * 4 + f) * boxes + other]` is the box touching it on the side `other` lies off
 * (boxOnSide), where an enemy from there would come at it. The evaluator asks both for every enemy of every pose.
 */
export interface ArcTables {
  front: Uint8Array;
  contact: Int16Array | Int32Array;
}
const arcCache = new WeakMap<Board, ArcTables>();
export function arcTables(b: Board): ArcTables {
  let t = arcCache.get(b);
  if (t) return t;
  const n = b.cols * b.rows;
  t = { front: new Uint8Array(n * n), contact: n < 32768 ? new Int16Array(4 * n * n) : new Int32Array(4 * n * n) };
  for (let cell = 0; cell < n; cell++) {
    for (let f = 0; f < 4; f++) {
      const facing = (f * 90) as Facing;
      for (let other = 0; other < n; other++) {
        const side = sideOf(b, cell, facing, other);
        if (side === 'front') t.front[cell * n + other]! |= 1 << f;
        t.contact[(cell * 4 + f) * n + other] = boxOnSide(b, cell, facing, side);
      }
    }
  }
  arcCache.set(b, t);
  return t;
}

/** Per side, the boxes it may leave the table from to meet an `exit` condition. */
const exitFieldCache = new WeakMap<object, [ReadonlySet<number> | null, ReadonlySet<number> | null]>();
export function exitFields(s: GameState): readonly [ReadonlySet<number> | null, ReadonlySet<number> | null] {
  const known = exitFieldCache.get(s.meta.victory);
  if (known) return known;
  const b = s.board;
  const f: [ReadonlySet<number> | null, ReadonlySet<number> | null] = [null, null];
  for (const v of s.meta.victory) {
    if (v.kind !== 'exit') continue;
    const side = sideIndexOf(s, v.side);
    if (side === -1) continue;
    const cells = new Set<number>();
    for (let i = 0; i < b.cols * b.rows; i++) if (onEdge(b, i, v.edge) && (b.flags[i]! & IMPASSABLE) === 0) cells.add(i);
    f[side] = cells;
  }
  exitFieldCache.set(s.meta.victory, f);
  return f;
}

/**
 * Per objective, the boxes horse and guns head for: those of it they may stand in, or else the boxes beside it
 * (they cannot hold a town). Fixed per board.
 */
const mountedCache = new WeakMap<Board, readonly (readonly number[])[]>();
export function mountedGoals(b: Board): readonly (readonly number[])[] {
  let m = mountedCache.get(b);
  if (m) return m;
  m = b.objectives.map((o) => {
    const open = o.cells.filter((c) => (b.flags[c]! & (T_TOWN | T_FORT)) === 0);
    if (open.length > 0) return open;
    const beside = new Set<number>();
    for (const c of o.cells) {
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const nb = step(b, c, dc, dr);
          if (nb >= 0 && (b.flags[nb]! & (IMPASSABLE | T_TOWN | T_FORT)) === 0 && !isCut(b, c, nb)) beside.add(nb);
        }
      }
    }
    return [...beside];
  });
  mountedCache.set(b, m);
  return m;
}

/**
 * For each box, a neighbour one step nearer the goals, or -1: the facing a unit should take to head for them. A plain
 * array: an Int32Array of 64 boxes is past the size V8 keeps on its heap, and plans make these often.
 */
export function nextSteps(b: Board, dist: readonly number[]): number[] {
  const n = b.cols * b.rows;
  const st = stepsOf(b);
  const next = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) {
    let best = dist[i]!;
    for (let k = i * 8, end = k + 8; k < end; k++) {
      const nb = st.to[k]!;
      if (nb >= 0 && dist[nb]! < best) {
        best = dist[nb]!;
        next[i] = nb;
      }
    }
  }
  return next;
}
