// Applying one decision to a state the caller owns: checked against the legal actions, then carried out with its
// dice (orders, unit actions, fire, Defend! shots, an assaulted unit's order, a winning assaulter's choice). What
// happens after it, up to the next decision, is turn.ts's.
import type { DiceSource } from '../dice.js';
import { IllegalActionError } from '../rules-engine.js';
import { cellIndex } from './board.js';
import {
  addHits,
  assaultDice,
  closeRangeGunDice,
  defenceFirePool,
  eliminate,
  firePool,
  gunsFireAtAssaulter,
  retreat,
  rollHits,
  shoot,
} from './combat.js';
import { ctxOf, facingTowards, inFireCover, makeCtx, sideOf, type Ctx } from './geometry.js';
import {
  advanceBox,
  afterAssaultActions,
  anyFireAction,
  isAmong,
  isLegalFire,
  isLegalOrder,
  isLegalUnitAction,
  legalActionsIn,
  maxOrders,
  mayEndActions,
  orderCost,
  shooterTargets,
  vouchedUnitOf,
} from './legal-actions.js';
import { actingSide, endActions, endOrders, noteAskedOn, openDefendWindow, rehome } from './turn.js';
import { updateControl } from './victory.js';
import {
  DID_ASSAULT,
  DID_BOMBARD,
  DID_FIRE,
  DID_MANEUVER,
  DID_MARCH,
  DID_MOVE,
  DID_RALLY,
  editGenerals,
  editUnit,
  hasTrait,
  isGuns,
  isSpent,
  onTable,
  other,
  unitIndexOf,
  unusedOrders,
  type Action,
  type EventLog,
  type GameState,
  type SideIndex,
} from './types.js';

/** A rally total (the die and its bonus) that removes one hit, and one that removes two (rule 3, Rally). */
export const RALLY_ONE_HIT = 4;
export const RALLY_TWO_HITS = 6;

/** The rally die's bonus: +1 in cover, with a General or Stubborn (one, whatever the reasons), and +1 more for the Guard. */
export function rallyBonus(s: GameState, ui: number): number {
  const u = s.units[ui]!;
  const general = s.generals.some((g) => g.unit === ui && g.status === 'table');
  let bonus = inFireCover(s.board, u.cell) || general || hasTrait(u, 'stubborn') ? 1 : 0;
  if (hasTrait(u, 'guard')) bonus++;
  return bonus;
}

function unitOf(s: GameState, id: unknown, side: SideIndex): number {
  const ui = typeof id === 'string' ? unitIndexOf(s, id) : -1;
  if (ui < 0) throw new IllegalActionError(`no unit "${String(id)}"`);
  if (s.units[ui]!.side !== side) throw new IllegalActionError(`"${String(id)}" is not a unit of the side to move`);
  return ui;
}

/**
 * Checks `a` against the decision pending at `s` and carries it out on `s`, which the caller has copied. `from` is
 * the state `s` was copied from, when the caller has it: the same position, whose memoised context (ctxOf) keeps
 * the options the player chose from, so the check need not search again.
 */
