// Changes the game makes to a fire situation that fire.ts priced (rules notes §15): another number of figures
// firing (the intervening-screen split, a refused flank), or one more modifier (smoke). The casualties for each die
// and the means are worked out again from the same tables, so the game rolls exactly what the changed situation
// lists.
import type { FireSituation, SmallArmsFire, SolidShotFire } from './fire.js';
import { musketCasualties, musketRows } from './tables.js';
import type { NeModifier } from './types.js';

type Allowed = Extract<FireSituation, { allowed: true }>;

function reprice(sit: SmallArmsFire, figures: number, modifiers: NeModifier[]): SmallArmsFire {
  const total = modifiers.reduce((n, m) => n + m.value, 0);
  const rows = musketRows(figures * sit.actions);
  const factor = sit.rapid ? 2 : 1;
  const casualtiesByRoll = [1, 2, 3, 4, 5, 6].map((d) => musketCasualties(rows, d + total) * factor);
  const expected = casualtiesByRoll.reduce((n, c) => n + c, 0) / 6;
  return { ...sit, figures, rows, modifiers, total, casualtiesByRoll, expected };
}

/** The same small-arms fire by `figures` figures. */
export const withFigures = (sit: SmallArmsFire, figures: number): SmallArmsFire => reprice(sit, figures, sit.modifiers);

/** Solid shot's hit number made worse by `by` (a 7 or more never hits); the means follow. */
function harderToHit(sit: SolidShotFire, by: number): SolidShotFire {
  const victims = sit.victims.map((v) => {
    const hitOn = v.hitOn + by;
    const p = Math.max(0, 7 - hitOn) / 6;
    return { ...v, hitOn, expected: (sit.actions * p * v.damagePerHit * (sit.rapid ? 2 : 1)) / 6 };
  });
  return { ...sit, hitOn: sit.hitOn + by, victims, expected: victims[0]?.expected ?? 0 };
}

/** Adds a die modifier to small arms or canister, or worsens solid shot's hit die by `ballPenalty`. */
export function withModifier(sit: Allowed, m: NeModifier, ballPenalty: number): Allowed {
  if (sit.kind === 'solid-shot') return harderToHit(sit, ballPenalty);
  return reprice(sit, sit.figures, [...sit.modifiers, m]);
}
