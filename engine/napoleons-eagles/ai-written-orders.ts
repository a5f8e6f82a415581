// The AI's written orders under command option #2 ('Command and Control Option #2', 'Changing Orders'; rules notes
// §14). Without them every division would hold on its default defend order all game. The AI writes, in the bid
// decision before its bid, one order to each division whose wanted order differs from the one in force and the one
// on its way:
//   - defend the objective the side holds that the division stands by (its centre within the leader's command
//     radius + 6" of it);
//   - else attack the objective the side does not hold that it means to take: the nearest, its distance divided by
//     √(VP/50) so a richer prize pulls from further (the same weighting as the AI's goal, ai-threats.ts);
//   - else (the side holds every objective) defend the nearest held one;
//   - of two or more divisions defending the same objective, the one furthest from the enemy goes on reserve — a
//     second line — when no enemy is within 30" of its units (the reserve turns to defend by itself at 24").
// Then three orders a plan writes for a division's own situation (rules notes §14, "The AI writes orders"):
//   - withdraw, away from the enemy, a division beaten (half its units broken, the division threshold's count) with
//     the enemy near, or outnumbered two to one within 12";
//   - pursuit of the nearest enemy in retreat status within 12" of a division that would attack (it has won there);
//   - of two or more divisions that would attack one objective, the one furthest from the enemy maneuvers to a point
//     off the defenders' flank while the others hold their front, when it is still far from every enemy (it may not
//     come within 20" on a maneuver) and would otherwise strike their front.
// Orders change only when the wanted one changes, so a delay is not restarted every period. The rules' checks on
// moves and charges under an order are the game's: the AI plays only actions they accept (ai-flow.ts `accepted`).
import type { Point } from '../../domain/model.js';
import { rectOf } from './footprint.js';
import { angleDiff, bearing, dist, pointPolygonDistance, rectCorners, rectDistance } from './geometry.js';
import type { Action } from './game.js';
import { leaderPoint } from './movement.js';
import type { Order } from './orders.js';
import { divisionLeaders, divisionUnits, orderProblem, optionTwo } from './orders-play.js';
import type { Side } from './sequence.js';
import { sideKey, type NeGameState } from './state.js';
import type { NeLeader, NeUnit } from './types.js';

/** Enemies this near a division count for a withdrawal, a pursuit and the outnumbering (the commit range). */
const NEAR = 12;
/** A maneuver is written only to a division this far from every enemy, and to a place this far from them (20" + 2). */
const MANEUVER_FAR = 24;
const MANEUVER_CLEAR = 22;
/** The defenders of an objective: enemy units in good order this near its point. */
const DEFENDERS = 8;
/** A division attacking from within this angle of the defenders' facing strikes their front. */
const FRONT_ARC = 45;
/** A division this close (beyond its command radius) to an objective its side holds stands by it. */
const HOLD_MARGIN = 6;
/** A reserve stays one while no enemy is this near (the text's 24" at which a reserve defends). */
const RESERVE_CLEAR = 24;
/** Put on reserve only with this much more room, so a reserve is not written again just after it turned to defend. */
const RESERVE_MARGIN = 6;
/** Two orders aimed this close together are the same order. */
const SAME_PLACE = 4;

export interface WantedOrder {
  leader: string;
  order: Order;
  at: Point;
}

const r2 = (n: number): number => Math.round(n * 100) / 100;

function centreOf(s: NeGameState, l: NeLeader): Point {
  const units = divisionUnits(s, l.id).filter((u) => u.status === 'table');
  if (units.length === 0) return leaderPoint(s.units, l);
  return [units.reduce((n, u) => n + u.x, 0) / units.length, units.reduce((n, u) => n + u.y, 0) / units.length];
}

/** The least gap (rectangles, as the reserve rule measures it) between the division's units and an enemy. */
function enemyGap(s: NeGameState, l: NeLeader): number {
  let best = Infinity;
  const foes = s.units.filter((e) => e.side !== l.side && (e.status === 'table' || e.status === 'retreat')).map((e) => rectOf(e, s.table));
  for (const u of divisionUnits(s, l.id)) {
    const r = rectOf(u, s.table);
    for (const f of foes) best = Math.min(best, rectDistance(r, f));
  }
  return best;
}

const good = (u: NeUnit): boolean => u.status === 'table';
const broken = (u: NeUnit): boolean => u.status !== 'table' && u.status !== 'reserve' && u.status !== 'exited';

/** Enemy units in good order within `range` (rectangles) of any of the division's units in good order. */
function nearEnemies(s: NeGameState, l: NeLeader, range: number, status: NeUnit['status'] = 'table'): NeUnit[] {
  const ours = divisionUnits(s, l.id).filter(good).map((u) => rectOf(u, s.table));
  return s.units.filter((e) => e.side !== l.side && e.status === status && e.arm !== 'train' && ours.some((r) => rectDistance(r, rectOf(e, s.table)) <= range));
}

