// Expected casualties of a volley kept between decisions. The AI prices every fire its units could give at every
// decision (a battery looks at every enemy within 70"), and between two decisions usually one unit has acted, far
// from most lines of fire. What the combat model reads of a fire (fire.ts fireSituation) is the table, the shooter,
// the target and the units standing on the line between them (sight, friends in the way) or, for a battery's ball,
// in the bounce zones beyond the target. So a price found before still holds when the shooter is as it was, the
// target too, and every unit that changed since was, before and after, clear of that corridor: the same test the
// move verdicts pass (move-memo.ts).
import type { Point } from '../../domain/model.js';
import { fireSituation } from './fire.js';
import { rectOf } from './footprint.js';
import { verdictMemo } from './move-memo.js';
import { musketCasualties, musketRows } from './tables.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** What a one-action volley's price is made of, enough to price the two-action one without asking again. */
interface Volley {
  expected: number;
  /** Small arms and canister: the figures firing, the die's modifiers and the rapid-fire factor; null for ball. */
  figures: number | null;
  total: number;
  factor: number;
}

const kept = verdictMemo<Volley | null>(rectOf);

/**
 * How far past the target's centre a ball's bounce zones may reach: the longest bracket (12") from where the ball
 * enters the target, a second zone that starts half a zone beyond the first and runs half its length (18"), plus
 * the target's own half-diagonal, with room to spare.
 */
const BOUNCE_REACH = 30;
/** Room round the corridor for rounding, on top of each unit's own reach. */
const MARGIN = 0.5;

/** The unit as at the start of a period, its bookkeeping cleared: what the memo compares a shooter by. */
function fresh(u: NeUnit): NeUnit {
  if (u.actionsUsed === 0 && !u.stand && !u.activated && !u.forceMarched) return u;
  return { ...u, actionsUsed: 0, stand: false, activated: false, forceMarched: false };
}

/** Mean casualties the fire would cause, or null when the model refuses it; worked out again only when needed. */
export function keptExpectedFire(s: NeGameState, u: NeUnit, t: NeUnit, actions: 1 | 2): number | null {
  const memo = kept(s.table);
  const from: Point = [u.x, u.y];
  let to: Point = [t.x, t.y];
  if (u.arm === 'artillery') {
    const d = Math.hypot(t.x - u.x, t.y - u.y);
    const k = d > 1e-9 ? (d + BOUNCE_REACH) / d : 0;
    to = [u.x + (t.x - u.x) * k, u.y + (t.y - u.y) * k];
  }
  // The target is compared in full (the corridor test sees only a neighbour's place, figures, status and formation),
  // and the shooter's facing keeps a wheel tried (ai-score.ts) from displacing the price at its own facing.
  // The two-action volley differs from the one-action one only in the table's row (small arms, canister: figures ×
  // 2) or the dice (ball: twice as many, so twice the mean), and in the actions it needs: one situation serves both.
  // The period's bookkeeping (actions used, a stand marker, activated, force marched) decides only whether the
  // shooter has the actions, which is judged here; the combat model reads none of it of either unit. So a price
  // found last period still answers once every flow record is reset.
  if (u.actionsUsed + 1 > 2) return null;
  const kind = `fire ${u.facing} ${t.id} ${t.x} ${t.y} ${t.disordered} ${t.fatigue} ${t.crewHits} ${t.skirmishers}`;
  const shooter = fresh(u);
  let v = memo.get(s.units, shooter, kind, to, t.facing);
  if (v === undefined) {
    const f = fireSituation({ table: s.table, units: s.units, leaders: s.leaders, shooter, target: t, actions: 1 });
    v = !f.allowed ? null : f.kind === 'solid-shot' ? { expected: f.expected, figures: null, total: 0, factor: 1 } : { expected: f.expected, figures: f.figures, total: f.total, factor: f.rapid ? 2 : 1 };
    memo.set(s.units, shooter, kind, to, t.facing, from, MARGIN, v);
  }
  if (v === null) return null;
  if (actions === 1) return v.expected;
  if (u.actionsUsed + 2 > 2) return null;
  if (v.figures === null) return 2 * v.expected;
  const rows = musketRows(v.figures * 2);
  let sum = 0;
  for (let d = 1; d <= 6; d++) sum += musketCasualties(rows, d + v.total) * v.factor;
  return sum / 6;
}
