// Plane geometry for a table measured in inches (x east, y south; facing clockwise from north). Units are turned
// rectangles, terrain is polygons and paths; everything the rules measure ("base edge to base edge", the 22.5° fire
// arc, which face a charge strikes) reduces to the functions here. Pure and allocation-light.
import { cornersInto, frontEdgeOf, heading, rectCorners, type Rect } from '../../domain/map/rect-distance.js';
import type { Point } from '../../domain/model.js';

// A unit's rectangle, its corners and front edge are shared with the play view and the map editor (domain/).
export { cornersInto, frontEdgeOf, heading, rectCorners, type Rect, type Segment } from '../../domain/map/rect-distance.js';

const EPS = 1e-9;
const RAD = Math.PI / 180;

export const normAngle = (deg: number): number => ((deg % 360) + 360) % 360;

/** The signed difference b − a folded into (−180, 180]. */
export function angleDiff(a: number, b: number): number {
  const d = normAngle(b - a);
  return d > 180 ? d - 360 : d;
}

/** Bearing from a to b as a facing in [0, 360). */
export function bearing(a: Point, b: Point): number {
  return normAngle(Math.atan2(b[0] - a[0], -(b[1] - a[1])) / RAD);
}

/**
 * Math.hypot of two numbers as V8 works it out, to the last bit (a test compares them on millions of pairs): V8
 * scales by the larger magnitude and sums the squares with Kahan's compensation, which for two terms, the larger
 * scaled to exactly 1, is the plain sum below. V8's builtin takes its arguments as a list and allocates for them:
 * an eighth of the bytes an AI game allocated, at four times the time of this.
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (x !== x || y !== y) return NaN;
  const max = ax > ay ? ax : ay;
  if (max === 0) return 0;
  const r = (ax > ay ? ay : ax) / max;
  return Math.sqrt(1 + r * r) * max;
}

export const dist = (a: Point, b: Point): number => hypot(a[0] - b[0], a[1] - b[1]);
const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1];
const crossZ = (a: Point, b: Point): number => a[0] * b[1] - a[1] * b[0];
const along = (p: Point, v: Point, k: number): Point => [p[0] + v[0] * k, p[1] + v[1] * k];

export function closestOnSegment(p: Point, a: Point, b: Point): Point {
  const ab = sub(b, a);
  const l2 = dot(ab, ab);
  if (l2 === 0) return [a[0], a[1]];
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2));
  return along(a, ab, t);
}

export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  // Scalar arithmetic, no points built: this is the innermost measure of every distance the engine takes.
  const abx = b[0] - a[0];
  const aby = b[1] - a[1];
  const l2 = abx * abx + aby * aby;
  let t = l2 === 0 ? 0 : ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return hypot(p[0] - (a[0] + abx * t), p[1] - (a[1] + aby * t));
}

function orient(a: Point, b: Point, c: Point): number {
  // Scalar form of crossZ(b − a, c − a): the same products and differences, no points built.
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function onSegment(p: Point, a: Point, b: Point): boolean {
  return pointSegmentDistance(p, a, b) <= EPS * Math.max(1, dist(a, b));
}

/** Closed segments meet (crossing, touching or overlapping). */
export function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  if (((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS)) && ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))) return true;
  return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
}

export function segmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  // segmentsMeet inlined: its four end-to-segment distances (the onSegment tests) are the four the answer takes the
  // least of, so each is measured once, not twice. Same tests in the same order, same values.
  const pa = pointSegmentDistance(a, c, d);
  const pb = pointSegmentDistance(b, c, d);
  const pc = pointSegmentDistance(c, a, b);
  const pd = pointSegmentDistance(d, a, b);
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  if (((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS)) && ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))) return 0;
  const tolCd = EPS * Math.max(1, dist(c, d));
  const tolAb = EPS * Math.max(1, dist(a, b));
  if (pa <= tolCd || pb <= tolCd || pc <= tolAb || pd <= tolAb) return 0;
  return Math.min(pa, pb, pc, pd);
}

