// Arcs, line of sight, zones of control and who stands where. See docs/rules/square-eagles.md §7 for the choices.
import {
  DIR,
  FACINGS,
  T_FORT,
  T_HEDGE,
  T_CROSSING,
  T_HILL,
  T_TOWN,
  T_WOODS,
  boxDistance,
  colOf,
  rowOf,
  step,
  type Board,
  type Facing,
} from './board.js';
import { boardTables } from './board-tables.js';
import { isSpent, onTable, type GameState, type SideIndex, type UnitState } from './types.js';

export type ArcSide = 'front' | 'rear' | 'left' | 'right';
export type Arc = 'front' | 'flank' | 'rear';

export const arcOfSide = (side: ArcSide): Arc => (side === 'left' || side === 'right' ? 'flank' : side);

/**
 * Which side of a unit (in box `cell`, facing `facing`) the box `other` lies off. The front and rear arcs reach 45°
 * either side of the facing and include the diagonals on their edges ("Shooting and moving is +/- 45 degrees").
 */
export function sideOf(b: Board, cell: number, facing: Facing, other: number): ArcSide {
  const dc = (other % b.cols) - (cell % b.cols);
  const dr = rowOf(b, other) - rowOf(b, cell);
  const [fx, fy] = DIR[facing];
  const forward = dc * fx + dr * fy;
  const right = -dc * fy + dr * fx;
  const across = right < 0 ? -right : right;
  if (forward > 0 && forward >= across) return 'front';
  if (forward < 0 && -forward >= across) return 'rear';
  return right > 0 ? 'right' : 'left';
}

/** The box touching `cell` on the given side. */
export function boxOnSide(b: Board, cell: number, facing: Facing, side: ArcSide): number {
  const [fx, fy] = DIR[facing];
  switch (side) {
    case 'front':
      return step(b, cell, fx, fy);
    case 'rear':
      return step(b, cell, -fx, -fy);
    case 'right':
      return step(b, cell, -fy, fx);
    case 'left':
      return step(b, cell, fy, -fx);
  }
}

/** The facing that looks from `from` towards the orthogonally adjacent box `to`, or null. */
export function facingTowards(b: Board, from: number, to: number): Facing | null {
  for (const f of FACINGS) if (step(b, from, DIR[f][0], DIR[f][1]) === to) return f;
  return null;
}

/** The facing closest to the bearing from `from` to `to` (ties go to the north–south axis). */
export function roughFacing(b: Board, from: number, to: number): Facing {
  const dc = (to % b.cols) - (from % b.cols);
  const dr = rowOf(b, to) - rowOf(b, from);
  if (Math.abs(dc) > Math.abs(dr)) return dc > 0 ? 90 : 270;
  return dr > 0 ? 180 : 0;
}

export const reverse = (f: Facing): Facing => (((f + 180) % 360) as Facing);

// ---- Occupancy and zones of control ------------------------------------------------------------------------------

/** Occupancy: the unit index in each box, -1 when empty. Bytes while a scenario has room for them (typed arrays this
 * small live on the heap and are cheap to make; a plain array of numbers was a sixth of what a random game allocated). */
export type Occupancy = Int8Array | Int16Array;

export interface Ctx {
  s: GameState;
  b: Board;
  /** Unit index in each box, -1 when empty. */
  occ: Occupancy;
  /**
   * Who exerts a zone of control where (see Zones). Worked out on first read: the engine's own contexts mostly ask
   * only about fire, which ZOCs do not touch.
   */
  readonly zoc: Zones;
  /** Per side, worked out on first use (enemyNear): 1 for each box an enemy stands in or orthogonally beside. */
  near: [Uint8Array | null, Uint8Array | null];
  /**
   * Only on a state's memoised context (ctxOf), whose state never changes: each unit's Move, March and Maneuver
   * options once worked out (movement.ts), so the legality check of an action the player took from the list does
   * not search again. Null on a context the engine makes to mutate its state under.
   */
  memo: unknown[] | null;
}

/**
 * Slots per unit in a memoised context's `memo`: its Move, March and Maneuver keys, then its menu and its fire targets
 * in the Fire phase and under Defend! (legal-actions.ts).
 */
export const MEMO_SLOTS = 6;

