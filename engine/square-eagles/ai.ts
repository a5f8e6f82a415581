// Players: `random` picks uniformly among the legal actions with its own seeded generator; `ai` is a one-ply
// heuristic that scores each candidate action by expected hits (given and taken, weighted by what the units are
// worth; assaults from the exact odds of both dice pools) and by how it brings the side closer to what its victory
// conditions ask for. Who would win if the game ended now sets its temper: the side that would lose is drawn harder
// to the objectives, and accepts more risk, as the turn limit nears. Its only randomness is the game's own dice.
import { randomBelow, seedRng, type RngState } from '../dice.js';
import { DIR, IMPASSABLE, T_TOWN, T_FORT, T_WOODS, boxDistance, isCut, rowOf, step, type Board, type Facing } from './board.js';
import {
  assaultAttackerDice,
  assaultDefenderDice,
  assaultDice,
  assaultHitOn,
  fireDiceCount,
  fireHitOn,
  fireTargets,
  firePool,
  gunsMayFireAtAssaulter,
  inFireArc,
  mainFireDice,
  mainRange,
  retreatDirection,
  skirmishRange,
} from './combat.js';
import { ctxOf, facingTowards, hasLineOfSight, inFireCover, roughFacing, sideOf, type Ctx } from './geometry.js';
import { evaluateVictory, isLegalOrder, isLegalUnitAction, legalActions, mayEndActions, mustUseOrders, orderActions, orderCost, sideIndexOf, unitIndexOf } from './game.js';
import { assaultApproach, baseMove, canEnd, maneuverOptions, mayAssault, moveOptions } from './movement.js';
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

/**
 * Troops that may stand in a town (Infantry, Lights) and troops that may not (Cavalry, Guns) want different boxes:
 * horse and guns cannot hold a town objective, only stand beside it, and sent into it they only clog the way in.
 */
type Kind = 0 | 1;
const kindOf = (u: UnitState): Kind => (u.type === 'Infantry' || u.type === 'Lights' ? 0 : 1);

/** Reused bucket lists of goalField's queue, one per distance in half boxes. */
const buckets: number[][] = [];

interface Steps {
  /** Per box, its 8 neighbours one may step to over passable ground (-1: none). */
  to: Int32Array;
  /** The cost of each step in half boxes: 2 straight, 3 diagonal. */
  cost: Uint8Array;
  /** goalField's working distances, reused. */
  work: Int32Array;
}

/** The steps between boxes, worked out once per board: the searches below run several times a decision. */
const stepsCache = new WeakMap<Board, Steps>();
function stepsOf(b: Board): Steps {
  let st = stepsCache.get(b);
  if (st) return st;
  const n = b.cols * b.rows;
  st = { to: new Int32Array(n * 8).fill(-1), cost: new Uint8Array(n * 8), work: new Int32Array(n) };
  for (let i = 0; i < n; i++) {
    let k = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dc === 0 && dr === 0) continue;
        const nb = step(b, i, dc, dr);
        if (nb >= 0 && (b.flags[nb]! & IMPASSABLE) === 0 && !isCut(b, i, nb)) {
          st.to[i * 8 + k] = nb;
          st.cost[i * 8 + k] = dc !== 0 && dr !== 0 ? 3 : 2;
        }
        k++;
      }
    }
  }
  stepsCache.set(b, st);
  return st;
}

/**
 * Distance in boxes from every box to the nearest source (plus its offset, in half boxes) over passable ground,
 * diagonals 1.5, for a unit walking to the sources: entering a box costs `penalty` half boxes more (an enemy in
 * it, its zone of control), so troops head round a blocked crossing when there is another. Unreachable boxes get a
 * large finite distance. Costs are whole half boxes, so a bucket queue orders them in linear time.
 */
function goalField(b: Board, sources: readonly number[], offsets: readonly number[], penalty: Uint8Array, out: Float64Array): void {
  const n = b.cols * b.rows;
  const far = 1 << 30;
  const st = stepsOf(b);
  const d = st.work.fill(far);
  let top = 0;
  const push = (c: number, v: number): void => {
    d[c] = v;
    (buckets[v] ??= []).push(c);
    if (v > top) top = v;
  };
  for (let k = 0; k < sources.length; k++) if (offsets[k]! < d[sources[k]!]!) push(sources[k]!, offsets[k]!);
  for (let v = 0; v <= top; v++) {
    const list = buckets[v];
    if (!list) continue;
    for (let i = 0; i < list.length; i++) {
      const cur = list[i]!;
      if (d[cur] !== v) continue;
      const enter = penalty[cur]!;
      for (let k = cur * 8, end = k + 8; k < end; k++) {
        const nb = st.to[k]!;
        if (nb < 0) continue;
        const nv = v + st.cost[k]! + enter;
        if (nv < d[nb]!) push(nb, nv);
      }
    }
    list.length = 0;
  }
  for (let i = 0; i < n; i++) out[i] = d[i] === far ? b.cols + b.rows : d[i]! / 2;
}