/** Terrain polygons live all game: their boxes are kept; a unit's four corners are boxed on the spot. */
const boxes = new WeakMap<readonly Point[], Float64Array>();
/** The box boxOf found last (x0, y0, x1, y1): read at once, before the next call. */
const BOX = new Float64Array(4);

function boxOf(poly: readonly Point[]): Float64Array {
  if (poly.length > 6) {
    const known = boxes.get(poly);
    if (known) return known;
  }
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const q = poly[i]!;
    if (q[0] < x0) x0 = q[0];
    if (q[0] > x1) x1 = q[0];
    if (q[1] < y0) y0 = q[1];
    if (q[1] > y1) y1 = q[1];
  }
  const box = poly.length > 6 ? new Float64Array(4) : BOX;
  box[0] = x0;
  box[1] = y0;
  box[2] = x1;
  box[3] = y1;
  if (poly.length > 6) boxes.set(poly, box);
  return box;
}

/** Even-odd, with points on the boundary inside (a unit touching a wood's edge is at the wood). */
export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  const n = poly.length;
  if (n === 0) return false;
  // Broad phase: a point outside the polygon's bounding box (with the boundary's tolerance) is outside it.
  const box = boxOf(poly);
  const x0 = box[0]!;
  const y0 = box[1]!;
  const x1 = box[2]!;
  const y1 = box[3]!;
  const m = EPS * Math.max(1, x1 - x0 + y1 - y0);
  if (p[0] < x0 - m || p[0] > x1 + m || p[1] < y0 - m || p[1] > y1 + m) return false;
  for (let i = 0; i < n; i++) if (onSegment(p, poly[i]!, poly[(i + 1) % n]!)) return true;
  if (n < 3) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    // Indexed, not destructured: destructuring walks an iterator, and this loop runs for every point tested.
    const pi = poly[i]!;
    const pj = poly[j]!;
    const xi = pi[0];
    const yi = pi[1];
    const xj = pj[0];
    const yj = pj[1];
    if (yi > p[1] !== yj > p[1] && p[0] < xi + ((p[1] - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
  }
  return inside;
}

/**
 * Whether segment a-b's box stands more than SEG_CLEAR clear of the polygon's. Every tolerance the exact tests
 * below use (a point on an edge, a crossing's ends, 1e-9 of a segment's length up to 1000") is well under it, so
 * such a segment neither touches, crosses nor enters the polygon by any of them.
 */
function segmentClearOf(a: Point, b: Point, poly: readonly Point[]): boolean {
  if (poly.length === 0) return false;
  const box = boxOf(poly);
  const x0 = box[0]!;
  const y0 = box[1]!;
  const x1 = box[2]!;
  const y1 = box[3]!;
  return (
    Math.min(a[0], b[0]) - x1 > SEG_CLEAR ||
    x0 - Math.max(a[0], b[0]) > SEG_CLEAR ||
    Math.min(a[1], b[1]) - y1 > SEG_CLEAR ||
    y0 - Math.max(a[1], b[1]) > SEG_CLEAR
  );
}
const SEG_CLEAR = 1e-5;

/** Shortest distance from a segment to a polygon's area: 0 when it touches or enters it. */
export function segmentPolygonDistance(a: Point, b: Point, poly: readonly Point[]): number {
  if (segmentClearOf(a, b, poly)) {
    // Apart: each edge's segmentDistance is the least of its four end-to-segment distances, so the answer is the
    // least of these same numbers, each taken once (a vertex ends two edges).
    let best = Infinity;
    const n = poly.length;
    for (let i = 0; i < n; i++) {
      const c = poly[i]!;
      const d = poly[(i + 1) % n]!;
      const pa = psd(a[0], a[1], c[0], c[1], d[0], d[1]);
      const pb = psd(b[0], b[1], c[0], c[1], d[0], d[1]);
      const pc = psd(c[0], c[1], a[0], a[1], b[0], b[1]);
      if (pa < best) best = pa;
      if (pb < best) best = pb;
      if (pc < best) best = pc;
    }
    return best;
  }
  if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return 0;
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) best = Math.min(best, segmentDistance(a, b, poly[i]!, poly[(i + 1) % poly.length]!));
  return best;
}

