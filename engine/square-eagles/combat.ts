// Fire (rule 4) and assaults (3.iv Assault d–f): who may fire at whom, the dice with every modifier named, hits,
// withdrawals and retreats. Choices the text leaves open are in docs/rules/square-eagles.md §7.
import type { DiceSource } from '../dice.js';
import { IMPASSABLE, T_WOODS, boxDistance, colOf, isCut, rowOf, step, type Board } from './board.js';
import { arcOfSide, assaultCover, hasLineOfSight, inFireCover, makeCtx, sideOf, type Arc, type AssaultCover, type Ctx } from './geometry.js';
import { canEnd } from './movement.js';
import { boardTables } from './board-tables.js';
import {
  DID_BOMBARD,
  DID_MANEUVER,
  DID_MARCH,
  DID_RETREAT,
  MOVED,
  editGenerals,
  editUnit,
  hasTrait,
  isCavalry,
  isFoot,
  isGuns,
  isSpent,
  onTable,
  type EventLog,
  type GameState,
  type Modifier,
  type UnitState,
} from './types.js';

export type FireKind = 'fire' | 'skirmish';

/** Hits from one fire that make its target withdraw a box (4.ii.g). */
export const WITHDRAW_HITS = 3;

export interface DicePool {
  dice: number;
  hitOn: number;
  modifiers: Modifier[];
}

export type FirePool =
  | ({ allowed: true; kind: FireKind; range: number; reroll: boolean } & DicePool)
  | { allowed: false; reason: string };

export type AssaultPool =
  | { allowed: true; arc: Arc; attacker: DicePool; defender: DicePool; gunsRemoved: boolean }
  | { allowed: false; reason: string };

/** What the explain command assumes: the order the fire needs, nobody moved or marched, no order spent. */
export interface PoolAssumptions {
  assumeReady?: boolean;
  /** Spend an unused order as a bonus die (rule 4.ii.e "Order"). */
  orderBonus?: boolean;
  /** The fire is paid for with an order (Defend! option), which stands in for the guns' Bombardment action. */
  orderFires?: boolean;
}

// ---- Who may fire ----------------------------------------------------------------------------------------------

/** Longest ordinary fire: Infantry and Lights 1 box (4.ii.c), foot guns 8, horse guns 4 (4.ii.d). */
export function mainRange(u: UnitState): number {
  if (u.type === 'Guns') return 8;
  if (u.type === 'Horse Guns') return 4;
  if (isFoot(u)) return 1;
  return 0;
}

/** Skirmish range: 2 boxes (4.i); Limited Skirmishers 1; Light Rifles 3. */
export function skirmishRange(u: UnitState): number {
  if (hasTrait(u, 'limited-skirmishers')) return 1;
  if (hasTrait(u, 'light-rifles')) return 3;
  return 2;
}

/** Guns that moved show limbers under the Limbers option and cannot fire at all, not even their skirmishers. */
function limbered(s: GameState, u: UnitState): boolean {
  if (!isGuns(u) || !s.board.options.limbers) return false;
  return (u.did & MOVED) !== 0 && !gunsMayMoveAndFire(s, u);
}

function gunsMayMoveAndFire(s: GameState, u: UnitState): boolean {
  if (u.type !== 'Horse Guns' || (u.did & DID_MARCH) !== 0) return false;
  // Horse artillery may Move and fire (4.ii.d); with Horse Gun Batteries it may also Maneuver and fire.
  return (u.did & DID_MANEUVER) === 0 || s.board.options.horseGuns;
}

/** Why the unit may not use its ordinary fire now, or null when it may. */
function mainFireBar(s: GameState, u: UnitState, a: PoolAssumptions = {}): string | null {
  if (isCavalry(u)) return 'cavalry do not fire';
  if (a.assumeReady) return null;
  if ((u.did & DID_MARCH) !== 0) return 'it marched this turn';
  if (!isGuns(u)) return null;
  if ((u.did & MOVED) !== 0 && !gunsMayMoveAndFire(s, u)) {
    return u.type === 'Guns' ? 'foot guns may not fire after moving' : 'horse guns may not fire after that move';
  }
  if (a.orderFires) return null;
  if (s.board.options.resupplyGuns) return u.supplied || (u.did & DID_BOMBARD) !== 0 ? null : 'the guns need a Bombardment order to resupply';
  if ((u.did & DID_BOMBARD) !== 0) return null;
  if (u.type === 'Horse Guns' && (u.did & MOVED) !== 0) return null;
  return 'guns fire only with a Bombardment action';
}