/**
 * Walking distance between every two boxes over passable ground, ignoring units (diagonals 1.5): whether an enemy
 * could reach a box at all this turn, which straight-line distance gets wrong across a river. Per board, once.
 */
const walkCache = new WeakMap<Board, Float32Array>();
function walkDistances(b: Board): Float32Array {
  let w = walkCache.get(b);
  if (w) return w;
  const n = b.cols * b.rows;
  w = new Float32Array(n * n);
  const none = new Uint8Array(n);
  const row = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    goalField(b, [i], [0], none, row);
    w.set(row, i * n);
  }
  walkCache.set(b, w);
  return w;
}

/** Per side, the boxes it may leave the table from to meet an `exit` condition. */
const exitFieldCache = new WeakMap<object, [Set<number> | null, Set<number> | null]>();
function exitFields(s: GameState): [Set<number> | null, Set<number> | null] {
  let f = exitFieldCache.get(s.meta.victory);
  if (f) return f;
  const b = s.board;
  f = [null, null];
  for (const v of s.meta.victory) {
    if (v.kind !== 'exit') continue;
    const side = sideIndexOf(s, v.side);
    if (side === -1) continue;
    const cells = new Set<number>();
    for (let i = 0; i < b.cols * b.rows; i++) {
      const c = i % b.cols;
      const r = rowOf(b, i);
      const on = v.edge === 'north' ? r === 0 : v.edge === 'south' ? r === b.rows - 1 : v.edge === 'west' ? c === 0 : c === b.cols - 1;
      if (on && (b.flags[i]! & IMPASSABLE) === 0) cells.add(i);
    }
    f[side] = cells;
  }
  exitFieldCache.set(s.meta.victory, f);
  return f;
}

/**
 * What a side is playing for this turn. `aggression` runs from 0 (the game as it stands is won: hold on, take only
 * good trades) to 1 (it is being lost and time is short: accept losses to get onto the objectives). It is what makes
 * the side that must attack actually attack, and attack harder as the turn limit nears.
 */
interface Strategy {
  winning: boolean;
  aggression: number;
  /** Per kind of troops and box, the distance to where the side wants them (objectives to take or keep, the exit). */
  dist: [Float64Array, Float64Array];
  /** Per box, what standing in it is worth now, in VP. */
  bonus: Float64Array;
  /** Per box, what driving the enemy out of it is worth (an objective the side wants to take), in VP. */
  capture: Float64Array;
  exitCells: Set<number>;
  /** Per kind and box, a neighbouring box one step nearer `dist`'s goals, or -1 (worked out on demand). */
  next: [Int32Array | null, Int32Array | null];
}

/**
 * Per side, how much dearer its units are than their VP because losing more of them would hand the enemy a
 * `destroy` victory: 1 when no such condition threatens, rising steeply as the last unit it can spare nears.
 */
function stakes(s: GameState): [number, number] {
  const f: [number, number] = [1, 1];
  for (const v of s.meta.victory) {
    if (v.kind !== 'destroy') continue;
    const by = v.side === 'any' ? -1 : sideIndexOf(s, v.side);
    for (const victim of [0, 1] as const) {
      if (by !== -1 && by === victim) continue;
      if (v.side !== 'any' && by === -1) continue;
      let total = 0;
      let lost = 0;
      for (const u of s.units) {
        if (u.side !== victim) continue;
        total++;
        if (u.status === 'eliminated') lost++;
      }
      const left = Math.max(1, Math.ceil((v.percent / 100) * total - 1e-9) - lost);
      f[victim] = Math.max(f[victim], 1 + 0.6 / left + (left === 1 ? 0.6 : 0));
    }
  }
  return f;
}

/** How much each objective matters to `side`, by the victory conditions (0: not at all); fixed per scenario. */
const weightCache = new WeakMap<object, [Float64Array | null, Float64Array | null]>();
function objectiveWeights(s: GameState, side: SideIndex): Float64Array {
  let cache = weightCache.get(s.meta.victory);
  if (!cache) weightCache.set(s.meta.victory, (cache = [null, null]));
  return (cache[side] ??= weighObjectives(s, side));
}

