import { describe, it, expect } from 'vitest';
import {
  boundingBox,
  clipPolygonToConvex,
  distanceToPath,
  distanceToSegment,
  ellipsePolygon,
  overlapArea,
  pointInPolygon,
  pointInRect,
  pointOnPath,
  pointOnSegment,
  polygonArea,
  polygonCentroid,
  polygonsIntersect,
  rectanglePolygon,
  segmentContact,
  segmentsIntersect,
  selfIntersection,
  signedArea,
} from './geometry.js';
import type { Point } from './model.js';

const square: Point[] = [
  [0, 0],
  [4, 0],
  [4, 4],
  [0, 4],
];
// An L shape: concave, area 12.
const ell: Point[] = [
  [0, 0],
  [4, 0],
  [4, 2],
  [2, 2],
  [2, 4],
  [0, 4],
];

describe('pointInPolygon', () => {
  it('separates inside from outside, boundary inclusive', () => {
    expect(pointInPolygon([2, 2], square)).toBe(true);
    expect(pointInPolygon([5, 2], square)).toBe(false);
    expect(pointInPolygon([4, 2], square)).toBe(true);
    expect(pointInPolygon([0, 0], square)).toBe(true);
    expect(pointInPolygon([-1e-6, 2], square)).toBe(false);
  });

  it('handles concave polygons and rays through vertices', () => {
    expect(pointInPolygon([1, 3], ell)).toBe(true);
    expect(pointInPolygon([3, 3], ell)).toBe(false);
    // y = 2 passes exactly through two vertices of the L.
    expect(pointInPolygon([1, 2], ell)).toBe(true);
    expect(pointInPolygon([-1, 2], ell)).toBe(false);
  });
});

describe('distances', () => {
  it('measures to the nearest point of a segment, including its ends', () => {
    expect(distanceToSegment([5, 3], [0, 0], [10, 0])).toBeCloseTo(3);
    expect(distanceToSegment([13, 4], [0, 0], [10, 0])).toBeCloseTo(5);
    expect(distanceToSegment([-3, -4], [0, 0], [10, 0])).toBeCloseTo(5);
    expect(distanceToSegment([3, 4], [0, 0], [0, 0])).toBeCloseTo(5);
  });

  it('takes the nearest leg of a polyline', () => {
    const path: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
    ];
    expect(distanceToPath([12, 5], path)).toBeCloseTo(2);
    expect(distanceToPath([5, 1], path)).toBeCloseTo(1);
    expect(distanceToPath([3, 4], [[0, 0]])).toBeCloseTo(5);
    expect(distanceToPath([3, 4], [])).toBe(Infinity);
  });

  it('tests points on segments and paths with a tolerance', () => {
    expect(pointOnSegment([5, 0], [0, 0], [10, 0])).toBe(true);
    expect(pointOnSegment([5, 0.01], [0, 0], [10, 0])).toBe(false);
    expect(pointOnSegment([5, 0.01], [0, 0], [10, 0], 0.05)).toBe(true);
    expect(pointOnSegment([11, 0], [0, 0], [10, 0])).toBe(false);
    expect(pointOnPath([10, 5], [[0, 0], [10, 0], [10, 10]])).toBe(true);
  });
});