/** Why the unit may not skirmish now, or null. All Infantry and Artillery units skirmish; Cavalry do not (4.i). */
function skirmishBar(s: GameState, u: UnitState, a: PoolAssumptions = {}): string | null {
  if (isCavalry(u)) return 'cavalry do not fire';
  if (a.assumeReady) return null;
  if ((u.did & DID_MARCH) !== 0) return 'it marched this turn';
  if (limbered(s, u)) return 'its guns are limbered';
  return null;
}

/** The hit number of a unit's fire: Artillery 3+, medium and horse batteries 4+, Infantry 4+, Lights 5+ (4.ii.f). */
export function fireHitOn(u: UnitState, kind: FireKind): number {
  let n: number;
  if (kind === 'skirmish') n = 4;
  else if (u.type === 'Guns') n = hasTrait(u, 'medium-battery') ? 4 : 3;
  else if (u.type === 'Horse Guns') n = 4;
  else if (u.type === 'Lights') n = 5;
  else n = 4;
  return hasTrait(u, 'low-supplies') ? n + 1 : n;
}

/** Assault hit numbers: Cavalry 3+, Infantry 4+, Lights 5+ (3.iv Assault f.6). */
export function assaultHitOn(u: UnitState): number {
  if (isCavalry(u)) return 3;
  if (u.type === 'Lights') return 5;
  if (isGuns(u)) return fireHitOn(u, 'fire');
  return 4;
}

/**
 * Whether box `cell` lies in the fire arc of `u`, 45° either side of its front (4.ii.a). A square has no flanks
 * (3.iv Assault f.5, summary sheet): each of its faces is a front, so it fires out of all four, as it is shot at on
 * all four as a front.
 */
export function inFireArc(b: Board, u: UnitState, cell: number): boolean {
  return u.formation === 'square' || sideOf(b, u.cell, u.facing, cell) === 'front';
}

/** Live enemy units a unit could shoot at, by kind, already narrowed by the priority rule (4.ii.b, 4.i). */
export function fireTargets(ctx: Ctx, fi: number, a: PoolAssumptions = {}): { kind: FireKind; targets: number[] } | null {
  const { s, b } = ctx;
  const u = s.units[fi]!;
  if (!onTable(u)) return null;
  const apart = boardTables(b).apart;
  const from = u.cell * b.cols * b.rows;
  if (mainFireBar(s, u, a) === null) {
    const range = mainRange(u);
    let best = Infinity;
    let targets: number[] = [];
    for (let ti = 0; ti < s.units.length; ti++) {
      const t = s.units[ti]!;
      if (t.side === u.side || !onTable(t) || isSpent(t)) continue;
      const d = apart[from + t.cell]!;
      if (d > range || d > best) continue;
      if (!inFireArc(b, u, t.cell) || !hasLineOfSight(ctx, u.cell, t.cell)) continue;
      if (d < best) {
        best = d;
        targets = [];
      }
      targets.push(ti);
    }
    if (targets.length > 0) return { kind: 'fire', targets };
  }
  if (skirmishBar(s, u, a) !== null) return null;
  const range = skirmishRange(u);
  let bestFront = Infinity;
  let bestOther = Infinity;
  let front: number[] = [];
  let others: number[] = [];
  for (let ti = 0; ti < s.units.length; ti++) {
    const t = s.units[ti]!;
    if (t.side === u.side || !onTable(t) || isSpent(t)) continue;
    const d = apart[from + t.cell]!;
    if (d > range || !hasLineOfSight(ctx, u.cell, t.cell)) continue;
    if (inFireArc(b, u, t.cell)) {
      if (d < bestFront) {
        bestFront = d;
        front = [];
      }
      if (d === bestFront) front.push(ti);
    } else {
      if (d < bestOther) {
        bestOther = d;
        others = [];
      }
      if (d === bestOther) others.push(ti);
    }
  }
  if (front.length > 0) return { kind: 'skirmish', targets: front };
  if (others.length > 0) return { kind: 'skirmish', targets: others };
  return null;
}