function weighObjectives(s: GameState, side: SideIndex): Float64Array {
  const b = s.board;
  const w = new Float64Array(b.objectives.length);
  const index = new Map(b.objectives.map((o, k) => [o.id, k]));
  for (const v of s.meta.victory) {
    if (v.kind === 'hold') {
      const mine = sideIndexOf(s, v.side) === side;
      for (const id of v.objectives ?? []) {
        const k = index.get(id);
        if (k !== undefined) w[k] = Math.max(w[k]!, mine ? 1.5 : 1.2);
      }
    } else if (v.kind === 'points') {
      for (let k = 0; k < w.length; k++) w[k] = Math.max(w[k]!, 1);
    }
  }
  return w;
}

/**
 * Per objective, the boxes horse and guns head for: those of it they may stand in, or else the boxes beside it
 * (they cannot hold a town). Fixed per board.
 */
const mountedCache = new WeakMap<Board, number[][]>();
function mountedGoals(b: Board): number[][] {
  let m = mountedCache.get(b);
  if (m) return m;
  m = b.objectives.map((o) => {
    const open = o.cells.filter((c) => (b.flags[c]! & (T_TOWN | T_FORT)) === 0);
    if (open.length > 0) return open;
    const beside = new Set<number>();
    for (const c of o.cells) {
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const nb = step(b, c, dc, dr);
          if (nb >= 0 && (b.flags[nb]! & (IMPASSABLE | T_TOWN | T_FORT)) === 0 && !isCut(b, c, nb)) beside.add(nb);
        }
      }
    }
    return [...beside];
  });
  mountedCache.set(b, m);
  return m;
}

/**
 * The last picture worked out for each side of each scenario, and what it was worked out from: everything it depends
 * on but the side's own positions (the turn, who stands where for the enemy, who is gone, who holds what). Within a
 * side's Actions phase only its own units move, so most plans reuse it.
 */
const strategyCache = new WeakMap<object, [{ key: Int32Array; plan: Strategy } | null, { key: Int32Array; plan: Strategy } | null]>();

function strategyKey(s: GameState, side: SideIndex): Int32Array {
  const key = new Int32Array(1 + s.units.length + s.control.length);
  key[0] = s.turn;
  let k = 1;
  for (const u of s.units) {
    const status = u.status === 'table' ? (isSpent(u) ? 1 : 2) : u.status === 'reserve' ? 3 : 4;
    key[k++] = u.side === side ? status : status + 8 * (u.cell + 1) * 4 + (u.facing / 90) * 8;
  }
  for (const c of s.control) key[k++] = c.holder;
  return key;
}

