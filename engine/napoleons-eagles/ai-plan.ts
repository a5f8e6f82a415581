// The side's standing against the scenario's victory conditions, as the AI weighs it: if the game ended now (at the
// turn limit, with the objectives held as they are and the units lost so far), who would win? A side that would lose
// must go and take something (its moves towards objectives count double); a side that would win may hold. Pure
// reading of the state, through the game's own victory check (victory.ts).
import { facts } from './game.js';
import { sideIndex, type NeGameState } from './state.js';
import { endOfGame } from './victory.js';
import type { SideKey } from './types.js';

const verdicts = new WeakMap<NeGameState, number>();

/** The side index that would win if the game ended now, or −1 for a draw. */
export function winnerIfEndedNow(s: NeGameState): number {
  let w = verdicts.get(s);
  if (w === undefined) {
    w = endOfGame({ ...facts(s), turn: s.table.turnLimit }).winner;
    verdicts.set(s, w);
  }
  return w;
}

/** Whether the side would not win as things stand: it must attack. */
export function mustAttack(s: NeGameState, side: SideKey): boolean {
  return winnerIfEndedNow(s) !== sideIndex(side);
}
