// Command option #2 in play ('Command and Control Option #2', 'Changing Orders', 'Misinterpreting of Orders'; rules
// notes §14): every division (the units a leader commands directly) stands under a written order, which says what
// its units' moves and charges may do. Orders are written in the bid decision, before the side bids: in the game's
// first period they take effect at once; later ones arrive after the delay orders.ts prices, and with the
// `misreadOrders` option may be misread when they arrive. The tables (delay modifiers, the misread table) are
// orders.ts's; this file keeps the orders and judges moves by them.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Point } from '../../domain/model.js';
import type { NeDice } from './dice.js';
import { rectOf } from './footprint.js';
import { bearing, dist, heading, pointPolygonDistance, rectCorners, rectDistance } from './geometry.js';
import { leaderPoint, moveAllowance, rectAt } from './movement.js';
import { misread, orderDelay, orderDelayModifiers, type Order } from './orders.js';
import { sightBetween } from './sight.js';
import { PERIODS_PER_TURN, type NeGameState } from './state.js';
import { optionOn, type NeLeader, type NeUnit } from './types.js';

export const ORDERS: readonly Order[] = ['attack', 'defend', 'withdraw', 'pursuit', 'maneuver', 'reserve'];

export interface DivisionOrder {
  order: Order;
  /** The objective (attack, maneuver) or the centre of the ground held (defend). */
  at: Point;
  /** The attacking division has brought half its units within 12" of the enemy. */
  committed: boolean;
  /** A misread withdraw lasts one game turn, then the division defends: the period index it ends at. */
  until?: number;
  /** The period index it was written in, when it took effect at once (the first period's orders). */
  written?: number;
}

export interface PendingOrder {
  order: Order;
  at: Point;
  /** Period index (1 = the game's first) the order was sent in and arrives at. */
  sent: number;
  arrives: number;
}

export interface OrdersState {
  /** Each division's order in force, by its leader's id. */
  divisions: Record<string, DivisionOrder>;
  /** Orders on their way, by the receiving leader's id. */
  pending: Record<string, PendingOrder>;
}

/** A division is committed with half its units within 12" of the enemy ('Attack'). */
export const COMMIT_RANGE = 12;
/** A maneuvering division keeps 20" from every enemy ('Maneuver'). */
export const MANEUVER_GAP = 20;
/** A division on reserve defends once an enemy comes within 24" of any of its units ('Reserve'). */
export const RESERVE_ALERT = 24;
/** Interpretation: an objective is taken, or a place reached, within 4" of it (a block's side). */
export const AT_OBJECTIVE = 4;

export const optionTwo = (s: NeGameState): boolean => s.table.options.commandOption === 2;
export const periodIndex = (s: NeGameState): number => (s.turn - 1) * PERIODS_PER_TURN + s.period;
const r2 = (n: number) => Math.round(n * 100) / 100;
const fromIndex = (i: number) => ({ turn: Math.floor((i - 1) / PERIODS_PER_TURN) + 1, period: ((i - 1) % PERIODS_PER_TURN) + 1 });

const standing = (u: NeUnit): boolean => u.status === 'table' || u.status === 'retreat';
const enemiesOf = (s: NeGameState, side: string): NeUnit[] => s.units.filter((e) => e.side !== side && standing(e));

/** The units of the division `leader` commands directly, on the table. */
export function divisionUnits(s: NeGameState, leader: string): NeUnit[] {
  return s.units.filter((u) => u.commander === leader && standing(u));
}

/** Leaders who command units directly: the divisions orders go to. */
export function divisionLeaders(s: NeGameState, side?: string): NeLeader[] {
  return s.leaders.filter((l) => (side === undefined || l.side === side) && l.status !== 'reserve' && s.units.some((u) => u.commander === l.id));
}

function nearestEnemyGap(s: NeGameState, u: NeUnit, at: Point): number {
  const r = rectAt(s.table, u, at, u.facing);
  let best = Infinity;
  for (const e of enemiesOf(s, u.side)) best = Math.min(best, rectDistance(r, rectOf(e, s.table)));
  return best;
}