function sameKey(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function strategyFor(s: GameState, side: SideIndex, enemies: readonly number[]): Strategy {
  let cache = strategyCache.get(s.meta.victory);
  if (!cache) strategyCache.set(s.meta.victory, (cache = [null, null]));
  const key = strategyKey(s, side);
  const hit = cache[side];
  const plan = hit && sameKey(hit.key, key) ? hit.plan : workOutStrategy(s, side, enemies);
  if (!hit || hit.plan !== plan) cache[side] = { key, plan };
  return { ...plan, aggression: aggressionOf(s, side, plan) };
}

/**
 * Who would win if the game ended now. It depends only on who holds what and which units are gone, which change far
 * less often than the AI asks, so the last answer is kept with what it was worked out from.
 */
const outcomeCache = new WeakMap<object, { key: Int32Array; winner: number }>();
function winnerNow(s: GameState): number {
  const key = new Int32Array(s.units.length + s.control.length);
  let k = 0;
  for (const u of s.units) key[k++] = u.status === 'table' ? 0 : u.status === 'reserve' ? 1 : u.status === 'exited' ? 2 : 3;
  for (const c of s.control) key[k++] = c.holder;
  const hit = outcomeCache.get(s.meta.victory);
  if (hit && sameKey(hit.key, key)) return hit.winner;
  const winner = evaluateVictory(s).winner;
  outcomeCache.set(s.meta.victory, { key, winner });
  return winner;
}

/** See Strategy.aggression. */
function aggressionOf(s: GameState, side: SideIndex, plan: Strategy): number {
  if (plan.winning) return 0.1;
  // How long the force needs to get to grips: its median distance to the goals at two boxes a turn, and a couple
  // of turns to fight there. When that is all the time left, everything goes in.
  const progress = Math.min(1, (s.turn - 1) / Math.max(1, s.meta.limit - 1));
  const ds: number[] = [];
  for (const u of s.units) if (u.side === side && onTable(u) && !isSpent(u) && !isGuns(u)) ds.push(plan.dist[kindOf(u)][u.cell]!);
  ds.sort((x, y) => x - y);
  const travel = ds.length > 0 ? ds[ds.length >> 1]! : 0;
  const needed = travel / 2 + 2;
  const left = Math.max(1, s.meta.limit - s.turn + 1);
  return Math.min(1, Math.max(0.45 + 0.55 * progress, needed / left));
}

function workOutStrategy(s: GameState, side: SideIndex, enemies: readonly number[]): Strategy {
  const b = s.board;
  const n = b.cols * b.rows;
  const weights = objectiveWeights(s, side);
  const exit = exitFields(s)[side];
  const winning = winnerNow(s) === side;
  const progress = Math.min(1, (s.turn - 1) / Math.max(1, s.meta.limit - 1));
  const enemyAt = new Uint8Array(n);
  for (const ei of enemies) enemyAt[s.units[ei]!.cell] = 1;
  const enemyIn = b.objectives.map((o) => o.cells.some((c) => enemyAt[c] === 1));
  const dist: [Float64Array, Float64Array] = [new Float64Array(n), new Float64Array(n)];
  // Where each kind of troops is sent, with a head start (in half boxes) for the objectives that matter most.
  const sources: [number[], number[]] = [[], []];
  const offsets: [number[], number[]] = [[], []];
  const addSource = (kind: Kind, cell: number, offset: number): void => {
    sources[kind].push(cell);
    offsets[kind].push(offset);
  };
  const bonus = new Float64Array(n);
  const capture = new Float64Array(n);
  let anyGoal = false;
  const holdWeight = 0.25 + 0.75 * progress * progress;
  b.objectives.forEach((o, k) => {
    const w = weights[k]!;
    if (w === 0) return;
    anyGoal = true;
    const value = Math.min(20, (o.vp / 5) * w);
    const held = s.control[k]!.holder === side;
    // What the side holds draws its troops only while the game as it stands is won; a side that must attack
    // leaves a guard where it stands (the bonus below) and sends the rest on.
    if (!held || winning) {
      const offset = Math.round((1.5 - w) * 4);
      for (const c of o.cells) addSource(0, c, offset);
      for (const c of mountedGoals(b)[k]!) addSource(1, c, offset);
    }
    for (const c of o.cells) {
      // Stepping into an objective nobody of the enemy stands in takes it at once; beside enemy troops it only
      // contests it. Holding counts at the end, so guarding grows in worth as the end nears.
      const v = held ? value * holdWeight * (winning ? 1 : 0.35) : enemyIn[k] ? value * 0.3 : value * (0.5 + 0.5 * progress);
      if (v > bonus[c]!) bonus[c] = v;
      if (!held && value * 0.6 > capture[c]!) capture[c] = value * 0.6;
    }
  });
  if (exit) {
    anyGoal = true;
    for (const c of exit) {
      addSource(0, c, 0);
      addSource(1, c, 0);
      bonus[c] = Math.max(bonus[c]!, 15);
    }
  }
  // The way is dearer through the enemy: a box an enemy stands in costs as much as four boxes round it, a box in
  // an enemy zone of control (where a move stops) one more.
  const penalty = new Uint8Array(n);
  const ctx = ctxOf(s);
  for (const ei of enemies) penalty[s.units[ei]!.cell] = 8;
  const zoc = ctx.zoc[side === 0 ? 1 : 0];
  for (let i = 0; i < n; i++) if (penalty[i] === 0 && zoc[i] !== undefined && zoc[i]!.length > 0) penalty[i] = 2;
  for (const kind of [0, 1] as const) goalField(b, sources[kind], offsets[kind], penalty, dist[kind]);
  if (!anyGoal || sources[0].length === 0 || dist[0].every((d) => d >= b.cols + b.rows)) {
    // Nothing to stand on (a pure destroy condition): the goal is the enemy.
    for (let i = 0; i < n; i++) {
      let d = b.cols + b.rows;
      for (const ei of enemies) d = Math.min(d, boxDistance(b, i, s.units[ei]!.cell));
      dist[0][i] = d;
      dist[1][i] = d;
    }
  }
  return { winning, aggression: 0, dist, bonus, capture, exitCells: exit ?? new Set(), next: [null, null] };
}

/** For each box, a neighbour one step nearer the goals, or -1: the facing a unit should take to head for them. */
function nextSteps(b: Board, dist: Float64Array): Int32Array {
  const n = b.cols * b.rows;
  const st = stepsOf(b);
  const next = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    let best = dist[i]!;
    for (let k = i * 8, end = k + 8; k < end; k++) {
      const nb = st.to[k]!;
      if (nb >= 0 && dist[nb]! < best) {
        best = dist[nb]!;
        next[i] = nb;
      }
    }
  }
  return next;
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
  readonly plan: Strategy;
  /** VP per box nearer the goals: the harder the side must attack, the harder they pull. */
  readonly pull: number;
  /** How much of the expected loss to enemy fire and assaults is counted: an attacker must accept some. */
  readonly caution: number;
  /** The side's own units that can fight, for keeping an attack together. */
  private readonly friends: number[];
  /** Per enemy, lazily per box: whether it could fire there next Fire phase (0 = not worked out yet). */
  private readonly enemyFire: Int8Array[];
  /** Per enemy, lazily per box: line of sight between them (0 unknown, 1 no, 2 yes); it is symmetric. */
  private readonly sight: Int8Array[];
  private readonly scratch = new Map<number, UnitState>();
  /** What a hit on each unit is worth now (see hitValue), with its side's stake. */
  readonly worth: Float64Array;
  /** Walking distances between boxes (see walkDistances), and the number of boxes. */
  private readonly walk: Float32Array;
  private readonly cells: number;
  /** Per side, the factor on its units' worth from the enemy's destroy condition (see stakes). */
  readonly stake: [number, number];
  /** Per unit, values already worked out, by pose. */
  private readonly poseCache = new Map<number, Map<number, number>>();

  constructor(readonly s: GameState) {
    this.ctx = ctxOf(s);
    this.side = s.pending.side;
    this.enemies = [];
    s.units.forEach((u, i) => {
      if (u.side !== this.side && onTable(u) && !isSpent(u)) this.enemies.push(i);
    });
    this.friends = [];
    s.units.forEach((u, i) => {
      if (u.side === this.side && onTable(u) && !isSpent(u) && !isGuns(u)) this.friends.push(i);
    });
    this.plan = strategyFor(s, this.side, this.enemies);
    const a = this.plan.aggression;
    this.pull = 0.8 + 2.2 * a;
    // An attack goes in when there are enough troops near the goal to carry it, not one unit at a time: until then
    // the side keeps more of its caution and gathers just outside the enemy's reach. Time running out overrides it.
    let ready = 0;
    for (const fi of this.friends) {
      const f = s.units[fi]!;
      if (f.hits * 2 <= f.sp && this.plan.dist[kindOf(f)][f.cell]! <= 3.5) ready++;
    }
    let defenders = 0;
    for (const ei of this.enemies) {
      const e = s.units[ei]!;
      if (!isGuns(e) && this.plan.dist[kindOf(e)][e.cell]! <= 2) defenders++;
    }
    const massed = ready >= 2 && ready >= defenders;
    this.caution = 1 - (massed || a >= 0.9 ? 0.6 : 0.3) * a;
    const n = s.board.cols * s.board.rows;
    this.stake = stakes(s);
    this.walk = walkDistances(s.board);
    this.cells = n;
    this.worth = Float64Array.from(s.units, (u) => hitValue(u) * this.stake[u.side]);
    this.enemyFire = this.enemies.map(() => new Int8Array(n));
    this.sight = this.enemies.map(() => new Int8Array(n));
  }

  /**
   * Per box, how many of the side's fighting units stand within 1.5 boxes of it, and how many would step into it
   * next on their way to the goals (all of them: the unit being valued takes itself off).
   */
  private crowd: { near: Uint8Array; blocking: Uint8Array } | null = null;
  crowding(): { near: Uint8Array; blocking: Uint8Array } {
    if (this.crowd) return this.crowd;
    const b = this.s.board;
    const n = b.cols * b.rows;
    const near = new Uint8Array(n);
    const blocking = new Uint8Array(n);
    for (const fi of this.friends) {
      const f = this.s.units[fi]!;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const c = step(b, f.cell, dc, dr);
          if (c >= 0) near[c]!++;
        }
      }
      const to = this.nextStep(kindOf(f))[f.cell]!;
      if (to >= 0) blocking[to]!++;
    }
    return (this.crowd = { near, blocking });
  }

  /** For troops of `kind`, per box the neighbouring box one step nearer their goals, or -1. */
  nextStep(kind: Kind): Int32Array {
    return (this.plan.next[kind] ??= nextSteps(this.s.board, this.plan.dist[kind]));
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
      if (d <= mainRange(e) && inFireArc(b, e, cell)) v = FIRE_MAIN;
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
        if (d > range || !inFireArc(b, me, e.cell)) continue;
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
    this.exposure(ui, pose);
    const u = this.s.units[ui]!;
    const { fire, melee } = this.exposed;
    // A unit that may well be destroyed loses the enemy its VP as well as the hits.
    // A unit cannot lose more than it has left; what it would lose beyond that is its VP, as a removed unit.
    const left = u.sp - u.hits;
    const doom = fire + melee >= left - 0.5 ? u.vp * 0.4 * this.stake[u.side] : 0;
    return Math.min(left, fire * 0.6 + melee) * this.worth[ui]! + doom;
  }

  /** The hits enemy fire and the worst enemy assault could cost the unit at `pose` next; left in `exposed`. */
  readonly exposed = { fire: 0, melee: 0 };
  exposure(ui: number, pose: Pose): void {
    const { s } = this;
    const b = s.board;
    const u = s.units[ui]!;
    const me = this.posed(ui, pose);
    const defend = b.options.defend && s.phase === 'actions';
    let fire = 0;
    let melee = 0;
    for (let k = 0; k < this.enemies.length; k++) {
      const e = s.units[this.enemies[k]!]!;
      const d = boxDistance(b, e.cell, pose.cell);
      const kind = this.fireKind(k, pose.cell);
      if (kind === FIRE_MAIN) {
        // Under Defend! an enemy holding an order may shoot as soon as the unit gets there, then again in the Fire
        // phase.
        const again = defend && unusedOrders(e) > 0 ? 1.8 : 1;
        fire += fireDiceCount(b, e, me, d, false) * p(fireHitOn(e, 'fire')) * again;
      } else if (kind === FIRE_SKIRMISH) fire += 0.3;
      if (d <= baseMove(e) + 1 && mayAssault(e) && this.walk[e.cell * this.cells + pose.cell]! <= baseMove(e) + 1) {
        // The enemy would come at the side it already stands off.
        const fromSide = sideOf(b, pose.cell, pose.facing, e.cell);
        const contact = fromSide === 'front' ? step(b, pose.cell, DIR[pose.facing][0], DIR[pose.facing][1]) : e.cell;
        const given = assaultAttackerDice(b, e, me, contact >= 0 ? contact : e.cell) * p(assaultHitOn(e));
        const taken = assaultDefenderDice(e, me, false) * p(assaultHitOn(u));
        const net = given - taken;
        // Being charged costs the hits taken, less what the charge costs the enemy (an exchange it would not seek),
        // and on losing a retreat that may break the unit.
        const m = Math.max(0, given - 0.7 * taken) + (net > 0 ? 0.5 * net : 0);
        if (m > melee) melee = m;
      }
    }
    this.exposed.fire = fire;
    this.exposed.melee = melee;
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
    // A worn unit is little use at the front: it is pulled less, and so falls back on rallying and holding.
    const health = (u.sp - u.hits) / Math.max(1, u.sp);
    const dist = this.plan.dist[kindOf(u)];
    let v = -dist[pose.cell]! * this.pull * (0.25 + 0.75 * health) + this.plan.bonus[pose.cell]!;
    // Guns are no use on an objective and a poor holder of it; keep them back at fighting range.
    if (isGuns(u)) v = v * 0.1;
    if (this.plan.aggression > 0.3) {
      // An attack goes in together: a unit beside friends is supported and does not draw every enemy shot alone.
      // But a unit standing in the one box a friend behind it must pass through (a bridge, a gap) stops the attack.
      const crowd = this.crowding();
      const self = isGuns(u) ? 0 : boxDistance(b, u.cell, pose.cell) <= 1.5 ? 1 : 0;
      const near = crowd.near[pose.cell]! - self;
      const blocking = crowd.blocking[pose.cell]! - (!isGuns(u) && this.nextStep(kindOf(u))[u.cell] === pose.cell ? 1 : 0);
      v += (isGuns(u) ? 0 : 0.5 * this.plan.aggression * Math.min(2, near)) - 0.6 * this.pull * Math.min(2, blocking);
      // A square cannot go forward without re-forming first: a turn lost to an attack.
      if (pose.formation === 'square') v -= this.pull * this.plan.aggression;
    }
    // Fire guns cannot give this turn (they moved, or have not bombarded) still counts in part: next turn they will.
    // Without this, guns never move up to a useful range, a move costing them this turn's fire. (Foot that marched
    // may not end next to the enemy, so for them the same look would find next to nothing.)
    const now = this.fireValue(ui, pose, ability, extraDie);
    const later = ability === 'fire' || !isGuns(u) ? now : this.fireValue(ui, pose, 'fire', false);
    v += later > now ? now + 0.5 * (later - now) : now;
    v -= this.threat(ui, pose) * this.caution;
    if (u.type !== 'Lights' && (b.flags[pose.cell]! & (T_TOWN | T_FORT)) !== 0) v += 1;
    if (isGuns(u)) {
      // Guns keep out of reach of enemy foot and horse.
      for (const ei of this.enemies) {
        const e = this.s.units[ei]!;
        if (mayAssault(e) && this.walk[e.cell * this.cells + pose.cell]! <= baseMove(e) + 1) v -= 4;
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
            // A veteran given two orders must use both (mayEndActions): then plan again for its second action.
            if (next.type === 'end-actions') {
              if (mayEndActions(ctxOf(state))) return next;
            } else {
              const ui = 'unit' in next ? unitIndexOf(state, next.unit) : -1;
              if (ui >= 0 && next.type !== 'assault' && isLegalUnitAction(ctxOf(state), ui, next)) return next;
            }
          }
          plan = planActions(state);
          planned = new Set(plan.filter((a) => 'unit' in a).map((a) => (a as { unit: string }).unit));
          planSig = signature(state, planned);
          const next = plan.shift()!;
          // Nothing scored for a unit bound to act (only actions the scoring skips are left): take any legal one.
          if (next.type === 'end-actions' && !mayEndActions(ctxOf(state))) {
            const legal = legalActions(state);
            return legal.find((a) => 'unit' in a && mustUseOrders(state.units[unitIndexOf(state, a.unit)]!)) ?? legal[0]!;
          }
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
  need += Math.min(3, ev.plan.dist[kindOf(u)][u.cell]! * 0.6) * (0.5 + ev.plan.aggression);
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
      // A General goes with his unit if it is destroyed and is out for a turn: no orders from him then.
      ev.exposure(ui, u);
      const hits = ev.exposed.fire + ev.exposed.melee;
      const left = u.sp - u.hits;
      score -= hits >= left - 0.5 ? 6 : hits >= left - 2 ? 2 : 0;
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
    // A veteran holding its second order must act (mustUseOrders): its best action is taken even if worse than holding.
    const best = bestForUnit(ev, ui, mustUseOrders(u));
    if (best) picks.push(best);
  });
  picks.sort((a, b) => b.score - a.score);
  const out = picks.map((c) => c.action);
  out.push({ type: 'end-actions' });
  return out;
}