export function pointPolygonDistance(p: Point, poly: readonly Point[]): number {
  return segmentPolygonDistance(p, p, poly);
}

/** Shortest distance between two polygons' areas: 0 when they overlap or touch. */
export function polygonDistance(p: readonly Point[], q: readonly Point[]): number {
  if (p.length > 0 && pointInPolygon(p[0]!, q)) return 0;
  if (q.length > 0 && pointInPolygon(q[0]!, p)) return 0;
  let best = Infinity;
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % p.length]!;
    for (let j = 0; j < q.length; j++) {
      best = Math.min(best, segmentDistance(a, b, q[j]!, q[(j + 1) % q.length]!));
      if (best === 0) return 0;
    }
  }
  return best;
}

// Scratch corners (x0, y0, … x3, y3, in rectCorners' order) for the scalar paths below: nothing is allocated per test.
const CA = new Float64Array(8);
const CB = new Float64Array(8);

/** pointSegmentDistance on scalars: the same operations, the same value. */
function psd(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const abx = bx - ax;
  const aby = by - ay;
  const l2 = abx * abx + aby * aby;
  let t = l2 === 0 ? 0 : ((px - ax) * abx + (py - ay) * aby) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return hypot(px - (ax + abx * t), py - (ay + aby * t));
}

/**
 * How far apart the two corner sets' bounding boxes are (the larger of the x and y gaps; ≤ 0 when the boxes meet).
 * Every tolerance the exact tests use is under 1e-6 on tables of any size the rules play, so boxes further apart
 * than BOX_CLEAR hold rectangles that neither touch nor overlap by any of those tests.
 */
function boxGap(p: Float64Array, q: Float64Array): number {
  const px0 = Math.min(p[0]!, p[2]!, p[4]!, p[6]!);
  const px1 = Math.max(p[0]!, p[2]!, p[4]!, p[6]!);
  const py0 = Math.min(p[1]!, p[3]!, p[5]!, p[7]!);
  const py1 = Math.max(p[1]!, p[3]!, p[5]!, p[7]!);
  const qx0 = Math.min(q[0]!, q[2]!, q[4]!, q[6]!);
  const qx1 = Math.max(q[0]!, q[2]!, q[4]!, q[6]!);
  const qy0 = Math.min(q[1]!, q[3]!, q[5]!, q[7]!);
  const qy1 = Math.max(q[1]!, q[3]!, q[5]!, q[7]!);
  return Math.max(qx0 - px1, px0 - qx1, qy0 - py1, py0 - qy1);
}
const BOX_CLEAR = 1e-5;

// Per corner-edge pair: the offset psd takes the length of, and its squared length.
const DX = new Float64Array(32);
const DY = new Float64Array(32);
const D2 = new Float64Array(32);

/**
 * The least of every corner-to-edge distance both ways: what polygonDistance takes the least of when nothing meets.
 * Each pair's offset is worked out as psd does; hypot (the dear part) is taken only for the pairs whose squared
 * length is within a hair of the least, since hypot is within an ulp of the true length and a square larger by more
 * than 1e-9 of itself belongs to a longer offset, so the least hypot is among those taken.
 */
