// Players: `random` picks uniformly among the legal actions with its own seeded generator; `ai` is a one-ply
// heuristic that scores each candidate action by expected hits (given and taken, weighted by what the units are
// worth; assaults from the exact odds of both dice pools) and by how it brings the side closer to what its victory
// conditions ask for. Who would win if the game ended now sets its temper: the side that would lose is drawn harder
// to the objectives, and accepts more risk, as the turn limit nears. Its only randomness is the game's own dice.
// The heuristic player's parts: ai-fields.ts (distances over the board), ai-strategy.ts (what the side plays for),
// ai-evaluator.ts (what a unit standing somewhere is worth), ai-odds.ts (dice odds), ai-orders.ts and ai-actions.ts
// (the Orders and Actions phases), ai-memo.ts (what one player keeps between its decisions) and ai-verdicts.ts (who
// would win now, kept for the process). Rule questions (who may act or fire, dice pools, what a retreat costs) are
// the rules' own functions. This file holds the players and their smaller choices.
// Each file names its tuning weights at its top, in victory points (VP) unless it says otherwise; a hit on a typical
// unit is worth half a VP to one VP (hitValue). They were tuned by playing the AI against earlier versions of itself
// and against `random` on the bundled samples (docs/rules/square-eagles.md §8). They are module constants, not
// imported from one file, because V8 does not fold an imported binding into the code that reads it, and the
// scoring loops read them millions of times a batch. Changing any of them changes games: the golden logs are then
// rewritten in a commit of its own.
import { randomBelow, seedRng, type RngState } from '../dice.js';
import { WITHDRAW_HITS, assaultHitOn, defenceFirePool, fireTargets, firePool, retreatHits } from './combat.js';
import { ctxOf, type Ctx } from './geometry.js';
import { legalActions } from './game.js';
import {
  advanceBox,
  isLegalOrder,
  isLegalUnitAction,
  legalActionAt,
  legalActionCount,
  mayEndActions,
  mayShootNow,
  mustUseOrders,
  orderActionAt,
  orderActionCount,
  shooterTargets,
} from './legal-actions.js';
import { binomialPmf, p } from './ai-odds.js';
import { AiMemo } from './ai-memo.js';
import { stakes } from './ai-strategy.js';
import { DESTROYED_VP_SHARE, Evaluator, HEAVY_FIRE, abilityAfter, hitValue, type Pose } from './ai-evaluator.js';
import { planActions } from './ai-actions.js';
import { planOrders } from './ai-orders.js';
import { isGuns, unitIndexOf, unusedOrders, type Action, type GameState } from './types.js';

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
      // The same pick as from the whole list, without building the hundred-odd actions of an Actions phase, and in the
      // Orders phase (half of all decisions) without working out the position, which its actions do not ask about.
      const p = state.pending;
      if (p.kind === 'orders') {
        const orders = orderActionCount(state, p.side);
        const k = randomBelow(rng, orders + 1);
        return k < orders ? orderActionAt(state, p.side, k) : { type: 'end-orders' };
      }
      const ctx = ctxOf(state);
      const n = legalActionCount(ctx);
      if (n === 0) throw new Error('no legal action');
      return legalActionAt(ctx, randomBelow(rng, n));
    },
  };
}

export function makePlayer(kind: PlayerKind, seed: number): Player {
  return kind === 'random' ? randomPlayer(seed ^ 0x5bd1e995) : heuristicPlayer();
}

/**
 * The heuristic player. In an Actions phase it plans every ordered unit's best action at once and plays them best
 * first, planning again whenever anything unplanned happened in between (an assault, enemy defensive fire, an
 * action that is no longer legal), which keeps it fast without acting on a stale picture.
 */
export function heuristicPlayer(): Player {
  const memo = new AiMemo();
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
          orders = planOrders(state, memo);
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
              // Guns planned to move look again once friends have moved: a friend stepping out of the way may have
              // given them the shot they were moving to get.
              const gunsMove = ui >= 0 && isGuns(state.units[ui]!) && (next.type === 'move' || next.type === 'march' || next.type === 'maneuver');
              if (ui >= 0 && next.type !== 'assault' && !gunsMove && isLegalUnitAction(ctxOf(state), ui, next)) return next;
            }
          }
          plan = planActions(state, memo);
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
          return chooseFire(state, legalActions(state), memo);
        case 'defend':
          return chooseDefend(state, memo);
        case 'assault-defence':
          return chooseAssaultDefence(state);
        case 'assault-win':
          return chooseAfterAssault(state, memo);
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

/**
 * What a shot is worth, in VP, from the exact odds of its dice (a one-ply look at the fire's outcome): the hits, the
 * target destroyed when they reach what it has left, and on 3 hits or more its withdrawal a box straight back from
 * the firer (4.ii.g), with the hits that costs, or the whole unit when the way back is off the table or into ground
 * it cannot enter.
 */