function bestForUnit(ev: Evaluator, ui: number, mustAct = false): Candidate | null {
  const { s, ctx } = ev;
  const b = s.board;
  const u = s.units[ui]!;
  const id = u.id;
  const movedAlready = (u.did & MOVED) !== 0;
  // Holding the order: it adds a die to the unit's fire (4.ii.e) or to its defence (3.iv Assault f.3).
  const hold = ev.value(ui, u, abilityAfter(s, u, null), true);
  // The best so far, kept as plain values: the action object is built once, for the winner.
  let bestScore = mustAct ? -Infinity : 0.25;
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
      const towards = ev.nextStep(kindOf(u))[cell]!;
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
    // Moving and re-forming in one go is rarely worth a look; re-forming in place and plain shuffles are. A square
    // is the exception: a Maneuver is its only way to move, so stepping out of it as it re-forms is worth weighing.
    if (u.type === 'Infantry' && o.to !== u.cell && o.formation !== u.formation && u.formation !== 'square') continue;
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
      if (!ap) continue;
      const combat = scoreAssault(ev, ui, ti, ap.from);
      // Where it ends up: touching the target, facing it (or in its box, having won; the capture counts that).
      pose.cell = ap.from;
      pose.facing = facingTowards(b, ap.from, t.cell) ?? u.facing;
      pose.formation = u.formation;
      take(combat + ev.value(ui, pose, 'fire') - hold - 0.3, 'assault', ap.from, u.facing, null, ti);
    }
  }
  if (u.formation !== 'square' && ev.plan.exitCells.has(u.cell) && isLegalUnitAction(ctx, ui, { type: 'exit', unit: id })) take(30, 'exit');
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