function cornerEdgeMin(p: Float64Array, q: Float64Array): number {
  let k = 0;
  let least = Infinity;
  for (let side = 0; side < 2; side++) {
    const v = side === 0 ? p : q;
    const e = side === 0 ? q : p;
    for (let j = 0; j < 8; j += 2) {
      const ax = e[j]!;
      const ay = e[j + 1]!;
      const bx = e[(j + 2) & 7]!;
      const by = e[(j + 3) & 7]!;
      const abx = bx - ax;
      const aby = by - ay;
      const l2 = abx * abx + aby * aby;
      for (let i = 0; i < 8; i += 2) {
        const px = v[i]!;
        const py = v[i + 1]!;
        let t = l2 === 0 ? 0 : ((px - ax) * abx + (py - ay) * aby) / l2;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const dx = px - (ax + abx * t);
        const dy = py - (ay + aby * t);
        const d2 = dx * dx + dy * dy;
        DX[k] = dx;
        DY[k] = dy;
        D2[k] = d2;
        k++;
        if (d2 < least) least = d2;
      }
    }
  }
  const within = least * (1 + 1e-9);
  let best = Infinity;
  for (let i = 0; i < 32; i++) {
    if (D2[i]! > within) continue;
    const d = hypot(DX[i]!, DY[i]!);
    if (d < best) best = d;
  }
  return best;
}

export function rectDistance(a: Rect, b: Rect): number {
  // Rectangles whose boxes stand clear of each other: no containment, crossing or touching test can fire, so the
  // answer is the least corner-to-edge distance (each of polygonDistance's segment pairs measures four of them, and
  // the least of the same numbers is the same number). Anything closer takes the full test.
  cornersInto(a, CA);
  cornersInto(b, CB);
  if (boxGap(CA, CB) > BOX_CLEAR) return cornerEdgeMin(CA, CB);
  return polygonDistance(rectCorners(a), rectCorners(b));
}

/** Range for fire: from the firer's front edge to the nearest point of the target's rectangle. */
export function frontEdgeDistance(firer: Rect, target: Rect): number {
  const [a, b] = frontEdgeOf(firer);
  return segmentPolygonDistance(a, b, rectCorners(target));
}

/**
 * Separating-axis test for two convex polygons. `strict` asks whether their interiors overlap (units merely in
 * contact do not); otherwise touching counts.
 */
export function convexOverlap(p: readonly Point[], q: readonly Point[], strict: boolean): boolean {
  // Scalar form (no axis, normal or interval tuples built): the sweep asks this at every ½" sample, and the
  // garbage those small arrays made was a large share of a game's time. Same arithmetic, same answers.
  for (let k = 0; k < 2; k++) {
    const poly = k === 0 ? p : q;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      const ax = a[1] - b[1];
      const ay = b[0] - a[0];
      const len = hypot(ax, ay);
      if (len < EPS) continue;
      const nx = ax / len;
      const ny = ay / len;
      let p0 = Infinity;
      let p1 = -Infinity;
      for (const v of p) {
        const d = v[0] * nx + v[1] * ny;
        p0 = Math.min(p0, d);
        p1 = Math.max(p1, d);
      }
      let q0 = Infinity;
      let q1 = -Infinity;
      for (const v of q) {
        const d = v[0] * nx + v[1] * ny;
        q0 = Math.min(q0, d);
        q1 = Math.max(q1, d);
      }
      const gap = Math.max(q0 - p1, p0 - q1);
      if (strict ? gap > -1e-7 : gap > 1e-7) return false;
    }
  }
  return true;
}

/**
 * Half the rectangle's diagonal: no point of it lies further from its centre. A bound for broad phases only, always
 * used with a margin of 1e-6 or more, so it takes the plain square root (an ulp from hypot, far cheaper) and no
 * answer it screens can change.
 */
export const reachOf = (r: Rect): number => Math.sqrt(r.width * r.width + r.depth * r.depth) / 2;

/**
 * Whether two rectangles are certainly more than `gap` apart, judged by their bounding circles alone: a cheap
 * broad phase that lets the exact tests run only for neighbours (the game asks these for every unit, often).
 */
export function farApart(a: Rect, b: Rect, gap = 0): boolean {
  const dx = a.centre[0] - b.centre[0];
  const dy = a.centre[1] - b.centre[1];
  const r = reachOf(a) + reachOf(b) + gap + 1e-6;
  return dx * dx + dy * dy > r * r;
}

