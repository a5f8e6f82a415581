// The turn of Square Eagles as a state machine: Orders, Initiative, Actions, Fire, Removal (Turn Sequence), with the
// decisions each player makes exposed as legal actions. Pure: a state and an action in, a new state and events out.
import type { Scenario } from '../../domain/model.js';
import type { Outcome } from '../rules-engine.js';
import { firstMet, noVictory, type Decision, type VictoryProbes } from '../victory-conditions.js';
import { recordingDice, rngDice, type DiceSource } from '../dice.js';
import { DIR, boxDistance, cellIndex, rowOf, step, type Facing } from './board.js';
import {
  addHits,
  assaultDice,
  closeRangeGunDice,
  eliminate,
  fireTargets,
  firePool,
  gunsMayFireAtAssaulter,
  inFireArc,
  mainFireBar,
  mainFireDice,
  mainRange,
  retreat,
  rollHits,
  shoot,
  skirmishBar,
  skirmishDice,
  type AssaultPool,
  type FirePool,
  type PoolAssumptions,
} from './combat.js';
import { boxOnSide, ctxOf, facingTowards, inFireCover, makeCtx, nearestEnemy, sideOf, type Ctx } from './geometry.js';
import { assaultApproach, assaultStartFacings, canEnd, maneuverOptions, mayAssault, moveOptions } from './movement.js';
import { createState, type NewGameOptions } from './setup.js';
import {
  DID_ASSAULT,
  DID_BOMBARD,
  DID_FIRE,
  DID_MANEUVER,
  DID_MARCH,
  DID_MOVE,
  DID_RALLY,
  cloneState,
  hasTrait,
  isGuns,
  isSpent,
  onTable,
  other,
  unusedOrders,
  type Action,
  type GameEvent,
  type GameState,
  type GeneralState,
  type SideIndex,
  type UnitState,
} from './types.js';

export interface ApplyOptions {
  /** Dice to use instead of the state's own generator (rules tests). */
  dice?: DiceSource;
}

export interface ApplyResult {
  state: GameState;
  events: GameEvent[];
  /** Every d6 rolled while applying the action, in order (the game log keeps them). */
  rolls: number[];
}

/** A finished game as the rules report it; the adapter adds the structured `decidedBy`. */
export type GameResult = Outcome;

// ---- New game ---------------------------------------------------------------------------------------------------

export function startGame(scenario: Scenario, opts: NewGameOptions, dice?: DiceSource): ApplyResult {
  const s = createState(scenario, opts);
  const rolls: number[] = [];
  const d = recordingDice(dice ?? rngDice(s.rng), rolls);
  const ev: GameEvent[] = [];
  startTurn(s, d, ev);
  advance(s, d, ev);
  return { state: s, events: ev, rolls };
}

export function newGame(scenario: Scenario, opts: NewGameOptions): GameState {
  return startGame(scenario, opts).state;
}

export function isOver(s: GameState): boolean {
  return s.phase === 'over';
}

/** The side that must decide now. */
export function toMove(s: GameState): SideIndex {
  return s.pending.side;
}

export const unitIndexOf = (s: GameState, id: string): number => s.units.findIndex((u) => u.id === id);

// ---- Small rules helpers --------------------------------------------------------------------------------------

const maxOrders = (u: UnitState): number => (hasTrait(u, 'veterans') ? 2 : 1);

/** Units within 1 box of an enemy cost two pips (Orders phase); a Division General's three orders always get through. */
export function orderCost(s: GameState, u: UnitState, g: GeneralState): number {
  if (g.division) return 1;
  return nearestEnemy(s, u.side, u.cell) <= 1 ? 2 : 1;
}

function generalCell(s: GameState, g: GeneralState): number {
  return g.unit >= 0 ? s.units[g.unit]!.cell : -1;
}

function canBeOrdered(u: UnitState): boolean {
  return onTable(u) && !isSpent(u) && u.orders < maxOrders(u);
}

/** The side with an `exit` condition off this unit's box, if any. */
function exitEdgeFor(s: GameState, u: UnitState): boolean {
  const b = s.board;
  const c = u.cell % b.cols;
  const r = rowOf(b, u.cell);
  for (const v of s.meta.victory) {
    if (v.kind !== 'exit' || sideIndexOf(s, v.side) !== u.side) continue;
    const e = v.edge;
    if ((e === 'north' && r === 0) || (e === 'south' && r === b.rows - 1) || (e === 'west' && c === 0) || (e === 'east' && c === b.cols - 1)) {
      return true;
    }
  }
  return false;
}

export function sideIndexOf(s: GameState, id: string | undefined): SideIndex | -1 {
  if (id === s.meta.sides[0].id) return 0;
  if (id === s.meta.sides[1].id) return 1;
  return -1;
}

const actingSide = (s: GameState): SideIndex => (s.half === 0 ? s.initiative : other(s.initiative));

// ---- Legal actions ------------------------------------------------------------------------------------------------

export function legalActions(s: GameState): Action[] {
  return legalActionsIn(ctxOf(s));
}

