// What turning costs ('Facing Changes', 'About Face Maneuver', 'Cavalry Echelon', 'Caissons'). Angles are degrees
// clockwise from north; a turn is measured the short way round.
import type { Arm, TacticalFormation } from '../../domain/model.js';

/** The turn from `from` to `to`, in (−180, 180]: positive is clockwise. */
export function turnBetween(from: number, to: number): number {
  let d = (((to - from) % 360) + 360) % 360;
  if (d > 180) d -= 360;
  return d;
}

/** Free adjustment: up to 10° in any formation. */
export const FREE_TURN = 10;
/** An about face lands within this many degrees of 180° (so a 10° adjustment may ride on it). */
const ABOUT_FACE_SLACK = 10;

export type FacingCost = { ok: true; cost: number; aboutFace: boolean } | { ok: false; reason: string };

/** Which of the text's two facing rules a formation follows. */
export type TurnClass = 'line' | 'column' | 'echelon' | 'free';

export function turnClass(arm: Arm, type: string, formation: TacticalFormation): TurnClass {
  // Caissons suffer no turning penalties; Interpretation: all non-engineer train alike.
  if (arm === 'train' && type !== 'engineers') return 'free';
  // Interpretation: a square faces every way at once, so turning it costs nothing.
  if (formation === 'square') return 'free';
  if (formation === 'echelon') return 'echelon';
  if (formation === 'column' || formation === 'road-column' || formation === 'limbered') return 'column';
  // Line, supported line, skirmish screens (wheeled about one end) and unlimbered guns turn as a line.
  return 'line';
}

/**
 * Cost in actions of ending a move `turn` degrees from where it started. Line: ≤10° free, ≤45° 1, ≤90° 2.
 * Column: ≤10° free, ≤45° ½, ≤90° 1, ≤135° 2, never more. Echelon: line costs, never past 45°. About face
 * (180° ± 10°): 1 action in any formation.
 */
export function facingCost(cls: TurnClass, turn: number): FacingCost {
  const a = Math.abs(turnBetween(0, turn));
  const eps = 1e-9;
  if (a <= FREE_TURN + eps || cls === 'free') return { ok: true, cost: 0, aboutFace: false };
  if (a >= 180 - ABOUT_FACE_SLACK - eps) return { ok: true, cost: 1, aboutFace: true };
  if (cls === 'column') {
    if (a <= 45 + eps) return { ok: true, cost: 0.5, aboutFace: false };
    if (a <= 90 + eps) return { ok: true, cost: 1, aboutFace: false };
    if (a <= 135 + eps) return { ok: true, cost: 2, aboutFace: false };
    return { ok: false, reason: `a column turns at most 135° in one move (asked ${round(a)}°)` };
  }
  if (cls === 'echelon') {
    if (a <= 45 + eps) return { ok: true, cost: 1, aboutFace: false };
    return { ok: false, reason: `an echelon turns at most 45° (asked ${round(a)}°)` };
  }
  if (a <= 45 + eps) return { ok: true, cost: 1, aboutFace: false };
  if (a <= 90 + eps) return { ok: true, cost: 2, aboutFace: false };
  return { ok: false, reason: `a line turns at most 90° in one move (asked ${round(a)}°); an about face turns 180°` };
}

const round = (x: number): number => Math.round(x * 100) / 100;
