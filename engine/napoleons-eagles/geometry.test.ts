// Geometry of the table (notes §11: measuring base edge to base edge, the 22.5° fire arc, the face a charge
// strikes). Exact cases worked by hand, then properties over seeded random rectangles (engine/dice.ts).
import { describe, expect, it } from 'vitest';
import type { Point } from '../../domain/model.js';
import { randomBelow, seedRng, type RngState } from '../dice.js';
import {
  aspectOf,
  bearing,
  frontEdgeDistance,
  heading,
  inFrontArc,
  lengthInside,
  pointInPolygon,
  rectCorners,
  rectDistance,
  rectsMeet,
  rectsOverlap,
  rotateAbout,
  segmentCrossesPolygon,
  segmentDistance,
  type Rect,
} from './geometry.js';

const rect = (x: number, y: number, width: number, depth: number, facing: number): Rect => ({ centre: [x, y], width, depth, facing });
const close = (a: number, b: number, eps = 1e-6) => expect(Math.abs(a - b)).toBeLessThan(eps);

describe('exact cases', () => {
  it('facing 0 points north (y shrinks), 90 east', () => {
    close(heading(0)[1], -1);
    close(heading(90)[0], 1);
    close(bearing([0, 0], [0, -5]), 0);
    close(bearing([0, 0], [5, 0]), 90);
    close(bearing([0, 0], [0, 5]), 180);
    close(bearing([0, 0], [-5, 0]), 270);
  });

  it('a 10" × 1" rectangle facing north has its front edge on its north side', () => {
    const [fl, fr, rr, rl] = rectCorners(rect(20, 20, 10, 1, 0));
    expect(fl[0]).toBeCloseTo(15);
    expect(fl[1]).toBeCloseTo(19.5);
    expect(fr[0]).toBeCloseTo(25);
    expect(rr[1]).toBeCloseTo(20.5);
    expect(rl[0]).toBeCloseTo(15);
  });

  it('two lines face to face 4" apart between their front edges are 4" apart', () => {
    const a = rect(20, 20, 10, 0.5, 0);
    const b = rect(20, 15.5, 10, 0.5, 180);
    close(rectDistance(a, b), 4);
    close(frontEdgeDistance(a, b), 4);
  });

  it('range runs from the front edge: a target behind is measured from the front edge, not the rear', () => {
    const a = rect(20, 20, 4, 2, 0);
    const b = rect(20, 26, 4, 2, 0); // rear edge of a at y=21, front edge at 19; b spans 25–27
    close(rectDistance(a, b), 4);
    close(frontEdgeDistance(a, b), 6);
  });

  it('the fire arc is the front edge widened by 22.5° each side', () => {
    const firer = rect(20, 20, 4, 1, 0); // front edge from (18,19.5) to (22,19.5)
    // 10" ahead the arc reaches 22 + 10·tan 22.5° = 26.14 on the right.
    expect(inFrontArc(firer, rect(26, 9.5, 0.2, 0.2, 0))).toBe(true);
    expect(inFrontArc(firer, rect(26.5, 9.5, 0.2, 0.2, 0))).toBe(false);
    expect(inFrontArc(firer, rect(20, 25, 4, 1, 0))).toBe(false); // behind
  });

  it('aspect: front within 45°, flank to 135°, rear beyond', () => {
    const target = rect(20, 20, 6, 1, 0);
    expect(aspectOf(target, [20, 10])).toBe('front');
    expect(aspectOf(target, [30, 19])).toBe('flank');
    expect(aspectOf(target, [20, 30])).toBe('rear');
    expect(aspectOf(target, [30, 10])).toBe('front'); // exactly 45°
  });

  it('length of a segment inside a square, and crossing tests', () => {
    const sq: Point[] = [[0, 0], [4, 0], [4, 4], [0, 4]];
    close(lengthInside([-2, 2], [6, 2], sq), 4);
    close(lengthInside([2, 2], [10, 2], sq), 2);
    close(lengthInside([-2, -2], [6, -2], sq), 0);
    expect(segmentCrossesPolygon([-2, 2], [6, 2], sq)).toBe(true);
    expect(segmentCrossesPolygon([-2, 5], [6, 5], sq)).toBe(false);
    expect(pointInPolygon([4, 2], sq)).toBe(true); // on the edge counts
  });

  it('segments: crossing is 0 apart, parallel ones their gap', () => {
    close(segmentDistance([0, 0], [4, 4], [0, 4], [4, 0]), 0);
    close(segmentDistance([0, 0], [4, 0], [0, 3], [4, 3]), 3);
  });
});