function shotValue(memo: AiMemo, ctx: Ctx, ui: number, ti: number, pool: { dice: number; hitOn: number; reroll: boolean }, stake: readonly [number, number]): number {
  const { s } = ctx;
  const t = s.units[ti]!;
  const left = t.sp - t.hits;
  const hv = hitValue(t) * stake[t.side];
  const kill = t.vp * DESTROYED_VP_SHARE * stake[t.side];
  // Light Rifles re-roll a missed skirmish die: each die hits unless it misses twice.
  const f = pool.reroll ? binomialPmf(pool.dice, 1 - (1 - p(pool.hitOn)) ** 2) : memo.hitsPmf(pool.dice, pool.hitOn);
  let back = -1;
  let v = 0;
  for (let k = 1; k < f.length; k++) {
    const pr = f[k]!;
    if (k >= left) {
      v += pr * (left * hv + kill);
      continue;
    }
    let x = k * hv;
    if (k >= WITHDRAW_HITS) {
      if (back < 0) back = retreatHits(ctx, t, t.cell, s.units[ui]!.cell, 1, -1);
      x = back === Infinity || k + back >= left ? left * hv + kill : x + back * hv;
    }
    v += pr * x;
  }
  return v;
}

function chooseFire(s: GameState, actions: Action[], memo: AiMemo): Action {
  const ctx = ctxOf(s);
  const stake = stakes(s);
  let best = actions[0]!;
  let bestScore = -Infinity;
  // A unit's shots are listed together: its targets are worked out once for all of them (the order bonus does not
  // change who may be shot at), on the state's memo, where listing the shots left them and checking the one chosen
  // will look.
  let known = -1;
  let targets: ReturnType<typeof fireTargets> = null;
  for (const a of actions) {
    if (a.type !== 'fire' && a.type !== 'defend-fire') continue;
    const ui = unitIndexOf(s, a.unit);
    const ti = unitIndexOf(s, a.target);
    const orderFires = a.type === 'defend-fire';
    if (ui !== known) {
      targets = shooterTargets(ctx, ui, a.type);
      known = ui;
    }
    const pool = firePool(ctx, ui, ti, { orderBonus: unusedOrders(s.units[ui]!) > 0, orderFires }, targets);
    if (!pool.allowed) continue;
    const score = shotValue(memo, ctx, ui, ti, pool, stake);
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

/**
 * Defend!: spend an order on a real shot (ordinary fire, not skirmishers) worth at least one sure hit; the order
 * would otherwise only add one die later.
 */
function chooseDefend(s: GameState, memo: AiMemo): Action {
  const ctx = ctxOf(s);
  const side = s.pending.side;
  const stake = stakes(s);
  let best: Action = { type: 'pass' };
  let bestScore = -Infinity;
  s.units.forEach((u, ui) => {
    if (!mayShootNow(s, ui, side, 'defend-fire')) return;
    // On the state's memo, where the rules look again to check the shot chosen.
    const t = shooterTargets(ctx, ui, 'defend-fire');
    if (!t || t.kind !== 'fire') return;
    for (const ti of t.targets) {
      const pool = firePool(ctx, ui, ti, { orderFires: true }, t);
      if (!pool.allowed) continue;
      const e = s.units[ti]!;
      const score = shotValue(memo, ctx, ui, ti, pool, stake);
      if (score < hitValue(e) * stake[e.side]) continue;
      if (score > bestScore) {
        bestScore = score;
        best = { type: 'defend-fire', unit: u.id, target: e.id };
      }
    }
  });
  return best;
}

/**
 * An assaulted unit's order: the fire it would make at the assaulter (defenceFirePool) when its expected hits beat
 * the one die the order would add to the melee.
 */
function chooseAssaultDefence(s: GameState): Action {
  const p0 = s.pending;
  if (p0.kind !== 'assault-defence') return legalActions(s)[0]!;
  const dieGain = p(assaultHitOn(s.units[p0.defender]!));
  const pool = defenceFirePool(ctxOf(s), p0.defender, p0.attacker);
  if (pool) {
    const fireGain = pool.dice * p(pool.hitOn) * (pool.dice >= WITHDRAW_HITS ? HEAVY_FIRE : 1);
    if (fireGain > dieGain) return { type: 'assault-defence', choice: 'fire' };
  }
  return { type: 'assault-defence', choice: 'dice' };
}

function chooseAfterAssault(s: GameState, memo: AiMemo): Action {
  const actions = legalActions(s);
  const p0 = s.pending;
  if (p0.kind !== 'assault-win') return actions[0]!;
  const ev = new Evaluator(s, memo);
  const u = s.units[p0.unit]!;
  let best = actions[0]!;
  let bestScore = -Infinity;
  for (const a of actions) {
    if (a.type !== 'after-assault') continue;
    let pose: Pose = { cell: u.cell, facing: u.facing, formation: u.formation };
    // Literals of one shape, not spreads (a spread's copy has a map of its own, which the Evaluator's pose sites see).
    if (a.choice === 'advance') pose = { cell: advanceBox(ctxOf(s), p0.unit), facing: pose.facing, formation: pose.formation };
    if (a.choice === 'turn') pose = { cell: pose.cell, facing: a.facing!, formation: pose.formation };
    if (pose.cell < 0) continue;
    const score = ev.value(p0.unit, pose, abilityAfter(s, u, null));
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}
