// Line of sight ('Line of Sight'; notes §11): the segment between two units' centres, blocked by level-one
// obstacles (other units, woods, building blocks) and by hills higher than both ends, unless the higher end looks
// over the obstacle and the far end lies beyond its blind spot (X/d past it, d levels above it).
import type { Point } from '../../domain/model.js';
import { rectOf } from './footprint.js';
import { dist, insideIntervals, lerp, pointSegmentDistance, reachOf, rectCorners } from './geometry.js';
import { areaContains, levelAt, type AreaEntry, type TerrainIndex } from './terrain.js';
import type { NeUnit } from './types.js';

export type Sight = { clear: true } | { clear: false; blocker: string; why: string };

/** How far a line may run inside the woods a unit stands in ('Light and Dense Woods': firing inside). */
export const WOODS_SIGHT = { light: 4, dense: 2 } as const;

interface Obstacle {
  id: string;
  what: string;
  /** Ground level the obstacle stands on; it rises one level above it. */
  ground: number;
  /** Fractions of the segment (from `a`) where it enters and leaves the obstacle. */
  t0: number;
  t1: number;
}

/** Units that stand in the way of a look: anything on the table except screens and unlimbered guns. */
export function blocksSight(u: NeUnit): boolean {
  return u.status === 'table' && u.formation !== 'skirmish' && !(u.arm === 'artillery' && u.formation === 'unlimbered');
}

function obstacles(t: TerrainIndex, units: readonly NeUnit[], a: Point, b: Point, ends: readonly string[]): Obstacle[] {
  const len = dist(a, b);
  const out: Obstacle[] = [];
  for (const u of units) {
    if (ends.includes(u.id) || !blocksSight(u)) continue;
    const r = rectOf(u);
    // A unit whose bounding circle the line passes clear of (by more than any tolerance of the test below) has no
    // stretch of the line inside it: most units, for most lines.
    if (pointSegmentDistance(r.centre, a, b) > reachOf(r) + 1e-5) continue;
    const spans = insideIntervals(a, b, rectCorners(r));
    if (spans.length === 0) continue;
    out.push({ id: u.id, what: `${u.name} stands in the way`, ground: levelAt(t, [u.x, u.y]), t0: spans[0]![0], t1: spans[spans.length - 1]![1] });
  }
  const area = (e: AreaEntry, what: string, allowance: number) => {
    for (const [t0, t1] of insideIntervals(a, b, e.polygon)) {
      // The woods a unit stands in only hide what lies deeper than it can see inside them.
      const atStart = t0 <= 1e-9 && areaContains(e, a);
      const atEnd = t1 >= 1 - 1e-9 && areaContains(e, b);
      if ((atStart || atEnd) && (t1 - t0) * len <= allowance + 1e-9) continue;
      if (atStart && atEnd && (t1 - t0) * len <= 2 * allowance + 1e-9) continue;
      out.push({ id: e.id, what: `${e.name} is in the way`, ground: levelAt(t, lerp(a, b, t0)), t0, t1 });
    }
  };
  for (const w of t.woods) area(w, 'woods', WOODS_SIGHT[w.density ?? 'light']);
  for (const blk of t.blocks) {
    // A unit in a block sees out of it and is seen in it ('Figures Inside Buildings Firing Out').
    if (areaContains(blk, a) || areaContains(blk, b)) continue;
    area(blk, 'building', 0);
  }
  return out;
}

/** Whether a unit standing at `a` sees one standing at `b`, with the rest of the table in between. */
export function sightBetween(t: TerrainIndex, units: readonly NeUnit[], a: Point, b: Point, ends: readonly string[]): Sight {
  const la = levelAt(t, a);
  const lb = levelAt(t, b);
  const len = dist(a, b);
  // Hills higher than both ends hide one from the other outright; a lower hill between is an obstacle its own
  // height below its top, so a higher observer may look over it.
  const hillObstacles: Obstacle[] = [];
  for (const h of t.hills) {
    if (areaContains(h, a) || areaContains(h, b)) continue;
    const spans = insideIntervals(a, b, h.polygon);
    if (spans.length === 0) continue;
    const level = h.level ?? 1;
    if (level > la && level > lb) return { clear: false, blocker: h.id, why: `${h.name} (level ${level}) is higher than both` };
    hillObstacles.push({ id: h.id, what: `${h.name} hides the ground behind it`, ground: level - 1, t0: spans[0]![0], t1: spans[spans.length - 1]![1] });
  }
  const all = [...obstacles(t, units, a, b, ends), ...hillObstacles];
  // The higher end is the observer; from level ground either end may look, and sight is mutual.
  const observers: ('a' | 'b')[] = la > lb ? ['a'] : lb > la ? ['b'] : ['a', 'b'];
  let blocked: Obstacle | null = null;
  for (const who of observers) {
    const level = who === 'a' ? la : lb;
    blocked = null;
    for (const o of all) {
      const d = level - o.ground;
      if (d < 1) {
        blocked = o;
        break;
      }
      // Distance from the observer to the obstacle, and from the obstacle's far side to the other end.
      const x = (who === 'a' ? o.t0 : 1 - o.t1) * len;
      const beyond = (who === 'a' ? 1 - o.t1 : o.t0) * len;
      if (beyond <= x / d + 1e-9) {
        blocked = o;
        break;
      }
    }
    if (!blocked) return { clear: true };
  }
  return { clear: false, blocker: blocked!.id, why: blocked!.what };
}

export function lineOfSight(t: TerrainIndex, units: readonly NeUnit[], from: NeUnit, to: NeUnit): Sight {
  return sightBetween(t, units, [from.x, from.y], [to.x, to.y], [from.id, to.id]);
}
