// A line charged by cavalry from outside its front ('Cavalry Charges Against Infantry or Artillery' step 3 and the
// ride-down examples; rules notes §15). Whether a line is "hit from the front" — and so may stand off cavalry with
// 1.5 infantry figures per horseman — is decided by where the cavalry started its charge: when half or more of the
// cavalry unit's rectangle lay outside the line's front arc, the line is ridden down unless it faced the charge or
// formed square. The front arc is the rules' only one: ahead of the front edge between rays from the front corners
// turned 22.5° outward (the "45° front arc" of the example). Started with more than half inside, the charge is a
// front charge whatever face it reaches, and the frontage rule decides. A flank held refused on the side struck is
// a front of its own and is left to the refused-flank rule.
import type { Point } from '../../domain/model.js';
import { frontRankFigures, perFigure, rectOf } from './footprint.js';
import { arcRegion, rectCorners, type Rect } from './geometry.js';
import type { CavalryCharge } from './melee.js';
import { flankSideOf, refusedFlank } from './refused-flank.js';
import type { CloseAction, NeGameState } from './state.js';
import type { NeUnit } from './types.js';

const isLine = (u: NeUnit): boolean => u.arm === 'infantry' && (u.formation === 'line' || u.formation === 'supported-line');

function area(p: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i]!;
    const [x2, y2] = p[(i + 1) % p.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

/** The part of convex polygon `subject` inside convex polygon `clip` (Sutherland–Hodgman). */
function clipConvex(subject: readonly Point[], clip: readonly Point[]): Point[] {
  const sign = Math.sign(area(clip)) || 1;
  let out: Point[] = [...subject];
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const side = (p: Point) => sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]));
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) out.push(p);
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
      }
    }
  }
  return out;
}

/** The share (0–1) of `cavalry`'s rectangle inside the front arc of `target`'s. */
export function shareInFrontArc(cavalry: Rect, target: Rect): number {
  const corners = rectCorners(cavalry);
  const whole = Math.abs(area(corners));
  if (whole === 0) return 0;
  return Math.abs(area(clipConvex(corners, arcRegion(target)))) / whole;
}

/** At the charge's declaration (before the cavalry moves): notes where it started against an infantry line. */
export function noteChargeStart(s: NeGameState, c: CloseAction, cavalry: NeUnit, target: NeUnit): void {
  if (cavalry.arm !== 'cavalry' || !isLine(target)) return;
  const inside = shareInFrontArc(rectOf(cavalry, s.table), rectOf(target, s.table)) > 0.5 + 1e-9;
  c.start = { inFront: inside, facing: target.facing };
}

/** The ride-down decision by where the cavalry started, while the line still faces as it did and stands in line. */
export function rideDownByStart(s: NeGameState, c: CloseAction, cavalry: NeUnit, target: NeUnit, sit: CavalryCharge): CavalryCharge {
  if (!c.start || !isLine(target) || Math.abs(target.facing - c.start.facing) > 1e-9) return sit;
  if (refusedFlank(s, target) === flankSideOf(target, [cavalry.x, cavalry.y]) && sit.aspect === 'front') return sit;
  if (!c.start.inFront) return sit.rideDown ? sit : { ...sit, rideDown: true, odds: { attacker: 1, defender: 0, again: 0 } };
  // Started in front: the line's front rank against the horsemen its front could meet, rounded in their favour.
  const contact = Math.min(frontRankFigures(cavalry), Math.max(1, Math.ceil((frontRankFigures(target) * perFigure(target)) / perFigure(cavalry) - 1e-9)));
  const down = frontRankFigures(target) < Math.ceil(1.5 * contact - 1e-9);
  return { ...sit, rideDown: down, odds: down ? { attacker: 1, defender: 0, again: 0 } : { attacker: 0, defender: 1, again: 0 } };
}
