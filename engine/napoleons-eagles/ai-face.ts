// Turning to strike: fire reaches only 22.5° off the front ('Firing Arcs') and a charge goes straight ahead within
// 10° ('Passing Through Another Unit'), so a unit that comes up beside an enemy can do nothing to it until it
// faces it. The AI offers a wheel in place towards each enemy close enough to fight, and prices a wheel by the best
// blow (a charge or a one-action volley, ai-score.ts) it would have from the new facing, over the best it has now.
import { angleDiff, bearing, normAngle, reachOf } from './geometry.js';
import { rectOf } from './footprint.js';
import { inBuildings } from './buildings.js';
import { chargeReach } from './movement.js';
import { chargeProblem } from './activation.js';
import { onTable } from './state.js';
import { centre, enemies, gap } from './ai-threats.js';
import { chargeCheck, type Action } from './game.js';
import { approachMoves, detourMoves } from './ai-detour.js';
import { once, READ } from './ai-situations.js';
import { chargeDistance, GUN_RANGES } from './tables.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** Enemies within this edge-to-edge distance are worth turning to. */
export const FACE_REACH = 10;

/** How far a facing may lie from one the rules take a charge from (chargeFacing) and still count as having it. */
export const CHARGE_STRAIGHT = 3;

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
    if (Math.abs(angleDiff(u.facing, want)) > 5) out.push({ type: 'move', unit: u.id, to: [u.x, u.y], facing: Math.round(normAngle(want) * 100) / 100 });
    // The facing the charge needs, when that is not the one straight at the enemy.
    const run = u.arm === 'infantry' || u.arm === 'cavalry' ? chargeFacing(s, u, e) : null;
    if (run !== null && Math.abs(angleDiff(u.facing, run)) > 1 && Math.abs(angleDiff(want, run)) > 1) out.push({ type: 'move', unit: u.id, to: [u.x, u.y], facing: run });
  }
  return out;
}

/**
 * A facing from which the rules take the unit's charge at `e`, or null: the facing it has, straight at the enemy's
 * centre, or square to a side of the block the enemy holds (a charge on a block runs at the block's side, so the
 * bearing to the holder's centre may lie 20–40° off the run the rules allow, and a unit beside a held block stood
 * there, its charge refused, for the rest of the game).
 */
export function chargeFacing(s: NeGameState, u: NeUnit, e: NeUnit): number | null {
  return once(s, READ.chargeFacing, u, e, () => chargeFacingNow(s, u, e));
}

function chargeFacingNow(s: NeGameState, u: NeUnit, e: NeUnit): number | null {
  const want = normAngle(bearing(centre(u), centre(e)));
  const square = Math.round(want / 90) * 90;
  let found: number | null = null;
  // A charge longer than the charge move is refused whatever the facing (the same plain test that keeps such
  // charges off the candidate list, ai.ts outOfReach); and the block's sides are only tried at a holder of a block.
  // Nor do facings help against what the rules refuse whatever the facing: the unit's command and actions, a charge
  // already made, a target gone, infantry at cavalry (game.ts chargeCheck, before anything is placed).
  const f = s.flow[u.id];
  const never = !!f && (f.outOfCommand || u.outOfCommand || chargeProblem(f) !== null || !onTable(e) || e.status === 'silenced' || (u.arm === 'infantry' && e.arm === 'cavalry') || s.closeActions.some((c) => c.charger === u.id));
  if (never || gap(s, u, e) > Math.max(chargeDistance(u), chargeReach(u)) + reachOf(rectOf(u, s.table)) + 1) {
    return null;
  }
  const tries = inBuildings(s, e) ? [u.facing, want, square, square + 90 * Math.sign(want - square || 1)] : [u.facing, want];
  for (const f of tries) {
    if (f !== u.facing && Math.abs(angleDiff(f, want)) > 60) continue;
    const { state, unit } = f === u.facing ? { state: s, unit: u } : turned(s, u, Math.round(normAngle(f) * 100) / 100);
    if (chargeCheck(state, unit, state.units.find((x) => x.id === e.id)).ok) {
      found = unit.facing;
      break;
    }
  }
  return found;
}

/** The state with the unit turned to `facing`: only what the combat model reads changes. */
export function turned(s: NeGameState, u: NeUnit, facing: number): { state: NeGameState; unit: NeUnit } {
  const unit = { ...u, facing };
  return { state: { ...s, units: s.units.map((x) => (x.id === u.id ? unit : x)) }, unit };
}