export function committedNow(s: NeGameState, leader: string): boolean {
  const units = divisionUnits(s, leader);
  if (units.length === 0) return false;
  const near = units.filter((u) => nearestEnemyGap(s, u, [u.x, u.y]) <= COMMIT_RANGE + 1e-9).length;
  return near * 2 >= units.length;
}

function enemyNearDivision(s: NeGameState, leader: string, range: number): boolean {
  return divisionUnits(s, leader).some((u) => nearestEnemyGap(s, u, [u.x, u.y]) <= range + 1e-9);
}

/** The order that binds the division now: a reserve with an enemy within 24" already holds its ground. */
export function orderInForce(s: NeGameState, leader: string): DivisionOrder | null {
  const o = s.orders?.divisions[leader];
  if (!o) return null;
  if (o.order === 'reserve' && enemyNearDivision(s, leader, RESERVE_ALERT)) {
    const l = s.leaders.find((x) => x.id === leader);
    return { order: 'defend', at: l ? leaderPoint(s.units, l) : o.at, committed: false };
  }
  return o;
}

// ---- Writing and receiving orders ---------------------------------------------------------------------------------

function setDivision(s: NeGameState, leader: string, o: DivisionOrder): void {
  const st = s.orders ?? { divisions: {}, pending: {} };
  s.orders = { ...st, divisions: { ...st.divisions, [leader]: o } };
}

/** Why `leader` cannot be sent `order` now, or null. */
export function orderProblem(s: NeGameState, side: string, leader: string, order: Order, at: Point | undefined): string | null {
  if (!optionTwo(s)) return 'written orders belong to command option #2, and this scenario plays option #1';
  const l = s.leaders.find((x) => x.id === leader);
  if (!l || l.side !== side) return `no leader "${String(leader)}" of ${side}'s`;
  if (!divisionLeaders(s, side).includes(l)) return `${l.name} commands no units directly: orders go to divisions`;
  if (!ORDERS.includes(order)) return `an order is one of ${ORDERS.join(', ')}, not ${String(order)}`;
  if (at !== undefined && !(Array.isArray(at) && at.length === 2 && at.every((n) => typeof n === 'number' && Number.isFinite(n)))) return 'an order\'s `at` is a point [x, y]';
  const now = periodIndex(s);
  if (s.orders?.pending[leader]?.sent === now || s.orders?.divisions[leader]?.written === now) return `${l.name} has already been sent an order this period`;
  return null;
}

/**
 * Writes an order. In the game's first period it takes effect at once; later it arrives after the delay: a d6 plus
 * the modifiers of 'Changing Orders', never sooner than the next period. A later order replaces one on its way.
 */
export function issueOrder(s: NeGameState, leader: NeLeader, order: Order, at: Point | undefined, dice: NeDice, events: GameEvent[]): void {
  const where: Point = at ? [at[0], at[1]] : leaderPoint(s.units, leader);
  const now = periodIndex(s);
  if (now === 1) {
    setDivision(s, leader.id, { order, at: where, committed: false, written: now });
    events.push({ type: 'order', leader: leader.id, order, at: where, why: 'written before the battle: takes effect at once' });
    return;
  }
  const side = s.table.sides.find((x) => x.key === leader.side)!;
  const superior = leader.superior ? s.leaders.find((x) => x.id === leader.superior) : undefined;
  // A division with no superior on the table writes its own orders: the leaders are together.
  const leaderDistance = superior ? dist(leaderPoint(s.units, leader), leaderPoint(s.units, superior)) : 0;
  const units = divisionUnits(s, leader.id);
  const here = leaderPoint(s.units, leader);
  const enemyNear = enemiesOf(s, leader.side).some((e) => pointPolygonDistance(here, rectCorners(rectOf(e, s.table))) <= 12 + 1e-9);
  const current = s.orders?.divisions[leader.id];
  const mods = orderDelayModifiers({
    nation: side.nation ?? undefined,
    year: s.table.year ?? undefined,
    cavalryDivision: units.length > 0 && units.every((u) => u.arm === 'cavalry' || (u.arm === 'artillery' && u.type === 'horse')) && units.some((u) => u.arm === 'cavalry'),
    napoleonArmyCommander: optionOn(s.table, 'napoleonPresent') && side.nation === 'french',
    from: current?.order ?? 'defend',
    to: order,
    leaderDistance,
    enemyWithin12OrCommitted: enemyNear || current?.committed === true || (current?.order === 'attack' && committedNow(s, leader.id)),
    originalLeaderLost: leader.status === 'lost',
    weather: optionOn(s.table, 'weatherEffects') ? (s.table.weather ?? undefined) : undefined,
  });
  const roll = dice.d6();
  const periods = orderDelay(roll, mods);
  const arrives = now + periods;
  const st = s.orders ?? { divisions: {}, pending: {} };
  s.orders = { ...st, pending: { ...st.pending, [leader.id]: { order, at: where, sent: now, arrives } } };
  events.push({ type: 'order-sent', leader: leader.id, order, at: where, roll, modifiers: mods.map((m) => `${m.id} ${m.value}`), periods, arrives: fromIndex(arrives) });
}

