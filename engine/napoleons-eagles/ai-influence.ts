// The AI's leader influence at the threshold checks (threshold-influence.ts; rules notes §13 "Player choices").
// Each point lent raises the chance the roll passes by 1 in 20 (while the need is under 20) and the chance of losing
// the leader by 1 in 10. A failed roll costs every unit the roll answers for −4 on its morale checks for the game
// turn; a lost leader costs his melee and morale bonuses, the man himself, and −3 on every later threshold roll of
// his formation ('original leader incapacitated'). So a point is worth lending when units / 20 outweighs worth / 10:
// a leader lends all that still helps when he answers for more than twice his worth in units, and nothing otherwise.
// Worth = 2 (the man: influence, initiative) + 3 (the later rolls' −3) + his melee and morale bonuses.
import type { NapoleonsEaglesAction } from '../../domain/engine-protocol.js';
import type { NeGameState } from './state.js';
import { influenceRolls, MOST_INFLUENCE } from './threshold-influence.js';
import type { NeLeader } from './types.js';

export const leaderWorth = (l: NeLeader): number => 5 + Math.max(0, l.moraleBonus) + Math.max(0, l.meleeBonus);

/** The influence to lend to a roll at `need` answering for `units`, by a leader worth `worth`. */
export function influenceToLend(units: number, need: number, worth: number): number {
  // Lending past a sure pass (need 20) only adds risk.
  const useful = Math.max(0, Math.min(MOST_INFLUENCE, 20 - need));
  return units > 2 * worth ? useful : 0;
}

export function influenceChoice(s: NeGameState): NapoleonsEaglesAction {
  const id = s.influence?.pending[0];
  if (id === undefined) throw new Error('no leader is asked for influence');
  const rolls = influenceRolls(s).filter((r) => r.leader.id === id);
  if (rolls.length === 0) return { type: 'influence', leader: id, bonus: 0 };
  // The hardest of the rolls he leads decides, for the most units any of them answers for.
  const need = Math.min(...rolls.map((r) => r.need));
  const units = Math.max(...rolls.map((r) => r.units));
  return { type: 'influence', leader: id, bonus: influenceToLend(units, need, leaderWorth(rolls[0]!.leader)) };
}
