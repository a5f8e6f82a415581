// Enfilade when several units charge one ('Enfilade Values' example iv, 'Multiple Unit Actions' Example-1; rules
// notes §15). Notes §11 weighs one charger's front rank against the defender's. When more than one charger is in
// contact with the same defender in step 9, the chargers' enfilade values are added: a flank or rear charger's front
// rank bears on the defender too. The defender brings its own front rank only when one of them strikes its front
// (else 0, as in §11). Chargers on the front take +5 when the sum is at least twice the defender's; chargers on a
// flank or the rear keep their +10/+15 in place of it (§11's reading of Example-1). The defender takes +5 in every
// one of these fights when its value is at least twice the sum (example iv: the line has the bonus against both
// columns). With one charger this is exactly §11's rule, so single fights are left as they are.
import { enfiladeValue, rectOf } from './footprint.js';
import { aspectOf, rectDistance } from './geometry.js';
import { meleeOdds, type CloseAction as MeleeSituation, type MeleeSide } from './melee.js';
import { unitById, type NeGameState } from './state.js';
import type { NeModifier, NeUnit } from './types.js';

/** Rectangles this close count as touching: chargers are placed in contact. */
const CONTACT = 0.05;

const ENFILADE: NeModifier = { id: 'enfilade', reason: 'twice the enemy\'s enfilade (chargers together)', value: 5 };

/** Chargers of this period's close actions on `defender` still formed and in contact with it. */
export function chargersInContact(s: NeGameState, defender: NeUnit): NeUnit[] {
  const dr = rectOf(defender, s.table);
  const out: NeUnit[] = [];
  for (const c of s.closeActions) {
    if (c.target !== defender.id) continue;
    const a = unitById(s, c.charger);
    if (!a || a.status !== 'table' || out.includes(a)) continue;
    // Cavalry against foot or guns rides down or fails; it has no melee roll to add its front rank to.
    if (a.arm === 'cavalry' && defender.arm !== 'cavalry') continue;
    if (rectDistance(rectOf(a, s.table), dr) <= CONTACT) out.push(a);
  }
  return out;
}

function rebuilt(side: MeleeSide, bonus: boolean, enfilade: number): MeleeSide {
  const modifiers = side.modifiers.filter((m) => m.id !== 'enfilade');
  if (bonus) modifiers.push(ENFILADE);
  return { ...side, modifiers, enfilade, value: Math.max(0, side.base + modifiers.reduce((n, m) => n + m.value, 0)) };
}

/** The fight `sit` (charger against defender) with the enfilade of every charger in contact counted together. */
export function combinedEnfilade(s: NeGameState, sit: MeleeSituation): MeleeSituation {
  const defender = unitById(s, sit.defender.unit);
  if (!defender) return sit;
  const chargers = chargersInContact(s, defender);
  if (chargers.length < 2 || !chargers.some((c) => c.id === sit.attacker.unit)) return sit;
  const dr = rectOf(defender, s.table);
  const frontStruck = chargers.some((c) => aspectOf(dr, [c.x, c.y]) === 'front');
  const sum = chargers.reduce((n, c) => n + enfiladeValue(c), 0);
  const mine = frontStruck ? enfiladeValue(defender) : 0;
  const attacker = rebuilt(sit.attacker, sit.aspect === 'front' && sum > 0 && sum >= 2 * mine, sum);
  const defenderSide = rebuilt(sit.defender, mine > 0 && mine >= 2 * sum, mine);
  return { ...sit, attacker, defender: defenderSide, odds: meleeOdds(attacker.value, defenderSide.value, attacker.base, defenderSide.base) };
}