/** The point a misread order aims at ('Misinterpreting of Orders': the four orders a misread gives). */
function misreadTarget(s: NeGameState, leader: NeLeader, order: Order): Point {
  const here = leaderPoint(s.units, leader);
  const foes = enemiesOf(s, leader.side).sort((a, b) => dist(here, [a.x, a.y]) - dist(here, [b.x, b.y]) || a.id.localeCompare(b.id));
  if (order === 'attack') {
    // The closest enemy in sight of the leader, else the closest.
    const seen = foes.find((e) => sightBetween(s.table.terrain, s.units, here, [e.x, e.y], [e.id]).clear) ?? foes[0];
    return seen ? [seen.x, seen.y] : here;
  }
  if (order === 'maneuver') {
    // At least 10" away: 12" straight away from the nearest enemy, kept on the table.
    const away = foes[0] ? heading(bearing([foes[0].x, foes[0].y], here)) : heading(leader.side === 'red' ? 0 : 180);
    const clamp = (v: number, max: number) => Math.min(max - 1, Math.max(1, v));
    return [r2(clamp(here[0] + away[0] * 12, s.table.width)), r2(clamp(here[1] + away[1] * 12, s.table.height))];
  }
  return here;
}

/** Switches a division to defend its ground (or the objective it reached), with the reason. */
function toDefend(s: NeGameState, leader: NeLeader, at: Point, why: string, events: GameEvent[]): void {
  setDivision(s, leader.id, { order: 'defend', at, committed: false });
  events.push({ type: 'order', leader: leader.id, order: 'defend', at, why });
}

/**
 * At the start of each period (after the command check): every division gets its order (defend where its leader
 * stands, until written otherwise), orders due arrive (misread on a d20 of 19+ with the leader's penalty, the d6 then
 * reading the table), attacking divisions become committed, objectives taken or places reached turn to defend, a
 * reserve with the enemy within 24" defends, and a misread withdrawal's turn runs out.
 */
export function settleOrders(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  if (!optionTwo(s)) return;
  const now = periodIndex(s);
  for (const l of divisionLeaders(s)) {
    if (!s.orders?.divisions[l.id]) setDivision(s, l.id, { order: 'defend', at: leaderPoint(s.units, l), committed: false });
    const p = s.orders!.pending[l.id];
    if (p && p.arrives <= now) {
      const rest = { ...s.orders!.pending };
      delete rest[l.id];
      s.orders = { ...s.orders!, pending: rest };
      let order = p.order;
      let at = p.at;
      let until: number | undefined;
      if (optionOn(s.table, 'misreadOrders')) {
        const m = misread(p.order, l.misreadPenalty, dice.d20, dice.d6);
        if (m.misread) {
          order = m.order;
          at = misreadTarget(s, l, order);
          if (order === 'withdraw') until = now + PERIODS_PER_TURN;
        }
        events.push({ type: 'order-read', leader: l.id, rolls: m.rolls, misread: m.misread, order });
      }
      setDivision(s, l.id, { order, at, committed: false, ...(until !== undefined ? { until } : {}) });
      events.push({ type: 'order', leader: l.id, order, at, why: 'new orders arrive' });
    }
    settleDivision(s, l, events);
  }
}