/** A symbol key: JSON and structured cloning leave it out, so the state stays plain data. */
const CTX = Symbol('ctx');

/**
 * makeCtx for a state nobody will change any more (the players' view, legal actions): worked out once per state.
 * The engine itself mutates its fresh copy while applying an action and so always calls makeCtx.
 */
export function ctxOf(s: GameState): Ctx {
  const slot = s as unknown as { [CTX]?: Ctx };
  let ctx = slot[CTX];
  if (!ctx) {
    ctx = makeCtx(s);
    // Its whole size at once: slots filled from the middle would grow a holey array a few times.
    ctx.memo = new Array<unknown>(s.units.length * MEMO_SLOTS);
    slot[CTX] = ctx;
  }
  return ctx;
}

/**
 * Makes `ctx`, made on `s` after the last change to its units, the memoised context ctxOf gives for `s`: the engine
 * asks its last question of a position (may anyone fire?) just before handing the state out, and the player then
 * asks about the same position. Only for a state about to be handed out, which nothing changes any more.
 */
export function adoptCtx(s: GameState, ctx: Ctx): void {
  if (ctx.s !== s) return;
  ctx.memo ??= new Array<unknown>(s.units.length * MEMO_SLOTS);
  (s as unknown as { [CTX]?: Ctx })[CTX] = ctx;
}

class Context implements Ctx {
  s: GameState;
  b: Board;
  occ: Occupancy;
  near: [Uint8Array | null, Uint8Array | null] = [null, null];
  memo: unknown[] | null = null;
  private zones: Zones | null = null;

  constructor(s: GameState, occ: Occupancy) {
    this.s = s;
    this.b = s.board;
    this.occ = occ;
  }

  get zoc(): Zones {
    return (this.zones ??= zonesOfControl(this.s));
  }
}

export function makeCtx(s: GameState): Ctx {
  const b = s.board;
  const n = b.cols * b.rows;
  const occ = s.units.length < 128 ? new Int8Array(n) : new Int16Array(n);
  occ.fill(-1);
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (onTable(u)) occ[u.cell] = i;
  }
  return new Context(s, occ);
}

/**
 * The zones of control as lists threaded through small typed arrays (arrays of arrays were an eighth of what a
 * random game allocated): `first[side][cell]` is the lowest-numbered unit of `side` whose ZOC covers the box, or
 * -1; `next[unit]` the next such unit of the same box, in rising order, or -1. Bytes while the units fit, one
 * array per side: V8 keeps typed arrays of up to 64 bytes on the heap, larger ones cost an outside allocation each.
 */
export interface Zones {
  first: [Occupancy, Occupancy];
  next: Occupancy;
}

function zonesOfControl(s: GameState): Zones {
  const b = s.board;
  const n = b.cols * b.rows;
  const small = s.units.length < 128;
  const first: [Occupancy, Occupancy] = small ? [new Int8Array(n).fill(-1), new Int8Array(n).fill(-1)] : [new Int16Array(n).fill(-1), new Int16Array(n).fill(-1)];
  const next = small ? new Int8Array(s.units.length).fill(-1) : new Int16Array(s.units.length).fill(-1);
  // From the last unit down, each put in front: the lists come out in rising order.
  for (let i = s.units.length - 1; i >= 0; i--) {
    const u = s.units[i]!;
    if (!onTable(u) || !exertsZoc(b, u)) continue;
    const z = step(b, u.cell, DIR[u.facing][0], DIR[u.facing][1]);
    if (z < 0) continue;
    const own = first[u.side];
    next[i] = own[z]!;
    own[z] = i;
  }
  return { first, next };
}

/**
 * For a unit of `side`, 1 for each box within one box of an enemy on the table (a diagonal is 1.5, so the box
 * itself and its four orthogonal neighbours): what March asks of every box it passes (3.iii).
 */
export function enemyNear(ctx: Ctx, side: SideIndex): Uint8Array {
  const have = ctx.near[side];
  if (have) return have;
  const b = ctx.b;
  const around = boardTables(b).around;
  const near = new Uint8Array(b.cols * b.rows);
  for (const e of ctx.s.units) {
    if (e.side === side || !onTable(e)) continue;
    near[e.cell] = 1;
    for (let d = 0; d < 8; d += 2) {
      const n = around[e.cell * 8 + d]!;
      if (n >= 0) near[n] = 1;
    }
  }
  ctx.near[side] = near;
  return near;
}