/** A point `inches` straight away from the nearest enemy, kept on the table (where a withdrawal heads). */
function awayFrom(s: NeGameState, from: Point, foes: readonly NeUnit[], inches: number): Point {
  const nearest = [...foes].sort((a, b) => dist(from, [a.x, a.y]) - dist(from, [b.x, b.y]) || a.id.localeCompare(b.id))[0];
  const a = nearest ? (bearing([nearest.x, nearest.y], from) * Math.PI) / 180 : 0;
  const clamp = (v: number, max: number) => Math.min(max - 1, Math.max(1, v));
  return [clamp(from[0] + Math.sin(a) * inches, s.table.width), clamp(from[1] - Math.cos(a) * inches, s.table.height)];
}

/**
 * Withdraw: beaten (half or more of its units broken — retreating, routed, surrendered, eliminated or silenced — as
 * the division threshold counts them) with an enemy in good order within 12", or outnumbered two to one in figures
 * within 12" (the close action's −2); only while it has a unit in good order to withdraw.
 */
export function withdrawWanted(s: NeGameState, l: NeLeader): boolean {
  const all = s.units.filter((u) => u.commander === l.id && u.status !== 'reserve');
  const mine = all.filter(good);
  if (mine.length === 0) return false;
  const near = nearEnemies(s, l, NEAR);
  if (near.length === 0) return false;
  if (all.filter(broken).length * 2 >= all.length) return true;
  const theirs = near.filter((e) => e.arm !== 'artillery').reduce((n, e) => n + e.figures, 0);
  return theirs >= 2 * mine.filter((u) => u.arm !== 'artillery').reduce((n, u) => n + u.figures, 0);
}

/** Pursuit: the nearest enemy in retreat status within 12" of the division's units in good order, if any. */
export function pursuitTarget(s: NeGameState, l: NeLeader, centre: Point): NeUnit | null {
  const fleeing = nearEnemies(s, l, NEAR, 'retreat');
  return fleeing.sort((a, b) => dist(centre, [a.x, a.y]) - dist(centre, [b.x, b.y]) || a.id.localeCompare(b.id))[0] ?? null;
}

/**
 * Maneuver: where a division far from the enemy should go to strike the defenders of `objective` in flank. Null
 * when it is within 24" of an enemy, the objective has no defenders, the division already stands off their front,
 * or no place off their flank lies 22" from every enemy on the table.
 */
export function flankPoint(s: NeGameState, l: NeLeader, centre: Point, objective: Point): Point | null {
  const ours = divisionUnits(s, l.id).filter(good).map((u) => rectOf(u, s.table));
  const foes = s.units.filter((e) => e.side !== l.side && (e.status === 'table' || e.status === 'retreat'));
  const foeRects = foes.map((e) => rectOf(e, s.table));
  if (ours.length === 0 || ours.some((r) => foeRects.some((f) => rectDistance(r, f) < MANEUVER_FAR))) return null;
  const defenders = foes.filter((e) => good(e) && e.arm !== 'train' && dist([e.x, e.y], objective) <= DEFENDERS);
  if (defenders.length === 0) return null;
  // Their mean facing: the way their fronts look.
  const fx = defenders.reduce((n, e) => n + Math.sin((e.facing * Math.PI) / 180), 0);
  const fy = defenders.reduce((n, e) => n - Math.cos((e.facing * Math.PI) / 180), 0);
  if (Math.hypot(fx, fy) < 1e-6) return null;
  const facing = bearing([0, 0], [fx, fy]);
  if (Math.abs(angleDiff(bearing(objective, centre), facing)) > FRONT_ARC) return null;
  const places: Point[] = [];
  for (const side of [90, -90]) {
    const a = ((facing + side) * Math.PI) / 180;
    for (let d = MANEUVER_CLEAR; d <= 40; d += 2) {
      const p: Point = [objective[0] + Math.sin(a) * d, objective[1] - Math.cos(a) * d];
      if (p[0] < 1 || p[1] < 1 || p[0] > s.table.width - 1 || p[1] > s.table.height - 1) break;
      if (foeRects.every((f) => pointPolygonDistance(p, rectCorners(f)) >= MANEUVER_CLEAR)) {
        places.push(p);
        break;
      }
    }
  }
  return places.sort((a, b) => dist(centre, a) - dist(centre, b))[0] ?? null;
}

