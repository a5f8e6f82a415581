// Smoke ('Smoke', optional; rules notes §15). A formed unit that fires two actions in a row (one fire of two
// actions, or two one-action fires one after the other in its activation) lays a bank of smoke across its front: as
// wide as its frontage, 1" deep, touching its front edge. Skirmish screens lay none. The smoke stays for the rest of
// the period and all the next one, and clears when the period after begins. It does not block sight (the rule says
// so, over the general list of level-one features); a fire whose line (centre to centre) passes through smoke, the
// firer's own included, takes −2 to the die for muskets, rifles, carbines and canister, and −1 to each hit die for
// solid shot.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Point } from '../../domain/model.js';
import type { FireSituation } from './fire.js';
import { withModifier } from './fire-adjust.js';
import { footprint } from './footprint.js';
import { heading, rectCorners, segmentPolygonDistance } from './geometry.js';
import { PERIODS_PER_TURN, type NeGameState, type SmokeCloud } from './state.js';
import { optionOn, type NeUnit } from './types.js';

/** How deep a bank of smoke lies in front of the unit that made it. */
export const SMOKE_DEPTH = 1;

const periodIndex = (s: NeGameState): number => (s.turn - 1) * PERIODS_PER_TURN + s.period;

/** The smoke's rectangle corners. */
export function smokeCorners(c: SmokeCloud): Point[] {
  return rectCorners({ centre: [c.x, c.y], width: c.width, depth: SMOKE_DEPTH, facing: c.facing });
}

/**
 * After `u` fires: lays smoke when this fire makes two actions of fire in a row. A one-action fire is remembered
 * until the unit's next action; any other action forgets it (`breakSmokeStreak`).
 */
export function afterFire(s: NeGameState, u: NeUnit, actions: 1 | 2, events: GameEvent[]): void {
  if (!optionOn(s.table, 'smoke') || u.formation === 'skirmish') return;
  if (actions === 1 && s.smokeStreak !== u.id) {
    s.smokeStreak = u.id;
    return;
  }
  delete s.smokeStreak;
  const fp = footprint(u, s.table);
  const [hx, hy] = heading(u.facing);
  const ahead = fp.depth / 2 + SMOKE_DEPTH / 2;
  const cloud: SmokeCloud = { by: u.id, x: u.x + hx * ahead, y: u.y + hy * ahead, facing: u.facing, width: fp.width, until: periodIndex(s) + 1 };
  s.smoke = [...(s.smoke ?? []), cloud];
  events.push({ type: 'smoke', unit: u.id, at: [Math.round(cloud.x * 100) / 100, Math.round(cloud.y * 100) / 100], width: Math.round(cloud.width * 100) / 100, until: { turn: Math.floor((cloud.until - 1) / PERIODS_PER_TURN) + 1, period: ((cloud.until - 1) % PERIODS_PER_TURN) + 1 } });
}

/** Any action of `u` other than a fire ends its run of fire. */
export function breakSmokeStreak(s: NeGameState, u: NeUnit): void {
  if (s.smokeStreak === u.id) delete s.smokeStreak;
}

/** At the start of a period: smoke from the period before last clears; runs of fire never span periods. */
export function clearSmoke(s: NeGameState, events: GameEvent[]): void {
  delete s.smokeStreak;
  if (!s.smoke) return;
  const now = periodIndex(s);
  const keep = s.smoke.filter((c) => c.until >= now);
  for (const c of s.smoke) if (c.until < now) events.push({ type: 'smoke-clears', unit: c.by });
  if (keep.length > 0) s.smoke = keep;
  else delete s.smoke;
}

/** The fire through smoke: −2 to small arms and canister, −1 to solid shot's hit dice. */
export function throughSmoke(s: NeGameState, shooter: NeUnit, target: NeUnit, sit: FireSituation): FireSituation {
  if (!sit.allowed || !s.smoke || !optionOn(s.table, 'smoke')) return sit;
  const crossed = s.smoke.some((c) => segmentPolygonDistance([shooter.x, shooter.y], [target.x, target.y], smokeCorners(c)) === 0);
  if (!crossed) return sit;
  return withModifier(sit, { id: 'smoke', reason: 'firing through smoke', value: -2 }, 1);
}