/** The changes a division's own situation makes to its order (also run after each activation, for the reserve). */
function settleDivision(s: NeGameState, l: NeLeader, events: GameEvent[]): void {
  const o = s.orders?.divisions[l.id];
  if (!o) return;
  const units = divisionUnits(s, l.id);
  if (o.order === 'attack') {
    if (!o.committed && committedNow(s, l.id)) {
      setDivision(s, l.id, { ...o, committed: true });
      events.push({ type: 'committed', leader: l.id });
    }
    const ours = units.some((u) => u.status === 'table' && dist([u.x, u.y], o.at) <= AT_OBJECTIVE + 1e-9);
    const theirs = enemiesOf(s, l.side).some((e) => dist([e.x, e.y], o.at) <= AT_OBJECTIVE + 1e-9);
    if (ours && !theirs) toDefend(s, l, o.at, 'objective taken', events);
  } else if (o.order === 'maneuver') {
    const there = units.filter((u) => dist([u.x, u.y], o.at) <= AT_OBJECTIVE + 1e-9).length;
    if (units.length > 0 && there * 2 >= units.length) toDefend(s, l, o.at, 'place reached', events);
  } else if (o.order === 'reserve') {
    if (enemyNearDivision(s, l.id, RESERVE_ALERT)) toDefend(s, l, leaderPoint(s.units, l), `an enemy came within ${RESERVE_ALERT}"`, events);
  } else if (o.order === 'withdraw' && o.until !== undefined && periodIndex(s) >= o.until) {
    toDefend(s, l, leaderPoint(s.units, l), 'the misread withdrawal has run its turn', events);
  }
}

/** After an activation: a reserve the enemy has just come near defends from now on. */
export function settleReserves(s: NeGameState, events: GameEvent[]): void {
  if (!optionTwo(s) || !s.orders) return;
  for (const l of divisionLeaders(s)) if (s.orders.divisions[l.id]?.order === 'reserve') settleDivision(s, l, events);
}

// ---- What an order allows ------------------------------------------------------------------------------------------

/** Interpretation of 'move at 3/4 to full move distance': the move covers at least ¾ of what its actions allow. */
function paceProblem(s: NeGameState, u: NeUnit, to: Point, cost: number, distance: number, order: Order): string | null {
  const rate = Math.min(moveAllowance(s.table, u, [u.x, u.y]), moveAllowance(s.table, u, to));
  const need = 0.75 * cost * rate;
  if (distance + 1e-9 < need) return `${u.name}'s division is ordered to ${order}: it moves at ¾ pace or more (${r2(distance)}" of the ${r2(need)}" its ${cost} action${cost === 1 ? '' : 's'} ask)`;
  return null;
}

/** The enemy a pursuing unit follows: the nearest retreating, else the nearest. */
function pursued(s: NeGameState, u: NeUnit): NeUnit | undefined {
  const foes = enemiesOf(s, u.side);
  const run = foes.filter((e) => e.status === 'retreat');
  const list = run.length > 0 ? run : foes;
  return list.sort((a, b) => dist([u.x, u.y], [a.x, a.y]) - dist([u.x, u.y], [b.x, b.y]) || a.id.localeCompare(b.id))[0];
}

/**
 * Why the division's order forbids this move or force march, or null. A turn in place is never "moving". Attack
 * (until committed): nearer the objective, at ¾ pace or more; committed, free. Defend: not out of the area (the
 * leader's command radius about its centre) — a unit outside may come back. Withdraw: further from the enemy, at ¾
 * pace. Pursuit: nearer the enemy pursued. Maneuver: never within 20" of an enemy; inside 20", away; else nearer the
 * place. Reserve: no moves.
 */