/** What each of `side`'s divisions should be ordered to do now. */
export function wantedOrders(s: NeGameState, side: Side): WantedOrder[] {
  const key = sideKey(s, side);
  const held = s.objectives.filter((_, k) => s.control[k] === side);
  const open = s.objectives.filter((_, k) => s.control[k] !== side);
  const out: (WantedOrder & { l: NeLeader; centre: Point; objective: string | null })[] = [];
  for (const l of divisionLeaders(s, key)) {
    const centre = centreOf(s, l);
    const byHeld = held.map((o) => ({ o, d: dist(centre, o.at) })).sort((a, b) => a.d - b.d || a.o.id.localeCompare(b.o.id))[0];
    const target = open.map((o) => ({ o, d: dist(centre, o.at) / Math.sqrt(Math.max(1, o.vp) / 50) })).sort((a, b) => a.d - b.d || a.o.id.localeCompare(b.o.id))[0];
    let wanted: { order: Order; at: Point; objective: string | null };
    if (byHeld && byHeld.d <= l.commandRadius + HOLD_MARGIN) wanted = { order: 'defend', at: byHeld.o.at, objective: byHeld.o.id };
    else if (target) wanted = { order: 'attack', at: target.o.at, objective: target.o.id };
    else if (byHeld) wanted = { order: 'defend', at: byHeld.o.at, objective: byHeld.o.id };
    else wanted = { order: 'defend', at: leaderPoint(s.units, l), objective: null };
    out.push({ leader: l.id, l, ...wanted, at: [r2(wanted.at[0]), r2(wanted.at[1])], centre });
  }
  // A second line: of the divisions defending one objective, the furthest from the enemy waits on reserve.
  for (const obj of new Set(out.filter((w) => w.order === 'defend' && w.objective).map((w) => w.objective))) {
    const group = out.filter((w) => w.order === 'defend' && w.objective === obj);
    if (group.length < 2) continue;
    const rear = group.map((w) => ({ w, d: enemyGap(s, w.l) })).sort((a, b) => b.d - a.d || a.w.leader.localeCompare(b.w.leader))[0]!;
    if (rear.d > RESERVE_CLEAR + RESERVE_MARGIN) {
      rear.w.order = 'reserve';
      rear.w.at = [r2(rear.w.centre[0]), r2(rear.w.centre[1])];
    }
  }
  // A division's own situation overrides the plan: a beaten one withdraws; one that would attack pursues a beaten
  // enemy near it, or goes round to the defenders' flank while it is still far off.
  for (const w of out) {
    if (withdrawWanted(s, w.l)) {
      const p = awayFrom(s, w.centre, nearEnemies(s, w.l, NEAR), NEAR);
      Object.assign(w, { order: 'withdraw', at: [r2(p[0]), r2(p[1])] });
      continue;
    }
    if (w.order !== 'attack') continue;
    const fleeing = pursuitTarget(s, w.l, w.centre);
    if (fleeing) Object.assign(w, { order: 'pursuit', at: [r2(fleeing.x), r2(fleeing.y)] });
  }
  // Two or more divisions attacking one objective: the nearest holds the defenders' front, and the one furthest from
  // the enemy goes round to their flank while it is still far enough off to maneuver.
  for (const obj of new Set(out.filter((w) => w.order === 'attack' && w.objective).map((w) => w.objective))) {
    const group = out.filter((w) => w.order === 'attack' && w.objective === obj);
    if (group.length < 2) continue;
    const rear = group.map((w) => ({ w, d: enemyGap(s, w.l) })).sort((a, b) => b.d - a.d || a.w.leader.localeCompare(b.w.leader))[0]!.w;
    const flank = flankPoint(s, rear.l, rear.centre, rear.at);
    if (flank) Object.assign(rear, { order: 'maneuver', at: [r2(flank[0]), r2(flank[1])] });
  }
  return out.map(({ leader, order, at }) => ({ leader, order, at }));
}

/** Whether the order `a` already does what `b` wants: the same order at the same place, or an attack on the place
 *  to defend (it turns to defend there by itself once the objective is taken). */
const same = (a: { order: Order; at: Point } | undefined, b: WantedOrder): boolean => {
  if (!a) return false;
  // A reserve holds where it stands; a withdrawal and a pursuit are judged by the enemy, not by their point.
  if (b.order === 'reserve' || b.order === 'withdraw' || b.order === 'pursuit') return a.order === b.order;
  // A maneuver's place drifts as the enemy moves: one on its way there is the same order.
  if (b.order === 'maneuver') return a.order === 'maneuver' && dist(a.at, b.at) <= 3 * SAME_PLACE;
  const order = a.order === b.order || (a.order === 'attack' && b.order === 'defend');
  return order && dist(a.at, b.at) <= SAME_PLACE;
};

/**
 * The order the AI writes now, before its bid, or null when every division already has (or is being sent) the one
 * it wants. One at a time: the bid decision is asked again after each.
 */
export function nextWrittenOrder(s: NeGameState, side: Side): Action | null {
  if (!optionTwo(s) || s.phase !== 'bid') return null;
  const key = sideKey(s, side);
  for (const w of wantedOrders(s, side)) {
    const inForce = s.orders?.divisions[w.leader];
    const pending = s.orders?.pending[w.leader];
    if (pending ? same(pending, w) : same(inForce, w)) continue;
    if (orderProblem(s, key, w.leader, w.order, w.at)) continue;
    return { type: 'order', leader: w.leader, order: w.order, at: w.at };
  }
  return null;
}
