// Measuring between units on an open table, as Napoleon's Eagles measures (base edge to base edge): a unit is a
// rectangle centred on its position and turned by its facing (degrees clockwise from north), its front edge the
// side towards the facing. The rectangle itself (Rect, rectCorners, frontEdgeOf, heading) is the one copy the
// engine's geometry (engine/napoleons-eagles/geometry.ts) and the play view and map editor all use; the measures
// below serve the play view's ruler and fire arc, which may not import engine/ (docs/rules §11).
import { distanceToSegment, polygonsIntersect } from '../geometry.js';
import type { Point } from '../model.js';

export type Segment = [Point, Point];

/** A unit's rectangle: centred on `centre`, `width` along its front, `depth` front to rear, turned to `facing`. */
export interface Rect {
  centre: Point;
  width: number;
  depth: number;
  facing: number;
}

const RAD = Math.PI / 180;

/** The unit vector of a facing: (sin f, −cos f); north is (0, −1), east (1, 0), as y grows south. */
export function heading(facing: number): Point {
  return [Math.sin(facing * RAD), -Math.cos(facing * RAD)];
}

/**
 * Corners into an array of 8 (x0, y0, … x3, y3) in rectCorners' order, for the engine's scalar paths that allocate
 * nothing per test. Scalar form of along(along(centre, f, ±fw), right, ±hw): the same sums in the same order.
 */
export function cornersInto(r: Rect, out: Float64Array): void {
  const fx = Math.sin(r.facing * RAD);
  const fy = -Math.cos(r.facing * RAD);
  const rx = -fy;
  const ry = fx;
  const fw = r.depth / 2;
  const hw = r.width / 2;
  const cx = r.centre[0];
  const cy = r.centre[1];
  const fmx = cx + fx * fw;
  const fmy = cy + fy * fw;
  const rmx = cx + fx * -fw;
  const rmy = cy + fy * -fw;
  out[0] = fmx + rx * -hw;
  out[1] = fmy + ry * -hw;
  out[2] = fmx + rx * hw;
  out[3] = fmy + ry * hw;
  out[4] = rmx + rx * hw;
  out[5] = rmy + ry * hw;
  out[6] = rmx + rx * -hw;
  out[7] = rmy + ry * -hw;
}

const CORNERS = new Float64Array(8);

/** Corners in order front-left, front-right, rear-right, rear-left (left and right as the unit sees them). */
export function rectCorners(r: Rect): [Point, Point, Point, Point] {
  const c = CORNERS;
  cornersInto(r, c);
  return [
    [c[0]!, c[1]!],
    [c[2]!, c[3]!],
    [c[4]!, c[5]!],
    [c[6]!, c[7]!],
  ];
}

export function frontEdgeOf(r: Rect): Segment {
  const [fl, fr] = rectCorners(r);
  return [fl, fr];
}

/** A unit's base on the table: its centre, facing, frontage (`width`) and depth, in inches. */
export interface Base {
  at: Point;
  facing: number;
  width: number;
  depth: number;
}

/** Half the fire arc's opening beyond straight ahead, at each front corner. */
export const ARC_OUTWARD_DEGREES = 22.5;

const along = (p: Point, d: Point, t: number): Point => [p[0] + d[0] * t, p[1] + d[1] * t];

/** The corners in order front-left, front-right, rear-right, rear-left (left and right as the unit faces). */
export function baseCorners(b: Base): [Point, Point, Point, Point] {
  return rectCorners({ centre: b.at, facing: b.facing, width: b.width, depth: b.depth });
}

/** The front edge, left corner first. */
export function frontEdge(b: Base): [Point, Point] {
  const [fl, fr] = baseCorners(b);
  return [fl, fr];
}

/** Shortest distance between two segments; 0 when they touch or cross. */
function segmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  if (polygonsIntersect([a, b], [c, d])) return 0;
  return Math.min(distanceToSegment(a, c, d), distanceToSegment(b, c, d), distanceToSegment(c, a, b), distanceToSegment(d, a, b));
}

const edges = (poly: readonly Point[]): [Point, Point][] => poly.map((p, i) => [p, poly[(i + 1) % poly.length]!]);

/** The shortest distance between two convex shapes (a segment counts as one); 0 when they touch or overlap. */
function shapeDistance(a: readonly Point[], b: readonly Point[]): number {
  // Also true of a segment lying wholly inside a rectangle, which crosses none of its edges.
  if (polygonsIntersect(a, b)) return 0;
  let best = Infinity;
  for (const [p, q] of a.length === 2 ? [[a[0]!, a[1]!] as [Point, Point]] : edges(a)) {
    for (const [s, t] of edges(b)) best = Math.min(best, segmentDistance(p, q, s, t));
  }
  return best;
}

/** The distance between two units: the shortest distance between their rectangles (0 when they touch). */
export function baseDistance(a: Base, b: Base): number {
  return shapeDistance(baseCorners(a), baseCorners(b));
}

/** The range of a shot: from the firer's front edge to the nearest point of the target's rectangle. */
export function fireRange(firer: Base, target: Base): number {
  return shapeDistance(frontEdge(firer), baseCorners(target));
}

/**
 * The half-planes of the fire arc, each as a point on its line and the normal pointing inside: ahead of the front
 * edge, and inside the rays from each front corner turned 22.5° outward from straight ahead.
 */
function arcPlanes(firer: Base): { at: Point; inward: Point }[] {
  const [fl, fr] = frontEdge(firer);
  return [
    { at: fl, inward: heading(firer.facing) },
    { at: fl, inward: heading(firer.facing + 90 - ARC_OUTWARD_DEGREES) },
    { at: fr, inward: heading(firer.facing - 90 + ARC_OUTWARD_DEGREES) },
  ];
}

/** Keeps the part of a convex polygon on the inner side of one line (Sutherland–Hodgman, one edge). */
function clipToPlane(poly: readonly Point[], plane: { at: Point; inward: Point }): Point[] {
  const side = (p: Point) => (p[0] - plane.at[0]) * plane.inward[0] + (p[1] - plane.at[1]) * plane.inward[1];
  const out: Point[] = [];
  poly.forEach((p, i) => {
    const q = poly[(i + 1) % poly.length]!;
    const sp = side(p);
    const sq = side(q);
    if (sp >= -1e-9) out.push(p);
    if ((sp >= -1e-9) !== (sq >= -1e-9)) {
      const t = sp / (sp - sq);
      out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
    }
  });
  return out;
}

/** Whether some point of the target's rectangle lies in the firer's front arc. */
export function inFireArc(firer: Base, target: Base): boolean {
  let poly: Point[] = baseCorners(target);
  for (const plane of arcPlanes(firer)) {
    poly = clipToPlane(poly, plane);
    if (poly.length === 0) return false;
  }
  return true;
}

/**
 * The fire arc as a polygon to draw, out to `range` inches from the front edge: each corner's outward ray, a
 * quarter-round at that corner, the line `range` ahead of the front edge, and back. `steps` points per round.
 */
export function fireArcPolygon(firer: Base, range: number, steps = 6): Point[] {
  const [fl, fr] = frontEdge(firer);
  const out: Point[] = [fl];
  for (let i = 0; i <= steps; i++) out.push(along(fl, heading(firer.facing - ARC_OUTWARD_DEGREES + (ARC_OUTWARD_DEGREES * i) / steps), range));
  for (let i = 0; i <= steps; i++) out.push(along(fr, heading(firer.facing + (ARC_OUTWARD_DEGREES * i) / steps), range));
  out.push(fr);
  return out;
}
