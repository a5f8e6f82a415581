// The AI's Orders phase: where each General goes and which units get the pips.
import { boxDistance } from './board.js';
import { maxOrders, mayRally, orderActions, orderCost } from './legal-actions.js';
import { mayAssault } from './movement.js';
import { kindOf } from './ai-strategy.js';
import { DOOMED_MARGIN, Evaluator, chargeReach } from './ai-evaluator.js';
import type { AiMemo } from './ai-memo.js';
import { isCavalry, isGuns, isSpent, onTable, unitIndexOf, type Action, type GameState } from './types.js';

/** Every unit wants an order a little: it can always move nearer the goals or hold a die. */
const BASE_NEED = 1;

/** Need per share of the unit's SP lost: a worn unit wants to rally. */
const RALLY_NEED = 4;

/** Guns with a target need their Bombardment order; without one, hardly any. */
const GUNS_TARGET_NEED = 4;
const GUNS_IDLE_NEED = 0.5;

/** Horse and foot that can charge an enemy within reach want to: horse more, their charge being the stronger. */
const CAVALRY_CHARGE_NEED = 4;
const FOOT_CHARGE_NEED = 2.5;

/** A unit next to the enemy wants an order to fire or defend with. */
const CONTACT_NEED = 2;

/** Need per box from the goals (capped at GOAL_NEED_CAP), times GOAL_NEED_FLOOR plus the aggression. */
const GOAL_NEED_PER_BOX = 0.6;
const GOAL_NEED_CAP = 3;
const GOAL_NEED_FLOOR = 0.5;

/** A unit that has an order already wants another this share as much: it adds a second action, not the first. */
const SECOND_ORDER_SHARE = 0.4;

/** A General's free order goes to a unit that can rally (this much more), not to one about to go that stands next
 * to the enemy (this much less). */
const ATTACH_RALLY = 1;
const ATTACH_NEAR_LOSS = 3;
/** Hits short of its SP at which a unit counts as about to go. */
const NEAR_LOSS_HITS = 2;

/**
 * A General is lost for a turn with his unit: his free order goes elsewhere when the unit's expected losses come
 * within DOOMED_MARGIN of what it has (this much less), or within AT_RISK_HITS (a little less).
 */
const ATTACH_DOOMED = 6;
const ATTACH_AT_RISK = 2;
const AT_RISK_HITS = 2;

/** Guns next to the enemy are removed by any assault, and the General with them: he goes to them less readily. */
const ATTACH_GUNS_IN_CONTACT = 2;

/** Need per pip below which a unit gets no order: the pips are better saved (Excellent Staff) or unspent. */
const MIN_NEED_PER_PIP = 0.5;

/** How much a unit wants an order this turn, in rough VP. */
function orderNeed(ev: Evaluator, ui: number): number {
  const { s } = ev;
  const u = s.units[ui]!;
  let need = BASE_NEED;
  const nearest = ev.enemies.reduce((m, ei) => Math.min(m, boxDistance(s.board, u.cell, s.units[ei]!.cell)), Infinity);
  if (mayRally(u)) need += (u.hits / u.sp) * RALLY_NEED;
  if (isGuns(u)) need += ev.fireValue(ui, u, 'fire', false) > 0 ? GUNS_TARGET_NEED : GUNS_IDLE_NEED;
  else if (mayAssault(u) && nearest <= chargeReach(u)) need += isCavalry(u) ? CAVALRY_CHARGE_NEED : FOOT_CHARGE_NEED;
  else if (nearest <= 1) need += CONTACT_NEED;
  need += Math.min(GOAL_NEED_CAP, ev.plan.dist[kindOf(u)][u.cell]! * GOAL_NEED_PER_BOX) * (GOAL_NEED_FLOOR + ev.plan.aggression);
  if (u.orders > 0) need *= SECOND_ORDER_SHARE;
  return need;
}

/**
 * The whole Orders phase at once: each General joins the unit where his free order is worth most (a unit that
 * would cost two pips, or one to rally), then pips go to the units that want an order most per pip.
 */
export function planOrders(s: GameState, memo: AiMemo): Action[] {
  const side = s.pending.side;
  const ev = new Evaluator(s, memo);
  const needs = new Map<number, number>();
  const need = (ui: number): number => {
    let v = needs.get(ui);
    if (v === undefined) needs.set(ui, (v = orderNeed(ev, ui)));
    return v;
  };
  // What enemy fire and assaults could cost each unit where it stands, asked once per unit, not again per General.
  const exposed = new Map<number, number>();
  const exposedHits = (ui: number): number => {
    let v = exposed.get(ui);
    if (v === undefined) {
      ev.exposure(ui, s.units[ui]!);
      exposed.set(ui, (v = ev.exposed.fire + ev.exposed.melee));
    }
    return v;
  };
  const plan: Action[] = [];
  const ordered = new Map<number, number>();
  s.units.forEach((u, ui) => ordered.set(ui, u.orders));
  for (const g of s.generals) {
    if (g.side !== side || g.status !== 'table' || g.placed) continue;
    let best: { ui: number; score: number } | null = null;
    for (const a of orderActions(s, side)) {
      if (a.type !== 'attach' || a.general !== g.id) continue;
      const ui = unitIndexOf(s, a.unit);
      const u = s.units[ui]!;
      const cost = (ordered.get(ui) ?? 0) > 0 ? 0 : orderCost(s, u, g);
      let score = need(ui) * cost + (mayRally(u) ? ATTACH_RALLY : 0) - (u.hits >= u.sp - NEAR_LOSS_HITS && cost === 2 ? ATTACH_NEAR_LOSS : 0);
      // A General goes with his unit if it is destroyed and is out for a turn: no orders from him then.
      const hits = exposedHits(ui);
      const left = u.sp - u.hits;
      score -= hits >= left - DOOMED_MARGIN ? ATTACH_DOOMED : hits >= left - AT_RISK_HITS ? ATTACH_AT_RISK : 0;
      if (isGuns(u) && cost === 2) score -= ATTACH_GUNS_IN_CONTACT;
      if (!best || score > best.score) best = { ui, score };
    }
    if (best) {
      plan.push({ type: 'attach', general: g.id, unit: s.units[best.ui]!.id });
      ordered.set(best.ui, (ordered.get(best.ui) ?? 0) + 1);
    }
  }
  for (const g of s.generals) {
    if (g.side !== side || g.status !== 'table') continue;
    let pips = g.pips;
    // A literal filled by a loop, not filter and map: an empty result of those is an array of another kind.
    const wanted: { ui: number; cost: number }[] = [];
    for (const ui of g.commands) if (onTable(s.units[ui]!) && !isSpent(s.units[ui]!)) wanted.push({ ui, cost: orderCost(s, s.units[ui]!, g) });
    wanted.sort((a, b) => need(b.ui) / b.cost - need(a.ui) / a.cost || a.ui - b.ui);
    for (const { ui, cost } of wanted) {
      const u = s.units[ui]!;
      const have = ordered.get(ui) ?? 0;
      if (have >= maxOrders(u) || cost > pips) continue;
      if ((have > 0 ? need(ui) * SECOND_ORDER_SHARE : need(ui)) / cost < MIN_NEED_PER_PIP) continue;
      plan.push({ type: 'order', general: g.id, unit: u.id });
      ordered.set(ui, have + 1);
      pips -= cost;
    }
  }
  plan.push({ type: 'end-orders' });
  return plan;
}
