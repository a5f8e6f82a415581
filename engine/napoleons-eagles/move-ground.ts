// The terrain as movement reads it from the model's terrain index: the ground under a point, what an arm may not
// enter, roads, rivers with their crossings, and building blocks (notes §4, §12).
import type { Arm, Ground, Point } from '../../domain/model.js';
import { convexOverlap, hypot, pointInPolygon } from './geometry.js';
import type { GroundAt } from './move-rates.js';
import { crossings, distToPolyline, lerp, polygonsOverlap, type Pt } from './path.js';
import type { AreaEntry, TerrainIndex } from './terrain.js';

export interface MoveTerrain {
  width: number;
  height: number;
  terrain: TerrainIndex;
  ground: Ground | null;
  weatherEffects: boolean;
}

/** A path counts as on the road within this distance of the road's line. */
export const ROAD_REACH = 1;
/** A river is crossed at a bridge or ford when the crossing point lies within this of the feature's point. */
export const CROSSING_REACH = 2;
export const DEFAULT_CROSSING_ACTIONS = 2;
export const DEFAULT_BRIDGE_CAPACITY = 8;

/** Every polygon whose edge can change the ground along a path. */
export function groundPolygons(t: TerrainIndex): Point[][] {
  return [...groundAreas(t).polygons];
}

// The terrain never changes during a game: its lists are worked out once per index, not at every path priced.
const areasOf = new WeakMap<TerrainIndex, { polygons: Point[][]; boxes: AreaEntry['box'][] }>();

/** The polygons of groundPolygons, in the same order, with their boxes: shared, never to be changed. */
export function groundAreas(t: TerrainIndex): { readonly polygons: readonly Point[][]; readonly boxes: readonly AreaEntry['box'][] } {
  let known = areasOf.get(t);
  if (!known) {
    const list = [...t.woods, ...t.hills, ...t.soft, ...t.towns, ...t.blocks];
    areasOf.set(t, (known = { polygons: list.map((e) => e.polygon), boxes: list.map((e) => e.box) }));
  }
  return known;
}

/**
 * Boxes further apart than this hold shapes that no test here finds touching, crossing or containing each other:
 * every tolerance they use (point on an edge, strict overlap, a crossing's ends) is far below it.
 */
export const BOX_CLEAR = 1e-5;

type Box = AreaEntry['box'];

/** Whether two boxes stand clear of each other by more than BOX_CLEAR. */
export const boxesClear = (a: Box, b: Box): boolean =>
  b.minX - a.maxX > BOX_CLEAR || a.minX - b.maxX > BOX_CLEAR || b.minY - a.maxY > BOX_CLEAR || a.minY - b.maxY > BOX_CLEAR;

