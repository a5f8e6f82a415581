// Players: `random` picks uniformly among the legal actions with its own seeded generator; `ai` is a one-ply
// heuristic that scores each candidate action by expected hits (given and taken, weighted by what the units are
// worth) and by how it brings the side closer to what its victory conditions ask for.
import { randomBelow, seedRng, type RngState } from '../dice.js';
import { DIR, IMPASSABLE, T_TOWN, T_FORT, boxDistance, rowOf, step, type Facing } from './board.js';
import {
  assaultAttackerDice,
  assaultDefenderDice,
  assaultDice,
  assaultHitOn,
  fireDiceCount,
  fireHitOn,
  fireTargets,
  firePool,
  mainFireDice,
  mainRange,
  skirmishRange,
} from './combat.js';
import { ctxOf, hasLineOfSight, inFireCover, roughFacing, sideOf, type Ctx } from './geometry.js';
import { isLegalOrder, isLegalUnitAction, legalActions, orderActions, orderCost, sideIndexOf, unitIndexOf } from './game.js';
import { assaultApproach, baseMove, maneuverOptions, mayAssault, moveOptions } from './movement.js';
import {
  DID_MOVE,
  MOVED,
  DID_BOMBARD,
  DID_MARCH,
  hasTrait,
  isCavalry,
  isGuns,
  isSpent,
  onTable,
  unusedOrders,
  type Action,
  type Formation,
  type GameState,
  type SideIndex,
  type UnitState,
} from './types.js';

export type PlayerKind = 'ai' | 'random';
export const PLAYER_KINDS: readonly PlayerKind[] = ['ai', 'random'];

export interface Player {
  readonly kind: PlayerKind;
  choose(state: GameState): Action;
}

export function randomPlayer(seed: number): Player {
  const rng: RngState = seedRng(seed);
  return {
    kind: 'random',
    choose(state) {
      const actions = legalActions(state);
      if (actions.length === 0) throw new Error('no legal action');
      return actions[randomBelow(rng, actions.length)]!;
    },
  };
}

export function makePlayer(kind: PlayerKind, seed: number): Player {
  return kind === 'random' ? randomPlayer(seed ^ 0x5bd1e995) : heuristicPlayer();
}

// ---- Heuristic player ------------------------------------------------------------------------------------------

/** Probability that one d6 hits on `n` or more. */
const p = (n: number): number => (n <= 1 ? 1 : n >= 7 ? 0 : (7 - n) / 6);

/** What one hit on a unit is worth: its VP spread over its SP, more as it nears removal. */
function hitValue(u: UnitState): number {
  const base = u.vp / Math.max(1, u.sp);
  return base * (1 + u.hits / Math.max(1, u.sp));
}

interface Goals {
  /** For each box, how far (in boxes) the nearest box this side wants to stand in is. */
  dist: Float64Array;
  /** Bonus for standing in a box, in VP. */
  bonus: Float64Array;
  exitCells: Set<number>;
  /** For each box, a neighbouring box one step nearer the goals, or -1. */
  next: Int32Array;
}

const goalCache = new WeakMap<object, Map<number, Goals>>();

