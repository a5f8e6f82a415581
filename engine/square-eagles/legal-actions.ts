// What the side to decide may do now, as actions: the Orders phase's attachments and orders, each ordered unit's
// actions (rule 3), fire (rule 4), Defend! shots, an assaulted unit's use of its order and a winning assaulter's
// choice. Each list has a check for one action beside it that gives the same answer without building the list.
import { DIR, boxDistance, cellIndex, isCut, onEdge, step, type Facing } from './board.js';
import { boardTables } from './board-tables.js';
import { defenceFirePool, fireTargets, hasFireTarget } from './combat.js';
import { enemyWithinOne, type Ctx } from './geometry.js';
import {
  MEMO_SLOTS,
  assaultFrom,
  baseMove,
  canEnd,
  isManeuverKey,
  maneuverCount,
  maneuverFacing,
  maneuverFormation,
  maneuverKeyAt,
  maneuverKeys,
  maneuverTo,
  mayAssault,
  moveFacing,
  moveKeys,
  moveTo,
} from './movement.js';
import {
  DID_BOMBARD,
  DID_FIRE,
  hasTrait,
  isGuns,
  isSpent,
  onTable,
  sideIndexOf,
  unitIndexOf,
  unusedOrders,
  type Action,
  type GameState,
  type GeneralState,
  type SideIndex,
  type UnitState,
} from './types.js';

/** The formation part of a packed Maneuver (movement.ts maneuverKeys) for an action's formation field, or -1. */
function formationCode(f: unknown): number {
  switch (f) {
    case null:
      return 0;
    case 'line':
      return 1;
    case 'column':
      return 2;
    case 'square':
      return 3;
    default:
      return -1;
  }
}

/** An action read from outside may carry anything as its facing. */
const isFacing = (f: unknown): f is Facing => f === 0 || f === 90 || f === 180 || f === 270;

/** A General attaches to a unit at most this many boxes from where he stands (Orders phase). */
const ATTACH_REACH = 4;

/** Orders a unit may hold: two for Veterans (Veterans trait), one for any other. */
export const maxOrders = (u: UnitState): number => (hasTrait(u, 'veterans') ? 2 : 1);

/** Units within 1 box of an enemy cost two pips (Orders phase); a Division General's three orders always get through. */
export function orderCost(s: GameState, u: UnitState, g: GeneralState): number {
  if (g.division) return 1;
  return enemyWithinOne(s, u.side, u.cell) ? 2 : 1;
}

function generalCell(s: GameState, g: GeneralState): number {
  return g.unit >= 0 ? s.units[g.unit]!.cell : -1;
}

function canBeOrdered(u: UnitState): boolean {
  return onTable(u) && !isSpent(u) && u.orders < maxOrders(u);
}

/** Whether the unit may take an action now (rule 3): on the table, with hits to spare and an unused order. */
export function mayAct(u: UnitState): boolean {
  return onTable(u) && !isSpent(u) && unusedOrders(u) > 0;
}

/** Guns bombard once a turn. */
export const mayBombard = (u: UnitState): boolean => isGuns(u) && (u.did & DID_BOMBARD) === 0;

/** Rallying removes hits but never the last one, so a unit with one hit has nothing to rally. */
export const mayRally = (u: UnitState): boolean => u.hits > 1;

/** Whether the unit stands on an edge its side's `exit` condition lets it leave by. */
function onExitEdge(s: GameState, u: UnitState): boolean {
  for (const v of s.meta.victory) {
    if (v.kind === 'exit' && sideIndexOf(s, v.side) === u.side && onEdge(s.board, u.cell, v.edge)) return true;
  }
  return false;
}

