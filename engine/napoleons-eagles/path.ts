// What movement needs beyond the model's geometry: splitting a path where it crosses polygon edges, so each stretch
// can be priced by the ground it runs over, crossing tests against lines, and overlap of terrain polygons, which
// (unlike units' rectangles) need not be convex.
import type { Point } from '../../domain/model.js';
import { hypot, pointInPolygon, pointSegmentDistance } from './geometry.js';

export type Pt = readonly [number, number];

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Parameter t in [0,1] along a→b where it meets segment c→d, or undefined. */
function segmentHit(a: Pt, b: Pt, c: Pt, d: Pt): number | undefined {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const den = rx * sy - ry * sx;
  if (Math.abs(den) < 1e-12) return undefined;
  const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den;
  const u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den;
  if (t < -1e-9 || t > 1 + 1e-9 || u < -1e-9 || u > 1 + 1e-9) return undefined;
  return Math.min(1, Math.max(0, t));
}

/** Where a→b crosses a polyline (open) or polygon (closed), as sorted parameters. */
export function crossings(a: Pt, b: Pt, line: readonly Pt[], closed: boolean): number[] {
  const out: number[] = [];
  const n = line.length;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const t = segmentHit(a, b, line[i]!, line[(i + 1) % n]!);
    if (t !== undefined) out.push(t);
  }
  return out.sort((x, y) => x - y);
}

/** Readonly points, as terrain paths hold them. */
export function lerp(a: Pt, b: Pt, t: number): [number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

export function distToPolyline(p: Pt, line: readonly Pt[]): number {
  if (line.length === 1) return hypot(p[0] - line[0]![0], p[1] - line[0]![1]);
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) best = Math.min(best, pointSegmentDistance(p as Point, line[i] as Point, line[i + 1] as Point));
  return best;
}

/**
 * The stretches of a→b cut at every crossing of the given polygons and lines, as [t0, t1] pairs covering [0, 1].
 * Each stretch lies wholly inside or outside each polygon, so its ground is read at its midpoint.
 */
export function stretches(a: Pt, b: Pt, polygons: readonly (readonly Pt[])[], boxes?: readonly Box[]): [number, number][] {
  const cuts = new Set<number>([0, 1]);
  // A polygon whose box (when given) stands clear of the path's cannot be crossed by it: a crossing needs a point
  // within a hair (1e-9 of either segment's length) of both.
  const x0 = Math.min(a[0], b[0]) - 1e-5;
  const x1 = Math.max(a[0], b[0]) + 1e-5;
  const y0 = Math.min(a[1], b[1]) - 1e-5;
  const y1 = Math.max(a[1], b[1]) + 1e-5;
  for (let i = 0; i < polygons.length; i++) {
    const box = boxes?.[i];
    if (box && (box.minX > x1 || box.maxX < x0 || box.minY > y1 || box.maxY < y0)) continue;
    for (const t of crossings(a, b, polygons[i]!, true)) cuts.add(t);
  }
  const ts = [...cuts].sort((x, y) => x - y);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < ts.length; i++) if (ts[i + 1]! - ts[i]! > 1e-9) out.push([ts[i]!, ts[i + 1]!]);
  return out;
}

function edgesCross(a: readonly Pt[], b: readonly Pt[]): boolean {
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      if (properCross(a[i]!, a[(i + 1) % a.length]!, b[j]!, b[(j + 1) % b.length]!)) return true;
    }
  }
  return false;
}

function properCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o = (p: Pt, q: Pt, r: Pt) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = o(c, d, a);
  const d2 = o(c, d, b);
  const d3 = o(a, b, c);
  const d4 = o(a, b, d);
  return ((d1 > 1e-9 && d2 < -1e-9) || (d1 < -1e-9 && d2 > 1e-9)) && ((d3 > 1e-9 && d4 < -1e-9) || (d3 < -1e-9 && d4 > 1e-9));
}

function distToRing(p: Pt, ring: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0; i < ring.length; i++) best = Math.min(best, pointSegmentDistance(p as Point, ring[i] as Point, ring[(i + 1) % ring.length] as Point));
  return best;
}

const strictlyInside = (p: Pt, poly: readonly Pt[]): boolean => pointInPolygon(p as Point, poly as Point[]) && distToRing(p, poly) > 1e-6;

/** Whether two simple polygons share interior (touching edges do not count). */
export function polygonsOverlap(a: readonly Pt[], b: readonly Pt[]): boolean {
  if (edgesCross(a, b)) return true;
  if (a.some((p) => strictlyInside(p, b))) return true;
  if (b.some((p) => strictlyInside(p, a))) return true;
  // Identical or nested shapes whose vertices all lie on the other's edges: test the centroid.
  const cx = a.reduce((s, p) => s + p[0], 0) / a.length;
  const cy = a.reduce((s, p) => s + p[1], 0) / a.length;
  return strictlyInside([cx, cy], b);
}
