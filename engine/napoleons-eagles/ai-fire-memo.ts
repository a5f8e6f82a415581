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
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

const kept = verdictMemo<number | null>(rectOf);

/**
 * How far past the target's centre a ball's bounce zones may reach: the longest bracket (12") from where the ball
 * enters the target, a second zone that starts half a zone beyond the first and runs half its length (18"), plus
 * the target's own half-diagonal, with room to spare.
 */
const BOUNCE_REACH = 30;
/** Room round the corridor for rounding, on top of each unit's own reach. */
const MARGIN = 0.5;

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
  const kind = `fire ${actions} ${u.facing} ${t.id} ${t.x} ${t.y} ${t.disordered} ${t.fatigue} ${t.crewHits} ${t.skirmishers} ${t.actionsUsed} ${t.stand}`;
  const known = memo.get(s.units, u, kind, to, t.facing);
  if (known !== undefined) return known;
  const f = fireSituation({ table: s.table, units: s.units, leaders: s.leaders, shooter: u, target: t, actions });
  const v = f.allowed ? f.expected : null;
  memo.set(s.units, u, kind, to, t.facing, from, MARGIN, v);
  return v;
}