/** Whether fireTargets would find anyone, answered at the first target and without lists. */
export function hasFireTarget(ctx: Ctx, fi: number, a: PoolAssumptions = {}): boolean {
  const { s, b } = ctx;
  const u = s.units[fi]!;
  if (!onTable(u)) return false;
  const units = s.units;
  const apart = boardTables(b).apart;
  const from = u.cell * b.cols * b.rows;
  if (mainFireBar(s, u, a) === null) {
    const range = mainRange(u);
    for (let ti = 0; ti < units.length; ti++) {
      const t = units[ti]!;
      if (t.side === u.side || !onTable(t) || isSpent(t) || apart[from + t.cell]! > range) continue;
      if (inFireArc(b, u, t.cell) && hasLineOfSight(ctx, u.cell, t.cell)) return true;
    }
  }
  if (skirmishBar(s, u, a) !== null) return false;
  const range = skirmishRange(u);
  for (let ti = 0; ti < units.length; ti++) {
    const t = units[ti]!;
    if (t.side === u.side || !onTable(t) || isSpent(t) || apart[from + t.cell]! > range) continue;
    if (hasLineOfSight(ctx, u.cell, t.cell)) return true;
  }
  return false;
}

/**
 * The dice of an ordinary fire from `u` at `t` at range `d` (4.ii.c–f). Modifiers are pushed to `out` when given;
 * without it nothing is allocated, for the AI's many look-ahead counts.
 */
export function fireDiceCount(b: Board, u: UnitState, t: UnitState, d: number, orderBonus: boolean, out?: Modifier[]): number {
  let dice = isGuns(u) ? (d <= 2 ? 3 : d <= 4 ? 2 : 1) : 3;
  if (u.type === 'Infantry' && (u.formation === 'column' || u.formation === 'square')) {
    dice--;
    out?.push({ reason: `infantry in ${u.formation} fires 2d6`, dice: -1 });
  }
  // 4.ii.e Cover: one die off for a target in cover OR a Lights target (dispersed, as good as in cover), never two;
  // Lights shooting ignore that penalty altogether. (The summary sheet lists the two cases on separate lines.)
  if (u.type !== 'Lights') {
    const lights = t.type === 'Lights';
    if (lights || inFireCover(b, t.cell)) {
      dice--;
      if (out) {
        const reason = !lights ? 'target in cover' : inFireCover(b, t.cell) ? 'target is Lights in cover (one penalty)' : 'target is Lights';
        out.push({ reason, dice: -1 });
      }
    }
  }
  if (t.type !== 'Lights' && t.formation !== 'square') {
    const side = sideOf(b, t.cell, t.facing, u.cell);
    if (side !== 'front') {
      dice++;
      out?.push({ reason: side === 'rear' ? 'firing at the rear' : 'firing at the flank', dice: 1 });
    }
  }
  if (isGuns(u) && t.type === 'Infantry' && (t.formation === 'column' || t.formation === 'square')) {
    dice++;
    out?.push({ reason: `artillery firing at a ${t.formation}`, dice: 1 });
  }
  if (orderBonus) {
    dice++;
    out?.push({ reason: 'unused order spent', dice: 1 });
  }
  if (out && hasTrait(u, 'low-supplies')) out.push({ reason: 'low supplies: hit number one worse', dice: 0 });
  return dice > 0 ? dice : 0;
}

function mainFireDice(b: Board, u: UnitState, t: UnitState, d: number, orderBonus: boolean): DicePool {
  const modifiers: Modifier[] = [];
  const dice = fireDiceCount(b, u, t, d, orderBonus, modifiers);
  return { dice, hitOn: fireHitOn(u, 'fire'), modifiers };
}

