// What a side is playing for: who would win if the game ended now, how hard it must attack (its aggression), where
// its troops should go and what standing in or taking each box is worth, by the scenario's victory conditions.
import { boxDistance, type Board } from './board.js';
import { ctxOf } from './geometry.js';
import { exitFields, goalField, mountedGoals } from './ai-fields.js';
import type { AiMemo, FieldEntry } from './ai-memo.js';
import { winnerOf } from './ai-verdicts.js';
import { sideLosses } from './victory.js';
import { isFoot, isGuns, isSpent, onTable, sideIndexOf, type GameState, type SideIndex, type UnitState } from './types.js';

/**
 * A `destroy` condition makes the threatened side's units dearer as it nears the threshold: 1 + STAKE_PER_LOSS / the
 * units it can still lose, and STAKE_LAST_UNIT more when one more loss would lose the game.
 */
const STAKE_PER_LOSS = 0.6;
const STAKE_LAST_UNIT = 0.6;

/** How much an objective of a `hold` condition matters: more to the side that must hold it than to its enemy. */
const HOLD_OWN_WEIGHT = 1.5;
const HOLD_ENEMY_WEIGHT = 1.2;

/** A side winning as things stand keeps a little aggression: it still takes good trades. */
const WINNING_AGGRESSION = 0.1;

/** Aggression grows with the turns gone from this floor to 1, so a side that must attack does so in time. */
const AGGRESSION_FLOOR = 0.45;

/** Boxes a force covers a turn on its way to the goals, and turns it then needs to fight there. */
const TRAVEL_PER_TURN = 2;
const TURNS_TO_FIGHT = 2;

/** An objective's worth to stand on: its VP over this, capped, so a big objective does not pull every unit at once. */
const OBJECTIVE_VP_SCALE = 5;
const OBJECTIVE_BONUS_CAP = 20;

/** Half boxes of head start per unit of objective weight below the greatest (HOLD_OWN_WEIGHT), so troops go there first. */
const HEAD_START = 4;

/** Holding an objective is worth this share at first, rising to all of it by the last turn, when holding counts. */
const HOLD_EARLY_SHARE = 0.25;

/** Taking an objective nobody of the enemy stands on is worth this share at first, rising to all of it by the last turn. */
const TAKE_EARLY_SHARE = 0.5;

/** A side that must attack still leaves this share of a held objective's worth to the guard standing on it. */
const GUARD_SHARE = 0.35;

/** Stepping beside enemy troops on an objective only contests it: this share of its worth. */
const CONTESTED_SHARE = 0.3;

/** Driving the enemy off an objective the side wants is worth this share of it. */
const CAPTURE_SHARE = 0.6;

/** Standing on a box an `exit` condition leaves from is worth this much, so troops head for the edge. */
const EXIT_BOX_BONUS = 15;

/**
 * The way to the goals is dearer through the enemy (in half boxes to enter a box): one an enemy stands in costs as
 * much as four boxes round it, one in an enemy zone of control (where a move stops) one more box.
 */
const ENEMY_BOX_PENALTY = 8;
const ZOC_BOX_PENALTY = 2;

/**
 * Troops that may stand in a town (Infantry, Lights) and troops that may not (Cavalry, Guns) want different boxes:
 * horse and guns cannot hold a town objective, only stand beside it, and sent into it they only clog the way in.
 */
export type Kind = 0 | 1;
export const kindOf = (u: UnitState): Kind => (isFoot(u) ? 0 : 1);

/**
 * What a side is playing for this turn. `aggression` runs from 0 (the game as it stands is won: hold on, take only
 * good trades) to 1 (it is being lost and time is short: accept losses to get onto the objectives). It is what makes
 * the side that must attack actually attack, and attack harder as the turn limit nears.
 */
