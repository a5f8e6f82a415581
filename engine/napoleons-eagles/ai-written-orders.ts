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
// Orders change only when the wanted one changes, so a delay is not restarted every period. The rules' checks on
// moves and charges under an order are the game's: the AI plays only actions they accept (ai-flow.ts `accepted`).
import type { Point } from '../../domain/model.js';
import { rectOf } from './footprint.js';
import { dist, rectDistance } from './geometry.js';
import type { Action } from './game.js';
import { leaderPoint } from './movement.js';
import type { Order } from './orders.js';
import { divisionLeaders, divisionUnits, orderProblem, optionTwo } from './orders-play.js';
import type { Side } from './sequence.js';
import { sideKey, type NeGameState } from './state.js';
import type { NeLeader } from './types.js';

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
  return out.map(({ leader, order, at }) => ({ leader, order, at }));
}

/** Whether the order `a` already does what `b` wants: the same order at the same place, or an attack on the place
 *  to defend (it turns to defend there by itself once the objective is taken). */
const same = (a: { order: Order; at: Point } | undefined, b: WantedOrder): boolean => {
  if (!a) return false;
  if (b.order === 'reserve') return a.order === 'reserve';
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