function skirmishDice(u: UnitState): DicePool {
  const modifiers: Modifier[] = [];
  if (hasTrait(u, 'light-rifles')) modifiers.push({ reason: 'light rifles: may re-roll a miss', dice: 0 });
  if (hasTrait(u, 'low-supplies')) modifiers.push({ reason: 'low supplies: hit number one worse', dice: 0 });
  return { dice: 1, hitOn: fireHitOn(u, 'skirmish'), modifiers };
}

/**
 * The full pool of `fi` firing at `ti` now, or why it may not (rules 4.i, 4.ii). `targets`: what fireTargets(ctx, fi,
 * a) gives, when the caller has it already (the AI weighing each target of a unit).
 */
export function firePool(ctx: Ctx, fi: number, ti: number, a: PoolAssumptions = {}, targets?: ReturnType<typeof fireTargets>): FirePool {
  const { s, b } = ctx;
  const u = s.units[fi]!;
  const t = s.units[ti]!;
  if (!onTable(u) || !onTable(t)) return { allowed: false, reason: 'both units must be on the table' };
  if (u.side === t.side) return { allowed: false, reason: 'the target is a friendly unit' };
  if (isCavalry(u)) return { allowed: false, reason: 'cavalry do not fire' };
  const options = targets !== undefined ? targets : fireTargets(ctx, fi, a);
  const d = boxDistance(b, u.cell, t.cell);
  if (!options) {
    const bar = skirmishBar(s, u, a) ?? mainFireBar(s, u, a);
    if (bar) return { allowed: false, reason: bar };
    return { allowed: false, reason: whyNot(ctx, u, t, d) };
  }
  if (!options.targets.includes(ti)) {
    if (isSpent(t)) return { allowed: false, reason: 'the target has already lost all its hits' };
    const inRange = options.kind === 'fire' ? d <= mainRange(u) : d <= skirmishRange(u);
    if (inRange && hasLineOfSight(ctx, u.cell, t.cell)) {
      const names = options.targets.map((i) => s.units[i]!.id).join(', ');
      return { allowed: false, reason: `priority targets must be fired at first: ${names}` };
    }
    return { allowed: false, reason: whyNot(ctx, u, t, d) };
  }
  if (options.kind === 'fire') {
    const pool = mainFireDice(b, u, t, d, a.orderBonus === true);
    return { allowed: true, kind: 'fire', range: d, reroll: false, ...pool };
  }
  return { allowed: true, kind: 'skirmish', range: d, reroll: hasTrait(u, 'light-rifles'), ...skirmishDice(u) };
}

function whyNot(ctx: Ctx, u: UnitState, t: UnitState, d: number): string {
  const reach = Math.max(mainRange(u), skirmishRange(u));
  if (d > reach) return `out of range (${d} boxes; the longest reach is ${reach})`;
  if (!hasLineOfSight(ctx, u.cell, t.cell)) return 'no line of sight';
  const skirmish = skirmishRange(u);
  if (d > skirmish && !inFireArc(ctx.b, u, t.cell)) {
    return `outside the front arc (4.ii.a) and beyond skirmish range (${d} boxes; skirmishers reach ${skirmish})`;
  }
  return `out of range (${d} boxes)`;
}

// ---- Assault pools --------------------------------------------------------------------------------------------

const COVER_REASON: Record<AssaultCover, string> = {
  cover: 'defender in cover',
  crossing: 'defender at a river crossing',
  uphill: 'defender uphill',
  hill: 'defender on a hill',
};

/** The assaulter's dice (3.iv Assault f.1–f.5, summary sheet "Melee Modifiers"); modifiers go to `out` if given. */
export function assaultAttackerDice(b: Board, u: UnitState, t: UnitState, fromCell: number, out?: Modifier[]): number {
  let dice = u.sp - u.hits;
  const side = sideOf(b, t.cell, t.facing, fromCell);
  const cover = assaultCover(b, t.cell, fromCell);
  if (cover !== null) {
    dice--;
    out?.push({ reason: COVER_REASON[cover], dice: -1 });
  }
  const square = t.type === 'Infantry' && t.formation === 'square';
  if (u.type === 'Cavalry' || u.type === 'Heavy Cavalry') {
    if (!square) {
      dice++;
      out?.push({ reason: 'cavalry charging', dice: 1 });
    }
    if (t.type === 'Lights') {
      dice++;
      out?.push({ reason: 'cavalry charging Lights', dice: 1 });
    }
    if (u.type === 'Cavalry' && t.type === 'Heavy Cavalry') {
      dice--;
      out?.push({ reason: 'cavalry fighting heavy cavalry', dice: -1 });
    }
  }
  if (side !== 'front' && t.type !== 'Lights' && !square) {
    dice++;
    out?.push({ reason: side === 'rear' ? 'assaulting the rear' : 'assaulting the flank', dice: 1 });
  }
  if (u.type === 'Infantry' && u.formation === 'column' && t.type === 'Infantry' && t.formation !== 'column') {
    dice++;
    out?.push({ reason: 'column assaulting infantry', dice: 1 });
  }
  return dice > 0 ? dice : 0;
}