/** Every action of the decision pending, with a context the caller made (the engine's own mutable copy must not be memoised). */
export function legalActionsIn(ctx: Ctx): Action[] {
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

// The Orders phase's actions are walked in list order by scanOrders, which stops at the `stopAt`th (then leaving it
// in `found`) or counts them all, building them into `out` when given: the random player counts them and builds
// the one it draws, nothing else.
let foundType: 'attach' | 'order' = 'attach';
let foundGeneral = '';
let foundUnit = '';

// A count also notes each action's General and unit (indices) and kind, so that the one the random player then draws
// is built from the note, not by scanning again.
let notedState: GameState | null = null;
let notedSide = -1;
const notedGeneral: number[] = [];
const notedUnit: number[] = [];
const notedOrder: boolean[] = [];

function scanOrders(s: GameState, side: SideIndex, stopAt: number, out: Action[] | null = null): number {
  let n = 0;
  const note = stopAt < 0 && out === null;
  const generals = s.generals;
  for (let gi = 0; gi < generals.length; gi++) {
    const g = generals[gi]!;
    if (g.side !== side || g.status !== 'table' || g.placed) continue;
    const here = generalCell(s, g);
    for (const ui of g.commands) {
      const u = s.units[ui]!;
      if (!onTable(u) || isSpent(u)) continue;
      if (here < 0 || boxDistance(s.board, here, u.cell) <= ATTACH_REACH) {
        if (n === stopAt) {
          foundType = 'attach';
          foundGeneral = g.id;
          foundUnit = u.id;
          return n;
        }
        out?.push({ type: 'attach', general: g.id, unit: u.id });
        if (note) {
          notedGeneral[n] = gi;
          notedUnit[n] = ui;
          notedOrder[n] = false;
        }
        n++;
      }
    }
  }
  for (let gi = 0; gi < generals.length; gi++) {
    const g = generals[gi]!;
    if (g.side !== side || g.status !== 'table' || g.pips <= 0) continue;
    for (const ui of g.commands) {
      const u = s.units[ui]!;
      // An order costs one pip or two: with two left, what it costs does not matter.
      if (canBeOrdered(u) && (g.pips >= 2 || orderCost(s, u, g) <= g.pips)) {
        if (n === stopAt) {
          foundType = 'order';
          foundGeneral = g.id;
          foundUnit = u.id;
          return n;
        }
        out?.push({ type: 'order', general: g.id, unit: u.id });
        if (note) {
          notedGeneral[n] = gi;
          notedUnit[n] = ui;
          notedOrder[n] = true;
        }
        n++;
      }
    }
  }
  if (note) {
    notedState = s;
    notedSide = side;
  }
  return n;
}

/** The attachments and orders the side may give now, in the order listed (all attachments first). */
export function orderActions(s: GameState, side: SideIndex): Action[] {
  const out: Action[] = [];
  scanOrders(s, side, -1, out);
  return out;
}

/** Whether orderActions lists anything, found at the first. */
export function anyOrderAction(s: GameState, side: SideIndex): boolean {
  foundUnit = '';
  scanOrders(s, side, 0);
  return foundUnit !== '';
}

/** How many attachments and orders orderActions lists. */
export const orderActionCount = (s: GameState, side: SideIndex): number => scanOrders(s, side, -1);

/** orderActions(s, side)[k], built alone (k below orderActionCount). */
export function orderActionAt(s: GameState, side: SideIndex, k: number): Action {
  let a: Action;
  let ui = -1;
  // A state is never changed once given out, so the note of its last count still holds.
  if (notedState === s && notedSide === side) {
    ui = notedUnit[k]!;
    a = { type: notedOrder[k] ? 'order' : 'attach', general: s.generals[notedGeneral[k]!]!.id, unit: s.units[ui]!.id };
  } else {
    scanOrders(s, side, k);
    a = { type: foundType, general: foundGeneral, unit: foundUnit };
  }
  return vouch(s, a, ui);
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
    return here < 0 || boxDistance(s.board, here, u.cell) <= ATTACH_REACH;
  }
  return g.pips > 0 && canBeOrdered(u) && orderCost(s, u, g) <= g.pips;
}

/**
 * Veterans: a unit assigned a second order must use both this turn (Veterans trait). Read as: both go on actions in
 * its Actions phase, so the order cannot be kept back as a fire or defence die; while it holds one and has an action
 * to take, its side may not end the phase. A veteran with a single order is bound by nothing.
 */
export function mustUseOrders(u: UnitState): boolean {
  return hasTrait(u, 'veterans') && u.orders >= 2 && mayAct(u);
}

/** Whether the side acting may end its Actions phase now: no veteran unit still bound to act (see mustUseOrders). */
export function mayEndActions(ctx: Ctx): boolean {
  const { s } = ctx;
  return !s.units.some((u, ui) => u.side === s.pending.side && mustUseOrders(u) && unitMenu(ctx, ui).count > 0);
}

/**
 * What one ordered unit may do now, in the order its actions are listed (bombard, rally, moves, marches, maneuvers,
 * assaults, exit): the searches' answers, not yet actions, so a random player can count them all and build only
 * the one it picks. Kept on a state's memoised context beside the searches.
 */
