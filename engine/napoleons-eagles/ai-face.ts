// Turning to strike: fire reaches only 22.5° off the front ('Firing Arcs') and a charge goes straight ahead within
// 10° ('Passing Through Another Unit'), so a unit that comes up beside an enemy can do nothing to it until it
// faces it. The AI offers a wheel in place towards each enemy close enough to fight, and prices a wheel by the best
// blow (a charge or a one-action volley, ai-score.ts) it would have from the new facing, over the best it has now.
import { angleDiff, bearing, normAngle } from './geometry.js';
import { centre, enemies, gap } from './ai-threats.js';
import type { Action } from './game.js';
import { approachMoves, detourMoves } from './ai-detour.js';
import { chargeDistance, GUN_RANGES } from './tables.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** Enemies within this edge-to-edge distance are worth turning to. */
export const FACE_REACH = 10;

/** How far off the facing a target's centre may lie for the charge to count as had without a wheel first: the
 * rules allow 10° for the run to contact, kept a little inside so a charge the rules refuse is not counted. */
export const CHARGE_STRAIGHT = 8;

/**
 * Turning reaches further for cavalry and guns: a charge rides its full distance (12–14"), and hussars that came up past
 * an enemy's flank 16" off were never turned to it, though the charge once faced was the best thing on the table.
 */
export function faceReach(u: NeUnit): number {
  // A battery's blow is its fire, which reaches far: ne-03's horse battery stood on the knoll all game facing west
  // while every target lay off its arc to the south-west, 12–30" away.
  if (u.arm === 'artillery') return GUN_RANGES[u.calibre ?? '6lb'].ranges[2]!;
  return Math.max(FACE_REACH, chargeDistance(u) + 2);
}

/**
 * Wheels in place to face each enemy within reach that lies off the unit's front; and, since these are the AI's
 * moves about what stands near the unit, the sidesteps round a unit blocking its route and the step that closes
 * up to 1" of an enemy (ai-detour.ts).
 */
export function faceMoves(s: NeGameState, u: NeUnit): Action[] {
  if (u.status !== 'table' || u.arm === 'train') return [];
  const out: Action[] = [...detourMoves(s, u), ...approachMoves(s, u)];
  for (const e of enemies(s, u)) {
    if (gap(s, u, e) > faceReach(u)) continue;
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