/** The boxes a side's victory conditions (and the enemy's) make worth standing in, and the distance to them. */
function goalsFor(s: GameState, side: SideIndex): Goals {
  const b = s.board;
  // Every game of a scenario shares its victory conditions (and board), so this is worked out once.
  let cache = goalCache.get(s.meta.victory);
  if (!cache) goalCache.set(s.meta.victory, (cache = new Map()));
  const key = side;
  const hit = cache.get(key);
  if (hit) return hit;
  const n = b.cols * b.rows;
  const bonus = new Float64Array(n);
  const exitCells = new Set<number>();
  const wanted = new Map<string, number>();
  let anyPoints = false;
  for (const v of s.meta.victory) {
    if (v.kind === 'hold') {
      const si = sideIndexOf(s, v.side);
      for (const id of v.objectives ?? []) wanted.set(id, Math.max(wanted.get(id) ?? 0, si === side ? 1.5 : 1.2));
    } else if (v.kind === 'points') anyPoints = true;
    else if (v.kind === 'exit' && sideIndexOf(s, v.side) === side) {
      for (let i = 0; i < n; i++) {
        const c = i % b.cols;
        const r = rowOf(b, i);
        const on = v.edge === 'north' ? r === 0 : v.edge === 'south' ? r === b.rows - 1 : v.edge === 'west' ? c === 0 : c === b.cols - 1;
        if (on && (b.flags[i]! & IMPASSABLE) === 0) exitCells.add(i);
      }
    }
  }
  if (anyPoints) for (const o of b.objectives) wanted.set(o.id, Math.max(wanted.get(o.id) ?? 0, 1));
  const sources: number[] = [];
  for (const o of b.objectives) {
    const w = wanted.get(o.id);
    if (!w) continue;
    for (const c of o.cells) {
      bonus[c] = Math.max(bonus[c]!, Math.min(20, (o.vp / 5) * w));
      sources.push(c);
    }
  }
  for (const c of exitCells) {
    bonus[c] = Math.max(bonus[c]!, 15);
    sources.push(c);
  }
  // Distance over passable ground, diagonals 1.5 (a small Dijkstra: boards are tiny).
  const dist = new Float64Array(n).fill(sources.length > 0 ? Infinity : 0);
  const queue: number[] = [];
  for (const c of sources) {
    dist[c] = 0;
    queue.push(c);
  }
  while (queue.length > 0) {
    let bi = 0;
    for (let k = 1; k < queue.length; k++) if (dist[queue[k]!]! < dist[queue[bi]!]!) bi = k;
    const cur = queue.splice(bi, 1)[0]!;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dc === 0 && dr === 0) continue;
        const nb = step(b, cur, dc, dr);
        if (nb < 0 || (b.flags[nb]! & IMPASSABLE) !== 0 || b.cut[cur]!.includes(nb)) continue;
        const d = dist[cur]! + (dc !== 0 && dr !== 0 ? 1.5 : 1);
        if (d < dist[nb]!) {
          dist[nb] = d;
          queue.push(nb);
        }
      }
    }
  }
  for (let i = 0; i < n; i++) if (!Number.isFinite(dist[i]!)) dist[i] = b.cols + b.rows;
  const next = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    let best = dist[i]!;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const nb = step(b, i, dc, dr);
        if (nb >= 0 && dist[nb]! < best) {
          best = dist[nb]!;
          next[i] = nb;
        }
      }
    }
  }
  const goals = { dist, bonus, exitCells, next };
  cache.set(key, goals);
  return goals;
}

interface Pose {
  cell: number;
  facing: Facing;
  formation: Formation | null;
}

/** How the unit would fire after the action: ordinary fire, skirmishers only, or not at all. */
type FireAbility = 'fire' | 'skirmish' | 'none';
const ABILITY_INDEX: Record<FireAbility, number> = { fire: 0, skirmish: 1, none: 2 };
const FORMATION_INDEX = (f: Formation | null): number => (f === 'column' ? 1 : f === 'square' ? 2 : 0);

const FIRE_NONE = 1;
const FIRE_MAIN = 2;
const FIRE_SKIRMISH = 3;

class Evaluator {
  readonly ctx: Ctx;
  readonly side: SideIndex;
  readonly enemies: number[];
  readonly goals: Goals;
  /** How strongly the objectives pull, growing as the turn limit nears. */
  readonly pull: number;
  /** How much standing on an objective is worth now: holding only counts at the end. */
  readonly holdWeight: number;
  /** Per enemy, lazily per box: whether it could fire there next Fire phase (0 = not worked out yet). */
  private readonly enemyFire: Int8Array[];
  /** Per enemy, lazily per box: line of sight between them (0 unknown, 1 no, 2 yes); it is symmetric. */
  private readonly sight: Int8Array[];
  private readonly scratch = new Map<number, UnitState>();
  /** What a hit on each unit is worth now (see hitValue). */
  readonly worth: Float64Array;
  /** Per unit, values already worked out, by pose. */
  private readonly poseCache = new Map<number, Map<number, number>>();

