// Men killed, captured, and cannon or baggage left behind, each scored as it happens (VP table, seed 002;
// docs/rules/hex-skirmish.md §7.7): VP go to the enemy of the side that loses.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { VP, copyPiece, edit, fights, headcount, other, type GameState, type Side } from './types.js';

const keyOf = (s: GameState, side: Side) => s.meta.sides[side].key;

/**
 * Kills `n` men among `pieces` (indices), one at a time from the formation with the most left; an officer falls
 * only when his formation has no men. Returns how many fell.
 */
export function inflict(s: GameState, pieces: readonly number[], n: number, events: GameEvent[], cause: string): number {
  let dead = 0;
  const lost = new Map<number, { men: number; officer: boolean }>();
  for (let k = 0; k < n; k++) {
    let best = -1;
    for (const i of pieces) {
      const p = s.pieces[i]!;
      if (p.status !== 'table' || p.state === 'prisoner' || headcount(p) === 0) continue;
      if (best < 0 || headcount(p) > headcount(s.pieces[best]!)) best = i;
    }
    if (best < 0) break;
    const p = edit(s, best);
    const tally = lost.get(best) ?? { men: 0, officer: false };
    if (p.men > 0) {
      p.men--;
      tally.men++;
      s.vp[other(p.side)] += VP.manKilled;
    } else {
      p.officer = null;
      tally.officer = true;
      s.vp[other(p.side)] += VP.officerKilled;
    }
    lost.set(best, tally);
    dead++;
  }
  for (const [i, t] of lost) {
    const p = s.pieces[i]!;
    events.push({ type: 'casualties', unit: p.id, men: t.men, ...(t.officer ? { officer: true } : {}), cause, left: p.men });
  }
  return dead;
}

/** Leaves `p`'s cannon or wagons in its hex as an abandoned piece; returns its index, or −1 if it had none. */
export function abandonHeavy(s: GameState, pi: number, events: GameEvent[]): number {
  const p = s.pieces[pi]!;
  if (!p.gun && !p.wagon) return -1;
  const left = copyPiece({ ...p, id: `${p.id}/${p.gun ? 'cannon' : 'wagons'}`, name: `${p.name} (${p.gun ? 'cannon' : 'wagons'})`, men: 0, officer: null, state: 'abandoned', captor: -1, origins: [...p.origins] });
  const existing = s.pieces.findIndex((q) => q.id === left.id);
  const emptied = edit(s, pi);
  emptied.gun = false;
  emptied.wagon = false;
  events.push({ type: 'abandoned', unit: p.id, piece: left.id, at: s.board.names[p.cell] });
  if (existing >= 0) {
    s.pieces[existing] = left;
    return existing;
  }
  s.pieces.push(left);
  return s.pieces.length - 1;
}

/** `side` takes everything capturable of the enemy in `cell`: prisoners, cannon and baggage. */
export function captureIn(s: GameState, side: Side, cell: number, events: GameEvent[]): void {
  for (let i = 0; i < s.pieces.length; i++) {
    const p = s.pieces[i]!;
    if (p.status !== 'table' || p.cell !== cell || p.side === side || p.state === 'prisoner' || fights(p)) continue;
    if (p.gun || p.wagon) {
      const heavy = p.state === 'abandoned' ? i : abandonHeavy(s, i, events);
      const h = edit(s, heavy);
      s.vp[side] += h.gun ? VP.cannon : VP.baggage;
      h.status = 'captured';
      h.cell = -1;
      events.push({ type: 'captured', unit: h.id, what: h.gun ? 'cannon' : 'baggage', by: keyOf(s, side) });
    }
    if (s.pieces[i]!.status !== 'table' || headcount(s.pieces[i]!) === 0) continue;
    const q = edit(s, i);
    s.vp[side] += q.men * VP.manCaptured + (q.officer ? VP.officerCaptured : 0);
    q.state = 'prisoner';
    q.captor = side;
    events.push({ type: 'captured', unit: q.id, what: 'men', men: q.men, ...(q.officer ? { officer: true } : {}), by: keyOf(s, side) });
  }
}
