// Planar helpers on table coordinates (inches, x east, y south). Pure functions, no allocation-heavy tricks:
// scenario maps hold a few dozen features, so clarity wins over speed.
import type { Point } from './model.js';

/**
 * Default tolerance, in inches. Table inches are human-scale numbers, so anything closer than a billionth of an
 * inch is the same place; the tolerance only absorbs floating-point noise from sums and products.
 */
export const EPSILON = 1e-9;

export interface BoundingBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export type SegmentContact = 'none' | 'proper' | 'touch' | 'overlap';

/** A finite [x, y] pair; documents that break the schema still reach drawing and checks, so inputs are tested. */
export function isPoint(value: unknown): value is Point {
  return Array.isArray(value) && value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]);
}

/** The usable points of a polygon or path, skipping malformed ones. */
export function validPoints(value: unknown): Point[] {
  return Array.isArray(value) ? value.filter(isPoint) : [];
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function pointsEqual(a: Point, b: Point, tolerance = EPSILON): boolean {
  return Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;
}

/** Twice the signed area of triangle a-b-c: > 0 when c lies to the left of a→b in a y-up frame. */
export function cross(a: Point, b: Point, c: Point): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

export function closestPointOnSegment(p: Point, a: Point, b: Point): Point {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return [a[0], a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return [a[0] + t * dx, a[1] + t * dy];
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  return distance(p, closestPointOnSegment(p, a, b));
}

/** Distance to a polyline. A one-point path is a point; an empty one is infinitely far, so it never matches. */
export function distanceToPath(p: Point, path: readonly Point[]): number {
  const first = path[0];
  if (first === undefined) return Infinity;
  if (path.length === 1) return distance(p, first);
  let best = Infinity;
  for (let i = 0; i + 1 < path.length; i++) {
    best = Math.min(best, distanceToSegment(p, path[i]!, path[i + 1]!));
  }
  return best;
}

export function pointOnSegment(p: Point, a: Point, b: Point, tolerance = EPSILON): boolean {
  return distanceToSegment(p, a, b) <= tolerance;
}

export function pointOnPath(p: Point, path: readonly Point[], tolerance = EPSILON): boolean {
  return distanceToPath(p, path) <= tolerance;
}

export function pointOnPolygonBoundary(p: Point, polygon: readonly Point[], tolerance = EPSILON): boolean {
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    if (pointOnSegment(p, polygon[i]!, polygon[(i + 1) % n]!, tolerance)) return true;
  }
  return false;
}

/**
 * Even-odd test. Points on the boundary (within `tolerance`) count as inside: a unit standing exactly on a wood's
 * edge is in contact with it, and cell lookups must not lose points that fall on a shared edge.
 */
export function pointInPolygon(p: Point, polygon: readonly Point[], tolerance = EPSILON): boolean {
  const n = polygon.length;
  if (n < 3) return n > 0 && pointOnPolygonBoundary(p, polygon, tolerance);
  if (pointOnPolygonBoundary(p, polygon, tolerance)) return true;
  let inside = false;
  const [x, y] = p;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    // Half-open rule on y so a ray passing through a vertex is counted once.
    if (yi > y !== yj > y) {
      const xCross = xi + ((y - yi) * (xj - xi)) / (yj - yi);
      if (x < xCross) inside = !inside;
    }
  }
  return inside;
}

/** Inclusive on every edge so a point on the table edge (e.g. an entry point at [18, 0]) is on the table. */
export function pointInRect(p: Point, width: number, height: number): boolean {
  return p[0] >= 0 && p[0] <= width && p[1] >= 0 && p[1] <= height;
}

function sign(value: number, tolerance: number): -1 | 0 | 1 {
  return value > tolerance ? 1 : value < -tolerance ? -1 : 0;
}

/**
 * How segment a-b meets segment c-d: `proper` when they cross at one interior point of both, `touch` when they
 * meet at a single point that is an end of at least one, `overlap` when collinear and sharing more than a point.
 */
export function segmentContact(a: Point, b: Point, c: Point, d: Point, tolerance = EPSILON): SegmentContact {
  // Scale the orientation tolerance by segment length so it stays a distance, not an area.
  const scale = Math.max(distance(a, b), distance(c, d), 1);
  const t = tolerance * scale;
  const o1 = sign(cross(a, b, c), t);
  const o2 = sign(cross(a, b, d), t);
  const o3 = sign(cross(c, d, a), t);
  const o4 = sign(cross(c, d, b), t);

  if (o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) {
    return o1 !== o2 && o3 !== o4 ? 'proper' : 'none';
  }
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    // Collinear: project on the longer direction and compare the intervals.
    const useX = Math.abs(b[0] - a[0]) + Math.abs(d[0] - c[0]) >= Math.abs(b[1] - a[1]) + Math.abs(d[1] - c[1]);
    const k = useX ? 0 : 1;
    const lo1 = Math.min(a[k], b[k]);
    const hi1 = Math.max(a[k], b[k]);
    const lo2 = Math.min(c[k], d[k]);
    const hi2 = Math.max(c[k], d[k]);
    const shared = Math.min(hi1, hi2) - Math.max(lo1, lo2);
    if (shared < -tolerance) return 'none';
    return shared > tolerance ? 'overlap' : 'touch';
  }
  // At least one endpoint is on the other segment's line: it is a contact only if it is within the segment.
  if (
    (o1 === 0 && pointOnSegment(c, a, b, tolerance)) ||
    (o2 === 0 && pointOnSegment(d, a, b, tolerance)) ||
    (o3 === 0 && pointOnSegment(a, c, d, tolerance)) ||
    (o4 === 0 && pointOnSegment(b, c, d, tolerance))
  ) {
    return 'touch';
  }
  return 'none';
}

