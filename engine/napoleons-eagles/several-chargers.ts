// Several units charging one ('Multiple Unit Actions', Example-1; rules notes §15). Each charger's melee value is
// worked out on its own and each rolls its own die, but the defender rolls a single die, and its total (that die
// times its value in each fight) is set against every charger's total: the example's S1 rolls a 3 and so loses to
// P1's 180 and beats P2's 100 with the same 120. Casualties are then rolled fight by fight, one die each way for
// every charger ("one die roll each"). With one charger this is the ordinary roll (melee.ts `resolveCloseAction`),
// die for die in the same order: the charger's, the defender's, then the two casualty dice.
import type { NeDice } from './dice.js';
import { meleeWinner, type CloseAction as MeleeSituation, type MeleeOutcome } from './melee.js';

/**
 * The melee rolls of one defender's fights, all against the same defender die: every charger's die in the order
 * declared, the defender's die, then each fight's casualty dice (the charger's, then the defender's), fight by fight.
 */
export function rollTogether(fights: readonly MeleeSituation[], dice: NeDice): MeleeOutcome[] {
  const chargerRolls = fights.map(() => dice.d6());
  const defenderRoll = dice.d6();
  return fights.map((sit, i) => {
    const attackerRoll = chargerRolls[i]!;
    const rolls = [attackerRoll, defenderRoll];
    const attackerTotal = attackerRoll * sit.attacker.value;
    const defenderTotal = defenderRoll * sit.defender.value;
    const winner = meleeWinner(attackerTotal, defenderTotal, sit.attacker.base, sit.defender.base);
    if (winner === 'again') return { attackerRoll, defenderRoll, attackerTotal, defenderTotal, winner, attackerLoses: 0, defenderLoses: 0, rolls };
    // A tie won on the base value leaves both rolling on the losers' rows ('Ties').
    const tie = attackerTotal === defenderTotal;
    const byAttacker = dice.d6();
    const byDefender = dice.d6();
    rolls.push(byAttacker, byDefender);
    const defenderLoses = (winner === 'attacker' && !tie ? sit.casualties.attackerInflicts.ifWins : sit.casualties.attackerInflicts.ifLoses)[byAttacker - 1]!;
    const attackerLoses = (winner === 'defender' && !tie ? sit.casualties.defenderInflicts.ifWins : sit.casualties.defenderInflicts.ifLoses)[byDefender - 1]!;
    return { attackerRoll, defenderRoll, attackerTotal, defenderTotal, winner, attackerLoses, defenderLoses, rolls };
  });
}

/** How one defender came out of its fights: it lost if any charger beat it, and won if it beat any and lost none. */
export function defenderResult(outcomes: readonly MeleeOutcome[]): 'lost' | 'won' | 'none' {
  if (outcomes.some((o) => o.winner === 'attacker')) return 'lost';
  return outcomes.some((o) => o.winner === 'defender') ? 'won' : 'none';
}