function rnd(s: RngState, lo: number, hi: number): number {
  return lo + (randomBelow(s, 1_000_000) / 1_000_000) * (hi - lo);
}
function randomRect(s: RngState): Rect {
  return rect(rnd(s, 0, 40), rnd(s, 0, 40), rnd(s, 0.3, 12), rnd(s, 0.3, 4), rnd(s, 0, 360));
}

describe('properties over seeded random rectangles', () => {
  const N = 400;

  it('distance is symmetric, never negative, and zero exactly when the rectangles meet', () => {
    const s = seedRng(11);
    for (let i = 0; i < N; i++) {
      const a = randomRect(s);
      const b = randomRect(s);
      const d = rectDistance(a, b);
      expect(d).toBeGreaterThanOrEqual(0);
      close(d, rectDistance(b, a), 1e-9);
      expect(d < 1e-7).toBe(rectsMeet(a, b));
      expect(rectsOverlap(a, b)).toBe(rectsOverlap(b, a));
      if (rectsOverlap(a, b)) expect(d).toBe(0);
    }
  });

  it('rectangles just touching meet but do not overlap', () => {
    const s = seedRng(12);
    for (let i = 0; i < N; i++) {
      const a = randomRect(s);
      const f = heading(a.facing);
      // A twin placed exactly one depth ahead shares the front edge.
      const b: Rect = { ...a, centre: [a.centre[0] + f[0] * a.depth, a.centre[1] + f[1] * a.depth] };
      expect(rectsMeet(a, b)).toBe(true);
      expect(rectsOverlap(a, b)).toBe(false);
      close(rectDistance(a, b), 0, 1e-7);
    }
  });

  it('turning and moving the whole table changes no distance', () => {
    const s = seedRng(13);
    for (let i = 0; i < N; i++) {
      const a = randomRect(s);
      const b = randomRect(s);
      const turn = rnd(s, 0, 360);
      const dx = rnd(s, -20, 20);
      const dy = rnd(s, -20, 20);
      const about: Point = [rnd(s, 0, 40), rnd(s, 0, 40)];
      const move = (r: Rect): Rect => {
        const c = rotateAbout(r.centre, about, turn);
        return { ...r, centre: [c[0] + dx, c[1] + dy], facing: r.facing + turn };
      };
      close(rectDistance(move(a), move(b)), rectDistance(a, b), 1e-6);
      close(frontEdgeDistance(move(a), move(b)), frontEdgeDistance(a, b), 1e-6);
      expect(rectsOverlap(move(a), move(b))).toBe(rectsOverlap(a, b));
    }
  });

  it("a rectangle's distance to itself moved d along its facing is d (once clear of itself)", () => {
    const s = seedRng(14);
    for (let i = 0; i < N; i++) {
      const a = randomRect(s);
      const d = rnd(s, 0, 20);
      const f = heading(a.facing);
      const b: Rect = { ...a, centre: [a.centre[0] + f[0] * (a.depth + d), a.centre[1] + f[1] * (a.depth + d)] };
      close(rectDistance(a, b), d, 1e-6);
      close(frontEdgeDistance(a, b), d, 1e-6);
      // Moved by less than its own depth it overlaps itself.
      const c: Rect = { ...a, centre: [a.centre[0] + f[0] * a.depth * 0.5, a.centre[1] + f[1] * a.depth * 0.5] };
      expect(rectsOverlap(a, c)).toBe(true);
      expect(rectDistance(a, c)).toBe(0);
    }
  });

  it('a target straight ahead is in arc, one straight behind is not', () => {
    const s = seedRng(15);
    for (let i = 0; i < N; i++) {
      const a = randomRect(s);
      const f = heading(a.facing);
      const k = rnd(s, a.depth + 1, 30);
      const ahead: Rect = { ...randomRect(s), centre: [a.centre[0] + f[0] * k, a.centre[1] + f[1] * k], width: 0.5, depth: 0.5 };
      const behind: Rect = { ...ahead, centre: [a.centre[0] - f[0] * k, a.centre[1] - f[1] * k] };
      expect(inFrontArc(a, ahead)).toBe(true);
      expect(inFrontArc(a, behind)).toBe(false);
    }
  });
});
