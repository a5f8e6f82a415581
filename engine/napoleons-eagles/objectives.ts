// The scenario's objectives on an open table (file-format.md "Objectives"; rules notes §13): the seed has no
// objectives, so where one lies and who holds it is ours. An objective covers its feature's polygon (a building
// block its square), a line feature within 2" of its path, a crossing or a point within its radius (3" for a
// bridge or ford). A side holds it when a unit of its own in good order has its centre inside and no enemy unit
// does; otherwise whoever held it keeps it.
import { distance, distanceToPath, pointInPolygon, polygonCentroid } from '../../domain/geometry.js';
import type { Feature, Objective, Point, Scenario } from '../../domain/model.js';

export type Area = { polygon: Point[] } | { path: Point[]; within: number } | { at: Point; radius: number };

export interface NeObjective {
  id: string;
  name: string;
  vp: number;
  area: Area;
  /** A point to draw it at and measure to (the centroid, the path's middle vertex, the crossing). */
  at: Point;
  /** The side index holding it at the start, or −1. */
  heldBy: 0 | 1 | -1;
}

/** A crossing's objective reaches this far: a bridge or ford is held from its approaches. */
export const CROSSING_REACH = 3;
/** A line feature's objective reaches this far either side of the line. */
export const LINE_REACH = 2;

function areaOfFeature(f: Feature): Area | null {
  const g = f as { polygon?: Point[]; path?: Point[]; at?: Point; size?: number };
  if (f.kind === 'building-block' && g.at) {
    // `at` is the block's north-west corner (file-format.md), as the terrain index and the map draw it: read as its
    // centre, ne-01's churchyard objective lay half outside its church, across the churchyard wall.
    const s = g.size ?? 4;
    const [x, y] = g.at;
    return { polygon: [[x, y], [x + s, y], [x + s, y + s], [x, y + s]] };
  }
  if (Array.isArray(g.polygon) && g.polygon.length >= 3) return { polygon: g.polygon };
  if (Array.isArray(g.path) && g.path.length >= 2) return { path: g.path, within: LINE_REACH };
  if (g.at) return { at: g.at, radius: CROSSING_REACH };
  return null;
}

function centreOf(a: Area): Point {
  if ('polygon' in a) return polygonCentroid(a.polygon);
  if ('path' in a) return a.path[Math.floor(a.path.length / 2)]!;
  return a.at;
}

/** A town without a polygon of its own covers its blocks: the union is kept as the blocks' squares. */
function townArea(f: Feature, features: readonly Feature[]): Area[] {
  const blocks = (f as { blocks?: string[] }).blocks ?? [];
  return blocks.flatMap((id) => {
    const b = features.find((x) => x.id === id);
    const a = b ? areaOfFeature(b) : null;
    return a ? [a] : [];
  });
}

export function compileObjectives(scenario: Scenario, defaultVp: number): NeObjective[] {
  const features = scenario.terrain ?? [];
  const sideOf = (id: unknown): 0 | 1 | -1 => (id === scenario.sides[0]?.id ? 0 : id === scenario.sides[1]?.id ? 1 : -1);
  return (scenario.objectives ?? []).flatMap((o: Objective): NeObjective[] => {
    let areas: Area[] = [];
    if (o.at && typeof o.radius === 'number') areas = [{ at: o.at, radius: o.radius }];
    else if (o.feature) {
      const f = features.find((x) => x.id === o.feature);
      if (f) {
        const own = areaOfFeature(f);
        areas = own ? [own] : f.kind === 'town' ? townArea(f, features) : [];
      }
    }
    if (areas.length === 0) return [];
    const area: Area = areas.length === 1 ? areas[0]! : { polygon: hullOf(areas.flatMap((a) => ('polygon' in a ? a.polygon : [centreOf(a)]))) };
    return [{ id: o.id, name: o.name ?? o.id, vp: typeof o.vp === 'number' ? o.vp : defaultVp, area, at: centreOf(area), heldBy: sideOf(o.heldBy) }];
  });
}

/** The convex hull (monotone chain), for a town given only as blocks: the streets between them count too. */
function hullOf(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Point[] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

export function inArea(a: Area, p: Point): boolean {
  if ('polygon' in a) return pointInPolygon(p, a.polygon);
  if ('path' in a) return distanceToPath(p, a.path) <= a.within + 1e-9;
  return distance(p, a.at) <= a.radius + 1e-9;
}

/** Who holds the objective after this position: a side alone in it takes it, a contested or empty one stays. */
export function holderNow(o: NeObjective, was: 0 | 1 | -1, holders: readonly { side: 0 | 1; at: Point }[]): 0 | 1 | -1 {
  const present = new Set<0 | 1>();
  for (const u of holders) if (inArea(o.area, u.at)) present.add(u.side);
  if (present.size === 1) return [...present][0]!;
  return was;
}