export interface Strategy {
  winning: boolean;
  /** The side would lose if the game ended now, or draw with at most two turns left: it must try something. */
  behind: boolean;
  aggression: number;
  /** Per kind of troops and box, the distance to where the side wants them (objectives to take or keep, the exit). */
  dist: [number[], number[]];
  /**
   * Per box, what standing in it is worth now, in VP. Plain arrays: made for every plan, and a Float64Array of a
   * board's 64 boxes is past the size V8 keeps on its heap (an outside allocation each, ten times the cost).
   */
  bonus: number[];
  /** Per box, what driving the enemy out of it is worth (an objective the side wants to take), in VP. */
  capture: number[];
  exitCells: ReadonlySet<number>;
  /** Per kind and box, a neighbouring box one step nearer `dist`'s goals, or -1 (worked out on demand). */
  next: [number[] | null, number[] | null];
}

/**
 * Per side, how much dearer its units are than their VP because losing more of them would hand the enemy a
 * `destroy` victory: 1 when no such condition threatens, rising steeply as the last unit it can spare nears.
 */
export function stakes(s: GameState): [number, number] {
  const f: [number, number] = [1, 1];
  for (const v of s.meta.victory) {
    if (v.kind !== 'destroy') continue;
    const by = v.side === 'any' ? -1 : sideIndexOf(s, v.side);
    for (const victim of [0, 1] as const) {
      if (by !== -1 && by === victim) continue;
      if (v.side !== 'any' && by === -1) continue;
      const { units, lost } = sideLosses(s, victim);
      const left = Math.max(1, Math.ceil((v.percent / 100) * units - 1e-9) - lost);
      f[victim] = Math.max(f[victim], 1 + STAKE_PER_LOSS / left + (left === 1 ? STAKE_LAST_UNIT : 0));
    }
  }
  return f;
}

/** How much each objective matters to each side, by the victory conditions (0: not at all); fixed per scenario. */
const weightCache = new WeakMap<object, [Float64Array, Float64Array]>();
function objectiveWeights(s: GameState, side: SideIndex): Float64Array {
  let weights = weightCache.get(s.meta.victory);
  if (!weights) weightCache.set(s.meta.victory, (weights = [weighObjectives(s, 0), weighObjectives(s, 1)]));
  return weights[side];
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
        if (k !== undefined) w[k] = Math.max(w[k]!, mine ? HOLD_OWN_WEIGHT : HOLD_ENEMY_WEIGHT);
      }
    } else if (v.kind === 'points') {
      for (let k = 0; k < w.length; k++) w[k] = Math.max(w[k]!, 1);
    }
  }
  return w;
}

/**
 * What a side's plan is worked out from: everything it depends on but the side's own positions (the turn, who stands
 * where for the enemy, who is gone, who holds what). Within a side's Actions phase only its own units move, so the
 * memo's last plan usually serves again. Written over a scratch and copied into the memo only when it changes: a key
 * is past V8's 64-byte limit for typed arrays kept on its heap, and every Evaluator asks.
 */
function strategyKey(s: GameState, side: SideIndex): number {
  const length = 1 + s.units.length + s.control.length;
  if (strategyScratch.length < length) strategyScratch = new Int32Array(length);
  const key = strategyScratch;
  key[0] = s.turn;
  let k = 1;
  for (const u of s.units) {
    const status = u.status === 'table' ? (isSpent(u) ? 1 : 2) : u.status === 'reserve' ? 3 : 4;
    key[k++] = u.side === side ? status : status + 8 * (u.cell + 1) * 4 + (u.facing / 90) * 8;
  }
  for (const c of s.control) key[k++] = c.holder;
  return length;
}
let strategyScratch = new Int32Array(0);

/** `kept`, written over with the first `length` numbers of `scratch` when it has room for just them, else a copy. */
function keepKey(kept: Int32Array | undefined, scratch: Int32Array, length: number): Int32Array {
  if (kept?.length !== length) return scratch.slice(0, length);
  for (let i = 0; i < length; i++) kept[i] = scratch[i]!;
  return kept;
}