interface UnitMenu {
  bombard: boolean;
  rally: boolean;
  moves: readonly number[];
  marches: readonly number[];
  /** How many: an Infantry unit has about a hundred, which are listed only when wanted (maneuverKeyAt). */
  maneuvers: number;
  /** Target index and the box it is assaulted from, in pairs. */
  assaults: readonly number[];
  exit: boolean;
  count: number;
}

const NO_ASSAULTS: number[] = [];
const NOTHING: UnitMenu = { bombard: false, rally: false, moves: [], marches: [], maneuvers: 0, assaults: [], exit: false, count: 0 };

function unitMenu(ctx: Ctx, ui: number): UnitMenu {
  if (!ctx.memo) return workOutMenu(ctx, ui);
  return (ctx.memo[ui * MEMO_SLOTS + 3] ??= workOutMenu(ctx, ui)) as UnitMenu;
}

function workOutMenu(ctx: Ctx, ui: number): UnitMenu {
  const { s } = ctx;
  const u = s.units[ui]!;
  if (!mayAct(u)) return NOTHING;
  const bombard = mayBombard(u);
  const rally = mayRally(u);
  const moves = moveKeys(ctx, ui, false);
  const marches = moveKeys(ctx, ui, true);
  const maneuvers = maneuverCount(ctx, ui);
  let assaults: number[] | null = null;
  if (mayAssault(u)) {
    // assaultFrom's first answer, asked here from the distance table: no enemy further than a move and a box.
    const apart = boardTables(s.board).apart;
    const row = u.cell * s.board.cols * s.board.rows;
    const reach = baseMove(u) + 1;
    for (let ti = 0; ti < s.units.length; ti++) {
      const t = s.units[ti]!;
      if (t.side === u.side || !onTable(t) || apart[row + t.cell]! > reach) continue;
      const from = assaultFrom(ctx, ui, ti);
      if (from >= 0) (assaults ??= []).push(ti, from);
    }
  }
  assaults ??= NO_ASSAULTS;
  const exit = u.formation !== 'square' && onExitEdge(s, u);
  const count = (bombard ? 1 : 0) + (rally ? 1 : 0) + moves.length + marches.length + maneuvers + assaults.length / 2 + (exit ? 1 : 0);
  return { bombard, rally, moves, marches, maneuvers, assaults, exit, count };
}

/**
 * The `k`th action of a unit's menu, built as unitActions lists it (the same fields in the same order). `maneuvers`:
 * the unit's Maneuver keys when the caller has them listed.
 */
function menuAction(ctx: Ctx, ui: number, m: UnitMenu, k: number, maneuvers?: readonly number[]): Action {
  const s = ctx.s;
  const id = s.units[ui]!.id;
  const names = s.board.names;
  if (m.bombard && k-- === 0) return { type: 'bombard', unit: id };
  if (m.rally && k-- === 0) return { type: 'rally', unit: id };
  if (k < m.moves.length) return { type: 'move', unit: id, to: names[moveTo(m.moves[k]!)]!, facing: moveFacing(m.moves[k]!) };
  k -= m.moves.length;
  if (k < m.marches.length) return { type: 'march', unit: id, to: names[moveTo(m.marches[k]!)]!, facing: moveFacing(m.marches[k]!) };
  k -= m.marches.length;
  if (k < m.maneuvers) {
    const key = maneuvers ? maneuvers[k]! : maneuverKeyAt(ctx, ui, k);
    const a: Action = { type: 'maneuver', unit: id, to: names[maneuverTo(key)]!, facing: maneuverFacing(key) };
    const formation = maneuverFormation(key);
    if (formation) a.formation = formation;
    return a;
  }
  k -= m.maneuvers;
  if (k < m.assaults.length / 2) return { type: 'assault', unit: id, target: s.units[m.assaults[2 * k]!]!.id, from: names[m.assaults[2 * k + 1]!]! };
  return { type: 'exit', unit: id };
}

/** Every action an ordered unit may take now (rule 3). */
export function unitActions(ctx: Ctx, ui: number): Action[] {
  const m = unitMenu(ctx, ui);
  const out = new Array<Action>(m.count);
  const maneuvers = m.maneuvers > 0 ? maneuverKeys(ctx, ui) : undefined;
  for (let k = 0; k < m.count; k++) out[k] = menuAction(ctx, ui, m, k, maneuvers);
  return out;
}