/** Whether two units' rectangles overlap (interiors; touching is contact, not overlap). */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  if (farApart(a, b)) return false;
  cornersInto(a, CA);
  cornersInto(b, CB);
  // Boxes clear of each other: the rectangles are apart, so some edge's normal separates them (two convex shapes
  // apart always have one) and the strict test below, which needs only a gap above −1e-7, says no.
  if (boxGap(CA, CB) > BOX_CLEAR) return false;
  return cornersOverlap(CA, CB, true);
}

/** Whether two rectangles overlap or touch. */
export function rectsMeet(a: Rect, b: Rect): boolean {
  if (farApart(a, b)) return false;
  // No box shortcut here: touching counts only past 1e-7 of separation along an edge's normal, which a gap between
  // the boxes does not promise for two turned rectangles.
  cornersInto(a, CA);
  cornersInto(b, CB);
  return cornersOverlap(CA, CB, false);
}

/** convexOverlap on two scratch corner sets: the same axes in the same order, the same sums, the same answer. */
function cornersOverlap(p: Float64Array, q: Float64Array, strict: boolean): boolean {
  for (let k = 0; k < 2; k++) {
    const poly = k === 0 ? p : q;
    for (let i = 0; i < 8; i += 2) {
      const ax = poly[i + 1]! - poly[(i + 3) & 7]!;
      const ay = poly[(i + 2) & 7]! - poly[i]!;
      const len = hypot(ax, ay);
      if (len < EPS) continue;
      const nx = ax / len;
      const ny = ay / len;
      let p0 = Infinity;
      let p1 = -Infinity;
      for (let j = 0; j < 8; j += 2) {
        const d = p[j]! * nx + p[j + 1]! * ny;
        p0 = Math.min(p0, d);
        p1 = Math.max(p1, d);
      }
      let q0 = Infinity;
      let q1 = -Infinity;
      for (let j = 0; j < 8; j += 2) {
        const d = q[j]! * nx + q[j + 1]! * ny;
        q0 = Math.min(q0, d);
        q1 = Math.max(q1, d);
      }
      const gap = Math.max(q0 - p1, p0 - q1);
      if (strict ? gap > -1e-7 : gap > 1e-7) return false;
    }
  }
  return true;
}

/** The parameters t in [0, 1] where segment a-b crosses the polygon's boundary, sorted. */
function boundaryHits(a: Point, b: Point, poly: readonly Point[]): number[] {
  const ts: number[] = [];
  const r = sub(b, a);
  for (let i = 0; i < poly.length; i++) {
    const c = poly[i]!;
    const s = sub(poly[(i + 1) % poly.length]!, c);
    const den = crossZ(r, s);
    if (Math.abs(den) < EPS) continue;
    const ca = sub(c, a);
    const t = crossZ(ca, s) / den;
    const u = crossZ(ca, r) / den;
    if (t >= -EPS && t <= 1 + EPS && u >= -EPS && u <= 1 + EPS) ts.push(Math.max(0, Math.min(1, t)));
  }
  return ts.sort((x, y) => x - y);
}

/** The stretches of segment a-b that lie inside the polygon, as [t0, t1] parameter pairs in order. */
export function insideIntervals(a: Point, b: Point, poly: readonly Point[]): [number, number][] {
  if (poly.length < 3) return [];
  // A segment clear of the polygon's box meets no edge and has no point inside: sight lines and bounces ask this of
  // every unit on the table.
  if (segmentClearOf(a, b, poly)) return [];
  const ts = [0, ...boundaryHits(a, b, poly), 1];
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i]!;
    const t1 = ts[i + 1]!;
    if (t1 - t0 < EPS) continue;
    const mid = along(a, sub(b, a), (t0 + t1) / 2);
    if (!pointInPolygon(mid, poly)) continue;
    const last = out[out.length - 1];
    if (last && Math.abs(last[1] - t0) < EPS) last[1] = t1;
    else out.push([t0, t1]);
  }
  return out;
}