export function strategyFor(memo: AiMemo, s: GameState, side: SideIndex, enemies: readonly number[]): Strategy {
  const length = strategyKey(s, side);
  let hit = memo.strategy[side];
  if (!hit || !sameKeyAs(hit.key, strategyScratch, length)) {
    // The key is kept before the plan is worked out, which writes no key of its own here but winnerNow's.
    const key = keepKey(hit?.key, strategyScratch, length);
    hit = memo.strategy[side] = { key, plan: workOutStrategy(memo, s, side, enemies) };
  }
  const plan = hit.plan;
  // Field by field in workOutStrategy's order: a spread gives a map of its own, so each site reading a plan saw two.
  return { winning: plan.winning, behind: plan.behind, aggression: aggressionOf(s, side, plan), dist: plan.dist, bonus: plan.bonus, capture: plan.capture, exitCells: plan.exitCells, next: plan.next };
}

/**
 * Who would win if the game ended now. It depends only on who holds what and which units are gone, which change far
 * less often than the AI asks, so the memo keeps the last answer with what it was worked out from, and the process
 * every answer (ai-verdicts.ts).
 */
function winnerNow(memo: AiMemo, s: GameState): number {
  const length = s.units.length + s.control.length;
  if (outcomeScratch.length < length) outcomeScratch = new Int32Array(length);
  const key = outcomeScratch;
  let k = 0;
  for (const u of s.units) key[k++] = u.status === 'table' ? 0 : u.status === 'reserve' ? 1 : u.status === 'exited' ? 2 : 3;
  for (const c of s.control) key[k++] = c.holder;
  const hit = memo.outcome;
  if (hit && sameKeyAs(hit.key, key, length)) return hit.winner;
  const winner = winnerOf(s, key, length);
  memo.outcome = { key: keepKey(hit?.key, key, length), winner };
  return winner;
}
let outcomeScratch = new Int32Array(0);

const medianScratch: number[] = [];

/** See Strategy.aggression. */
function aggressionOf(s: GameState, side: SideIndex, plan: Strategy): number {
  if (plan.winning) return WINNING_AGGRESSION;
  // How long the force needs to get to grips: its median distance to the goals at two boxes a turn, and a couple
  // of turns to fight there. When that is all the time left, everything goes in.
  const progress = Math.min(1, (s.turn - 1) / Math.max(1, s.meta.limit - 1));
  // Kept in order as they are found (a sort allocates its working space, and every Evaluator asks this).
  const ds = medianScratch;
  let count = 0;
  for (const u of s.units) {
    if (u.side !== side || !onTable(u) || isSpent(u) || isGuns(u)) continue;
    const d = plan.dist[kindOf(u)][u.cell]!;
    let i = count++;
    for (; i > 0 && ds[i - 1]! > d; i--) ds[i] = ds[i - 1]!;
    ds[i] = d;
  }
  const travel = count > 0 ? ds[count >> 1]! : 0;
  const needed = travel / TRAVEL_PER_TURN + TURNS_TO_FIGHT;
  const left = Math.max(1, s.meta.limit - s.turn + 1);
  return Math.min(1, Math.max(AGGRESSION_FLOOR + (1 - AGGRESSION_FLOOR) * progress, needed / left));
}

const NO_CELLS: ReadonlySet<number> = new Set();

/**
 * A plain array of `n` zeros that holds doubles from the start, copied from one kept per size: `new Array(n).fill(0)`
 * makes one of small integers with holes, which V8 copies into a new store at the first fraction written, and reads
 * more slowly after. The plan's arrays are read for every pose weighed.
 */
const zeroRows = new Map<number, number[]>();
function zeros(n: number): number[] {
  let z = zeroRows.get(n);
  if (!z) {
    z = Array.from({ length: n }, () => 0.5);
    z.fill(0);
    zeroRows.set(n, z);
  }
  return z.slice();
}