  constructor(readonly s: GameState) {
    this.ctx = ctxOf(s);
    this.side = s.pending.side;
    this.enemies = [];
    s.units.forEach((u, i) => {
      if (u.side !== this.side && onTable(u) && !isSpent(u)) this.enemies.push(i);
    });
    this.goals = goalsFor(s, this.side);
    const progress = s.turn / Math.max(1, s.meta.limit);
    this.pull = 0.8 + 1.2 * progress;
    this.holdWeight = 0.25 + 0.75 * progress * progress;
    const n = s.board.cols * s.board.rows;
    this.worth = Float64Array.from(s.units, hitValue);
    this.enemyFire = this.enemies.map(() => new Int8Array(n));
    this.sight = this.enemies.map(() => new Int8Array(n));
  }

  private seen(k: number, cell: number): boolean {
    const table = this.sight[k]!;
    let v = table[cell]!;
    if (v === 0) table[cell] = v = hasLineOfSight(this.ctx, this.s.units[this.enemies[k]!]!.cell, cell) ? 2 : 1;
    return v === 2;
  }

  /** The unit as it would stand at `pose`; one reused object per unit, so nothing is allocated per look. */
  posed(ui: number, pose: Pose): UnitState {
    let x = this.scratch.get(ui);
    if (!x) this.scratch.set(ui, (x = { ...this.s.units[ui]! }));
    x.cell = pose.cell;
    x.facing = pose.facing;
    x.formation = pose.formation;
    return x;
  }

  private fireKind(k: number, cell: number): number {
    const table = this.enemyFire[k]!;
    let v = table[cell]!;
    if (v !== 0) return v;
    const e = this.s.units[this.enemies[k]!]!;
    const b = this.s.board;
    const d = boxDistance(b, e.cell, cell);
    v = FIRE_NONE;
    if (!isCavalry(e) && d <= Math.max(mainRange(e), skirmishRange(e)) && this.seen(k, cell)) {
      if (d <= mainRange(e) && sideOf(b, e.cell, e.facing, cell) === 'front') v = FIRE_MAIN;
      else if (d <= skirmishRange(e)) v = FIRE_SKIRMISH;
    }
    table[cell] = v;
    return v;
  }

  /** Expected value of this unit's fire in the coming Fire phase from `pose`. */
  fireValue(ui: number, pose: Pose, ability: FireAbility, extraDie: boolean): number {
    const u = this.s.units[ui]!;
    if (ability === 'none' || isCavalry(u)) return 0;
    const { s } = this;
    const b = s.board;
    const me = this.posed(ui, pose);
    let best = 0;
    if (ability === 'fire') {
      const range = mainRange(u);
      const hitP = p(fireHitOn(u, 'fire'));
      for (let k = 0; k < this.enemies.length; k++) {
        const e = s.units[this.enemies[k]!]!;
        const d = boxDistance(b, pose.cell, e.cell);
        if (d > range || sideOf(b, pose.cell, pose.facing, e.cell) !== 'front') continue;
        if (!this.seen(k, pose.cell)) continue;
        const hits = fireDiceCount(b, me, e, d, extraDie) * hitP;
        const v = hits * this.worth[this.enemies[k]!]! * (hits >= 2 ? 1.3 : 1);
        if (v > best) best = v;
      }
      if (best > 0) return best;
    }
    const range = skirmishRange(u);
    for (let k = 0; k < this.enemies.length; k++) {
      const e = s.units[this.enemies[k]!]!;
      if (boxDistance(b, pose.cell, e.cell) > range || !this.seen(k, pose.cell)) continue;
      const v = p(fireHitOn(u, 'skirmish')) * this.worth[this.enemies[k]!]!;
      if (v > best) best = v;
    }
    return best;
  }

