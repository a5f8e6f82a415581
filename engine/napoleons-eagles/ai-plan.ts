// The side's standing against the scenario's victory conditions, as the AI weighs it: if the game ended now (at the
// turn limit, with the objectives held as they are and the units lost so far), who would win? A side that would lose
// must go and take something (its moves towards objectives count double); a side that would win may hold. Pure
// reading of the state, through the game's own victory check (victory.ts).
import { facts } from './game.js';
import { gone, sideIndex, type NeGameState } from './state.js';
import { endOfGame } from './victory.js';
import type { NeTable, SideKey } from './types.js';

const verdicts = new WeakMap<NeGameState, number>();

/**
 * The verdict reads only the table, the objectives (neither changes during a game), who holds each objective and
 * each unit's side, VP and whether it is gone; the AI's trial states are many and mostly alike in these, so the
 * verdict is kept per game by them as well as per state.
 */
const byStanding = new WeakMap<NeTable, { objectives: NeGameState['objectives']; seen: Map<string, number> }>();

function standingKey(s: NeGameState): string {
  let k = s.control.join(',');
  for (const u of s.units) k += `|${u.side}${gone(u) ? '+' : '-'}${u.vp}`;
  return k;
}

/** The side index that would win if the game ended now, or −1 for a draw. */
export function winnerIfEndedNow(s: NeGameState): number {
  let w = verdicts.get(s);
  if (w === undefined) {
    let kept = byStanding.get(s.table);
    if (!kept || kept.objectives !== s.objectives) byStanding.set(s.table, (kept = { objectives: s.objectives, seen: new Map() }));
    const key = standingKey(s);
    w = kept.seen.get(key);
    if (w === undefined) {
      w = endOfGame({ ...facts(s), turn: s.table.turnLimit }).winner;
      kept.seen.set(key, w);
    }
    verdicts.set(s, w);
  }
  return w;
}

/** Whether the side would not win as things stand: it must attack. */
export function mustAttack(s: NeGameState, side: SideKey): boolean {
  return winnerIfEndedNow(s) !== sideIndex(side);
}