/**
 * How many actions legalActionsIn(ctx) lists, without building them; with legalActionAt, what a random player
 * needs. Only the Actions phase, where the lists are long, is counted apart; every other decision lists a few.
 */
export function legalActionCount(ctx: Ctx): number {
  const s = ctx.s;
  if (s.phase === 'over' || s.pending.kind !== 'actions') return legalActionsIn(ctx).length;
  let n = 0;
  let bound = false;
  for (let ui = 0; ui < s.units.length; ui++) {
    const u = s.units[ui]!;
    if (u.side !== s.pending.side) continue;
    const c = unitMenu(ctx, ui).count;
    n += c;
    if (c > 0 && mustUseOrders(u)) bound = true;
  }
  return bound ? n : n + 1;
}

/** legalActionsIn(ctx)[k], built alone (k below legalActionCount(ctx)). */
export function legalActionAt(ctx: Ctx, k: number): Action {
  const s = ctx.s;
  if (s.phase === 'over' || s.pending.kind !== 'actions') return legalActionsIn(ctx)[k]!;
  for (let ui = 0; ui < s.units.length; ui++) {
    if (s.units[ui]!.side !== s.pending.side) continue;
    const m = unitMenu(ctx, ui);
    if (k < m.count) return vouch(s, menuAction(ctx, ui, m, k), ui);
    k -= m.count;
  }
  vouchedState = null;
  return { type: 'end-actions' };
}

// The last order or unit action built alone from a legal list (orderActionAt, legalActionAt: the random player's
// path), the state it was listed at, its unit's index, and its fields as built. When perform is handed an action
// with those fields for that state, the check would find it among the legal ones, so it is not asked again (a
// tenth of a random game went on checking what had just been listed). A changed field is no longer vouched for.
let vouchedState: GameState | null = null;
let vouchedUnit = -1;
let vType = '';
let vUnit: unknown;
let vGeneral: unknown;
let vTo: unknown;
let vFacing: unknown;
let vFormation: unknown;
let vTarget: unknown;
let vFrom: unknown;

type Fields = { type: string; unit?: unknown; general?: unknown; to?: unknown; facing?: unknown; formation?: unknown; target?: unknown; from?: unknown };

function vouch(s: GameState, a: Action, ui: number): Action {
  const f = a as Fields;
  vouchedState = ui >= 0 ? s : null;
  vouchedUnit = ui;
  vType = f.type;
  vUnit = f.unit;
  vGeneral = f.general;
  vTo = f.to;
  vFacing = f.facing;
  vFormation = f.formation;
  vTarget = f.target;
  vFrom = f.from;
  return a;
}

/**
 * The index of the unit of `a` when `a` is, field for field, the action last built alone from the legal list of
 * `from` (see vouch); otherwise -1, and the action must be checked.
 */
export function vouchedUnitOf(a: Action, from: GameState | undefined): number {
  if (from === undefined || from !== vouchedState) return -1;
  const f = a as Fields;
  const same =
    f.type === vType &&
    f.unit === vUnit &&
    f.general === vGeneral &&
    f.to === vTo &&
    f.facing === vFacing &&
    f.formation === vFormation &&
    f.target === vTarget &&
    f.from === vFrom;
  return same ? vouchedUnit : -1;
}

/** The same answer as `unitActions(ctx, ui).some(...)`, without building every option of the unit. */
export function isLegalUnitAction(ctx: Ctx, ui: number, a: Action): boolean {
  const { s } = ctx;
  const u = s.units[ui]!;
  if (!mayAct(u)) return false;
  const b = s.board;
  switch (a.type) {
    case 'bombard':
      return mayBombard(u);
    case 'rally':
      return mayRally(u);
    case 'move':
    case 'march': {
      const to = cellIndex(b, a.to);
      return to >= 0 && isFacing(a.facing) && moveKeys(ctx, ui, a.type === 'march').includes(to * 4 + a.facing / 90);
    }
    case 'maneuver': {
      const to = cellIndex(b, a.to);
      const formation = a.formation ?? null;
      const code = u.type === 'Infantry' ? formationCode(formation) : 0;
      return to >= 0 && code >= 0 && isFacing(a.facing) && isManeuverKey(ctx, ui, (to * 4 + a.facing / 90) * 4 + code);
    }
    case 'assault': {
      const ti = unitIndexOf(s, a.target);
      if (ti < 0 || !mayAssault(u)) return false;
      const from = assaultFrom(ctx, ui, ti);
      return from >= 0 && b.names[from] === a.from;
    }
    case 'exit':
      return u.formation !== 'square' && onExitEdge(s, u);
    default:
      return false;
  }
}