/** legalActions with a context the caller made (the engine's own mutable copy must not be memoised). */
function legalActionsIn(ctx: Ctx): Action[] {
  const s = ctx.s;
  if (s.phase === 'over') return [];
  const p = s.pending;
  switch (p.kind) {
    case 'orders':
      return [...orderActions(s, p.side), { type: 'end-orders' }];
    case 'actions': {
      const out: Action[] = [];
      let bound = false;
      s.units.forEach((u, ui) => {
        if (u.side !== p.side) return;
        const acts = unitActions(ctx, ui);
        out.push(...acts);
        if (acts.length > 0 && mustUseOrders(u)) bound = true;
      });
      if (!bound) out.push({ type: 'end-actions' });
      return out;
    }
    case 'fire':
      return fireActions(ctx, p.side, 'fire');
    case 'defend':
      return [...fireActions(ctx, p.side, 'defend-fire'), { type: 'pass' }];
    case 'assault-defence': {
      const out: Action[] = [{ type: 'assault-defence', choice: 'dice' }, { type: 'assault-defence', choice: 'none' }];
      if (defenceFirePool(ctx, p.defender, p.attacker)) out.unshift({ type: 'assault-defence', choice: 'fire' });
      return out;
    }
    case 'assault-win':
      return afterAssaultActions(ctx, p.unit);
    default:
      return [];
  }
}

export function orderActions(s: GameState, side: SideIndex, firstOnly = false): Action[] {
  const out: Action[] = [];
  for (const g of s.generals) {
    if (g.side !== side || g.status !== 'table' || g.placed) continue;
    const here = generalCell(s, g);
    for (const ui of g.commands) {
      const u = s.units[ui]!;
      if (!onTable(u) || isSpent(u)) continue;
      if (here < 0 || boxDistance(s.board, here, u.cell) <= 4) {
        out.push({ type: 'attach', general: g.id, unit: u.id });
        if (firstOnly) return out;
      }
    }
  }
  for (const g of s.generals) {
    if (g.side !== side || g.status !== 'table' || g.pips <= 0) continue;
    for (const ui of g.commands) {
      const u = s.units[ui]!;
      if (canBeOrdered(u) && orderCost(s, u, g) <= g.pips) {
        out.push({ type: 'order', general: g.id, unit: u.id });
        if (firstOnly) return out;
      }
    }
  }
  return out;
}

/**
 * Veterans: a unit assigned a second order must use both this turn (Veterans trait). Read as: both go on actions in
 * its Actions phase, so the order cannot be kept back as a fire or defence die; while it holds one and has an action
 * to take, its side may not end the phase. A veteran with a single order is bound by nothing.
 */
export function mustUseOrders(u: UnitState): boolean {
  return hasTrait(u, 'veterans') && u.orders >= 2 && unusedOrders(u) > 0 && onTable(u) && !isSpent(u);
}

/** Whether the side acting may end its Actions phase now: no veteran unit still bound to act (see mustUseOrders). */
export function mayEndActions(ctx: Ctx): boolean {
  const { s } = ctx;
  return !s.units.some((u, ui) => u.side === s.pending.side && mustUseOrders(u) && unitActions(ctx, ui).length > 0);
}

/** Every action an ordered unit may take now (rule 3). */
export function unitActions(ctx: Ctx, ui: number): Action[] {
  const { s } = ctx;
  const u = s.units[ui]!;
  if (!onTable(u) || isSpent(u) || unusedOrders(u) === 0) return [];
  const id = u.id;
  const out: Action[] = [];
  if (isGuns(u) && (u.did & DID_BOMBARD) === 0) out.push({ type: 'bombard', unit: id });
  if (u.hits > 1) out.push({ type: 'rally', unit: id });
  for (const o of moveOptions(ctx, ui, false)) out.push({ type: 'move', unit: id, to: s.board.names[o.to]!, facing: o.facing });
  for (const o of moveOptions(ctx, ui, true)) out.push({ type: 'march', unit: id, to: s.board.names[o.to]!, facing: o.facing });
  for (const o of maneuverOptions(ctx, ui)) {
    const a: Action = { type: 'maneuver', unit: id, to: s.board.names[o.to]!, facing: o.facing };
    if (o.formation) a.formation = o.formation;
    out.push(a);
  }
  if (mayAssault(u)) {
    s.units.forEach((t, ti) => {
      if (t.side === u.side || !onTable(t)) return;
      const ap = assaultApproach(ctx, ui, ti);
      if (ap) out.push({ type: 'assault', unit: id, target: t.id, from: s.board.names[ap.from]! });
    });
  }
  if (u.formation !== 'square' && exitEdgeFor(s, u)) out.push({ type: 'exit', unit: id });
  return out;
}

function fireActions(ctx: Ctx, side: SideIndex, type: 'fire' | 'defend-fire', firstOnly = false): Action[] {
  const { s } = ctx;
  const out: Action[] = [];
  for (let ui = 0; ui < s.units.length; ui++) {
    if (!mayShootNow(s, ui, side, type)) continue;
    const t = fireTargets(ctx, ui, type === 'defend-fire' ? { orderFires: true } : {});
    if (!t) continue;
    for (const ti of t.targets) out.push({ type, unit: s.units[ui]!.id, target: s.units[ti]!.id });
    if (firstOnly) return out;
  }
  return out;
}

function mayShootNow(s: GameState, ui: number, side: SideIndex, type: 'fire' | 'defend-fire'): boolean {
  const u = s.units[ui]!;
  if (u.side !== side || !onTable(u)) return false;
  if (type === 'fire') return (u.did & DID_FIRE) === 0;
  return unusedOrders(u) > 0 && !isSpent(u);
}

/** Whether `ui` may fire at `ti` now: the same answer as searching fireActions, for one unit only. */
function isLegalFire(ctx: Ctx, ui: number, ti: number, type: 'fire' | 'defend-fire'): boolean {
  if (ti < 0 || !mayShootNow(ctx.s, ui, ctx.s.pending.side, type)) return false;
  const t = fireTargets(ctx, ui, type === 'defend-fire' ? { orderFires: true } : {});
  return t !== null && t.targets.includes(ti);
}