export function boxOfPoints(ps: readonly Pt[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of ps) {
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  return { minX, minY, maxX, maxY };
}

// The point is only read, so it is passed as it is (a copy per test was a large share of a game's garbage).
const inside = (e: AreaEntry, p: Pt): boolean => pointInPolygon(p as Point, e.polygon);

export function groundAt(m: MoveTerrain, p: Pt): GroundAt {
  const t = m.terrain;
  const g: GroundAt = {};
  let covered = false;
  for (const w of t.woods) {
    if (!inside(w, p)) continue;
    covered = true;
    if (w.density === 'dense' || g.woods !== 'dense') g.woods = w.density ?? 'light';
  }
  for (const h of t.hills) {
    if (!inside(h, p)) continue;
    const s = h.slope ?? 'gentle';
    if (!g.slope || s === 'extreme' || (s === 'steep' && g.slope === 'gentle')) g.slope = s;
  }
  // Fields only shorten the bounce; marsh and soft ground halve movement.
  if (t.soft.some((s) => s.kind !== 'fields' && inside(s, p))) g.soft = true;
  if (t.towns.some((e) => inside(e, p)) || t.blocks.some((e) => inside(e, p))) covered = true;
  // Mud and snow lie on the open ground; woods and built-up areas keep their own fraction.
  if (!covered && m.weatherEffects && m.ground !== null && m.ground !== 'firm') g.soft = true;
  return g;
}

/** The reason an arm may not stand where the rectangle is, or null. */
/** Whether any feature forbiddenGround would test for this arm has a box that is not clear of `box`. */
export function forbiddenNear(t: TerrainIndex, arm: Arm, type: string, box: Box): boolean {
  const foot = arm === 'infantry' || (arm === 'train' && type === 'engineers');
  if (!foot) for (const b of t.blocks) if (!boxesClear(box, b.box)) return true;
  for (const l of t.lakes) if (!boxesClear(box, l.box)) return true;
  if (!foot) for (const w of t.woods) if (w.density === 'dense' && !boxesClear(box, w.box)) return true;
  return false;
}

export function forbiddenGround(t: TerrainIndex, arm: Arm, type: string, rect: readonly Point[]): string | null {
  const foot = arm === 'infantry' || (arm === 'train' && type === 'engineers');
  const what = arm === 'train' ? 'train' : arm;
  // A feature whose box stands clear of the rectangle's cannot overlap it (the strict convex test and the polygon
  // test both need shared interior), so only features nearby are tested: the sweep asks this every ½".
  const box = boxOfPoints(rect);
  if (!foot) for (const b of t.blocks) if (!boxesClear(box, b.box) && convexOverlap(rect, b.polygon, true)) return `${what} cannot enter building block ${b.id}`;
  for (const l of t.lakes) if (!boxesClear(box, l.box) && polygonsOverlap(rect, l.polygon)) return `no unit enters lake ${l.id}`;
  if (!foot) for (const w of t.woods) if (w.density === 'dense' && !boxesClear(box, w.box) && polygonsOverlap(rect, w.polygon)) return `${what} cannot enter dense woods ${w.id}`;
  return null;
}

/** Cavalry, guns and train inside a town keep to its roads ('Buildings'). */
export function townOffRoad(t: TerrainIndex, p: Pt): string | null {
  for (const town of t.towns) if (inside(town, p) && !onRoadAt(t, p)) return `off the roads of town ${town.id}`;
  return null;
}

export function onRoadAt(t: TerrainIndex, p: Pt): boolean {
  return t.roads.some((r) => r.kind === 'road' && distToPolyline(p, r.path) <= ROAD_REACH + 1e-9);
}

/** The whole segment a→b runs within reach of one road (checked every ½" and at both ends). */
export function pathOnRoad(t: TerrainIndex, a: Pt, b: Pt): boolean {
  const n = Math.max(1, Math.ceil(hypot(b[0] - a[0], b[1] - a[1]) / 0.5));
  return t.roads.some((r) => {
    if (r.kind !== 'road') return false;
    for (let i = 0; i <= n; i++) if (distToPolyline(lerp(a, b, i / n), r.path) > ROAD_REACH + 1e-9) return false;
    return true;
  });
}

export interface RiverCrossing {
  river: string;
  /** Where along the path (0–1) the river is crossed. */
  t: number;
  how: 'bridge' | 'ford' | 'fordable' | 'none';
  /** The bridge or ford used, if any. */
  site: string | null;
  actions: number;
  disorders: boolean;
  capacity: number;
  riverWidth: number;
}

/** A number the index may carry for a feature (crossing terms), or the default. */
const term = (e: object, key: string, fallback: number): number => {
  const v = (e as Record<string, unknown>)[key];
  return typeof v === 'number' && v > 0 ? v : fallback;
};
const flag = (e: object, key: string, fallback: boolean): boolean => {
  const v = (e as Record<string, unknown>)[key];
  return typeof v === 'boolean' ? v : fallback;
};

/** Each river line the path a→b crosses, and how. */
export function riverCrossings(t: TerrainIndex, a: Pt, b: Pt): RiverCrossing[] {
  const out: RiverCrossing[] = [];
  for (const r of t.rivers) {
    for (const tt of crossings(a, b, r.path, false)) {
      const hit = lerp(a, b, tt);
      const site = t.crossings.find((c) => c.river === r.id && hypot(c.at[0] - hit[0], c.at[1] - hit[1]) <= CROSSING_REACH);
      const how = site ? site.kind : r.fordable ? 'fordable' : 'none';
      const terms: object = site ?? r;
      out.push({
        river: r.id,
        t: tt,
        how,
        site: site?.id ?? null,
        actions: term(terms, 'crossingActions', DEFAULT_CROSSING_ACTIONS),
        // Fords and fordable rivers disorder unless the scenario says not; bridges do not (notes §8).
        disorders: how === 'bridge' ? flag(terms, 'disorders', false) : flag(terms, 'disorders', true),
        capacity: term(terms, 'capacity', DEFAULT_BRIDGE_CAPACITY),
        riverWidth: r.width ?? 1,
      });
    }
  }
  return out.sort((x, y) => x.t - y.t);
}

export function blockIdAt(t: TerrainIndex, p: Pt): string | undefined {
  return t.blocks.find((b) => inside(b, p))?.id;
}