export function fireActions(ctx: Ctx, side: SideIndex, type: 'fire' | 'defend-fire', firstOnly = false): Action[] {
  const { s } = ctx;
  const out: Action[] = [];
  for (let ui = 0; ui < s.units.length; ui++) {
    if (!mayShootNow(s, ui, side, type)) continue;
    const t = shooterTargets(ctx, ui, type);
    if (!t) continue;
    for (const ti of t.targets) out.push({ type, unit: s.units[ui]!.id, target: s.units[ti]!.id });
    if (firstOnly) return out;
  }
  return out;
}

const ORDER_FIRES = { orderFires: true } as const;
const NO_ASSUMPTIONS = {} as const;

/** Whether `side` has any fire in this window: `fireActions(...).length > 0`, without building a list. */
export function anyFireAction(ctx: Ctx, side: SideIndex, type: 'fire' | 'defend-fire'): boolean {
  const a = type === 'defend-fire' ? ORDER_FIRES : NO_ASSUMPTIONS;
  for (let ui = 0; ui < ctx.s.units.length; ui++) if (mayShootNow(ctx.s, ui, side, type) && hasFireTarget(ctx, ui, a)) return true;
  return false;
}

/** Whether unit `ui` of `side` may shoot in this window: once in the Fire phase; under Defend! by spending an order. */
export function mayShootNow(s: GameState, ui: number, side: SideIndex, type: 'fire' | 'defend-fire'): boolean {
  const u = s.units[ui]!;
  if (u.side !== side || !onTable(u)) return false;
  if (type === 'fire') return (u.did & DID_FIRE) === 0;
  return unusedOrders(u) > 0 && !isSpent(u);
}

/** Whether `ui` may fire at `ti` now: the same answer as searching fireActions, for one unit only. */
export function isLegalFire(ctx: Ctx, ui: number, ti: number, type: 'fire' | 'defend-fire'): boolean {
  if (ti < 0 || !mayShootNow(ctx.s, ui, ctx.s.pending.side, type)) return false;
  const t = shooterTargets(ctx, ui, type);
  return t !== null && t.targets.includes(ti);
}

/**
 * fireTargets for a shot in this window (Defend! fire is paid for with an order), kept on a state's memoised context:
 * a Fire phase lists every shot, then checks the one chosen and works out its pool, each asking the same question.
 * The answer is shared: callers must not change it.
 */
export function shooterTargets(ctx: Ctx, ui: number, type: 'fire' | 'defend-fire'): ReturnType<typeof fireTargets> {
  const a = type === 'defend-fire' ? ORDER_FIRES : NO_ASSUMPTIONS;
  if (!ctx.memo) return fireTargets(ctx, ui, a);
  const slot = ui * MEMO_SLOTS + (type === 'fire' ? 4 : 5);
  let t = ctx.memo[slot] as ReturnType<typeof fireTargets> | undefined;
  if (t === undefined) ctx.memo[slot] = t = fireTargets(ctx, ui, a);
  return t;
}

export function afterAssaultActions(ctx: Ctx, ui: number): Action[] {
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

/** The box a winning assaulter advances into, straight ahead, or -1 when it may not advance. */
export function advanceBox(ctx: Ctx, ui: number): number {
  const u = ctx.s.units[ui]!;
  const to = step(ctx.b, u.cell, DIR[u.facing][0], DIR[u.facing][1]);
  if (to < 0 || ctx.occ[to]! >= 0 || !canEnd(ctx.b, u, to)) return -1;
  if (isCut(ctx.b, u.cell, to)) return -1;
  return to;
}

/** Whether `a` is one of `legal`, its fields compared in the order legalActions builds them. */
export function isAmong(legal: readonly Action[], a: Action): boolean {
  const key = JSON.stringify(normalise(a));
  return legal.some((x) => JSON.stringify(x) === key);
}

/** Puts an action's fields in the order legalActions builds them, so the two compare as JSON. */
function normalise(a: Action): Action {
  switch (a.type) {
    case 'attach':
    case 'order':
      return { type: a.type, general: a.general, unit: a.unit };
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
