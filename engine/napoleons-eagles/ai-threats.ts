// What the AI reads off the table before it scores anything: which enemies could charge a unit next, how hurt a
// unit is, where each unit should be heading (the side's objectives), and whether a unit is within its commander's
// radius. Pure functions of the game state; no dice.
import { rectOf } from './footprint.js';
import { angleDiff, bearing, dist, farApart, rectDistance } from './geometry.js';
import { rectAt } from './movement.js';
import { townOffRoad } from './move-ground.js';
import type { Point } from '../../domain/model.js';
import { inArea, type NeObjective } from './objectives.js';
import { closestPointOnSegment } from '../../domain/geometry.js';
import { once, READ } from './ai-situations.js';
import { sideIndex, type NeGameState } from './state.js';
import { chargeDistance } from './tables.js';
import type { NeUnit } from './types.js';

/** How far off its facing an enemy may lie and still be charged after at most a small wheel. */
const CHARGE_ARC = 67.5;

export const centre = (u: NeUnit): Point => [u.x, u.y];

export const fighting = (u: NeUnit): boolean => u.status === 'table';

export function enemies(s: NeGameState, u: NeUnit): NeUnit[] {
  return s.units.filter((e) => e.side !== u.side && fighting(e));
}

export function friends(s: NeGameState, u: NeUnit): NeUnit[] {
  return s.units.filter((e) => e.side === u.side && e.id !== u.id && fighting(e));
}

/** Edge-to-edge distance between two units, as the rules measure. */
export function gap(s: NeGameState, a: NeUnit, b: NeUnit): number {
  return rectDistance(rectOf(a, s.table), rectOf(b, s.table));
}

/**
 * Whether `e` could charge `u` before `u` acts again: within its charge distance (plus a move action when it has
 * not acted yet this period, since a move may precede the charge) and roughly ahead of it.
 */
export function canCharge(s: NeGameState, e: NeUnit, u: NeUnit, at: Point = centre(u)): boolean {
  if (e.arm !== 'cavalry' && e.arm !== 'infantry') return false;
  if (e.formation === 'skirmish' || e.status !== 'table') return false;
  if (e.arm === 'infantry' && u.arm === 'cavalry') return false;
  const started = s.flow[e.id]?.started ?? false;
  const reach = chargeDistance(e) + (started ? 0 : e.arm === 'cavalry' ? 6 : 3);
  // Cheap refusals first (the answer is the same whichever test runs first): the arc, then the bounding circles,
  // so the exact edge-to-edge distance is measured only for enemies that may be in reach.
  if (Math.abs(angleDiff(e.facing, bearing(centre(e), at))) > CHARGE_ARC) return false;
  const re = rectOf(e, s.table);
  const ru = rectAt(s.table, u, at, u.facing);
  if (farApart(re, ru, reach)) return false;
  return rectDistance(re, ru) <= reach;
}

/** Enemy cavalry that could ride at `u` (the reason to form square). */
export function cavalryThreat(s: NeGameState, u: NeUnit, at?: Point): NeUnit[] {
  if (at === undefined) return once(s, READ.cavalry, u, null, () => cavalryThreat(s, u, centre(u)));
  return enemies(s, u).filter((e) => e.arm === 'cavalry' && canCharge(s, e, u, at));
}

/** Any enemy that could charge `u` (the reason to keep a stand marker). */
export function chargeThreat(s: NeGameState, u: NeUnit, at?: Point): NeUnit[] {
  if (at === undefined) return once(s, READ.threat, u, null, () => chargeThreat(s, u, centre(u)));
  return enemies(s, u).filter((e) => canCharge(s, e, u, at));
}

/** Share of the unit already lost (figures, or a battery's crew hits): hurt units break sooner. */
export function hurt(u: NeUnit): number {
  if (u.arm === 'artillery') return u.guns > 0 ? Math.min(1, u.crewHits / u.guns) : 0;
  return u.figures0 > 0 ? 1 - u.figures / u.figures0 : 0;
}

/** The side's objectives still to take (held by nobody or the enemy), and those it holds. */
export function objectivesFor(s: NeGameState, u: NeUnit): { take: Point[]; hold: Point[] } {
  const me = sideIndex(u.side);
  const take: Point[] = [];
  const hold: Point[] = [];
  s.objectives.forEach((o, k) => (s.control[k] === me ? hold : take).push(o.at));
  return { take, hold };
}

/** Whether the unit stands inside an objective its side holds (it should stay to keep it). */
export function holdingObjective(s: NeGameState, u: NeUnit): boolean {
  return once(s, READ.holding, u, null, () => holdingNow(s, u));
}

function holdingNow(s: NeGameState, u: NeUnit): boolean {
  const me = sideIndex(u.side);
  return s.objectives.some((o, k) => s.control[k] === me && inArea(o.area, centre(u)));
}

/** The objective area holding the point, if any. */
export function objectiveAt(s: NeGameState, p: Point): number {
  const boxes = boxesOf(s.objectives);
  return s.objectives.findIndex((o, k) => {
    const b = boxes[k]!;
    return p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3] && inArea(o.area, p);
  });
}