describe('segments', () => {
  it('classifies proper crossings, touches, overlaps and misses', () => {
    expect(segmentContact([0, 0], [4, 4], [0, 4], [4, 0])).toBe('proper');
    expect(segmentContact([0, 0], [4, 0], [2, 0], [2, 3])).toBe('touch'); // T junction
    expect(segmentContact([0, 0], [4, 0], [4, 0], [6, 2])).toBe('touch'); // shared end
    expect(segmentContact([0, 0], [4, 0], [2, 0], [6, 0])).toBe('overlap');
    expect(segmentContact([0, 0], [4, 0], [4, 0], [6, 0])).toBe('touch'); // collinear, end to end
    expect(segmentContact([0, 0], [4, 0], [5, 0], [6, 0])).toBe('none'); // collinear, apart
    expect(segmentContact([0, 0], [4, 0], [0, 1], [4, 1])).toBe('none'); // parallel
    expect(segmentContact([0, 0], [4, 0], [5, -1], [5, 1])).toBe('none'); // line crosses beyond the end
  });

  it('segmentsIntersect counts touching as intersecting', () => {
    expect(segmentsIntersect([0, 0], [4, 4], [0, 4], [4, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [4, 0], [2, 0], [2, 3])).toBe(true);
    expect(segmentsIntersect([0, 0], [4, 0], [2, 0.001], [2, 3])).toBe(false);
  });
});

describe('selfIntersection', () => {
  it('finds the crossing edges of a bow tie', () => {
    const bowTie: Point[] = [
      [0, 0],
      [4, 4],
      [4, 0],
      [0, 4],
    ];
    // Edge 0 ([0,0]→[4,4]) crosses edge 2 ([4,0]→[0,4]).
    expect(selfIntersection(bowTie)).toEqual({ edgeA: 0, edgeB: 2 });
  });

  it('accepts convex and concave simple polygons', () => {
    expect(selfIntersection(square)).toBeNull();
    expect(selfIntersection(ell)).toBeNull();
    expect(selfIntersection(ellipsePolygon(10, 10, 5, 3, 32))).toBeNull();
  });

  it('ignores repeated consecutive points and a closing duplicate', () => {
    const repeated: Point[] = [[0, 0], [0, 0], [4, 0], [4, 4], [4, 4], [0, 4], [0, 0]];
    expect(selfIntersection(repeated)).toBeNull();
  });

  it('reports indices of the polygon as given when duplicates are present', () => {
    const bowTie: Point[] = [[0, 0], [0, 0], [4, 4], [4, 0], [0, 4]];
    // Edge 0 is zero-length; the diagonal [0,0]→[4,4] is edge 1, the other is edge 3.
    expect(selfIntersection(bowTie)).toEqual({ edgeA: 1, edgeB: 3 });
  });

  it('catches the closing edge crossing another edge', () => {
    const poly: Point[] = [
      [6, 0],
      [6, 6],
      [0, 0],
      [0, 6],
    ];
    // Edge 1 ([6,6]→[0,0]) crosses the closing edge 3 ([0,6]→[6,0]).
    expect(selfIntersection(poly)).toEqual({ edgeA: 1, edgeB: 3 });
  });

  it('flags a pinched figure eight and a fold-back spike', () => {
    const pinched: Point[] = [[0, 0], [4, 0], [2, 2], [4, 4], [0, 4], [2, 2]];
    expect(selfIntersection(pinched)).not.toBeNull();
    const spike: Point[] = [[0, 0], [10, 0], [5, 0], [5, 5]];
    expect(selfIntersection(spike)).toEqual({ edgeA: 0, edgeB: 1 });
  });
});

describe('area, centroid, box', () => {
  it('computes absolute area whatever the winding', () => {
    expect(polygonArea(square)).toBeCloseTo(16);
    expect(polygonArea([...square].reverse())).toBeCloseTo(16);
    expect(polygonArea(ell)).toBeCloseTo(12);
    expect(Math.sign(signedArea(square))).toBe(-Math.sign(signedArea([...square].reverse())));
  });

  it('finds area centroids, not vertex averages', () => {
    const [cx, cy] = polygonCentroid(ell);
    // L = 4×2 bar (centroid [2,1], area 8) + 2×2 block (centroid [1,3], area 4).
    expect(cx).toBeCloseTo((2 * 8 + 1 * 4) / 12);
    expect(cy).toBeCloseTo((1 * 8 + 3 * 4) / 12);
    const far = polygonCentroid(rectanglePolygon(1000, 2000, 2, 4));
    expect(far[0]).toBeCloseTo(1001);
    expect(far[1]).toBeCloseTo(2002);
  });

  it('falls back to the vertex average for a degenerate polygon', () => {
    expect(polygonCentroid([[0, 0], [2, 0], [4, 0]])).toEqual([2, 0]);
    expect(() => polygonCentroid([])).toThrow(RangeError);
  });

  it('boxes points', () => {
    expect(boundingBox(ell)).toEqual({ minX: 0, minY: 0, maxX: 4, maxY: 4 });
    expect(boundingBox([[3, -1], [-2, 5]])).toEqual({ minX: -2, minY: -1, maxX: 3, maxY: 5 });
    expect(boundingBox([])).toBeNull();
  });

  it('pointInRect includes the table edges', () => {
    expect(pointInRect([0, 0], 36, 24)).toBe(true);
    expect(pointInRect([36, 24], 36, 24)).toBe(true);
    expect(pointInRect([36.01, 10], 36, 24)).toBe(false);
    expect(pointInRect([10, -0.01], 36, 24)).toBe(false);
  });
});

describe('shape builders', () => {
  it('builds a rectangle clockwise from the north-west corner and normalises negative sizes', () => {
    expect(rectanglePolygon(2, 3, 4, 5)).toEqual([[2, 3], [6, 3], [6, 8], [2, 8]]);
    expect(rectanglePolygon(6, 8, -4, -5)).toEqual([[2, 3], [6, 3], [6, 8], [2, 8]]);
  });

  it('approximates an ellipse whose area tends to πab', () => {
    const e = ellipsePolygon(10, 5, 4, 2, 256);
    expect(e).toHaveLength(256);
    expect(e[0]).toEqual([14, 5]);
    expect(polygonArea(e)).toBeCloseTo(Math.PI * 8, 1);
    for (const [x, y] of e) expect(((x - 10) / 4) ** 2 + ((y - 5) / 2) ** 2).toBeCloseTo(1);
    expect(() => ellipsePolygon(0, 0, 1, 1, 2)).toThrow(RangeError);
  });
});

describe('clipping and overlap', () => {
  const cell = rectanglePolygon(0, 0, 6, 6);

  it('clips a polygon covering half a cell', () => {
    const westHalf = rectanglePolygon(-3, -3, 6, 12);
    expect(overlapArea(westHalf, cell) / 36).toBeCloseTo(0.5);
    const clipped = clipPolygonToConvex(westHalf, cell);
    for (const [x, y] of clipped) {
      expect(x).toBeGreaterThanOrEqual(-1e-9);
      expect(x).toBeLessThanOrEqual(3 + 1e-9);
      expect(y).toBeGreaterThanOrEqual(-1e-9);
      expect(y).toBeLessThanOrEqual(6 + 1e-9);
    }
  });

  it('works with either winding of the clip polygon and a triangle over a diagonal', () => {
    const triangle: Point[] = [
      [0, 0],
      [6, 0],
      [0, 6],
    ];
    expect(overlapArea(triangle, cell)).toBeCloseTo(18);
    expect(overlapArea(triangle, [...cell].reverse())).toBeCloseTo(18);
  });

  it('measures a concave subject correctly', () => {
    // The L scaled ×3: its notch is x>6, y>6, so the cell at the origin lies wholly inside it.
    const bigL = ell.map(([x, y]) => [x * 3, y * 3] as Point);
    expect(overlapArea(bigL, cell)).toBeCloseTo(36);
    // A cell in the notch holds nothing; one straddling the notch's corner holds three quarters.
    expect(overlapArea(bigL, rectanglePolygon(7, 7, 4, 4))).toBeCloseTo(0);
    expect(overlapArea(bigL, rectanglePolygon(3, 3, 6, 6))).toBeCloseTo(27);
  });

  it('is zero for disjoint polygons and full for containment', () => {
    expect(overlapArea(rectanglePolygon(10, 10, 2, 2), cell)).toBe(0);
    expect(overlapArea(rectanglePolygon(-10, -10, 30, 30), cell)).toBeCloseTo(36);
  });

  it('polygonsIntersect detects crossing, containment and separation', () => {
    expect(polygonsIntersect(cell, rectanglePolygon(5, 5, 3, 3))).toBe(true);
    expect(polygonsIntersect(cell, rectanglePolygon(1, 1, 1, 1))).toBe(true);
    expect(polygonsIntersect(rectanglePolygon(1, 1, 1, 1), cell)).toBe(true);
    expect(polygonsIntersect(cell, rectanglePolygon(7, 0, 3, 3))).toBe(false);
  });
});