/** Every unit but Lights and units in a town or works exerts a ZOC into the box to its front (Units and Boxes). */
function exertsZoc(b: Board, u: UnitState): boolean {
  return u.type !== 'Lights' && !isSpent(u) && (b.flags[u.cell]! & (T_TOWN | T_FORT)) === 0;
}

/** The first of the enemy units whose ZOC covers `cell`, for a unit of `side` (the rest follow in `ctx.zoc.next`), or -1. */
export function enemyZoc(ctx: Ctx, side: SideIndex, cell: number): number {
  return ctx.zoc.first[side === 0 ? 1 : 0][cell]!;
}

/** Whether unit `ui` is among the ZOC owners listed from `first` (enemyZoc). */
export function zocIncludes(ctx: Ctx, first: number, ui: number): boolean {
  const next = ctx.zoc.next;
  for (let o = first; o >= 0; o = next[o]!) if (o === ui) return true;
  return false;
}

/** Whether an enemy unit on the table stands in `cell` or orthogonally beside it: nearestEnemy(...) <= 1, answered at the first. */
export function enemyWithinOne(s: GameState, side: SideIndex, cell: number): boolean {
  const cols = s.board.cols;
  const c = cell % cols;
  const r = (cell - c) / cols;
  for (const u of s.units) {
    if (u.side === side || u.status !== 'table') continue;
    const dc = u.cell % cols - c;
    const dr = (u.cell - (u.cell % cols)) / cols - r;
    if ((dc < 0 ? -dc : dc) + (dr < 0 ? -dr : dr) <= 1) return true;
  }
  return false;
}

/** Distance to the nearest enemy unit on the table, in boxes (diagonals 1.5); Infinity when there is none. */
export function nearestEnemy(s: GameState, side: SideIndex, cell: number): number {
  let best = Infinity;
  for (const u of s.units) {
    if (u.side === side || !onTable(u)) continue;
    const d = boxDistance(s.board, cell, u.cell);
    if (d < best) best = d;
  }
  return best;
}

// ---- Cover ---------------------------------------------------------------------------------------------------

/** Cover against fire: towns, works, woods, and a wall or hedge in the box (rule 4.ii.e; hills give none). */
export function inFireCover(b: Board, cell: number): boolean {
  return (b.flags[cell]! & (T_TOWN | T_FORT | T_WOODS | T_HEDGE)) !== 0;
}

export type AssaultCover = 'cover' | 'crossing' | 'uphill' | 'hill';

/**
 * Why a defender has cover when assaulted from `attackerCell` (3.iv Assault f.1; one −1d6 whatever the reasons):
 * fire cover in its box; a river crossing, whether it stands on the bridge or ford or holds the bank the assaulter
 * attacks from it; or a hill, unless the assaulter stands higher ("Defenders in … Hills"; the summary sheet's
 * "uphill" — a defender on the same hill as the assaulter still has it).
 */
export function assaultCover(b: Board, defenderCell: number, attackerCell: number): AssaultCover | null {
  if (inFireCover(b, defenderCell)) return 'cover';
  if (((b.flags[defenderCell]! | b.flags[attackerCell]!) & T_CROSSING) !== 0) return 'crossing';
  if ((b.flags[defenderCell]! & T_HILL) !== 0) {
    const up = b.hill[defenderCell]! - b.hill[attackerCell]!;
    if (up > 0) return 'uphill';
    if (up === 0) return 'hill';
  }
  return null;
}

// ---- Line of sight -------------------------------------------------------------------------------------------

interface Sightline {
  /** Boxes whose inside the line from centre to centre crosses, ends excluded. */
  boxes: number[];
  /** Pairs of boxes the line only grazes at a shared corner; it is blocked only if both block. */
  pinches: number[];
}

/** Per board, the lines worked out so far, at `from * boxes + to`: an array, as a Map look-up cost more than the test. */
const sightCache = new WeakMap<Board, (Sightline | undefined)[]>();

// The last board's cache, kept at hand: a batch asks about one board millions of times.
let lastBoard: Board | null = null;
let lastLines: (Sightline | undefined)[] | null = null;