// Each objective area's bounding box, a little widened: most points the AI asks about lie in no objective, and the
// box says so without the polygon test. The objectives never change in a game.
const boxes = new WeakMap<readonly NeObjective[], [number, number, number, number][]>();

function boxesOf(list: readonly NeObjective[]): [number, number, number, number][] {
  let b = boxes.get(list);
  if (!b) {
    b = list.map((o) => {
      const a = o.area;
      const pts = 'polygon' in a ? a.polygon : 'path' in a ? a.path : [a.at];
      const pad = ('path' in a ? a.within : 'radius' in a ? a.radius : 0) + 1e-6;
      const xs = pts.map((q) => q[0]);
      const ys = pts.map((q) => q[1]);
      return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
    });
    boxes.set(list, b);
  }
  return b;
}

/** How far cavalry looks for an enemy in the open when its objective is a town. */
const OPEN_REACH = 36;

/** How far inside an objective's edge a unit aims, so that its centre stands within it. */
const INSIDE = 1.5;

/** The point of the objective's area nearest to `p`, a little inside its edge (the area's own point if `p` is in). */
export function entryPoint(o: NeObjective, p: Point): Point {
  const a = o.area;
  if (inArea(a, p)) return p;
  let edge: Point;
  if ('at' in a) {
    const d = dist(p, a.at);
    const k = Math.max(0, a.radius - INSIDE) / Math.max(d, 1e-9);
    return [a.at[0] + (p[0] - a.at[0]) * k, a.at[1] + (p[1] - a.at[1]) * k];
  } else if ('path' in a) {
    edge = nearestOn(p, a.path, false);
    return edge;
  } else {
    edge = nearestOn(p, a.polygon, true);
  }
  const d = dist(edge, o.at);
  const k = Math.min(1, INSIDE / Math.max(d, 1e-9));
  return [edge[0] + (o.at[0] - edge[0]) * k, edge[1] + (o.at[1] - edge[1]) * k];
}

function nearestOn(p: Point, line: readonly Point[], closed: boolean): Point {
  let best: Point = line[0]!;
  let bestD = Infinity;
  const n = closed ? line.length : line.length - 1;
  for (let i = 0; i < n; i++) {
    const q = closestPointOnSegment(p, line[i]!, line[(i + 1) % line.length]!);
    const d = dist(p, q);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
}

/**
 * Where the unit should go: into the nearest objective its side does not hold (weighted by VP), by the nearest way
 * in, so that several units spread along its edge instead of queueing for its middle; once inside, at the enemy
 * still standing in it (an objective is taken only when no enemy unit stands in it). When the side holds them all,
 * the nearest enemy within reach of a fight, else the nearest held objective (to stand by it).
 */
export function goalOf(s: NeGameState, u: NeUnit): Point | null {
  return once(s, READ.goal, u, null, () => goalNow(s, u));
}

function goalNow(s: NeGameState, u: NeUnit): Point | null {
  const me = sideIndex(u.side);
  const here = centre(u);
  let best: Point | null = null;
  let bestCost = Infinity;
  const foes = enemies(s, u);
  s.objectives.forEach((o, k) => {
    if (s.control[k] === me) return;
    let to = entryPoint(o, here);
    // Cavalry may not stand in a town off its roads ('Built-up Areas'): aimed at the town's edge it halted there,
    // in the doorway its own infantry needed. It goes for the enemy in the open instead (the nearest such within
    // reach of a fight), and leaves the town to the foot.
    if (u.arm === 'cavalry' && townOffRoad(s.table.terrain, to) !== null) {
      const open = foes.filter((e) => townOffRoad(s.table.terrain, centre(e)) === null && dist(here, centre(e)) <= OPEN_REACH).sort((a, b) => dist(here, centre(a)) - dist(here, centre(b)))[0];
      if (!open) return;
      to = centre(open);
    } else if (to === here) {
      const inside = foes.filter((e) => inArea(o.area, centre(e))).sort((a, b) => dist(here, centre(a)) - dist(here, centre(b)))[0];
      to = inside ? centre(inside) : o.at;
    }
    const cost = dist(here, to) / Math.sqrt(Math.max(1, o.vp) / 50);
    if (cost < bestCost) {
      bestCost = cost;
      best = to;
    }
  });
  if (best) return best;
  const near = [...foes].sort((a, b) => dist(here, centre(a)) - dist(here, centre(b)))[0];
  if (near && dist(here, centre(near)) < 24) return centre(near);
  const held = s.objectives.filter((_, k) => s.control[k] === me).sort((a, b) => dist(here, a.at) - dist(here, b.at))[0];
  return held ? held.at : near ? centre(near) : null;
}

/** The unit's commander on the table and the point he commands from. */
export function commanderOf(s: NeGameState, u: NeUnit): { at: Point; radius: number } | null {
  const l = s.leaders.find((x) => x.id === u.commander && x.status === 'table');
  if (!l) return null;
  const host = l.attachedTo ? s.units.find((x) => x.id === l.attachedTo) : undefined;
  return { at: host ? centre(host) : [l.x, l.y], radius: l.commandRadius };
}
