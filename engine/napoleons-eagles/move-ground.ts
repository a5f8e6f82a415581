// The terrain as movement reads it, straight from the scenario's features: the ground under a point, what an arm
// may not enter, roads, rivers with their crossings, and building blocks (notes §4, §12).
import type { Arm, Feature, Ground, Point } from '../../domain/model.js';
import type { GroundAt } from './move-rates.js';
import { crossings, distToPolyline, lerp, pointInPolygon, polygonsOverlap, type Pt } from './path.js';

export interface MoveTerrain {
  width: number;
  height: number;
  features: readonly Feature[];
  /** The open ground's state when weather effects are on (mud or snow halve movement outside woods and towns). */
  ground: Ground | undefined;
}

/** Roads, for the road-column rate: a path counts as on the road within this distance of its line. */
export const ROAD_REACH = 1;
/** A river is crossed at a bridge or ford when the crossing point lies within this of the feature's point. */
export const CROSSING_REACH = 2;

const polyOf = (f: Feature): Point[] | undefined => ('polygon' in f && Array.isArray(f.polygon) && f.polygon.length >= 3 ? f.polygon : undefined);
const pathOf = (f: Feature): Point[] | undefined => ('path' in f && Array.isArray(f.path) && f.path.length >= 2 ? f.path : undefined);

export function blockSquare(f: Feature & { kind: 'building-block' }): Point[] {
  const s = f.size ?? 4;
  const [x, y] = f.at;
  return [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
}

/** Every polygon whose edge can change the ground along a path. */
export function groundPolygons(t: MoveTerrain): Point[][] {
  const out: Point[][] = [];
  for (const f of t.features) {
    const p = polyOf(f);
    if (p && (f.kind === 'woods' || f.kind === 'hill' || f.kind === 'marsh' || f.kind === 'soft-ground' || f.kind === 'town')) out.push(p);
    if (f.kind === 'building-block') out.push(blockSquare(f));
  }
  return out;
}

export function groundAt(t: MoveTerrain, p: Pt): GroundAt {
  const g: GroundAt = {};
  let covered = false;
  for (const f of t.features) {
    if (f.kind === 'building-block') {
      if (pointInPolygon(p, blockSquare(f))) covered = true;
      continue;
    }
    const poly = polyOf(f);
    if (!poly || !pointInPolygon(p, poly)) continue;
    if (f.kind === 'woods') {
      covered = true;
      if (f.density === 'dense' || g.woods !== 'dense') g.woods = f.density ?? 'light';
    } else if (f.kind === 'hill') {
      const s = f.slope ?? 'gentle';
      if (s === 'extreme' || (s === 'steep' && g.slope !== 'extreme') || !g.slope) g.slope = s;
    } else if (f.kind === 'marsh' || f.kind === 'soft-ground') g.soft = true;
    else if (f.kind === 'town') covered = true;
  }
  // Weather mud and snow lie on open ground; woods and built-up areas keep their own fraction.
  if (!covered && t.ground !== undefined && t.ground !== 'firm') g.soft = true;
  return g;
}

/** The reason an arm may not stand where the rectangle is, or null. */
export function forbiddenGround(t: MoveTerrain, arm: Arm, type: string, rect: readonly Pt[]): string | null {
  const foot = arm === 'infantry' || (arm === 'train' && type === 'engineers');
  for (const f of t.features) {
    if (f.kind === 'building-block') {
      if (!foot && polygonsOverlap(rect, blockSquare(f))) return `${arm} cannot enter building block ${f.id}`;
      continue;
    }
    const poly = polyOf(f);
    if (!poly) continue;
    if (f.kind === 'lake' && polygonsOverlap(rect, poly)) return `no unit enters lake ${f.id}`;
    if (f.kind === 'woods' && f.density === 'dense' && !foot && polygonsOverlap(rect, poly)) {
      return `${arm} cannot enter dense woods ${f.id}`;
    }
  }
  return null;
}

/** Whether a point inside a town lies on a road (cavalry, guns and train keep to roads there). */
export function townOffRoad(t: MoveTerrain, p: Pt): string | null {
  for (const f of t.features) {
    const poly = polyOf(f);
    if (f.kind !== 'town' || !poly || !pointInPolygon(p, poly)) continue;
    if (!onRoadAt(t, p)) return `off the roads of town ${f.id}`;
  }
  return null;
}

export function onRoadAt(t: MoveTerrain, p: Pt): boolean {
  return t.features.some((f) => f.kind === 'road' && pathOf(f) !== undefined && distToPolyline(p, pathOf(f)!) <= ROAD_REACH + 1e-9);
}

/** The whole segment a→b runs within reach of one road (checked every ½" and at both ends). */
export function pathOnRoad(t: MoveTerrain, a: Pt, b: Pt): boolean {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const n = Math.max(1, Math.ceil(len / 0.5));
  return t.features.some((f) => {
    const path = f.kind === 'road' ? pathOf(f) : undefined;
    if (!path) return false;
    for (let i = 0; i <= n; i++) if (distToPolyline(lerp(a, b, i / n), path) > ROAD_REACH + 1e-9) return false;
    return true;
  });
}

export interface RiverCrossing {
  river: string;
  /** Where along the path (0–1) the river is crossed. */
  t: number;
  how: 'bridge' | 'ford' | 'fordable' | 'none';
  /** The feature that sets the terms: the bridge, ford or river. */
  by: Feature & { crossingActions?: number; disorders?: boolean; capacity?: number };
  riverWidth: number;
}

/** Each river line the path a→b crosses, and how. */
export function riverCrossings(t: MoveTerrain, a: Pt, b: Pt): RiverCrossing[] {
  const out: RiverCrossing[] = [];
  for (const f of t.features) {
    if (f.kind !== 'river') continue;
    const path = pathOf(f);
    if (!path) continue;
    for (const tt of crossings(a, b, path, false)) {
      const hit = lerp(a, b, tt);
      const site = t.features.find(
        (c) => (c.kind === 'bridge' || c.kind === 'ford') && c.river === f.id && Math.hypot(c.at[0] - hit[0], c.at[1] - hit[1]) <= CROSSING_REACH,
      );
      const how = site ? (site.kind === 'bridge' ? 'bridge' : 'ford') : f.fordable ? 'fordable' : 'none';
      out.push({ river: f.id, t: tt, how, by: site ?? f, riverWidth: f.width ?? 1 });
    }
  }
  return out.sort((x, y) => x.t - y.t);
}

/** Building blocks (ids) the point lies in. */
export function blockAt(t: MoveTerrain, p: Pt): string | undefined {
  for (const f of t.features) if (f.kind === 'building-block' && pointInPolygon(p, blockSquare(f))) return f.id;
  return undefined;
}
