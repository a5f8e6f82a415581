// Where a formation may march this phase (seed 002 unit table and terrain; docs/rules/hex-skirmish.md §7.4): hexes
// cost 1, cavalry needs its whole move to enter covered or fortified ground, nobody enters impassable ground or a
// hex of armed enemies, and entering a hex of unarmed enemies, routers or baggage ends the move and captures them.
import { CLEAR, IMPASSABLE } from './board.js';
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

/** Destination hex → hexes of movement spent, for every hex `p` may end its move in. */
export function reach(s: GameState, pi: number): Map<number, number> {
  const p = s.pieces[pi]!;
  const out = new Map<number, number>();
  const limit = allowance(p);
  if (limit === 0) return out;
  const b = s.board;
  if (p.state === 'prisoner') {
    // Moved by the captor, one hex, into a hex where an escort of the captor stands (§7.4).
    for (const n of b.near[p.cell]!) {
      if (b.terrain[n] === IMPASSABLE) continue;
      if (s.pieces.some((q) => q.cell === n && q.side === p.captor && fights(q))) out.set(n, 1);
    }
    return out;
  }
  const spent = new Map<number, number>([[p.cell, 0]]);
  let frontier = [p.cell];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const c of frontier) {
      const used = spent.get(c)!;
      for (const n of b.near[c]!) {
        const t = b.terrain[n]!;
        if (t === IMPASSABLE) continue;
        const enemy = enemyIn(s, p.side, n);
        if (enemy === 'armed' || (enemy === 'capturable' && !captures(p))) continue;
        let cost = 1;
        if (p.kind === 'cavalry' && t !== CLEAR) {
          if (used > 0) continue;
          cost = limit;
        }
        const total = used + cost;
        if (total > limit) continue;
        const was = spent.get(n);
        if (was !== undefined && was <= total) continue;
        spent.set(n, total);
        if (roomFor(s, p, n)) out.set(n, total);
        else out.delete(n);
        // A hex of enemies to capture, and covered ground for cavalry, end the move.
        if (enemy === 'none' && !(p.kind === 'cavalry' && t !== CLEAR)) next.push(n);
      }
    }
    frontier = next;
  }
  out.delete(p.cell);
  return out;
}