/** The same answer as searching orderActions, without building them all. */
export function isLegalOrder(s: GameState, side: SideIndex, a: Extract<Action, { type: 'attach' | 'order' }>): boolean {
  const g = s.generals.find((x) => x.id === a.general);
  if (!g || g.side !== side || g.status !== 'table') return false;
  const ui = unitIndexOf(s, a.unit);
  if (ui < 0 || !g.commands.includes(ui)) return false;
  const u = s.units[ui]!;
  if (a.type === 'attach') {
    if (g.placed || !onTable(u) || isSpent(u)) return false;
    const here = generalCell(s, g);
    return here < 0 || boxDistance(s.board, here, u.cell) <= 4;
  }
  return g.pips > 0 && canBeOrdered(u) && orderCost(s, u, g) <= g.pips;
}

function afterAssaultActions(ctx: Ctx, ui: number): Action[] {
  const { s } = ctx;
  const u = s.units[ui]!;
  const ahead = advanceBox(ctx, ui);
  if (hasTrait(u, 'impetuous')) return ahead >= 0 ? [{ type: 'after-assault', choice: 'advance' }] : [{ type: 'after-assault', choice: 'stay' }];
  const out: Action[] = [{ type: 'after-assault', choice: 'stay' }];
  if (ahead >= 0) out.push({ type: 'after-assault', choice: 'advance' });
  if (!hasTrait(u, 'militia')) {
    for (const f of [90, 180, 270] as const) out.push({ type: 'after-assault', choice: 'turn', facing: ((u.facing + f) % 360) as Facing });
  }
  return out;
}

function advanceBox(ctx: Ctx, ui: number): number {
  const u = ctx.s.units[ui]!;
  const to = step(ctx.b, u.cell, DIR[u.facing][0], DIR[u.facing][1]);
  if (to < 0 || ctx.occ[to]! >= 0 || !canEnd(ctx.b, u, to)) return -1;
  if (ctx.b.cut[u.cell]!.includes(to)) return -1;
  return to;
}

// ---- Applying an action ----------------------------------------------------------------------------------------

export class IllegalAction extends Error {}

export function applyAction(state: GameState, action: Action, opts: ApplyOptions = {}): ApplyResult {
  if (state.phase === 'over') throw new IllegalAction('the game is over');
  const s = cloneState(state);
  const rolls: number[] = [];
  const dice = recordingDice(opts.dice ?? rngDice(s.rng), rolls);
  const ev: GameEvent[] = [];
  perform(s, action, dice, ev);
  s.ply++;
  advance(s, dice, ev);
  return { state: s, events: ev, rolls };
}

function mustFind<T>(list: T[], pred: (x: T) => boolean, what: string): T {
  const x = list.find(pred);
  if (x === undefined) throw new IllegalAction(what);
  return x;
}

function unitOf(s: GameState, id: unknown, side: SideIndex): number {
  const ui = typeof id === 'string' ? unitIndexOf(s, id) : -1;
  if (ui < 0) throw new IllegalAction(`no unit "${String(id)}"`);
  if (s.units[ui]!.side !== side) throw new IllegalAction(`"${String(id)}" is not a unit of the side to move`);
  return ui;
}