function sightline(b: Board, from: number, to: number): Sightline {
  let cache = b === lastBoard ? lastLines : sightCache.get(b);
  if (!cache) {
    const n = b.cols * b.rows;
    sightCache.set(b, (cache = new Array<Sightline | undefined>(n * n).fill(undefined)));
  }
  lastBoard = b;
  lastLines = cache;
  const key = from * b.cols * b.rows + to;
  const hit = cache[key];
  if (hit) return hit;
  const x0 = colOf(b, from) + 0.5;
  const y0 = rowOf(b, from) + 0.5;
  const x1 = colOf(b, to) + 0.5;
  const y1 = rowOf(b, to) + 0.5;
  const boxes: number[] = [];
  const pinches: number[] = [];
  const cMin = Math.floor(Math.min(x0, x1));
  const cMax = Math.floor(Math.max(x0, x1));
  const rMin = Math.floor(Math.min(y0, y1));
  const rMax = Math.floor(Math.max(y0, y1));
  const dx = x1 - x0;
  const dy = y1 - y0;
  for (let r = rMin; r <= rMax; r++) {
    for (let c = cMin; c <= cMax; c++) {
      const i = r * b.cols + c;
      if (i === from || i === to) continue;
      // Liang–Barsky: the part of the segment inside the box.
      let t0 = 0;
      let t1 = 1;
      const clip = (p: number, q: number): boolean => {
        if (p === 0) return q >= 0;
        const t = q / p;
        if (p < 0) {
          if (t > t1) return false;
          if (t > t0) t0 = t;
        } else {
          if (t < t0) return false;
          if (t < t1) t1 = t;
        }
        return true;
      };
      if (clip(-dx, x0 - c) && clip(dx, c + 1 - x0) && clip(-dy, y0 - r) && clip(dy, r + 1 - y0) && t1 - t0 > 1e-9) {
        boxes.push(i);
      }
    }
  }
  // Lattice corners the line passes exactly through: the two boxes it does not enter there form a pinch.
  if (dx !== 0 && dy !== 0) {
    for (let k = Math.ceil(Math.min(x0, x1)); k <= Math.floor(Math.max(x0, x1)); k++) {
      const t = (k - x0) / dx;
      if (t <= 0 || t >= 1) continue;
      const y = y0 + t * dy;
      if (Math.abs(y - Math.round(y)) > 1e-9) continue;
      const ry = Math.round(y);
      // Literals and a loop, not `map` and `filter`: optimised code's `map` makes a holey array where the builtin's is
      // packed, and the reads after it met both.
      const around = [(ry - 1) * b.cols + (k - 1), (ry - 1) * b.cols + k, ry * b.cols + (k - 1), ry * b.cols + k];
      const grazed: number[] = [];
      for (const i of around) if (!boxes.includes(i) && i !== from && i !== to) grazed.push(i);
      if (grazed.length === 2) pinches.push(grazed[0]!, grazed[1]!);
    }
  }
  const line = { boxes, pinches };
  cache[key] = line;
  return line;
}

/**
 * Line of sight from box centre to box centre: woods, towns, works and units in between block it; so does a hill,
 * unless one end stands on a hill at least as high (Units and Boxes, line-of-sight paragraph).
 */
export function hasLineOfSight(ctx: Ctx, from: number, to: number): boolean {
  const { b, occ } = ctx;
  const line = sightline(b, from, to);
  const eye = Math.max(b.hill[from]!, b.hill[to]!);
  const boxes = line.boxes;
  for (let k = 0; k < boxes.length; k++) if (blocksSight(b, occ, eye, boxes[k]!)) return false;
  const pinches = line.pinches;
  for (let k = 0; k < pinches.length; k += 2) if (blocksSight(b, occ, eye, pinches[k]!) && blocksSight(b, occ, eye, pinches[k + 1]!)) return false;
  return true;
}

/** Whether box `i` blocks a line of sight whose higher end stands at hill level `eye`. */
function blocksSight(b: Board, occ: Occupancy, eye: number, i: number): boolean {
  if (occ[i]! >= 0) return true;
  const f = b.flags[i]!;
  if (f & (T_WOODS | T_TOWN | T_FORT)) return true;
  return (f & T_HILL) !== 0 && b.hill[i]! > eye;
}