/** Distribution of the hits `n` dice score hitting on `hitOn` or more (index: hits). Few distinct pools occur. */
const pmfCache = new Map<number, Float64Array>();
export function hitsPmf(n: number, hitOn: number): Float64Array {
  const key = n * 16 + hitOn;
  let f = pmfCache.get(key);
  if (f) return f;
  const q = p(hitOn);
  f = new Float64Array(n + 1);
  f[0] = 1;
  for (let k = 0; k < n; k++) {
    for (let j = k + 1; j >= 1; j--) f[j] = f[j]! * (1 - q) + f[j - 1]! * q;
    f[0] = f[0]! * (1 - q);
  }
  pmfCache.set(key, f);
  return f;
}

/**
 * The hits a unit in `cell` would take retreating `boxes` straight back from `enemyCell` (3.iv Assault), or
 * Infinity when the retreat would destroy it (off the table, into impassable ground). `gone` is a unit to treat
 * as absent (the assaulter, which has left its box).
 */
function retreatHits(ctx: Ctx, u: UnitState, cell: number, enemyCell: number, boxes: number, gone: number): number {
  const b = ctx.b;
  const [dc, dr] = retreatDirection(b, cell, enemyCell);
  const occupied = (x: number): boolean => {
    const o = ctx.occ[x]!;
    return o >= 0 && o !== gone && x !== cell;
  };
  let pos = cell;
  let hits = 0;
  for (let k = 0; k < boxes; k++) {
    const next = step(b, pos, dc, dr);
    if (next < 0 || (b.flags[next]! & IMPASSABLE) !== 0 || isCut(b, pos, next)) return Infinity;
    if (dc !== 0 && dr !== 0) {
      const a = step(b, pos, dc, 0);
      const c = step(b, pos, 0, dr);
      const blocked = (x: number): boolean => x < 0 || (b.flags[x]! & IMPASSABLE) !== 0 || occupied(x);
      if (blocked(a) && blocked(c)) hits++;
    }
    if (occupied(next)) hits++;
    else if ((u.type !== 'Lights' && (b.flags[next]! & T_WOODS) !== 0) || !canEnd(b, u, next)) hits++;
    pos = next;
  }
  return hits;
}