function workOutStrategy(memo: AiMemo, s: GameState, side: SideIndex, enemies: readonly number[]): Strategy {
  const b = s.board;
  const n = b.cols * b.rows;
  const weights = objectiveWeights(s, side);
  const exit = exitFields(s)[side];
  const winner = winnerNow(memo, s);
  const winning = winner === side;
  const behind = winner === (side === 0 ? 1 : 0) || (winner === -1 && s.turn >= s.meta.limit - 1);
  const progress = Math.min(1, (s.turn - 1) / Math.max(1, s.meta.limit - 1));
  const enemyAt = new Uint8Array(n);
  for (const ei of enemies) enemyAt[s.units[ei]!.cell] = 1;
  // A literal filled by a loop, not `map`: optimised code's `map` makes a holey array where the builtin's is packed,
  // and the closure below reading it met both.
  const enemyIn: boolean[] = [];
  for (const o of b.objectives) enemyIn.push(o.cells.some((c) => enemyAt[c] === 1));
  // Where each kind of troops is sent, with a head start (in half boxes) for the objectives that matter most.
  const sources: [number[], number[]] = [[], []];
  const offsets: [number[], number[]] = [[], []];
  const addSource = (kind: Kind, cell: number, offset: number): void => {
    sources[kind].push(cell);
    offsets[kind].push(offset);
  };
  const bonus = zeros(n);
  const capture = zeros(n);
  let anyGoal = false;
  const holdWeight = HOLD_EARLY_SHARE + (1 - HOLD_EARLY_SHARE) * progress * progress;
  b.objectives.forEach((o, k) => {
    const w = weights[k]!;
    if (w === 0) return;
    anyGoal = true;
    const value = Math.min(OBJECTIVE_BONUS_CAP, (o.vp / OBJECTIVE_VP_SCALE) * w);
    const held = s.control[k]!.holder === side;
    // What the side holds draws its troops only while the game as it stands is won; a side that must attack
    // leaves a guard where it stands (the bonus below) and sends the rest on.
    if (!held || winning) {
      const offset = Math.round((HOLD_OWN_WEIGHT - w) * HEAD_START);
      for (const c of o.cells) addSource(0, c, offset);
      for (const c of mountedGoals(b)[k]!) addSource(1, c, offset);
    }
    for (const c of o.cells) {
      // Stepping into an objective nobody of the enemy stands in takes it at once; beside enemy troops it only
      // contests it. Holding counts at the end, so guarding grows in worth as the end nears.
      const v = held ? value * holdWeight * (winning ? 1 : GUARD_SHARE) : enemyIn[k] ? value * CONTESTED_SHARE : value * (TAKE_EARLY_SHARE + (1 - TAKE_EARLY_SHARE) * progress);
      if (v > bonus[c]!) bonus[c] = v;
      if (!held && value * CAPTURE_SHARE > capture[c]!) capture[c] = value * CAPTURE_SHARE;
    }
  });
  if (exit) {
    anyGoal = true;
    for (const c of exit) {
      addSource(0, c, 0);
      addSource(1, c, 0);
      bonus[c] = Math.max(bonus[c]!, EXIT_BOX_BONUS);
    }
  }
  // The way is dearer through the enemy: a box an enemy stands in costs as much as four boxes round it, a box in
  // an enemy zone of control (where a move stops) one more.
  const penalty = new Uint8Array(n);
  const ctx = ctxOf(s);
  for (const ei of enemies) penalty[s.units[ei]!.cell] = ENEMY_BOX_PENALTY;
  const zoc = ctx.zoc.first[side === 0 ? 1 : 0];
  for (let i = 0; i < n; i++) if (penalty[i] === 0 && zoc[i]! >= 0) penalty[i] = ZOC_BOX_PENALTY;
  // The distances hang on the goals and the way's penalties alone, not on the turn or who would win: a new turn or
  // a changed verdict with the enemy where it was gives the same fields, and their next steps, again.
  const keyLength = fieldKeyOf(anyGoal, sources, offsets, penalty);
  const kept = memo.fields[side];
  if (kept && sameKeyAs(kept.key, fieldKeyScratch, keyLength)) return { winning, behind, aggression: 0, dist: kept.dist, bonus, capture, exitCells: exit ?? NO_CELLS, next: kept.next };
  const hash = hashKey(fieldKeyScratch, keyLength);
  const shared = sharedField(b, hash, keyLength);
  if (shared) {
    memo.fields[side] = shared;
    return { winning, behind, aggression: 0, dist: shared.dist, bonus, capture, exitCells: exit ?? NO_CELLS, next: shared.next };
  }
  const fieldKey = fieldKeyScratch.slice(0, keyLength);
  // Plain arrays, as bonus and capture are.
  const dist: [number[], number[]] = [zeros(n), zeros(n)];
  for (const kind of [0, 1] as const) goalField(b, sources[kind], offsets[kind], penalty, dist[kind], memo);
  if (!anyGoal || sources[0].length === 0 || dist[0].every((d) => d >= b.cols + b.rows)) {
    // Nothing to stand on (a pure destroy condition): the goal is the enemy (whose boxes the penalties mark).
    for (let i = 0; i < n; i++) {
      let d = b.cols + b.rows;
      for (const ei of enemies) d = Math.min(d, boxDistance(b, i, s.units[ei]!.cell));
      dist[0][i] = d;
      dist[1][i] = d;
    }
  }
  const next: Strategy['next'] = [null, null];
  memo.fields[side] = { key: fieldKey, dist, next };
  keepShared(b, hash, memo.fields[side]);
  return { winning, behind, aggression: 0, dist, bonus, capture, exitCells: exit ?? NO_CELLS, next };
}