/** The defender's dice in an assault by `u`. */
export function assaultDefenderDice(u: UnitState, t: UnitState, defendDie: boolean, out?: Modifier[]): number {
  let dice = t.sp - t.hits;
  if (t.type === 'Infantry' && t.formation === 'square' && (u.type === 'Cavalry' || u.type === 'Heavy Cavalry')) {
    dice += 2;
    out?.push({ reason: 'square against cavalry', dice: 2 });
  }
  if (t.type === 'Cavalry' && u.type === 'Heavy Cavalry') {
    dice--;
    out?.push({ reason: 'cavalry fighting heavy cavalry', dice: -1 });
  }
  if (hasTrait(t, 'resolute')) {
    dice++;
    out?.push({ reason: 'resolute', dice: 1 });
  }
  if (defendDie) {
    dice++;
    out?.push({ reason: 'unused order spent to defend', dice: 1 });
  }
  return dice > 0 ? dice : 0;
}

/** Both sides' dice in an assault, the assaulter touching the defender from `fromCell`, every modifier named. */
export function assaultDice(b: Board, u: UnitState, t: UnitState, fromCell: number, defendDie: boolean): { arc: Arc; attacker: DicePool; defender: DicePool } {
  const am: Modifier[] = [];
  const dm: Modifier[] = [];
  const a = assaultAttackerDice(b, u, t, fromCell, am);
  const d = assaultDefenderDice(u, t, defendDie, dm);
  return {
    arc: arcOfSide(sideOf(b, t.cell, t.facing, fromCell)),
    attacker: { dice: a, hitOn: assaultHitOn(u), modifiers: am },
    defender: { dice: d, hitOn: assaultHitOn(t), modifiers: dm },
  };
}

/** How ordered guns assaulted from their front shoot first (3.iv Assault e): close range fire, no order bonus. */
export function closeRangeGunDice(b: Board, g: UnitState, attacker: UnitState): DicePool {
  return mainFireDice(b, g, attacker, 1, false);
}

/** Whether guns `g` fire at an assaulter coming at them from `fromCell` before they are removed (3.iv Assault e):
 * only ordered guns able to fire, and only at an assault on their front. */
export function gunsFireAtAssaulter(s: GameState, g: UnitState, fromCell: number): boolean {
  return gunsMayFireAtAssaulter(s, g) && sideOf(s.board, g.cell, g.facing, fromCell) === 'front';
}

function gunsMayFireAtAssaulter(s: GameState, g: UnitState): boolean {
  if (!isGuns(g) || g.orders === 0 || isSpent(g)) return false;
  if ((g.did & DID_MARCH) !== 0 || limbered(s, g)) return false;
  if ((g.did & MOVED) !== 0 && !gunsMayMoveAndFire(s, g)) return false;
  return !s.board.options.resupplyGuns || g.supplied;
}

/** The fire an assaulted unit may make at 1 box by spending its order (3.iv Assault f.3): its fire if the
 * assaulter is in its fire arc (any face of a square), otherwise its skirmishers. */