  /** Expected loss from enemy fire and assaults next, in VP. */
  threat(ui: number, pose: Pose): number {
    const { s } = this;
    const b = s.board;
    const u = s.units[ui]!;
    const me = this.posed(ui, pose);
    let fire = 0;
    let melee = 0;
    for (let k = 0; k < this.enemies.length; k++) {
      const e = s.units[this.enemies[k]!]!;
      const d = boxDistance(b, e.cell, pose.cell);
      const kind = this.fireKind(k, pose.cell);
      if (kind === FIRE_MAIN) fire += fireDiceCount(b, e, me, d, false) * p(fireHitOn(e, 'fire'));
      else if (kind === FIRE_SKIRMISH) fire += 0.3;
      if (d <= baseMove(e) + 1 && mayAssault(e)) {
        // The enemy would come at the side it already stands off.
        const fromSide = sideOf(b, pose.cell, pose.facing, e.cell);
        const contact = fromSide === 'front' ? step(b, pose.cell, DIR[pose.facing][0], DIR[pose.facing][1]) : e.cell;
        const given = assaultAttackerDice(b, e, me, contact >= 0 ? contact : e.cell) * p(assaultHitOn(e));
        const taken = assaultDefenderDice(e, me, false) * p(assaultHitOn(u));
        const net = given - taken;
        // Being charged costs the hits taken and, on losing, a retreat that may break the unit.
        const m = given * 0.6 + (net > 0 ? net : 0);
        if (m > melee) melee = m;
      }
    }
    // A unit that may well be destroyed loses the enemy its VP as well as the hits.
    const left = u.sp - u.hits;
    const doom = fire + melee >= left - 0.5 ? u.vp * 0.4 : 0;
    return (fire * 0.6 + melee) * this.worth[ui]! + doom;
  }

  /** Positional value of unit `ui` standing at `pose`, cached per pose. */
  value(ui: number, pose: Pose, ability: FireAbility, extraDie = false): number {
    let cache = this.poseCache.get(ui);
    if (!cache) this.poseCache.set(ui, (cache = new Map()));
    const key = (((pose.cell * 4 + pose.facing / 90) * 3 + FORMATION_INDEX(pose.formation)) * 3 + ABILITY_INDEX[ability]) * 2 + (extraDie ? 1 : 0);
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const u = this.s.units[ui]!;
    const b = this.s.board;
    let v = -this.goals.dist[pose.cell]! * this.pull + this.goals.bonus[pose.cell]! * this.holdWeight;
    // Guns are no use on an objective and a poor holder of it; keep them back at fighting range.
    if (isGuns(u)) v = v * 0.3;
    v += this.fireValue(ui, pose, ability, extraDie);
    v -= this.threat(ui, pose);
    if (u.type !== 'Lights' && (b.flags[pose.cell]! & (T_TOWN | T_FORT)) !== 0) v += 1;
    if (isGuns(u)) {
      // Guns keep out of reach of enemy foot and horse.
      for (const ei of this.enemies) {
        const e = this.s.units[ei]!;
        if (mayAssault(e) && boxDistance(b, e.cell, pose.cell) <= baseMove(e) + 0.5) v -= 4;
      }
    }
    cache.set(key, v);
    return v;
  }
}


/**
 * The heuristic player. In an Actions phase it plans every ordered unit's best action at once and plays them best
 * first, planning again whenever anything unplanned happened in between (an assault, enemy defensive fire, an
 * action that is no longer legal), which keeps it fast without acting on a stale picture.
 */
export function heuristicPlayer(): Player {
  let plan: Action[] = [];
  let planned = new Set<string>();
  let planSig = 0;
  let orders: Action[] = [];
  let ordersKey = '';
  return {
    kind: 'ai',
    choose(state) {
      switch (state.pending.kind) {
        case 'orders': {
          while (orders.length > 0 && ordersKey === `${state.turn}:${state.pending.side}`) {
            const next = orders.shift()!;
            if (next.type === 'end-orders' || ((next.type === 'attach' || next.type === 'order') && isLegalOrder(state, state.pending.side, next))) return next;
          }
          orders = planOrders(state);
          ordersKey = `${state.turn}:${state.pending.side}`;
          return orders.shift()!;
        }
        case 'actions': {
          if (plan.length > 0 && planSig === signature(state, planned)) {
            const next = plan.shift()!;
            if (next.type === 'end-actions') return next;
            const ui = 'unit' in next ? unitIndexOf(state, next.unit) : -1;
            if (ui >= 0 && next.type !== 'assault' && isLegalUnitAction(ctxOf(state), ui, next)) return next;
          }
          plan = planActions(state);
          planned = new Set(plan.filter((a) => 'unit' in a).map((a) => (a as { unit: string }).unit));
          planSig = signature(state, planned);
          const next = plan.shift()!;
          // After an assault the picture has changed too much to keep the plan.
          if (next.type === 'assault') plan = [];
          return next;
        }
        case 'fire':
          return chooseFire(state, legalActions(state));
        case 'defend':
          return chooseDefend(state);
        case 'assault-defence':
          return chooseAssaultDefence(state);
        case 'assault-win':
          return chooseAfterAssault(state);
        default:
          return legalActions(state)[0]!;
      }
    },
  };
}

