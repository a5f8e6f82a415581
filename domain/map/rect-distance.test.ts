import { describe, expect, it } from 'vitest';
import { baseCorners, baseDistance, fireArcPolygon, fireRange, frontEdge, heading, inFireArc, type Base } from './rect-distance.js';

const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));

// A 10" × 1" line facing north, centred on (10, 10): front edge y = 9.5 from x 5 to 15.
const north: Base = { at: [10, 10], facing: 0, width: 10, depth: 1 };

describe('bases on the open table', () => {
  it('turns facing into a heading clockwise from north, y growing south', () => {
    close(heading(0), [0, -1]);
    close(heading(90), [1, 0]);
    close(heading(180), [0, 1]);
    close(heading(270), [-1, 0]);
  });

  it('puts the corners front-left, front-right, rear-right, rear-left about the centre', () => {
    const c = baseCorners(north);
    close(c.flat(), [5, 9.5, 15, 9.5, 15, 10.5, 5, 10.5]);
    // Facing east, the front edge is the east side, its left corner to the north.
    close(frontEdge({ at: [0, 0], facing: 90, width: 4, depth: 2 }).flat(), [1, -2, 1, 2]);
  });
});

describe('edge-to-edge distance', () => {
  it('measures the gap between facing edges, not between centres', () => {
    // A 2" × 2" block whose south edge is 3" north of the line's front edge.
    expect(baseDistance(north, { at: [10, 5.5], facing: 180, width: 2, depth: 2 })).toBeCloseTo(3, 9);
  });

  it('is 0 when the rectangles touch or overlap', () => {
    expect(baseDistance(north, { at: [10, 8.5], facing: 0, width: 2, depth: 2 })).toBe(0);
    expect(baseDistance(north, { at: [10, 10], facing: 45, width: 1, depth: 1 })).toBe(0);
  });

  it('measures corner to corner on a diagonal', () => {
    // A 2" square with its south-west corner at (18, 6.5): 3" east and 3" north of the front-right corner.
    expect(baseDistance(north, { at: [19, 5.5], facing: 0, width: 2, depth: 2 })).toBeCloseTo(Math.hypot(3, 3), 9);
  });

  it('measures to a turned target at its nearest corner', () => {
    // A 2" square turned 45° whose lowest corner is at (10, 9.5 − 2): its centre is √2 above it.
    expect(baseDistance(north, { at: [10, 7.5 - Math.SQRT2], facing: 45, width: 2, depth: 2 })).toBeCloseTo(2, 9);
  });
});

describe('fire range and arc', () => {
  it('ranges from the front edge, so a target behind is as far as the depth more', () => {
    const ahead: Base = { at: [10, 4.5], facing: 180, width: 4, depth: 1 };
    const behind: Base = { at: [10, 15.5], facing: 0, width: 4, depth: 1 };
    expect(fireRange(north, ahead)).toBeCloseTo(4.5, 9);
    expect(fireRange(north, behind)).toBeCloseTo(5.5, 9);
  });

  it('takes a target straight ahead and refuses one behind', () => {
    expect(inFireArc(north, { at: [10, 4], facing: 180, width: 4, depth: 1 })).toBe(true);
    expect(inFireArc(north, { at: [10, 16], facing: 0, width: 4, depth: 1 })).toBe(false);
  });

  it('opens 22.5° outward from each front corner', () => {
    // 8" ahead of the front edge the arc reaches 8·tan 22.5° ≈ 3.31" beyond the right corner (x 15).
    const edge = 15 + 8 * Math.tan(Math.PI / 8);
    // A 1" square whose far side is 8" ahead: its far corner nearest the firer is where the arc is widest.
    const at = (x: number): Base => ({ at: [x, 9.5 - 8 + 0.5], facing: 0, width: 1, depth: 1 });
    expect(inFireArc(north, at(edge + 0.4))).toBe(true);
    expect(inFireArc(north, at(edge + 0.6))).toBe(false);
    // The same on the left.
    const left = 5 - 8 * Math.tan(Math.PI / 8);
    expect(inFireArc(north, at(left - 0.4))).toBe(true);
    expect(inFireArc(north, at(left - 0.6))).toBe(false);
  });

  it('counts a target partly in the arc', () => {
    // A long line ahead whose only part in arc is its east end.
    expect(inFireArc(north, { at: [-10, 3], facing: 0, width: 32, depth: 1 })).toBe(true);
  });

  it('draws the arc from the front corners out to the range', () => {
    const poly = fireArcPolygon(north, 8, 4);
    close(poly[0]!, [5, 9.5]);
    close(poly.at(-1)!, [15, 9.5]);
    // The left ray's far end, and straight ahead of each corner at the range.
    close(poly[1]!, [5 - 8 * Math.sin(Math.PI / 8), 9.5 - 8 * Math.cos(Math.PI / 8)]);
    close(poly[5]!, [5, 1.5]);
    close(poly[6]!, [15, 1.5]);
  });
});