export function orderMoveProblem(s: NeGameState, u: NeUnit, to: Point, cost: number, distance: number): string | null {
  if (!optionTwo(s) || !u.commander || distance <= 1e-9) return null;
  const o = orderInForce(s, u.commander);
  if (!o) return null;
  const from: Point = [u.x, u.y];
  const name = `${u.name}'s division`;
  switch (o.order) {
    case 'reserve':
      return `${name} is on reserve: its units do not move`;
    case 'attack': {
      if (o.committed || committedNow(s, u.commander)) return null;
      if (dist(to, o.at) >= dist(from, o.at) - 1e-9) return `${name} is ordered to attack [${o.at.map(r2).join(', ')}]: until committed its moves close on it`;
      return paceProblem(s, u, to, cost, distance, 'attack');
    }
    case 'defend': {
      const l = s.leaders.find((x) => x.id === u.commander);
      const radius = l?.commandRadius ?? 15;
      const d1 = dist(to, o.at);
      if (d1 > radius + 1e-9 && d1 > dist(from, o.at) + 1e-9) return `${name} defends the ground within ${radius}" of [${o.at.map(r2).join(', ')}]: this move leaves it (${r2(d1)}")`;
      return null;
    }
    case 'withdraw': {
      if (nearestEnemyGap(s, u, to) <= nearestEnemyGap(s, u, from) + 1e-9) return `${name} is ordered to withdraw: its moves take it further from the enemy`;
      return paceProblem(s, u, to, cost, distance, 'withdraw');
    }
    case 'pursuit': {
      const e = pursued(s, u);
      if (e && dist(to, [e.x, e.y]) >= dist(from, [e.x, e.y]) - 1e-9) return `${name} is ordered to pursue: its moves follow ${e.name}`;
      return null;
    }
    case 'maneuver': {
      const e0 = nearestEnemyGap(s, u, from);
      const e1 = nearestEnemyGap(s, u, to);
      if (e0 < MANEUVER_GAP - 1e-9) return e1 > e0 + 1e-9 ? null : `${name} is maneuvering and within ${MANEUVER_GAP}" of the enemy: it must move away (${r2(e0)}" now, ${r2(e1)}" after)`;
      if (e1 < MANEUVER_GAP - 1e-9) return `${name} is maneuvering: no unit comes within ${MANEUVER_GAP}" of the enemy (${r2(e1)}" after this move)`;
      if (dist(to, o.at) >= dist(from, o.at) - 1e-9) return `${name} is maneuvering to [${o.at.map(r2).join(', ')}]: its moves go there`;
      return null;
    }
    default:
      return null;
  }
}

/** Why the division's order forbids a charge landing at `to`, or null: only attack, pursuit and defend charge. */
export function orderChargeProblem(s: NeGameState, u: NeUnit, to: Point): string | null {
  if (!optionTwo(s) || !u.commander) return null;
  const o = orderInForce(s, u.commander);
  if (!o) return null;
  const name = `${u.name}'s division`;
  if (o.order === 'reserve' || o.order === 'withdraw' || o.order === 'maneuver') return `${name} is on a ${o.order} order: it does not charge`;
  if (o.order === 'defend') {
    const radius = s.leaders.find((x) => x.id === u.commander)?.commandRadius ?? 15;
    if (dist(to, o.at) > radius + 1e-9 && dist(to, o.at) > dist([u.x, u.y], o.at) + 1e-9) return `${name} defends the ground within ${radius}" of [${o.at.map(r2).join(', ')}]: it does not charge out of it`;
  }
  return null;
}

/** Orders worth offering a division now (the sampler's): each order but the one in force, aimed sensibly. */
export function orderCandidates(s: NeGameState, side: string): { leader: string; order: Order; at: Point }[] {
  if (!optionTwo(s)) return [];
  const out: { leader: string; order: Order; at: Point }[] = [];
  for (const l of divisionLeaders(s, side)) {
    if (orderProblem(s, side, l.id, 'defend', undefined)) continue;
    const here = leaderPoint(s.units, l);
    const current = s.orders?.divisions[l.id]?.order;
    const foes = enemiesOf(s, side).sort((a, b) => dist(here, [a.x, a.y]) - dist(here, [b.x, b.y]) || a.id.localeCompare(b.id));
    const sideIdx = s.table.sides[0].key === side ? 0 : 1;
    const objective = s.objectives.filter((_, k) => s.control[k] !== sideIdx).sort((a, b) => dist(here, a.at) - dist(here, b.at))[0];
    const push = (order: Order, at: Point | undefined) => {
      if (at && order !== current) out.push({ leader: l.id, order, at: [r2(at[0]), r2(at[1])] });
    };
    push('attack', objective?.at ?? (foes[0] ? [foes[0].x, foes[0].y] : undefined));
    push('defend', here);
    push('withdraw', here);
    if (foes.some((e) => e.status === 'retreat')) push('pursuit', here);
    if (objective) push('maneuver', objective.at);
    push('reserve', here);
  }
  return out;
}