/**
 * What the plan was made on: every unit's hits and status, and where the units outside the plan stand. Only the
 * planned units' own moves may change between two planned actions; anything else means planning again.
 */
function signature(s: GameState, planned: Set<string>): number {
  // A hash, not a string: this runs before every planned action.
  let h = (s.turn * 4 + s.half * 2 + s.pending.side) | 0;
  const mix = (x: number): void => {
    h = Math.imul(h ^ x, 0x9e3779b1);
    h ^= h >>> 15;
  };
  for (const u of s.units) {
    mix(u.hits * 8 + (u.status === 'table' ? 1 : u.status === 'reserve' ? 2 : 3));
    if (!planned.has(u.id)) mix(u.cell * 1024 + u.facing * 4 + (u.formation === 'column' ? 1 : u.formation === 'square' ? 2 : 0));
  }
  return h;
}

/** How much a unit wants an order this turn, in rough VP. */
function orderNeed(ev: Evaluator, ui: number): number {
  const { s } = ev;
  const u = s.units[ui]!;
  let need = 1;
  const nearest = ev.enemies.reduce((m, ei) => Math.min(m, boxDistance(s.board, u.cell, s.units[ei]!.cell)), Infinity);
  if (u.hits > 1) need += (u.hits / u.sp) * 4;
  if (isGuns(u)) need += ev.fireValue(ui, u, 'fire', false) > 0 ? 4 : 0.5;
  else if (mayAssault(u) && nearest <= baseMove(u) + 1) need += isCavalry(u) ? 4 : 2.5;
  else if (nearest <= 1) need += 2;
  need += Math.min(3, ev.goals.dist[u.cell]! * 0.6);
  if (u.orders > 0) need *= 0.4;
  return need;
}

/**
 * The whole Orders phase at once: each General joins the unit where his free order is worth most (a unit that
 * would cost two pips, or one to rally), then pips go to the units that want an order most per pip.
 */
function planOrders(s: GameState): Action[] {
  const side = s.pending.side;
  const ev = new Evaluator(s);
  const needs = new Map<number, number>();
  const need = (ui: number): number => {
    let v = needs.get(ui);
    if (v === undefined) needs.set(ui, (v = orderNeed(ev, ui)));
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
      const cost = (ordered.get(ui) ?? 0) > 0 ? 0 : g.division ? 1 : orderCost(s, u, g);
      let score = need(ui) * cost + (u.hits > 1 ? 1 : 0) - (u.hits >= u.sp - 2 && cost === 2 ? 3 : 0);
      if (isGuns(u) && cost === 2) score -= 2;
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
    const wanted = g.commands
      .filter((ui) => onTable(s.units[ui]!) && !isSpent(s.units[ui]!))
      .map((ui) => ({ ui, cost: orderCost(s, s.units[ui]!, g) }))
      .sort((a, b) => need(b.ui) / b.cost - need(a.ui) / a.cost || a.ui - b.ui);
    for (const { ui, cost } of wanted) {
      const u = s.units[ui]!;
      const max = hasTrait(u, 'veterans') ? 2 : 1;
      const have = ordered.get(ui) ?? 0;
      if (have >= max || cost > pips) continue;
      if ((have > 0 ? need(ui) * 0.4 : need(ui)) / cost < 0.5) continue;
      plan.push({ type: 'order', general: g.id, unit: u.id });
      ordered.set(ui, have + 1);
      pips -= cost;
    }
  }
  plan.push({ type: 'end-orders' });
  return plan;
}