export function defenceFirePool(ctx: Ctx, di: number, ai: number): (FirePool & { allowed: true }) | null {
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

// ---- Resolution -----------------------------------------------------------------------------------------------

export function rollHits(dice: DiceSource, n: number, hitOn: number, reroll = false): { rolls: number[]; hits: number } {
  const rolls: number[] = [];
  let hits = 0;
  let rerolled = false;
  for (let k = 0; k < n; k++) {
    let r = dice.d6();
    rolls.push(r);
    if (r < hitOn && reroll && !rerolled) {
      rerolled = true;
      r = dice.d6();
      rolls.push(r);
    }
    if (r >= hitOn) hits++;
  }
  return { rolls, hits };
}

/** Adds `n` hits to unit `ui` (capped at its SP) and returns how many it took. */
export function addHits(s: GameState, ui: number, n: number): number {
  const u = editUnit(s, ui);
  const before = u.hits;
  u.hits = Math.min(u.sp, u.hits + n);
  return u.hits - before;
}

export function eliminate(s: GameState, ui: number, why: string, ev: EventLog): void {
  const u = editUnit(s, ui);
  u.status = 'eliminated';
  u.hits = u.sp;
  u.cell = -1;
  for (let gi = 0; gi < s.generals.length; gi++) {
    if (s.generals[gi]!.unit === ui && s.generals[gi]!.status === 'table') {
      const g = editGenerals(s)[gi]!;
      g.status = 'removed';
      g.removedTurn = s.turn;
      g.unit = -1;
      ev?.push({ type: 'general-removed', general: g.id });
    }
  }
  ev?.push({ type: 'eliminated', unit: u.id, why });
}

function unitAt(s: GameState, cell: number, except: number): number {
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (i !== except && u.status === 'table' && u.cell === cell) return i;
  }
  return -1;
}

/** "Straight back from the enemy": along the axis the enemy mostly lies on, or diagonally when it is exactly diagonal. */
export function retreatDirection(b: Board, cell: number, enemyCell: number): [number, number] {
  const dc = colOf(b, cell) - colOf(b, enemyCell);
  const dr = rowOf(b, cell) - rowOf(b, enemyCell);
  const adc = Math.abs(dc);
  const adr = Math.abs(dr);
  if (adc > adr) return [Math.sign(dc), 0];
  if (adr > adc) return [0, Math.sign(dr)];
  return [Math.sign(dc), Math.sign(dr)];
}

/**
 * What retreating `boxes` straight back from `enemyCell` costs a unit like `u` standing in `cell` (3.iv Assault,
 * retreat bullets): a hit for each unit crossed, each diagonal step between two blocked boxes, and each box of woods
 * (but for Lights) or ground it may not stop in; Infinity when it would leave the table or enter impassable ground.
 * A box holds a unit when `ctx.occ` names one other than `gone` there, `cell` itself aside (the AI weighs units
 * where they do not stand yet, and an assaulter that has left its box). `out`, when given, hears the cost of every
 * shorter retreat on the way (index: boxes retreated), and `path` the boxes entered.
 */
export function retreatHits(ctx: Ctx, u: UnitState, cell: number, enemyCell: number, boxes: number, gone: number, out?: Float64Array, path?: number[]): number {
  const b = ctx.b;
  const occ = ctx.occ;
  // retreatDirection's answer, without the pair it returns: the AI asks this for every enemy of every pose it weighs.
  const ec = colOf(b, cell) - colOf(b, enemyCell);
  const er = rowOf(b, cell) - rowOf(b, enemyCell);
  const aec = Math.abs(ec);
  const aer = Math.abs(er);
  const dc = aer > aec ? 0 : Math.sign(ec);
  const dr = aec > aer ? 0 : Math.sign(er);
  let pos = cell;
  let hits = 0;
  for (let k = 1; k <= boxes; k++) {
    const next = step(b, pos, dc, dr);
    if (hits === Infinity || next < 0 || (b.flags[next]! & IMPASSABLE) !== 0 || isCut(b, pos, next)) {
      hits = Infinity;
      if (out) out[k] = hits;
      continue;
    }
    if (dc !== 0 && dr !== 0) {
      const a = step(b, pos, dc, 0);
      const c = step(b, pos, 0, dr);
      const blockedA = a < 0 || (b.flags[a]! & IMPASSABLE) !== 0 || (occ[a]! >= 0 && occ[a] !== gone && a !== cell);
      const blockedC = c < 0 || (b.flags[c]! & IMPASSABLE) !== 0 || (occ[c]! >= 0 && occ[c] !== gone && c !== cell);
      if (blockedA && blockedC) hits++;
    }
    if (occ[next]! >= 0 && occ[next] !== gone && next !== cell) hits++;
    else if ((u.type !== 'Lights' && (b.flags[next]! & T_WOODS) !== 0) || !canEnd(b, u, next)) hits++;
    pos = next;
    if (out) out[k] = hits;
    path?.push(next);
  }
  return hits;
}