function perform(s: GameState, a: Action, dice: DiceSource, ev: GameEvent[]): void {
  if (!a || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string') throw new IllegalAction('an action needs a type');
  const p = s.pending;
  const side = p.side;
  const ctx = makeCtx(s);
  const key = JSON.stringify;
  switch (p.kind) {
    case 'orders': {
      if (a.type === 'end-orders') return endOrders(s, side, dice, ev);
      if (a.type !== 'attach' && a.type !== 'order') throw new IllegalAction(`"${a.type}" is not an Orders phase action`);
      if (!isLegalOrder(s, side, a)) throw new IllegalAction(`illegal ${a.type}`);
      const g = s.generals.find((x) => x.id === a.general && x.side === side)!;
      const ui = unitOf(s, a.unit, side);
      const u = s.units[ui]!;
      if (a.type === 'attach') {
        g.unit = ui;
        g.placed = true;
        if (u.orders < maxOrders(u)) u.orders++;
        ev.push({ type: 'attach', general: g.id, unit: u.id });
      } else {
        const cost = orderCost(s, u, g);
        g.pips -= cost;
        u.orders++;
        ev.push({ type: 'order', general: g.id, unit: u.id, cost });
      }
      return;
    }
    case 'actions': {
      if (a.type === 'end-actions') {
        if (!mayEndActions(ctx)) throw new IllegalAction('a veteran unit given two orders must use both this turn');
        return endActions(s, ev);
      }
      if (!('unit' in a)) throw new IllegalAction(`"${a.type}" is not an Actions phase action`);
      const ui = unitOf(s, a.unit, side);
      if (!isLegalUnitAction(ctx, ui, a)) throw new IllegalAction(`illegal ${a.type} for ${a.unit}`);
      performUnitAction(s, ui, a, dice, ev);
      return;
    }
    case 'fire': {
      if (a.type !== 'fire') throw new IllegalAction('only fire actions are legal in the Fire phase');
      const ui = unitOf(s, a.unit, side);
      const ti = unitIndexOf(s, a.target);
      if (!isLegalFire(ctx, ui, ti, 'fire')) throw new IllegalAction(`illegal fire by ${a.unit}`);
      const u = s.units[ui]!;
      const bonus = unusedOrders(u) > 0;
      if (bonus) u.used++;
      u.did |= DID_FIRE;
      const pool = firePool(ctx, ui, ti, { orderBonus: bonus });
      if (!pool.allowed) throw new IllegalAction(pool.reason);
      shoot(s, ui, ti, pool.kind, pool, pool.reroll, dice, ev, 'fire phase');
      updateControl(s);
      return;
    }
    case 'defend': {
      if (a.type === 'pass') {
        s.pending = { kind: 'actions', side: p.resume };
        return;
      }
      if (a.type !== 'defend-fire') throw new IllegalAction('a Defend! window takes defend-fire or pass');
      const ui = unitOf(s, a.unit, side);
      const ti = unitIndexOf(s, a.target);
      if (!isLegalFire(ctx, ui, ti, 'defend-fire')) throw new IllegalAction(`illegal defend-fire by ${a.unit}`);
      s.units[ui]!.used++;
      const pool = firePool(ctx, ui, ti, { orderFires: true });
      if (!pool.allowed) throw new IllegalAction(pool.reason);
      shoot(s, ui, ti, pool.kind, pool, pool.reroll, dice, ev, 'defend');
      updateControl(s);
      // The window stays open while other units could still fire; advance() closes it otherwise.
      return;
    }
    case 'assault-defence': {
      if (a.type !== 'assault-defence' || !['fire', 'dice', 'none'].includes(a.choice)) throw new IllegalAction('choose fire, dice or none');
      const legal = legalActionsIn(ctx);
      mustFind(legal, (x) => key(x) === key(normalise(a)), `illegal defence choice ${a.choice}`);
      const { attacker, defender } = p;
      const d = s.units[defender]!;
      const resume = other(side);
      s.pending = { kind: 'actions', side: resume };
      if (a.choice === 'fire') {
        d.used++;
        const pool = defenceFirePool(ctx, defender, attacker)!;
        shoot(s, defender, attacker, pool.kind, pool, pool.reroll, dice, ev, 'assault defence');
        const att = s.units[attacker]!;
        if (!onTable(att) || isSpent(att) || att.cell !== p.attackerCell) {
          ev.push({ type: 'assault-stopped', unit: att.id, why: 'driven off by defensive fire' });
          return finishAction(s, ev);
        }
        return resolveAssault(s, attacker, defender, false, dice, ev);
      }
      if (a.choice === 'dice') d.used++;
      return resolveAssault(s, attacker, defender, a.choice === 'dice', dice, ev);
    }
    case 'assault-win': {
      if (a.type !== 'after-assault') throw new IllegalAction('choose stay, advance or turn');
      mustFind(afterAssaultActions(ctx, p.unit), (x) => key(x) === key(normalise(a)), 'illegal choice after the assault');
      const u = s.units[p.unit]!;
      s.pending = { kind: 'actions', side };
      if (a.choice === 'advance') {
        u.cell = advanceBox(ctx, p.unit);
        ev.push({ type: 'advance', unit: u.id, to: s.board.names[u.cell] });
      } else if (a.choice === 'turn') {
        u.facing = a.facing!;
        ev.push({ type: 'turn', unit: u.id, facing: u.facing });
      }
      return finishAction(s, ev);
    }
    default:
      throw new IllegalAction('the game is over');
  }
}

/** The same answer as `unitActions(ctx, ui).some(...)`, without building every option of the unit. */
export function isLegalUnitAction(ctx: Ctx, ui: number, a: Action): boolean {
  const { s } = ctx;
  const u = s.units[ui]!;
  if (!onTable(u) || isSpent(u) || unusedOrders(u) === 0) return false;
  const b = s.board;
  switch (a.type) {
    case 'bombard':
      return isGuns(u) && (u.did & DID_BOMBARD) === 0;
    case 'rally':
      return u.hits > 1;
    case 'move':
    case 'march': {
      const to = cellIndex(b, a.to);
      return moveOptions(ctx, ui, a.type === 'march').some((o) => o.to === to && o.facing === a.facing);
    }
    case 'maneuver': {
      const to = cellIndex(b, a.to);
      const formation = a.formation ?? null;
      return maneuverOptions(ctx, ui).some((o) => o.to === to && o.facing === a.facing && (o.formation ?? null) === (u.type === 'Infantry' ? formation : null));
    }
    case 'assault': {
      const ti = unitIndexOf(s, a.target);
      if (ti < 0 || !mayAssault(u)) return false;
      const ap = assaultApproach(ctx, ui, ti);
      return ap !== null && b.names[ap.from] === a.from;
    }
    case 'exit':
      return u.formation !== 'square' && exitEdgeFor(s, u);
    default:
      return false;
  }
}

/** Puts an action's fields in the order legalActions builds them, so the two compare as JSON. */
function normalise(a: Action): Action {
  switch (a.type) {
    case 'attach':
    case 'order':
      return { type: a.type, general: a.general, unit: a.unit } as Action;
    case 'move':
    case 'march':
      return { type: a.type, unit: a.unit, to: a.to, facing: a.facing };
    case 'maneuver': {
      const m: Action = { type: 'maneuver', unit: a.unit, to: a.to, facing: a.facing };
      if (a.formation) m.formation = a.formation;
      return m;
    }
    case 'assault':
      return { type: 'assault', unit: a.unit, target: a.target, from: a.from };
    case 'fire':
    case 'defend-fire':
      return { type: a.type, unit: a.unit, target: a.target };
    case 'after-assault':
      return a.choice === 'turn' ? { type: 'after-assault', choice: 'turn', facing: a.facing! } : { type: 'after-assault', choice: a.choice };
    case 'assault-defence':
      return { type: 'assault-defence', choice: a.choice };
    case 'bombard':
    case 'rally':
    case 'exit':
      return { type: a.type, unit: a.unit };
    default:
      return a;
  }
}

function performUnitAction(s: GameState, ui: number, a: Action, dice: DiceSource, ev: GameEvent[]): void {
  const u = s.units[ui]!;
  const b = s.board;
  u.used++;
  switch (a.type) {
    case 'bombard':
      u.did |= DID_BOMBARD;
      u.supplied = true;
      ev.push({ type: 'bombard', unit: u.id });
      break;
    case 'rally': {
      const roll = dice.d6();
      const general = s.generals.some((g) => g.unit === ui && g.status === 'table');
      let bonus = inFireCover(b, u.cell) || general || hasTrait(u, 'stubborn') ? 1 : 0;
      if (hasTrait(u, 'guard')) bonus++;
      const total = roll + bonus;
      const regained = total >= 6 ? 2 : total >= 4 ? 1 : 0;
      const before = u.hits;
      u.hits = Math.max(1, u.hits - regained);
      u.did |= DID_RALLY;
      ev.push({ type: 'rally', unit: u.id, roll, bonus, removed: before - u.hits });
      break;
    }
    case 'move':
    case 'march': {
      const from = u.cell;
      u.cell = cellIndex(b, a.to);
      u.facing = a.facing;
      u.did |= a.type === 'move' ? DID_MOVE : DID_MARCH;
      ev.push({ type: a.type, unit: u.id, from: b.names[from], to: a.to, facing: a.facing });
      break;
    }
    case 'maneuver': {
      const from = u.cell;
      u.cell = cellIndex(b, a.to);
      u.facing = a.facing;
      if (u.type === 'Infantry' && a.formation) u.formation = a.formation;
      u.did |= DID_MANEUVER;
      ev.push({ type: 'maneuver', unit: u.id, from: b.names[from], to: a.to, facing: a.facing, formation: u.formation });
      break;
    }
    case 'exit': {
      ev.push({ type: 'exit', unit: u.id, from: b.names[u.cell] });
      u.status = 'exited';
      u.cell = -1;
      for (const g of s.generals) if (g.unit === ui && g.status === 'table') rehome(s, g);
      break;
    }
    case 'assault': {
      const ti = unitIndexOf(s, a.target);
      const t = s.units[ti]!;
      const from = cellIndex(b, a.from);
      ev.push({ type: 'assault', unit: u.id, target: t.id, from: b.names[u.cell], to: a.from, side: sideOf(b, t.cell, t.facing, from) });
      u.cell = from;
      u.facing = facingTowards(b, from, t.cell) ?? u.facing;
      u.did |= DID_ASSAULT;
      if (isGuns(t)) {
        // Ordered guns assaulted from their front fire once at close range first (3.iv Assault e), then are
        // removed (d) unless the fire drove the assaulter off.
        if (gunsMayFireAtAssaulter(s, t) && sideOf(b, t.cell, t.facing, from) === 'front') {
          const pool = closeRangeGunDice(b, t, u);
          shoot(s, ti, ui, 'fire', pool, false, dice, ev, 'guns at close range');
          if (!onTable(u) || isSpent(u) || u.cell !== from) {
            ev.push({ type: 'assault-stopped', unit: u.id, why: 'driven off by the guns' });
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
      throw new IllegalAction(`"${a.type}" is not a unit action`);
  }
  finishAction(s, ev);
}

/** The fire an assaulted unit may make at 1 box by spending its order (3.iv Assault f.3): its fire if the
 * assaulter is in its fire arc (any face of a square), otherwise its skirmishers. */
function defenceFirePool(ctx: Ctx, di: number, ai: number): (FirePool & { allowed: true }) | null {
  const { s, b } = ctx;
  const d = s.units[di]!;
  const att = s.units[ai]!;
  if (isGuns(d)) return null;
  const range = boxDistance(b, d.cell, att.cell);
  if (mainFireBar(s, d) === null && inFireArc(b, d, att.cell) && range <= mainRange(d)) {
    return { allowed: true, kind: 'fire', range, reroll: false, ...mainFireDice(b, d, att, range, false) };
  }
  if (skirmishBar(s, d) === null) {
    return { allowed: true, kind: 'skirmish', range, reroll: hasTrait(d, 'light-rifles'), ...skirmishDice(d) };
  }
  return null;
}

function resolveAssault(s: GameState, ai: number, di: number, defendDie: boolean, dice: DiceSource, ev: GameEvent[]): void {
  const b = s.board;
  const att = s.units[ai]!;
  const def = s.units[di]!;
  const pools = assaultDice(b, att, def, att.cell, defendDie);
  const ar = rollHits(dice, pools.attacker.dice, pools.attacker.hitOn);
  const dr = rollHits(dice, pools.defender.dice, pools.defender.hitOn);
  addHits(def, ar.hits);
  addHits(att, dr.hits);
  ev.push({
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

function winAssault(s: GameState, ai: number, loser: number, ev: GameEvent[]): void {
  const u = s.units[ai]!;
  ev.push({ type: 'assault-won', unit: u.id });
  s.pending = { kind: 'assault-win', side: u.side, unit: ai, loser };
  const choices = afterAssaultActions(makeCtx(s), ai);
  // Only one choice (an impetuous unit): no decision to ask for.
  if (choices.length === 1) {
    const c = choices[0] as Extract<Action, { type: 'after-assault' }>;
    s.pending = { kind: 'actions', side: u.side };
    if (c.choice === 'advance') {
      u.cell = advanceBox(makeCtx(s), ai);
      ev.push({ type: 'advance', unit: u.id, to: s.board.names[u.cell], why: 'impetuous' });
    }
    finishAction(s, ev);
  }
}

/** End of one unit's action: objectives may change hands, and under Defend! the other side may fire. */
function finishAction(s: GameState, ev: GameEvent[]): void {
  updateControl(s);
  const acting = actingSide(s);
  s.pending = { kind: 'actions', side: acting };
  if (s.board.options.defend) {
    const defender = other(acting);
    if (fireActions(makeCtx(s), defender, 'defend-fire', true).length > 0) {
      s.pending = { kind: 'defend', side: defender, resume: acting };
      ev.push({ type: 'defend-window', side: s.meta.sides[defender].key });
    }
  }
}

function endOrders(s: GameState, side: SideIndex, dice: DiceSource, ev: GameEvent[]): void {
  for (const g of s.generals) {
    if (g.side !== side || g.status !== 'table') continue;
    if (!g.placed && g.unit >= 0) {
      const u = s.units[g.unit]!;
      if (onTable(u) && !isSpent(u) && u.orders < maxOrders(u)) u.orders++;
      g.placed = true;
    }
    // Excellent Staff: one order of this roll saved on a 5, two on a 6, to be spent in any later Orders phase; the
    // text caps what one roll may save, not what is kept, so saved orders stay until spent. This turn's pips are
    // taken to be spent before saved ones (they lapse otherwise), so the saved pips still unspent stay saved.
    if (g.excellentStaff) {
      const stillSaved = Math.min(g.banked, g.pips);
      const keep = Math.min(g.pips - stillSaved, g.roll === 6 ? 2 : g.roll === 5 ? 1 : 0);
      g.banked = stillSaved + keep;
      if (keep > 0) ev.push({ type: 'orders-saved', general: g.id, saved: keep, banked: g.banked });
    }
    g.pips = 0;
  }
  ev.push({ type: 'end-orders', side: s.meta.sides[side].key });
  if (s.half === 0) {
    s.half = 1;
    s.pending = { kind: 'orders', side: other(side) };
    return;
  }
  // Both sides have given orders: the Initiative phase (not on turn 1). The side without it takes it only by
  // winning the roll by 2 or more.
  if (s.turn > 1) {
    const holder = s.initiative;
    const a = dice.d6();
    const r = dice.d6();
    if (r >= a + 2) s.initiative = other(holder);
    ev.push({ type: 'initiative', holderRoll: a, reactorRoll: r, initiative: s.meta.sides[s.initiative].key });
  }
  s.phase = 'actions';
  s.half = 0;
  s.pending = { kind: 'actions', side: s.initiative };
}

function endActions(s: GameState, ev: GameEvent[]): void {
  ev.push({ type: 'end-actions', side: s.meta.sides[actingSide(s)].key });
  nextActionsHalf(s);
}

function nextActionsHalf(s: GameState): void {
  if (s.half === 0) {
    s.half = 1;
    s.pending = { kind: 'actions', side: other(s.initiative) };
  } else {
    s.phase = 'fire';
    s.half = 0;
    s.pending = { kind: 'fire', side: s.initiative };
  }
}

// ---- Moving the machine on to the next decision --------------------------------------------------------------------

function advance(s: GameState, dice: DiceSource, ev: GameEvent[]): void {
  for (let guard = 0; guard < 10000; guard++) {
    if (s.phase === 'over') return;
    const p = s.pending;
    if (s.phase === 'orders') {
      if (orderActions(s, p.side, true).length > 0) return;
      endOrders(s, p.side, dice, ev);
      continue;
    }
    if (p.kind === 'assault-defence' || p.kind === 'assault-win') return;
    if (p.kind === 'defend') {
      if (fireActions(makeCtx(s), p.side, 'defend-fire', true).length > 0) return;
      s.pending = { kind: 'actions', side: p.resume };
      continue;
    }
    if (s.phase === 'actions') {
      // A unit holding an order can nearly always do something, so ask; the player may end the phase.
      const any = s.units.some((u) => u.side === p.side && onTable(u) && !isSpent(u) && unusedOrders(u) > 0);
      if (any) return;
      nextActionsHalf(s);
      continue;
    }
    if (s.phase === 'fire') {
      if (fireActions(makeCtx(s), p.side, 'fire', true).length > 0) return;
      if (s.half === 0) {
        s.half = 1;
        s.pending = { kind: 'fire', side: other(s.initiative) };
        continue;
      }
      removal(s, ev);
      if ((s.phase as string) === 'over') return;
      startTurn(s, dice, ev);
      continue;
    }
  }
  throw new Error('engine loop did not settle');
}

function startTurn(s: GameState, dice: DiceSource, ev: GameEvent[]): void {
  s.turn++;
  s.phase = 'orders';
  s.half = 0;
  ev.push({ type: 'turn', turn: s.turn });
  arriveReinforcements(s, dice, ev);
  for (const g of s.generals) {
    g.placed = false;
    g.pips = 0;
    g.roll = 0;
    if (g.status !== 'table') continue;
    if (g.division) {
      g.pips = 3;
    } else {
      // Orders saved by Excellent Staff come on top of the roll; they stay counted in `banked` until spent.
      g.roll = dice.d6();
      g.pips = g.roll + g.banked;
    }
    ev.push({ type: 'orders-roll', general: g.id, roll: g.roll, pips: g.pips });
  }
  s.pending = { kind: 'orders', side: s.initiative };
}

function arriveReinforcements(s: GameState, dice: DiceSource, ev: GameEvent[]): void {
  const b = s.board;
  for (const r of s.reinforcements) {
    if (r.arrived) continue;
    let due = false;
    if (r.turn !== null) due = s.turn >= r.turn;
    else if (r.roll) {
      if (s.turn >= r.roll.from) {
        const roll = dice.d6();
        due = roll >= r.roll.need;
        ev.push({ type: 'reinforcement-roll', side: s.meta.sides[r.side].key, roll, need: r.roll.need, arrives: due });
        // Once the roll succeeds they are due for good, even if there is no room for them yet.
        if (due) r.turn = s.turn;
      }
    } else due = true;
    if (!due) continue;
    const taken = new Set(s.units.filter(onTable).map((u) => u.cell));
    let placed = 0;
    for (const ui of r.units) {
      const u = s.units[ui]!;
      if (u.status !== 'reserve') continue;
      let cell = r.entry.find((i) => !taken.has(i) && canEnd(b, u, i)) ?? -1;
      if (cell < 0) {
        // Nearest free box to the entry, at most 2 boxes in: otherwise it waits for room.
        let best = Infinity;
        for (let i = 0; i < b.cols * b.rows; i++) {
          if (taken.has(i) || !canEnd(b, u, i)) continue;
          for (const e of r.entry) {
            const d = boxDistance(b, e, i);
            if (d <= 2 && d < best) {
              best = d;
              cell = i;
            }
          }
        }
      }
      if (cell < 0) continue;
      u.status = 'table';
      u.cell = cell;
      u.facing = r.facing;
      // Infantry arrives in column, ready to march.
      u.formation = u.type === 'Infantry' ? 'column' : null;
      taken.add(cell);
      placed++;
      ev.push({ type: 'reinforcement', unit: u.id, at: b.names[cell] });
      for (const g of s.generals) {
        if (g.status === 'reserve' && g.side === u.side && g.commands.includes(ui)) {
          g.status = 'table';
          g.unit = ui;
          ev.push({ type: 'general-arrives', general: g.id, unit: u.id });
        }
      }
    }
    if (r.units.every((ui) => s.units[ui]!.status !== 'reserve')) r.arrived = true;
    void placed;
  }
}

/** Places a General with the unit under his command farthest from the enemy, or leaves him off the table. */
function rehome(s: GameState, g: GeneralState): void {
  let best = -1;
  let bestD = -1;
  for (const ui of g.commands) {
    const u = s.units[ui]!;
    if (!onTable(u) || isSpent(u)) continue;
    const d = nearestEnemy(s, u.side, u.cell);
    if (d > bestD) {
      best = ui;
      bestD = d;
    }
  }
  if (best < 0) {
    g.unit = -1;
    g.status = g.commands.some((ui) => s.units[ui]!.status === 'reserve') ? 'reserve' : 'removed';
    return;
  }
  g.unit = best;
  g.status = 'table';
}

/** Phase 5: spent units go, with their Generals; last turn's lost Generals come back; orders lapse. */
function removal(s: GameState, ev: GameEvent[]): void {
  s.units.forEach((u, ui) => {
    if (onTable(u) && isSpent(u)) eliminate(s, ui, 'lost all its hits', ev);
  });
  for (const g of s.generals) {
    if (g.status === 'removed' && g.removedTurn < s.turn) {
      rehome(s, g);
      if ((g.status as string) === 'table') ev.push({ type: 'general-returns', general: g.id, unit: s.units[g.unit]!.id });
    }
  }
  for (const u of s.units) {
    u.orders = 0;
    u.used = 0;
    u.did = 0;
  }
  updateControl(s);
  const verdict = suddenDeath(s) || s.turn >= s.meta.limit;
  if (verdict) {
    s.outcome = evaluateVictory(s);
    s.phase = 'over';
    s.pending = { kind: 'over', side: 0 };
    ev.push({ type: 'game-over', ...s.outcome });
  }
}

// ---- Objectives and victory ------------------------------------------------------------------------------------

/** A side controls an objective when only its units stand in it; an empty or contested one keeps its holder. */
export function updateControl(s: GameState): void {
  const b = s.board;
  b.objectives.forEach((o, k) => {
    let present = 0;
    for (const u of s.units) {
      if (!onTable(u) || isSpent(u) || !o.cells.includes(u.cell)) continue;
      present |= u.side === 0 ? 1 : 2;
    }
    if (present === 1) s.control[k]!.holder = 0;
    else if (present === 2) s.control[k]!.holder = 1;
  });
}

export function victoryPoints(s: GameState): [number, number] {
  const vp: [number, number] = [0, 0];
  for (const u of s.units) if (u.status === 'eliminated') vp[other(u.side)] += u.vp;
  s.board.objectives.forEach((o, k) => {
    const h = s.control[k]!.holder;
    if (h === 0 || h === 1) vp[h] += o.vp;
  });
  return vp;
}

function destroyedShare(s: GameState, side: SideIndex): number {
  const mine = s.units.filter((u) => u.side === side);
  if (mine.length === 0) return 0;
  return mine.filter((u) => u.status === 'eliminated').length / mine.length;
}

function exitedCount(s: GameState, side: SideIndex): number {
  return s.units.filter((u) => u.side === side && u.status === 'exited').length;
}

/**
 * The exit and destroy conditions met now, the first in the scenario's order: they end the game at the end of the
 * turn in which they are met, so the one that ended it decides it, for the side that met it. Null when none is met.
 */
/** The questions the shared victory conditions ask, answered from this game's state. */
function probes(s: GameState): VictoryProbes {
  return {
    sides: s.meta.sides,
    holder: (id) => {
      const h = s.control.find((c) => c.id === id)?.holder;
      return h === 0 || h === 1 ? h : -1;
    },
    exited: (side) => exitedCount(s, side),
    destroyedShare: (side) => destroyedShare(s, side),
    points: () => victoryPoints(s),
  };
}

function suddenDeathVerdict(s: GameState): Decision | null {
  return firstMet(probes(s), s.meta.victory, ['exit', 'destroy']);
}

/** Exit and destroy conditions end the game as soon as they are met (at the end of a turn), as does a side with
 * nothing left to fight with. */
function suddenDeath(s: GameState): boolean {
  if (suddenDeathVerdict(s)) return true;
  for (const side of [0, 1] as const) {
    const alive = s.units.some((u) => u.side === side && (u.status === 'table' || u.status === 'reserve'));
    if (!alive) return true;
  }
  return false;
}

export function evaluateVictory(s: GameState): { winner: SideIndex | -1; reason: string; condition: number } {
  // A met exit or destroy condition is what ends the game, so it decides: a hold or points condition listed above
  // it does not take the game from the side that met it. Otherwise (turn limit, or a side with nothing left) the
  // conditions are checked in order and the first met decides.
  return suddenDeathVerdict(s) ?? firstMet(probes(s), s.meta.victory) ?? noVictory(s.turn >= s.meta.limit);
}

export function result(s: GameState): GameResult {
  const outcome = s.outcome ?? evaluateVictory(s);
  const [r, b] = victoryPoints(s);
  const vp = s.meta.sides[0].key === 'red' ? { red: r, blue: b } : { red: b, blue: r };
  return {
    winner: outcome.winner === -1 ? 'draw' : s.meta.sides[outcome.winner].key,
    reason: outcome.reason,
    turns: s.turn,
    vp,
    condition: outcome.condition,
  };
}

// ---- Dice pools for explanation -------------------------------------------------------------------------------

export interface PoolQuery {
  kind: 'fire' | 'assault';
  unit: string;
  target: string;
  /** As `adc explain` assumes: the order the fire needs, nobody moved, no order spent. */
  assume?: boolean;
  /** Spend an unused order as a bonus die (fire) or to defend (assault). */
  orderBonus?: boolean;
  /** The fire is paid for with an order (Defend!), standing in for the guns' Bombardment. */
  orderFires?: boolean;
}

/**
 * How the decision pending at `s` would price a fire by `unit`: in the Fire phase an unused order is spent as a
 * bonus die, and under Defend! the order pays for the fire itself (what perform() does), so a preview shows the
 * pool the dice will then be rolled with.
 */
export function pendingFireTerms(s: GameState, unit: string): Pick<PoolQuery, 'orderBonus' | 'orderFires'> {
  const ui = unitIndexOf(s, unit);
  const u = ui >= 0 ? s.units[ui]! : null;
  if (!u || s.pending.kind === 'over' || s.pending.side !== u.side) return {};
  if (s.pending.kind === 'fire') return { orderBonus: unusedOrders(u) > 0 };
  if (s.pending.kind === 'defend') return { orderFires: true };
  return {};
}

export function dicePool(s: GameState, q: PoolQuery): FirePool | AssaultPool {
  const ui = unitIndexOf(s, q.unit);
  const ti = unitIndexOf(s, q.target);
  if (ui < 0) return { allowed: false, reason: `no unit "${q.unit}"` };
  if (ti < 0) return { allowed: false, reason: `no unit "${q.target}"` };
  let state = s;
  if (q.assume) {
    state = cloneState(s);
    for (const u of state.units) {
      u.did = 0;
      u.supplied = true;
    }
  }
  const ctx = makeCtx(state);
  const a: PoolAssumptions = { assumeReady: q.assume === true, orderBonus: q.orderBonus === true, orderFires: q.orderFires === true };
  if (q.kind === 'fire') return firePool(ctx, ui, ti, a);
  const u = state.units[ui]!;
  const t = state.units[ti]!;
  if (!onTable(u) || !onTable(t)) return { allowed: false, reason: 'both units must be on the table' };
  if (u.side === t.side) return { allowed: false, reason: 'the target is a friendly unit' };
  if (!mayAssault(u)) {
    const why =
      u.type === 'Lights' ? 'Lights may not assault' : isGuns(u) ? 'artillery may not assault' : u.formation === 'square' ? 'a square may not assault' : 'the unit has lost all its hits';
    return { allowed: false, reason: why };
  }
  const ap = assaultApproach(ctx, ui, ti);
  if (!ap) {
    const side = sideOf(state.board, t.cell, t.facing, u.cell);
    const contact = boxOnSide(state.board, t.cell, t.facing, side);
    if (contact === u.cell && !assaultStartFacings(u).includes(facingTowards(state.board, contact, t.cell)!)) {
      const why = assaultStartFacings(u).length > 1 ? 'would have to turn more than 90° to face it' : 'does not face it and may not turn at the start of an assault';
      return { allowed: false, reason: `it touches the target's ${side} already, but ${why}` };
    }
    return { allowed: false, reason: `it cannot reach the box touching the target's ${side} (${contact >= 0 ? state.board.names[contact] : 'off the table'}) this turn` };
  }
  const pools = assaultDice(state.board, u, t, ap.from, q.orderBonus === true);
  if (isGuns(t)) {
    return {
      allowed: true,
      arc: pools.arc,
      attacker: pools.attacker,
      defender: { dice: 0, hitOn: pools.defender.hitOn, modifiers: [{ reason: 'guns assaulted are removed', dice: 0 }] },
      gunsRemoved: true,
    };
  }
  return { allowed: true, arc: pools.arc, attacker: pools.attacker, defender: pools.defender, gunsRemoved: false };
}