interface Candidate {
  score: number;
  action: Action;
}

/** Every ordered unit's best action that beats doing nothing, best first; end-actions when there is none. */
function planActions(s: GameState): Action[] {
  const ev = new Evaluator(s);
  const side = s.pending.side;
  const picks: Candidate[] = [];
  s.units.forEach((u, ui) => {
    if (u.side !== side || !onTable(u) || isSpent(u) || unusedOrders(u) === 0) return;
    const best = bestForUnit(ev, ui);
    if (best) picks.push(best);
  });
  picks.sort((a, b) => b.score - a.score);
  const out = picks.map((c) => c.action);
  out.push({ type: 'end-actions' });
  return out;
}

function bestForUnit(ev: Evaluator, ui: number): Candidate | null {
  const { s, ctx } = ev;
  const b = s.board;
  const u = s.units[ui]!;
  const id = u.id;
  const movedAlready = (u.did & MOVED) !== 0;
  // Holding the order: it adds a die to the unit's fire (4.ii.e) or to its defence (3.iv Assault f.3).
  const hold = ev.value(ui, u, abilityAfter(s, u, null), true);
  // The best so far, kept as plain values: the action object is built once, for the winner.
  let bestScore = 0.25;
  let bestKind: Action['type'] | null = null;
  let bestTo = -1;
  let bestFacing: Facing = u.facing;
  let bestFormation: Formation | null = null;
  let bestTarget = -1;
  const take = (score: number, kind: Action['type'], to = -1, facing: Facing = u.facing, formation: Formation | null = null, target = -1): void => {
    if (score <= bestScore) return;
    bestScore = score;
    bestKind = kind;
    bestTo = to;
    bestFacing = facing;
    bestFormation = formation;
    bestTarget = target;
  };
  if (isGuns(u) && (u.did & DID_BOMBARD) === 0) take(ev.value(ui, u, abilityAfter(s, u, 'bombard')) - hold + 0.5, 'bombard');
  if (u.hits > 1) {
    let bonus = inFireCover(b, u.cell) || s.generals.some((g) => g.unit === ui && g.status === 'table') || hasTrait(u, 'stubborn') ? 1 : 0;
    if (hasTrait(u, 'guard')) bonus++;
    const regained = p(4 - bonus) + (u.hits - 1 >= 2 ? p(6 - bonus) : 0);
    take(regained * ev.worth[ui]! * 1.2 + ev.value(ui, u, abilityAfter(s, u, 'rally')) - hold, 'rally');
  }
  // Facing anywhere but towards the nearest enemy, the way to the objective, or as it was is never the best move,
  // so only those are scored (the scoring dominates the AI's time).
  const sensible = new Map<number, number>();
  const facingOk = (cell: number, facing: Facing): boolean => {
    let mask = sensible.get(cell);
    if (mask === undefined) {
      mask = 1 << (u.facing / 90);
      let nearest = -1;
      let nd = Infinity;
      for (const ei of ev.enemies) {
        const d = boxDistance(b, cell, s.units[ei]!.cell);
        if (d < nd) {
          nd = d;
          nearest = s.units[ei]!.cell;
        }
      }
      if (nearest >= 0) mask |= 1 << (roughFacing(b, cell, nearest) / 90);
      const towards = ev.goals.next[cell]!;
      if (towards >= 0) mask |= 1 << (roughFacing(b, cell, towards) / 90);
      sensible.set(cell, mask);
    }
    return (mask & (1 << (facing / 90))) !== 0;
  };
  const penalty = movedAlready ? 0.5 : 0.3;
  const pose: Pose = { cell: u.cell, facing: u.facing, formation: u.formation };
  for (const march of [false, true]) {
    const kind = march ? 'march' : 'move';
    const ability = abilityAfter(s, u, kind);
    for (const o of moveOptions(ctx, ui, march)) {
      if (!facingOk(o.to, o.facing)) continue;
      pose.cell = o.to;
      pose.facing = o.facing;
      pose.formation = u.formation;
      take(ev.value(ui, pose, ability) - hold - penalty, kind, o.to, o.facing);
    }
  }
  const manAbility = abilityAfter(s, u, 'maneuver');
  for (const o of maneuverOptions(ctx, ui)) {
    // Moving and re-forming in one go is rarely worth a look; re-forming in place and plain shuffles are.
    if (u.type === 'Infantry' && o.to !== u.cell && o.formation !== u.formation) continue;
    if (!facingOk(o.to, o.facing)) continue;
    pose.cell = o.to;
    pose.facing = o.facing;
    pose.formation = o.formation;
    take(ev.value(ui, pose, manAbility) - hold - 0.3, 'maneuver', o.to, o.facing, o.formation);
  }
  if (mayAssault(u)) {
    for (const ti of ev.enemies) {
      const t = s.units[ti]!;
      if (boxDistance(b, u.cell, t.cell) > baseMove(u) + 1.5) continue;
      const ap = assaultApproach(ctx, ui, ti);
      if (ap) take(scoreAssault(ev, ui, ti, ap.from) - hold * 0.5, 'assault', ap.from, u.facing, null, ti);
    }
  }
  if (u.formation !== 'square' && ev.goals.exitCells.has(u.cell) && isLegalUnitAction(ctx, ui, { type: 'exit', unit: id })) take(30, 'exit');
  const kind = bestKind as Action['type'] | null;
  if (kind === null) return null;
  let action: Action;
  switch (kind) {
    case 'move':
    case 'march':
      action = { type: kind, unit: id, to: b.names[bestTo]!, facing: bestFacing };
      break;
    case 'maneuver':
      action = { type: 'maneuver', unit: id, to: b.names[bestTo]!, facing: bestFacing };
      if (bestFormation) action.formation = bestFormation;
      break;
    case 'assault':
      action = { type: 'assault', unit: id, target: s.units[bestTarget]!.id, from: b.names[bestTo]! };
      break;
    default:
      action = { type: kind, unit: id } as Action;
  }
  return { score: bestScore, action };
}