/**
 * Distance fields already worked out in this process, by board and by everything they are worked out from (the field
 * key, complete: the goals, their head starts and the way's penalties, which mark the enemy's boxes too): the same
 * key gives the same fields whoever asks, so players share them, as they share the board's own tables. In a batch
 * the early turns' positions come round again game after game (two in three fields asked were already known). Never
 * changed once kept but for their next steps, which are the same whoever works them out; forgotten all at once past
 * SHARED_FIELDS_LIMIT, which changes no answer.
 */
const sharedFields = new WeakMap<Board, Map<number, FieldEntry[]>>();
let sharedFieldCount = 0;
const SHARED_FIELDS_LIMIT = 4096;

function hashKey(key: Int32Array, length: number): number {
  let h = length | 0;
  for (let i = 0; i < length; i++) {
    h = Math.imul(h ^ key[i]!, 0x9e3779b1);
    h ^= h >>> 15;
  }
  return h;
}

function sharedField(b: Board, hash: number, length: number): FieldEntry | null {
  const bucket = sharedFields.get(b)?.get(hash);
  if (!bucket) return null;
  for (const e of bucket) if (sameKeyAs(e.key, fieldKeyScratch, length)) return e;
  return null;
}

function keepShared(b: Board, hash: number, entry: FieldEntry): void {
  let byKey = sharedFields.get(b);
  if (!byKey || sharedFieldCount >= SHARED_FIELDS_LIMIT) {
    if (sharedFieldCount >= SHARED_FIELDS_LIMIT) {
      sharedFieldCount = 0;
      byKey?.clear();
    }
    if (!byKey) sharedFields.set(b, (byKey = new Map<number, FieldEntry[]>()));
  }
  const bucket = byKey.get(hash);
  if (bucket) bucket.push(entry);
  else byKey.set(hash, [entry]);
  sharedFieldCount++;
}

// fieldKeyOf's answer, written over for every plan and copied only when kept.
let fieldKeyScratch = new Int32Array(0);

/** Whether `a` holds the first `length` numbers of `b`, and no more. */
function sameKeyAs(a: Int32Array, b: Int32Array, length: number): boolean {
  if (a.length !== length) return false;
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Everything workOutStrategy's distance fields are worked out from, as numbers, into fieldKeyScratch; its length. */
function fieldKeyOf(anyGoal: boolean, sources: readonly [number[], number[]], offsets: readonly [number[], number[]], penalty: Uint8Array): number {
  const length = 3 + 2 * (sources[0].length + sources[1].length) + penalty.length;
  if (fieldKeyScratch.length < length) fieldKeyScratch = new Int32Array(length);
  const key = fieldKeyScratch;
  let k = 0;
  key[k++] = anyGoal ? 1 : 0;
  for (const kind of [0, 1] as const) {
    key[k++] = sources[kind].length;
    for (let i = 0; i < sources[kind].length; i++) {
      key[k++] = sources[kind][i]!;
      key[k++] = offsets[kind][i]!;
    }
  }
  for (let i = 0; i < penalty.length; i++) key[k++] = penalty[i]!;
  return length;
}
