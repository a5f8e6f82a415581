// Where a formation may march this phase (seed 002 unit table and terrain; docs/rules/hex-skirmish.md §7.4): hexes
// cost 1, cavalry needs its whole move to enter covered or fortified ground, nobody enters impassable ground or a
// hex of armed enemies, and entering a hex of unarmed enemies, routers or baggage ends the move and captures them.
import { CLEAR, IMPASSABLE } from './board.js';
import { firstIn, nextIn, occupancy, occupancyInto, type Occupancy } from './occupancy.js';
import { enemyIn, roomFor } from './stacking.js';
import { MIN_GUN_CREW, MOVE, fights, type GameState, type Piece } from './types.js';

/** Hexes a piece may move this phase: how far it may go, 0 when it may not move. */
export function allowance(p: Piece): number {
  if (p.status !== 'table' || p.moved) return 0;
  if (p.state === 'prisoner') return 1;
  if (p.state !== 'armed' && p.state !== 'unarmed') return 0;
  if (p.men === 0 && !p.officer) return 0;
  if (p.gun && (p.men < MIN_GUN_CREW || p.fired)) return 0;
  if (p.wagon && p.men === 0) return 0;
  return MOVE[p.kind];
}

/** Whether `p` takes prisoners by moving in: armed fighting men, not baggage drivers. */
export const captures = (p: Piece): boolean => p.state === 'armed' && p.kind !== 'baggage';

/**
 * The hexes a piece may end its move in, in the order the search first meets them, and what each costs: the first
 * `n` entries of each list (the lists are reused, and past `n` hold what an earlier search left).
 */
export interface Reach {
  n: number;
  cells: number[];
  costs: number[];
}

export const newReach = (): Reach => ({ n: 0, cells: [], costs: [] });

// The search's scratch, shared by every call (the search never calls itself): movement spent to reach a hex,
// valid where `seenAt` holds this search's stamp, and the queue of hexes to go on from.
let seenAt = new Int32Array(0);
let spentAt = new Int32Array(0);
let queue = new Int32Array(0);
let stamp = 0;

/**
 * Fills `out` with where piece `pi` may move: breadth first, a hex of cost k before any of cost k + 1, each hex
 * priced when first met (no later path is cheaper). `occ` must be of `s` as it is now.
 */
export function reachInto(s: GameState, pi: number, occ: Occupancy, out: Reach): Reach {
  out.n = 0;
  const p = s.pieces[pi]!;
  const limit = allowance(p);
  if (limit === 0) return out;
  const b = s.board;
  if (p.state === 'prisoner') {
    // Moved by the captor, one hex, into a hex where an escort of the captor stands (§7.4).
    for (const n of b.near[p.cell]!) {
      if (b.terrain[n] === IMPASSABLE) continue;
      if (escortIn(s, n, p.captor, occ)) {
        out.cells[out.n] = n;
        out.costs[out.n++] = 1;
      }
    }
    return out;
  }
  const size = b.names.length;
  if (seenAt.length < size) {
    seenAt = new Int32Array(size);
    spentAt = new Int32Array(size);
    queue = new Int32Array(size);
    stamp = 0;
  }
  if (++stamp === 0x7fffffff) {
    seenAt.fill(0);
    stamp = 1;
  }
  const cavalry = p.kind === 'cavalry';
  const takes = captures(p);
  seenAt[p.cell] = stamp;
  spentAt[p.cell] = 0;
  queue[0] = p.cell;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const c = queue[head++]!;
    const used = spentAt[c]!;
    for (const n of b.near[c]!) {
      const t = b.terrain[n]!;
      if (t === IMPASSABLE) continue;
      const enemy = enemyIn(s, p.side, n, occ);
      if (enemy === 'armed' || (enemy === 'capturable' && !takes)) continue;
      let cost = 1;
      if (cavalry && t !== CLEAR) {
        if (used > 0) continue;
        cost = limit;
      }
      const total = used + cost;
      if (total > limit) continue;
      if (seenAt[n] === stamp && spentAt[n]! <= total) continue;
      seenAt[n] = stamp;
      spentAt[n] = total;
      if (roomFor(s, p, n, p.men, occ)) {
        out.cells[out.n] = n;
        out.costs[out.n++] = total;
      }
      // A hex of enemies to capture, and covered ground for cavalry, end the move.
      if (enemy === 'none' && !(cavalry && t !== CLEAR)) queue[tail++] = n;
    }
  }
  return out;
}

/** Whether a fighting formation of `side` stands in `cell`. */
function escortIn(s: GameState, cell: number, side: number, occ: Occupancy): boolean {
  for (let i = firstIn(occ, cell); i >= 0 && i < s.pieces.length; i = nextIn(occ, i)) {
    const q = s.pieces[i]!;
    if (q.cell === cell && q.side === side && fights(q)) return true;
  }
  return false;
}

const single = newReach();
const singleOcc: Occupancy = { head: [], next: [] };

/** What moving piece `pi` to hex `to` costs this phase, or undefined when it may not go there. */
export function moveCost(s: GameState, pi: number, to: number): number | undefined {
  const r = reachInto(s, pi, occupancyInto(s, singleOcc), single);
  for (let k = 0; k < r.n; k++) if (r.cells[k] === to) return r.costs[k];
  return undefined;
}

/** Destination hex → hexes of movement spent, for every hex `p` may end its move in, in the order they are found. */
export function reach(s: GameState, pi: number, occ: Occupancy = occupancy(s)): Map<number, number> {
  const r = reachInto(s, pi, occ, newReach());
  return new Map(r.cells.map((c, k) => [c, r.costs[k]!]));
}