function abilityAfter(s: GameState, u: UnitState, type: Action['type'] | null): FireAbility {
  if (isCavalry(u)) return 'none';
  if (type === 'march' || (u.did & DID_MARCH) !== 0) return 'none';
  if (!isGuns(u)) return 'fire';
  const bombarded = (u.did & DID_BOMBARD) !== 0 || type === 'bombard';
  const supplied = !s.board.options.resupplyGuns || u.supplied || bombarded;
  const moves = type === 'move' || type === 'maneuver' || (u.did & MOVED) !== 0;
  if (u.type === 'Horse Guns') {
    const manOk = type !== 'maneuver' || s.board.options.horseGuns;
    if (moves && !manOk) return s.board.options.limbers ? 'none' : 'skirmish';
    if (bombarded || (s.board.options.resupplyGuns && supplied) || type === 'move' || (u.did & DID_MOVE) !== 0) return 'fire';
    return 'skirmish';
  }
  if (moves) return s.board.options.limbers ? 'none' : 'skirmish';
  if (bombarded || (s.board.options.resupplyGuns && supplied)) return 'fire';
  return 'skirmish';
}

function scoreAssault(ev: Evaluator, ui: number, ti: number, from: number): number {
  const { s } = ev;
  const b = s.board;
  const u = s.units[ui]!;
  const t = s.units[ti]!;
  const me = ev.posed(ui, { cell: from, facing: u.facing, formation: u.formation });
  if (isGuns(t)) {
    let risk = 0;
    if (t.orders > 0 && sideOf(b, t.cell, t.facing, from) === 'front') risk = fireDiceCount(b, t, me, 1, false) * p(fireHitOn(t, 'fire'));
    return t.vp * (risk >= 2 ? 0.5 : 0.9) - risk * hitValue(u);
  }
  const defend = unusedOrders(t) > 0;
  const given = assaultAttackerDice(b, me, t, from) * p(assaultHitOn(u));
  const taken = assaultDefenderDice(me, t, defend) * p(assaultHitOn(t));
  const remaining = t.sp - t.hits;
  let v = Math.min(given, remaining) * hitValue(t) - Math.min(taken, u.sp - u.hits) * hitValue(u);
  if (given >= remaining) v += t.vp * 0.5;
  if (given > taken) v += (given - taken) * 1.5;
  else v -= 2;
  // Winning ground on an objective counts.
  v += ev.goals.bonus[t.cell]! * (given > taken ? 0.5 : 0);
  return v;
}

