// Plane helpers that movement needs and the model's geometry does not give: splitting a path where it crosses
// polygon edges, so each stretch can be priced by the ground it runs over, and crossing tests against lines.
export type Pt = readonly [number, number];

export function pointInPolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Parameter t in [0,1] along a→b where it meets segment c→d, or undefined. */
export function segmentHit(a: Pt, b: Pt, c: Pt, d: Pt): number | undefined {
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

export function lerp(a: Pt, b: Pt, t: number): [number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

export function dist(a: Pt, b: Pt): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

export function distToSegment(p: Pt, a: Pt, b: Pt): number {
  const vx = b[0] - a[0];
  const vy = b[1] - a[1];
  const l2 = vx * vx + vy * vy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / l2));
  return Math.hypot(p[0] - (a[0] + vx * t), p[1] - (a[1] + vy * t));
}

export function distToPolyline(p: Pt, line: readonly Pt[]): number {
  if (line.length === 1) return dist(p, line[0]!);
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) best = Math.min(best, distToSegment(p, line[i]!, line[i + 1]!));
  return best;
}

/**
 * The stretches of a→b cut at every crossing of the given polygons and lines, as [t0, t1] pairs covering [0, 1].
 * Each stretch lies wholly inside or outside each polygon, so its ground is read at its midpoint.
 */
export function stretches(a: Pt, b: Pt, polygons: readonly (readonly Pt[])[]): [number, number][] {
  const cuts = new Set<number>([0, 1]);
  for (const poly of polygons) for (const t of crossings(a, b, poly, true)) cuts.add(t);
  const ts = [...cuts].sort((x, y) => x - y);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < ts.length; i++) if (ts[i + 1]! - ts[i]! > 1e-9) out.push([ts[i]!, ts[i + 1]!]);
  return out;
}

/** Unit vector of a facing (degrees clockwise from north; y grows south). */
export function facingVector(f: number): [number, number] {
  const r = (f * Math.PI) / 180;
  return [Math.sin(r), -Math.cos(r)];
}

/** Bearing of b from a as a facing. */
export function bearing(a: Pt, b: Pt): number {
  const deg = (Math.atan2(b[0] - a[0], -(b[1] - a[1])) * 180) / Math.PI;
  return ((deg % 360) + 360) % 360;
}

/** The four corners of a unit's rectangle: front-left, front-right, rear-right, rear-left. */
export function rectCorners(at: Pt, facing: number, width: number, depth: number): [number, number][] {
  const [fx, fy] = facingVector(facing);
  const [rx, ry] = facingVector(facing + 90);
  const hw = width / 2;
  const hd = depth / 2;
  const c = (s: number, t: number): [number, number] => [at[0] + fx * hd * s + rx * hw * t, at[1] + fy * hd * s + ry * hw * t];
  return [c(1, -1), c(1, 1), c(-1, 1), c(-1, -1)];
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

/** Whether two simple polygons share interior (touching edges do not count). */
export function polygonsOverlap(a: readonly Pt[], b: readonly Pt[]): boolean {
  if (edgesCross(a, b)) return true;
  if (a.some((p) => pointInPolygon(p, b) && distToRing(p, b) > 1e-6)) return true;
  if (b.some((p) => pointInPolygon(p, a) && distToRing(p, a) > 1e-6)) return true;
  // Identical or nested shapes whose vertices all lie on the other's edges: test the centroid.
  const cx = a.reduce((s, p) => s + p[0], 0) / a.length;
  const cy = a.reduce((s, p) => s + p[1], 0) / a.length;
  return pointInPolygon([cx, cy], b) && distToRing([cx, cy], b) > 1e-6;
}

function distToRing(p: Pt, ring: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0; i < ring.length; i++) best = Math.min(best, distToSegment(p, ring[i]!, ring[(i + 1) % ring.length]!));
  return best;
}

/** Shortest distance between two simple polygons; 0 when they touch or overlap. */
export function polygonDistance(a: readonly Pt[], b: readonly Pt[]): number {
  if (polygonsOverlap(a, b)) return 0;
  let best = Infinity;
  for (const p of a) best = Math.min(best, distToRing(p, b));
  for (const p of b) best = Math.min(best, distToRing(p, a));
  return best;
}

/** How far two convex polygons interpenetrate (0 when apart or merely touching), by separating axes. */
export function penetration(a: readonly Pt[], b: readonly Pt[]): number {
  let least = Infinity;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (len < 1e-12) continue;
      const nx = -(q[1] - p[1]) / len;
      const ny = (q[0] - p[0]) / len;
      const proj = (s: readonly Pt[]) => s.map((v) => v[0] * nx + v[1] * ny);
      const pa = proj(a);
      const pb = proj(b);
      const overlap = Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb));
      if (overlap <= 0) return 0;
      least = Math.min(least, overlap);
    }
  }
  return least === Infinity ? 0 : least;
}