/**
 * What assaulting `ti` from `from` is worth to the assaulter, in VP, from the exact odds of the two dice pools:
 * hits given and taken, units destroyed by hits or by the retreat, and ground won (an objective the side wants).
 */
function scoreAssault(ev: Evaluator, ui: number, ti: number, from: number): number {
  const { s, ctx } = ev;
  const b = s.board;
  const u = s.units[ui]!;
  const t = s.units[ti]!;
  const me = ev.posed(ui, { cell: from, facing: facingTowards(b, from, t.cell) ?? u.facing, formation: u.formation });
  const wu = ev.worth[ui]!;
  const wt = ev.worth[ti]!;
  const uLeft = u.sp - u.hits;
  if (isGuns(t)) {
    // Guns assaulted are removed, unless their close-range fire drives the assaulter off first (3 or more hits).
    let driven = 0;
    let taken = 0;
    if (gunsMayFireAtAssaulter(s, t) && sideOf(b, t.cell, t.facing, from) === 'front') {
      const dice = fireDiceCount(b, t, me, 1, false);
      const f = hitsPmf(dice, fireHitOn(t, 'fire'));
      for (let k = 0; k < f.length; k++) {
        taken += f[k]! * Math.min(k, uLeft);
        if (k >= 3) driven += f[k]!;
      }
    }
    return (1 - driven) * (t.vp * ev.stake[t.side] + ev.plan.capture[t.cell]!) - taken * wu - (taken >= uLeft ? u.vp * 0.5 * ev.stake[u.side] : 0);
  }
  const defend = unusedOrders(t) > 0;
  const fa = hitsPmf(assaultAttackerDice(b, me, t, from), assaultHitOn(u));
  const fd = hitsPmf(assaultDefenderDice(me, t, defend), assaultHitOn(t));
  const tLeft = t.sp - t.hits;
  // Retreat costs by length, worked out once each.
  const tRetreat: number[] = [];
  const uRetreat: number[] = [];
  const win = 1 + ev.plan.capture[t.cell]!;
  const tKill = t.vp * 0.5 * ev.stake[t.side];
  const uKill = u.vp * 0.5 * ev.stake[u.side];
  let v = 0;
  for (let a = 0; a < fa.length; a++) {
    const pa = fa[a]!;
    if (pa < 1e-4) continue;
    for (let d = 0; d < fd.length; d++) {
      const pr = pa * fd[d]!;
      if (pr < 1e-5) continue;
      let tHits = a;
      let uHits = d;
      let outcome: number;
      if (a > d) {
        const m = a - d;
        tHits += tRetreat[m] ??= retreatHits(ctx, t, t.cell, from, m, ui);
        outcome = win;
      } else {
        const m = Math.max(1, d - a);
        uHits += uRetreat[m] ??= retreatHits(ctx, u, from, t.cell, m, -1);
        outcome = -1;
      }
      const tDead = tHits >= tLeft;
      const uDead = uHits >= uLeft;
      v += pr * (Math.min(tHits, tLeft) * wt - Math.min(uHits, uLeft) * wu + (tDead ? tKill : 0) - (uDead ? uKill : 0) + outcome);
    }
  }
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

