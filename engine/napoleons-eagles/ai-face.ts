// Turning to strike: fire reaches only 22.5° off the front ('Firing Arcs') and a charge goes straight ahead within
// 10° ('Passing Through Another Unit'), so a unit that comes up beside an enemy can do nothing to it until it
// faces it. The AI offers a wheel in place towards each enemy close enough to fight, and prices a wheel by the best
// blow (a charge or a one-action volley, ai-score.ts) it would have from the new facing, over the best it has now.
import { angleDiff, bearing, normAngle } from './geometry.js';
import { centre, enemies, gap } from './ai-threats.js';
import type { Action } from './game.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** Enemies within this edge-to-edge distance are worth turning to. */
export const FACE_REACH = 10;

/** Wheels in place to face each enemy within reach that lies off the unit's front. */
export function faceMoves(s: NeGameState, u: NeUnit): Action[] {
  if (u.status !== 'table' || u.arm === 'train') return [];
  const out: Action[] = [];
  for (const e of enemies(s, u)) {
    if (gap(s, u, e) > FACE_REACH) continue;
    const want = bearing(centre(u), centre(e));
    if (Math.abs(angleDiff(u.facing, want)) <= 5) continue;
    out.push({ type: 'move', unit: u.id, to: [u.x, u.y], facing: Math.round(normAngle(want) * 100) / 100 });
  }
  return out;
}

/** The state with the unit turned to `facing`: only what the combat model reads changes. */
export function turned(s: NeGameState, u: NeUnit, facing: number): { state: NeGameState; unit: NeUnit } {
  const unit = { ...u, facing };
  return { state: { ...s, units: s.units.map((x) => (x.id === u.id ? unit : x)) }, unit };
}