function chooseFire(s: GameState, actions: Action[]): Action {
  const ctx = ctxOf(s);
  let best = actions[0]!;
  let bestScore = -Infinity;
  for (const a of actions) {
    if (a.type !== 'fire' && a.type !== 'defend-fire') continue;
    const ui = unitIndexOf(s, a.unit);
    const ti = unitIndexOf(s, a.target);
    const pool = firePool(ctx, ui, ti, { orderBonus: unusedOrders(s.units[ui]!) > 0, orderFires: a.type === 'defend-fire' });
    if (!pool.allowed) continue;
    const t = s.units[ti]!;
    const hits = pool.dice * p(pool.hitOn);
    const score = Math.min(hits, t.sp - t.hits) * hitValue(t) + (hits >= t.sp - t.hits ? t.vp * 0.3 : 0);
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

/**
 * Defend!: spend an order on a real shot (ordinary fire, not skirmishers) worth at least one expected hit; the
 * order would otherwise only add one die later.
 */
function chooseDefend(s: GameState): Action {
  const ctx = ctxOf(s);
  const side = s.pending.side;
  let best: Action = { type: 'pass' };
  let bestScore = -Infinity;
  s.units.forEach((u, ui) => {
    if (u.side !== side || !onTable(u) || isSpent(u) || unusedOrders(u) === 0) return;
    const t = fireTargets(ctx, ui, { orderFires: true });
    if (!t || t.kind !== 'fire') return;
    for (const ti of t.targets) {
      const pool = firePool(ctx, ui, ti, { orderFires: true });
      if (!pool.allowed) continue;
      const e = s.units[ti]!;
      const hits = pool.dice * p(pool.hitOn);
      if (hits < 1) continue;
      const score = Math.min(hits, e.sp - e.hits) * hitValue(e);
      if (score > bestScore) {
        bestScore = score;
        best = { type: 'defend-fire', unit: u.id, target: e.id };
      }
    }
  });
  return best;
}

function chooseAssaultDefence(s: GameState): Action {
  const p0 = s.pending;
  if (p0.kind !== 'assault-defence') return legalActions(s)[0]!;
  const actions = legalActions(s);
  const d = s.units[p0.defender]!;
  const att = s.units[p0.attacker]!;
  const b = s.board;
  const fireChoice = actions.find((a) => a.type === 'assault-defence' && a.choice === 'fire');
  const withDie = assaultDice(b, att, d, att.cell, true);
  const dieGain = p(withDie.defender.hitOn);
  if (fireChoice) {
    const ctx = ctxOf(s);
    const pool = firePool(ctx, p0.defender, p0.attacker, {});
    const dice = pool.allowed && pool.kind === 'fire' ? mainFireDice(b, d, att, 1, false) : { dice: 1, hitOn: 4 };
    const fireGain = dice.dice * p(dice.hitOn) * (dice.dice >= 3 ? 1.3 : 1);
    if (fireGain > dieGain) return fireChoice;
  }
  return { type: 'assault-defence', choice: 'dice' };
}

function chooseAfterAssault(s: GameState): Action {
  const actions = legalActions(s);
  const p0 = s.pending;
  if (p0.kind !== 'assault-win') return actions[0]!;
  const ev = new Evaluator(s);
  const u = s.units[p0.unit]!;
  let best = actions[0]!;
  let bestScore = -Infinity;
  for (const a of actions) {
    if (a.type !== 'after-assault') continue;
    let pose: Pose = { cell: u.cell, facing: u.facing, formation: u.formation };
    if (a.choice === 'advance') pose = { ...pose, cell: step(s.board, u.cell, DIR[u.facing][0], DIR[u.facing][1]) };
    if (a.choice === 'turn') pose = { ...pose, facing: a.facing! };
    if (pose.cell < 0) continue;
    const score = ev.value(p0.unit, pose, abilityAfter(s, u, null));
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