/**
 * Retreat `boxes` straight back from `enemyCell` (3.iv Assault, retreat bullets): a hit for each unit or obstacle
 * crossed (retreatHits), eliminated on leaving the table or entering impassable terrain, and moved to the nearest
 * open box it may stand in if it ends on another unit.
 */
export function retreat(s: GameState, ui: number, enemyCell: number, boxes: number, ev: EventLog): void {
  const b = s.board;
  const u = editUnit(s, ui);
  const passed: number[] = [];
  const hits = retreatHits(makeCtx(s), u, u.cell, enemyCell, boxes, ui, undefined, passed);
  // The boxes passed, by name, for the event only.
  const path = (): string[] => passed.map((i) => b.names[i]!);
  if (hits === Infinity) {
    const [dc, dr] = retreatDirection(b, u.cell, enemyCell);
    const offTable = step(b, passed.length > 0 ? passed[passed.length - 1]! : u.cell, dc, dr) < 0;
    ev?.push({ type: 'retreat', unit: u.id, path: path(), blocked: offTable ? 'table edge' : 'impassable terrain' });
    eliminate(s, ui, offTable ? 'retreated off the table' : 'retreated into impassable terrain', ev);
    return;
  }
  const pos = passed.length > 0 ? passed[passed.length - 1]! : u.cell;
  let final = pos;
  if (unitAt(s, final, ui) >= 0 || !canEnd(b, u, final)) {
    final = nearestOpenBox(s, u, ui, pos, enemyCell);
    if (final < 0) {
      ev?.push({ type: 'retreat', unit: u.id, path: path(), blocked: 'no room' });
      eliminate(s, ui, 'no room to retreat', ev);
      return;
    }
  }
  u.cell = final;
  u.did |= DID_RETREAT;
  const taken = addHits(s, ui, hits);
  ev?.push({ type: 'retreat', unit: u.id, to: b.names[final], path: path(), hits: taken });
}

function nearestOpenBox(s: GameState, u: UnitState, ui: number, from: number, enemyCell: number): number {
  const b = s.board;
  let best = -1;
  let bestD = Infinity;
  let bestAway = -Infinity;
  for (let i = 0; i < b.cols * b.rows; i++) {
    if (!canEnd(b, u, i) || unitAt(s, i, ui) >= 0) continue;
    const d = boxDistance(b, from, i);
    const away = boxDistance(b, enemyCell, i);
    if (d < bestD || (d === bestD && away > bestAway)) {
      best = i;
      bestD = d;
      bestAway = away;
    }
  }
  return best;
}

export function shoot(
  s: GameState,
  fi: number,
  ti: number,
  kind: FireKind,
  pool: DicePool,
  reroll: boolean,
  dice: DiceSource,
  ev: EventLog,
  source: string,
): number {
  const u = s.units[fi]!;
  const { rolls, hits } = rollHits(dice, pool.dice, pool.hitOn, reroll);
  const taken = addHits(s, ti, hits);
  const t = s.units[ti]!;
  ev?.push({
    type: 'fire',
    source,
    kind,
    unit: u.id,
    target: t.id,
    dice: pool.dice,
    hitOn: pool.hitOn,
    modifiers: pool.modifiers,
    rolls,
    hits: taken,
  });
  if (kind === 'fire' && isGuns(u) && s.board.options.resupplyGuns) {
    const r = dice.d6();
    if (r === 1) editUnit(s, fi).supplied = false;
    ev?.push({ type: 'resupply', unit: u.id, roll: r, supplied: s.units[fi]!.supplied });
  }
  if (hits >= WITHDRAW_HITS && onTable(t)) retreat(s, ti, u.cell, 1, ev);
  return taken;
}