/** Length of segment a-b inside the polygon. */
export function lengthInside(a: Point, b: Point, poly: readonly Point[]): number {
  const l = dist(a, b);
  return insideIntervals(a, b, poly).reduce((n, [t0, t1]) => n + (t1 - t0) * l, 0);
}

/** Whether segment a-b touches or enters the polygon's area. */
export function segmentCrossesPolygon(a: Point, b: Point, poly: readonly Point[]): boolean {
  return segmentPolygonDistance(a, b, poly) === 0;
}

/** Whether segment a-b meets a path (a wall, hedge, river). */
export function segmentCrossesPath(a: Point, b: Point, path: readonly Point[]): boolean {
  for (let i = 0; i + 1 < path.length; i++) if (segmentsMeet(a, b, path[i]!, path[i + 1]!)) return true;
  return false;
}

export function pathPolygonDistance(path: readonly Point[], poly: readonly Point[]): number {
  if (path.length === 1) return pointPolygonDistance(path[0]!, poly);
  let best = Infinity;
  for (let i = 0; i + 1 < path.length; i++) best = Math.min(best, segmentPolygonDistance(path[i]!, path[i + 1]!, poly));
  return best;
}

/** The closest pair of points between two convex polygons (first on p, second on q). */
export function closestPoints(p: readonly Point[], q: readonly Point[]): [Point, Point] {
  let best: [Point, Point] = [p[0]!, q[0]!];
  let bestD = Infinity;
  const consider = (x: Point, y: Point) => {
    const d = dist(x, y);
    if (d < bestD) {
      bestD = d;
      best = [x, y];
    }
  };
  for (let i = 0; i < q.length; i++) {
    const c = q[i]!;
    const d = q[(i + 1) % q.length]!;
    for (const x of p) consider(x, closestOnSegment(x, c, d));
  }
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % p.length]!;
    for (const y of q) consider(closestOnSegment(y, a, b), y);
  }
  return best;
}

/** The half-angle of the fire arc on each side of straight ahead ('Firing Arcs'). */
export const FIRE_ARC = 22.5;

/**
 * The fire arc as a polygon: the front edge and two rays from its corners turned `halfAngle` outward, cut at
 * `reach` inches. A target is in arc when its rectangle meets this region.
 */
export function arcRegion(r: Rect, halfAngle = FIRE_ARC, reach = 1000): Point[] {
  const [fl, fr] = frontEdgeOf(r);
  return [fl, fr, along(fr, heading(r.facing + halfAngle), reach), along(fl, heading(r.facing - halfAngle), reach)];
}

export function inFrontArc(firer: Rect, target: Rect, halfAngle = FIRE_ARC): boolean {
  return convexOverlap(arcRegion(firer, halfAngle), rectCorners(target), false);
}

/** Where a point lies as the unit sees it: the bearing to it relative to the unit's facing, in (−180, 180]. */
export function relativeBearing(r: Rect, p: Point): number {
  return angleDiff(r.facing, bearing(r.centre, p));
}

export type Aspect = 'front' | 'flank' | 'rear';

/** Which face of `target` a charger from `from` strikes: within 45° of its facing the front, past 135° the rear. */
export function aspectOf(target: Rect, from: Point): Aspect {
  const a = Math.abs(relativeBearing(target, from));
  return a <= 45 + EPS ? 'front' : a <= 135 + EPS ? 'flank' : 'rear';
}

/** The point a fraction t along a-b. */
export function lerp(a: Point, b: Point, t: number): Point {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

export function translate(r: Rect, dx: number, dy: number): Rect {
  return { ...r, centre: [r.centre[0] + dx, r.centre[1] + dy] };
}

export function rotateAbout(p: Point, about: Point, deg: number): Point {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  const x = p[0] - about[0];
  const y = p[1] - about[1];
  return [about[0] + x * c - y * s, about[1] + x * s + y * c];
}

/** Axis-aligned bounds of a point set. */
export function bounds(points: readonly Point[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}
