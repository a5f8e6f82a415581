// The AI's leader influence at the threshold checks (threshold-influence.ts; rules notes §13 "Player choices").
// Each point lent raises the chance the roll passes by 1 in 20 (while the need is under 20) and the chance of losing
// the leader by 1 in 10. A failed roll costs every unit the roll answers for −4 on its morale checks for the game
// turn; a lost leader costs his melee and morale bonuses and the leader himself. So a point is worth lending when
// units / 20 outweighs worth / 10: a leader lends all that still helps when he answers for more than twice his
// worth in units, and nothing otherwise. Worth = 2 (the man: influence, initiative, the next turn's rolls) + his
// melee and morale bonuses.
import type { NapoleonsEaglesAction } from '../../domain/engine-protocol.js';
import type { NeGameState } from './state.js';
import { influenceRolls, MOST_INFLUENCE } from './threshold-influence.js';

export function influenceChoice(s: NeGameState): NapoleonsEaglesAction {
  const id = s.influence?.pending[0];
  if (id === undefined) throw new Error('no leader is asked for influence');
  const rolls = influenceRolls(s).filter((r) => r.leader.id === id);
  const leader = rolls[0]?.leader;
  if (!leader) return { type: 'influence', leader: id, bonus: 0 };
  const worth = 2 + Math.max(0, leader.moraleBonus) + Math.max(0, leader.meleeBonus);
  // The roll he leads that is hardest to pass decides; lending past a sure pass (need 20) only adds risk.
  const hardest = rolls.reduce((a, b) => (b.need < a.need ? b : a));
  const units = Math.max(...rolls.map((r) => r.units));
  const useful = Math.max(0, Math.min(MOST_INFLUENCE, 20 - hardest.need));
  return { type: 'influence', leader: id, bonus: units > 2 * worth ? useful : 0 };
}