/** True when the closed segments a-b and c-d share at least one point (crossing, touching or overlapping). */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point, tolerance = EPSILON): boolean {
  return segmentContact(a, b, c, d, tolerance) !== 'none';
}

/**
 * The first pair of edges that makes the polygon non-simple, or null. Edge i runs from vertex i to vertex i+1, the
 * last edge closes back to vertex 0; indices refer to the polygon as given so an editor can highlight them.
 *
 * Repeated consecutive points (including a last point equal to the first) are drawing artefacts, not
 * intersections: their zero-length edges are skipped, and edges either side of them count as adjacent.
 * Non-adjacent edges are reported if they cross, touch or overlap (a pinched "figure eight" is not simple).
 * Adjacent edges share a vertex by construction, so they are reported only if they fold back over each other.
 */
export function selfIntersection(
  polygon: readonly Point[],
  tolerance = EPSILON,
  budget?: { pairs: number },
): { edgeA: number; edgeB: number } | null | 'too-complex' {
  const n = polygon.length;
  const edges: { index: number; pos: number; a: Point; b: Point; minX: number; maxX: number; minY: number; maxY: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    if (pointsEqual(a, b, tolerance)) continue;
    const [minX, maxX] = a[0] < b[0] ? [a[0], b[0]] : [b[0], a[0]];
    const [minY, maxY] = a[1] < b[1] ? [a[1], b[1]] : [b[1], a[1]];
    edges.push({ index: i, pos: edges.length, a, b, minX, maxX, minY, maxY });
  }
  const m = edges.length;
  // Only edges whose boxes meet can touch: sweep them in order of their west end, so a long outline costs about
  // as many tests as it has edges near one another, not the square of its length. Of all the pairs that meet,
  // the first in outline order is reported, as a plain double loop over the outline would.
  const order = [...edges].sort((e, f) => e.minX - f.minX);
  let best: { i: number; j: number } | null = null;
  for (let s = 0; s < m; s++) {
    const e = order[s]!;
    for (let t = s + 1; t < m; t++) {
      const f = order[t]!;
      if (f.minX > e.maxX + tolerance) break;
      if (f.minY > e.maxY + tolerance || f.maxY < e.minY - tolerance) continue;
      if (budget && --budget.pairs < 0) return 'too-complex';
      const [i, j] = e.pos < f.pos ? [e.pos, f.pos] : [f.pos, e.pos];
      if (best && (i > best.i || (i === best.i && j > best.j))) continue;
      const adjacent = j === i + 1 || (i === 0 && j === m - 1);
      const contact = segmentContact(edges[i]!.a, edges[i]!.b, edges[j]!.a, edges[j]!.b, tolerance);
      if (adjacent ? contact === 'overlap' : contact !== 'none') best = { i, j };
    }
  }
  return best && { edgeA: edges[best.i]!.index, edgeB: edges[best.j]!.index };
}

/** Positive when the vertices run clockwise on the table (y south), i.e. counter-clockwise in a y-up frame. */
export function signedArea(polygon: readonly Point[]): number {
  let sum = 0;
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % n]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

export function polygonArea(polygon: readonly Point[]): number {
  return Math.abs(signedArea(polygon));
}

/**
 * Area centroid. A degenerate polygon (zero area, e.g. all points on a line) has none, so the vertex average is
 * used: a label still lands somewhere sensible. Throws on an empty polygon, which has no position at all.
 */
export function polygonCentroid(polygon: readonly Point[]): Point {
  const n = polygon.length;
  if (n === 0) throw new RangeError('polygonCentroid: empty polygon');
  const area = signedArea(polygon);
  if (Math.abs(area) <= EPSILON) {
    let sx = 0;
    let sy = 0;
    for (const [x, y] of polygon) {
      sx += x;
      sy += y;
    }
    return [sx / n, sy / n];
  }
  // Shift to the first vertex so large coordinates don't swamp the products.
  const [ox, oy] = polygon[0]!;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    const x1 = polygon[i]![0] - ox;
    const y1 = polygon[i]![1] - oy;
    const x2 = polygon[(i + 1) % n]![0] - ox;
    const y2 = polygon[(i + 1) % n]![1] - oy;
    const f = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * f;
    cy += (y1 + y2) * f;
  }
  return [ox + cx / (6 * area), oy + cy / (6 * area)];
}