export function perform(s: GameState, a: Action, dice: DiceSource, ev: EventLog, from?: GameState): void {
  if (!a || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string') throw new IllegalActionError('an action needs a type');
  const p = s.pending;
  const side = p.side;
  // The Orders phase asks nothing of positions: half of all decisions skip building them.
  if (p.kind === 'orders') return performOrder(s, a, side, dice, ev, vouchedUnitOf(a, from));
  // A unit action needs only the check, which the state it was chosen at answers from its memo; the other decisions
  // work on the draft's own context, made before anything changes, as it always was.
  if (p.kind === 'actions') {
    const vouched = vouchedUnitOf(a, from);
    if (vouched >= 0) return performUnitAction(s, vouched, a, dice, ev);
    return performActionsDecision(s, a, side, from ? ctxOf(from) : makeCtx(s), dice, ev);
  }
  const ctx = makeCtx(s);
  const legal = from ? ctxOf(from) : ctx;
  switch (p.kind) {
    case 'fire': {
      if (a.type !== 'fire') throw new IllegalActionError('only fire actions are legal in the Fire phase');
      const ui = unitOf(s, a.unit, side);
      const ti = unitIndexOf(s, a.target);
      if (!isLegalFire(legal, ui, ti, 'fire')) throw new IllegalActionError(`illegal fire by ${a.unit}`);
      const u = editUnit(s, ui);
      const bonus = unusedOrders(u) > 0;
      if (bonus) u.used++;
      u.did |= DID_FIRE;
      // The targets the check found: the order spent and the fire marked change nothing fireTargets reads.
      const pool = firePool(ctx, ui, ti, { orderBonus: bonus }, shooterTargets(legal, ui, 'fire'));
      if (!pool.allowed) throw new IllegalActionError(pool.reason);
      shoot(s, ui, ti, pool.kind, pool, pool.reroll, dice, ev, 'fire phase');
      updateControl(s);
      return;
    }
    case 'defend': {
      if (a.type === 'pass') {
        s.pending = { kind: 'actions', side: p.resume };
        return;
      }
      if (a.type !== 'defend-fire') throw new IllegalActionError('a Defend! window takes defend-fire or pass');
      const ui = unitOf(s, a.unit, side);
      const ti = unitIndexOf(s, a.target);
      if (!isLegalFire(legal, ui, ti, 'defend-fire')) throw new IllegalActionError(`illegal defend-fire by ${a.unit}`);
      editUnit(s, ui).used++;
      const pool = firePool(ctx, ui, ti, { orderFires: true }, shooterTargets(legal, ui, 'defend-fire'));
      if (!pool.allowed) throw new IllegalActionError(pool.reason);
      shoot(s, ui, ti, pool.kind, pool, pool.reroll, dice, ev, 'defend');
      updateControl(s);
      // The window stays open while other units could still fire; advance() closes it otherwise.
      return;
    }
    case 'assault-defence': {
      if (a.type !== 'assault-defence' || !['fire', 'dice', 'none'].includes(a.choice)) throw new IllegalActionError('choose fire, dice or none');
      if (!isAmong(legalActionsIn(ctx), a)) throw new IllegalActionError(`illegal defence choice ${a.choice}`);
      const { attacker, defender } = p;
      const d = editUnit(s, defender);
      const resume = other(side);
      s.pending = { kind: 'actions', side: resume };
      if (a.choice === 'fire') {
        d.used++;
        const pool = defenceFirePool(ctx, defender, attacker)!;
        shoot(s, defender, attacker, pool.kind, pool, pool.reroll, dice, ev, 'assault defence');
        const att = s.units[attacker]!;
        if (!onTable(att) || isSpent(att) || att.cell !== p.attackerCell) {
          ev?.push({ type: 'assault-stopped', unit: att.id, why: 'driven off by defensive fire' });
          return finishAction(s, ev);
        }
        return resolveAssault(s, attacker, defender, false, dice, ev);
      }
      if (a.choice === 'dice') d.used++;
      return resolveAssault(s, attacker, defender, a.choice === 'dice', dice, ev);
    }
    case 'assault-win': {
      if (a.type !== 'after-assault') throw new IllegalActionError('choose stay, advance or turn');
      if (!isAmong(afterAssaultActions(ctx, p.unit), a)) throw new IllegalActionError('illegal choice after the assault');
      const u = editUnit(s, p.unit);
      s.pending = { kind: 'actions', side };
      if (a.choice === 'advance') {
        u.cell = advanceBox(ctx, p.unit);
        ev?.push({ type: 'advance', unit: u.id, to: s.board.names[u.cell] });
      } else if (a.choice === 'turn') {
        u.facing = a.facing!;
        ev?.push({ type: 'turn', unit: u.id, facing: u.facing });
      }
      return finishAction(s, ev);
    }
    default:
      throw new IllegalActionError('the game is over');
  }
}

/** An Actions phase decision: a unit's action or the end of the side's phase, checked against `legal`. */
function performActionsDecision(s: GameState, a: Action, side: SideIndex, legal: Ctx, dice: DiceSource, ev: EventLog): void {
  if (a.type === 'end-actions') {
    if (!mayEndActions(legal)) throw new IllegalActionError('a veteran unit given two orders must use both this turn');
    return endActions(s, ev);
  }
  if (!('unit' in a)) throw new IllegalActionError(`"${a.type}" is not an Actions phase action`);
  const ui = unitOf(s, a.unit, side);
  if (!isLegalUnitAction(legal, ui, a)) throw new IllegalActionError(`illegal ${a.type} for ${a.unit}`);
  performUnitAction(s, ui, a, dice, ev);
}

/** An Orders phase decision: attach a General, give an order, or end the phase. `vouched`: its unit when the action was built from the legal list (legal-actions.ts vouchedUnitOf), else -1. */
function performOrder(s: GameState, a: Action, side: SideIndex, dice: DiceSource, ev: EventLog, vouched: number): void {
  if (a.type === 'end-orders') return endOrders(s, side, dice, ev);
  if (a.type !== 'attach' && a.type !== 'order') throw new IllegalActionError(`"${a.type}" is not an Orders phase action`);
  if (vouched < 0 && !isLegalOrder(s, side, a)) throw new IllegalActionError(`illegal ${a.type}`);
  const g = editGenerals(s).find((x) => x.id === a.general && x.side === side)!;
  const ui = vouched >= 0 ? vouched : unitOf(s, a.unit, side);
  const u = editUnit(s, ui);
  if (a.type === 'attach') {
    g.unit = ui;
    g.placed = true;
    if (u.orders < maxOrders(u)) u.orders++;
    ev?.push({ type: 'attach', general: g.id, unit: u.id });
  } else {
    const cost = orderCost(s, u, g);
    g.pips -= cost;
    u.orders++;
    ev?.push({ type: 'order', general: g.id, unit: u.id, cost });
  }
}

function performUnitAction(s: GameState, ui: number, a: Action, dice: DiceSource, ev: EventLog): void {
  const u = editUnit(s, ui);
  const b = s.board;
  u.used++;
  switch (a.type) {
    case 'bombard':
      u.did |= DID_BOMBARD;
      u.supplied = true;
      ev?.push({ type: 'bombard', unit: u.id });
      break;
    case 'rally': {
      const roll = dice.d6();
      const bonus = rallyBonus(s, ui);
      const total = roll + bonus;
      const regained = total >= RALLY_TWO_HITS ? 2 : total >= RALLY_ONE_HIT ? 1 : 0;
      const before = u.hits;
      u.hits = Math.max(1, u.hits - regained);
      u.did |= DID_RALLY;
      ev?.push({ type: 'rally', unit: u.id, roll, bonus, removed: before - u.hits });
      break;
    }
    case 'move':
    case 'march': {
      const from = u.cell;
      u.cell = cellIndex(b, a.to);
      u.facing = a.facing;
      u.did |= a.type === 'move' ? DID_MOVE : DID_MARCH;
      ev?.push({ type: a.type, unit: u.id, from: b.names[from], to: a.to, facing: a.facing });
      break;
    }
    case 'maneuver': {
      const from = u.cell;
      u.cell = cellIndex(b, a.to);
      u.facing = a.facing;
      if (u.type === 'Infantry' && a.formation) u.formation = a.formation;
      u.did |= DID_MANEUVER;
      ev?.push({ type: 'maneuver', unit: u.id, from: b.names[from], to: a.to, facing: a.facing, formation: u.formation });
      break;
    }
    case 'exit': {
      ev?.push({ type: 'exit', unit: u.id, from: b.names[u.cell] });
      u.status = 'exited';
      u.cell = -1;
      for (let gi = 0; gi < s.generals.length; gi++) {
        if (s.generals[gi]!.unit === ui && s.generals[gi]!.status === 'table') rehome(s, editGenerals(s)[gi]!);
      }
      break;
    }
    case 'assault': {
      const ti = unitIndexOf(s, a.target);
      const t = s.units[ti]!;
      const from = cellIndex(b, a.from);
      ev?.push({ type: 'assault', unit: u.id, target: t.id, from: b.names[u.cell], to: a.from, side: sideOf(b, t.cell, t.facing, from) });
      u.cell = from;
      u.facing = facingTowards(b, from, t.cell) ?? u.facing;
      u.did |= DID_ASSAULT;
      if (isGuns(t)) {
        // Ordered guns assaulted from their front fire once at close range first (3.iv Assault e), then are
        // removed (d) unless the fire drove the assaulter off.
        if (gunsFireAtAssaulter(s, t, from)) {
          const pool = closeRangeGunDice(b, t, u);
          shoot(s, ti, ui, 'fire', pool, false, dice, ev, 'guns at close range');
          if (!onTable(u) || isSpent(u) || u.cell !== from) {
            ev?.push({ type: 'assault-stopped', unit: u.id, why: 'driven off by the guns' });
            break;
          }
        }
        eliminate(s, ti, 'guns assaulted are removed', ev);
        return winAssault(s, ui, ti, ev);
      }
      if (unusedOrders(t) > 0 && !isSpent(t)) {
        s.pending = { kind: 'assault-defence', side: t.side, attacker: ui, defender: ti, attackerCell: from };
        return;
      }
      return resolveAssault(s, ui, ti, false, dice, ev);
    }
    default:
      throw new IllegalActionError(`"${a.type}" is not a unit action`);
  }
  finishAction(s, ev);
}

function resolveAssault(s: GameState, ai: number, di: number, defendDie: boolean, dice: DiceSource, ev: EventLog): void {
  const b = s.board;
  const att = editUnit(s, ai);
  const def = editUnit(s, di);
  const pools = assaultDice(b, att, def, att.cell, defendDie);
  const ar = rollHits(dice, pools.attacker.dice, pools.attacker.hitOn);
  const dr = rollHits(dice, pools.defender.dice, pools.defender.hitOn);
  addHits(s, di, ar.hits);
  addHits(s, ai, dr.hits);
  ev?.push({
    type: 'assault-result',
    unit: att.id,
    target: def.id,
    arc: pools.arc,
    attacker: { ...pools.attacker, rolls: ar.rolls, hits: ar.hits },
    defender: { ...pools.defender, rolls: dr.rolls, hits: dr.hits },
  });
  if (ar.hits > dr.hits) {
    retreat(s, di, att.cell, ar.hits - dr.hits, ev);
    if (onTable(att)) return winAssault(s, ai, di, ev);
  } else {
    // The assaulter loses ties and falls back one box.
    retreat(s, ai, def.cell, Math.max(1, dr.hits - ar.hits), ev);
  }
  finishAction(s, ev);
}

function winAssault(s: GameState, ai: number, loser: number, ev: EventLog): void {
  const u = editUnit(s, ai);
  ev?.push({ type: 'assault-won', unit: u.id });
  s.pending = { kind: 'assault-win', side: u.side, unit: ai, loser };
  const choices = afterAssaultActions(makeCtx(s), ai);
  // Only one choice (an impetuous unit): no decision to ask for.
  if (choices.length === 1) {
    const c = choices[0] as Extract<Action, { type: 'after-assault' }>;
    s.pending = { kind: 'actions', side: u.side };
    if (c.choice === 'advance') {
      u.cell = advanceBox(makeCtx(s), ai);
      ev?.push({ type: 'advance', unit: u.id, to: s.board.names[u.cell], why: 'impetuous' });
    }
    finishAction(s, ev);
  }
}

/** End of one unit's action: objectives may change hands, and under Defend! the other side may fire. */
function finishAction(s: GameState, ev: EventLog): void {
  updateControl(s);
  const acting = actingSide(s);
  s.pending = { kind: 'actions', side: acting };
  if (s.board.options.defend) {
    const defender = other(acting);
    const ctx = makeCtx(s);
    noteAskedOn(ctx);
    if (anyFireAction(ctx, defender, 'defend-fire')) {
      openDefendWindow(s, defender, acting);
      ev?.push({ type: 'defend-window', side: s.meta.sides[defender].key });
    }
  }
}