/** Null for no points: there is no box, and a zero box at the origin would be a lie. */
export function boundingBox(points: readonly Point[]): BoundingBox | null {
  if (points.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

export function boxesOverlap(a: BoundingBox, b: BoundingBox, tolerance = EPSILON): boolean {
  return (
    a.minX <= b.maxX + tolerance &&
    b.minX <= a.maxX + tolerance &&
    a.minY <= b.maxY + tolerance &&
    b.minY <= a.maxY + tolerance
  );
}

/**
 * An ellipse approximated by `segments` vertices, starting due east and running clockwise on the table.
 * 24 segments keep the chord error under 1% of the radius, which is invisible at map scale.
 */
export function ellipsePolygon(cx: number, cy: number, rx: number, ry: number, segments = 24): Point[] {
  if (!Number.isInteger(segments) || segments < 3) {
    throw new RangeError(`ellipsePolygon: segments must be an integer >= 3, got ${segments}`);
  }
  const points: Point[] = [];
  for (let i = 0; i < segments; i++) {
    const angle = (2 * Math.PI * i) / segments;
    points.push([cx + Math.abs(rx) * Math.cos(angle), cy + Math.abs(ry) * Math.sin(angle)]);
  }
  return points;
}

/**
 * Corners clockwise on the table from the north-west one. A negative width or height is normalised, because an
 * editor drag may go up or left from the first click.
 */
export function rectanglePolygon(x: number, y: number, w: number, h: number): Point[] {
  const x0 = Math.min(x, x + w);
  const y0 = Math.min(y, y + h);
  const x1 = Math.max(x, x + w);
  const y1 = Math.max(y, y + h);
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

function lineIntersection(p1: Point, p2: Point, q1: Point, q2: Point): Point {
  const d = (p1[0] - p2[0]) * (q1[1] - q2[1]) - (p1[1] - p2[1]) * (q1[0] - q2[0]);
  // Parallel lines only reach here through rounding at a shared boundary; either end point is then correct.
  if (d === 0) return [p2[0], p2[1]];
  const a = p1[0] * p2[1] - p1[1] * p2[0];
  const b = q1[0] * q2[1] - q1[1] * q2[0];
  return [(a * (q1[0] - q2[0]) - (p1[0] - p2[0]) * b) / d, (a * (q1[1] - q2[1]) - (p1[1] - p2[1]) * b) / d];
}

/**
 * Sutherland–Hodgman: the part of `subject` inside the convex polygon `clip` (either winding). The subject may be
 * concave; the result may then contain zero-width bridges along the clip boundary, which add no area, so the
 * result is right for area measurement but should not be drawn as-is.
 */
export function clipPolygonToConvex(subject: readonly Point[], clip: readonly Point[]): Point[] {
  if (clip.length < 3) return [];
  // Inside means on the same side of every clip edge as the clip's own interior.
  const orientation = signedArea(clip) >= 0 ? 1 : -1;
  let output: Point[] = subject.map((p): Point => [p[0], p[1]]);
  for (let i = 0; i < clip.length && output.length > 0; i++) {
    const c1 = clip[i]!;
    const c2 = clip[(i + 1) % clip.length]!;
    const inside = (p: Point): boolean => orientation * cross(c1, c2, p) >= -EPSILON;
    const input = output;
    output = [];
    for (let j = 0; j < input.length; j++) {
      const current = input[j]!;
      const previous = input[(j + input.length - 1) % input.length]!;
      const currentIn = inside(current);
      const previousIn = inside(previous);
      if (currentIn) {
        if (!previousIn) output.push(lineIntersection(previous, current, c1, c2));
        output.push(current);
      } else if (previousIn) {
        output.push(lineIntersection(previous, current, c1, c2));
      }
    }
  }
  return output;
}

/** Area of `subject` inside the convex polygon `convex`, in square inches. */
export function overlapArea(subject: readonly Point[], convex: readonly Point[]): number {
  const clipped = clipPolygonToConvex(subject, convex);
  return clipped.length < 3 ? 0 : polygonArea(clipped);
}

/** True when two polygons share any point: an edge meets an edge, or one lies wholly inside the other. */
export function polygonsIntersect(a: readonly Point[], b: readonly Point[], tolerance = EPSILON): boolean {
  const boxA = boundingBox(a);
  const boxB = boundingBox(b);
  if (!boxA || !boxB || !boxesOverlap(boxA, boxB, tolerance)) return false;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      if (segmentsIntersect(a[i]!, a[(i + 1) % a.length]!, b[j]!, b[(j + 1) % b.length]!, tolerance)) return true;
    }
  }
  return pointInPolygon(a[0]!, b, tolerance) || pointInPolygon(b[0]!, a, tolerance);
}
