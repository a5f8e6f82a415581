// The AI's Actions phase: every ordered unit's best action, scored by the Evaluator against holding its order, and
// assaults from the exact odds of both dice pools.
import type { Facing } from './board.js';
import { assaultAttackerDice, assaultDefenderDice, assaultHitOn, closeRangeGunDice, gunsFireAtAssaulter, retreatHits, WITHDRAW_HITS } from './combat.js';
import { facingTowards } from './geometry.js';
import { isLegalUnitAction, mayAct, mayBombard, mayRally, mustUseOrders } from './legal-actions.js';
import { assaultApproach, baseMove, maneuverFacing, maneuverFormation, maneuverKeys, maneuverTo, mayAssault, moveFacing, moveKeys, moveTo } from './movement.js';
import { RALLY_ONE_HIT, RALLY_TWO_HITS, rallyBonus } from './perform.js';
import { p } from './ai-odds.js';
import type { AiMemo } from './ai-memo.js';
import { kindOf } from './ai-strategy.js';
import { DESTROYED_VP_SHARE, Evaluator, abilityAfter, type FireAbility, type Pose } from './ai-evaluator.js';
import { MOVED, isGuns, unusedOrders, type Action, type Formation, type GameState, type UnitState } from './types.js';

/** A hit rallied off is worth a little more than one inflicted: the unit keeps its dice and moves away from removal. */
const RALLY_WORTH = 1.2;

/**
 * How much better than holding its order an action must look to be taken. Holding keeps a die for the unit's fire
 * or defence; a quarter of a VP stops units shuffling for gains smaller than the scoring's own error.
 */
const ACTION_MARGIN = 0.25;

/** What moving, re-forming or assaulting costs beyond the order: friction, so a unit does not wander for tiny gains. */
const ACTION_COST = 0.3;

/** The same for a unit that has moved already this turn: a veteran's second move rarely helps as much as a shot held. */
const MOVE_AGAIN_COST = 0.5;

/** Guns bombarding: half a VP on top of the value of the fire it allows, so guns with a shot take it rather than hold. */
const BOMBARD_BONUS = 0.5;

/** Expected hits that make a shot worth taking: one die hitting on 4+, or better. */
const WORTH_A_SHOT = 0.5;

/** A box nearer the goals by this much (distances come in half boxes) presses on; less is rounding. */
const PRESSING_STEP = 0.25;

/** A shot better by this much than the one it has where it stands presses on; less is not worth the move. */
const PRESSING_FIRE = 0.1;

/** Leaving by the edge an `exit` condition names is worth more than anything else a unit could do there. */
const EXIT_VALUE = 30;

/** The chance of being destroyed by a retreat that makes a box too dangerous to move into. */
const LIKELY_BROKEN = 0.25;

/** A box no more than this much likelier to break the unit than where it stands is no reason to stay. */
const BROKEN_SLACK = 0.05;

/** Winning an assault is worth this beyond its hits (the enemy driven back, the ground taken); losing it, as much against. */
const ASSAULT_OUTCOME = 1;

/** No assault at odds the assaulter would refuse as the defender: it must be at least as likely to win as to lose. */
const MIN_ASSAULT_WIN = 0.5;

interface Candidate {
  score: number;
  action: Action;
  /** Whether it presses on: an assault, a shot worth taking, a step nearer the goals or to a target, an exit. */
  progress: boolean;
}

/**
 * Every ordered unit's best action that beats doing nothing, best first; end-actions when there is none. A side that
 * would lose if the game ended now (or only draw, in the last two turns) always tries something: when none of those
 * actions presses on, the unit with the best action that does takes it (holding still and firing where it stands
 * cannot turn the result round).
 */
export function planActions(s: GameState, memo: AiMemo): Action[] {
  const ev = new Evaluator(s, memo);
  const side = s.pending.side;
  const behind = ev.plan.behind;
  const picks: Candidate[] = [];
  let tried: Candidate | null = null;
  for (let ui = 0; ui < s.units.length; ui++) {
    const u = s.units[ui]!;
    if (u.side !== side || !mayAct(u)) continue;
    // A veteran holding its second order must act (mustUseOrders): its best action is taken even if worse than holding.
    const { best, pressing } = bestForUnit(ev, ui, mustUseOrders(u), behind);
    if (best) picks.push(best);
    if (pressing && (!tried || pressing.score > tried.score)) tried = pressing;
  }
  if (tried && !picks.some((c) => c.progress)) {
    const unit = (tried.action as { unit: string }).unit;
    const k = picks.findIndex((c) => (c.action as { unit: string }).unit === unit);
    if (k >= 0) picks.splice(k, 1);
    picks.push(tried);
  }
  picks.sort((a, b) => b.score - a.score);
  // A literal filled by a loop: `map` of no picks gives an array of small integers, of picks one of objects, and the
  // push below met both.
  const out: Action[] = [];
  for (const c of picks) out.push(c.action);
  out.push({ type: 'end-actions' });
  return out;
}

/** One candidate action, as plain values: the action object is built once, for the winner. */
interface Slot {
  score: number;
  kind: Action['type'] | null;
  to: number;
  facing: Facing;
  formation: Formation | null;
  target: number;
  /** 1 presses on, 0 does not, -1 not yet worked out. */
  progress: number;
}

const emptySlot = (u: UnitState, score: number): Slot => ({ score, kind: null, to: -1, facing: u.facing, formation: null, target: -1, progress: 0 });

/**
 * The unit's best action that beats holding its order (any, with `mustAct`), and, with `alsoPressing`, its best
 * action that presses on whatever holding is worth.
 */
function bestForUnit(ev: Evaluator, ui: number, mustAct: boolean, alsoPressing: boolean): { best: Candidate | null; pressing: Candidate | null } {
  const { s, ctx } = ev;
  const b = s.board;
  const u = s.units[ui]!;
  const movedAlready = (u.did & MOVED) !== 0;
  // Holding the order: it adds a die to the unit's fire (4.ii.e) or to its defence (3.iv Assault f.3).
  const hold = ev.value(ui, u, abilityAfter(s, u, null), true);
  // Guns with a shot worth taking from where they stand take it: they bombard (or keep a fire they already have) and
  // move only to get a target, or, horse guns, to a shot as good. `gunFloor` is the value of that shot.
  let gunFloor = -Infinity;
  if (isGuns(u) && abilityAfter(s, u, 'bombard') === 'fire') {
    const shot = ev.fireValue(ui, u, 'fire', false);
    if (ev.shotHits >= WORTH_A_SHOT) gunFloor = shot - 1e-9;
  }
  const keepsShot = (at: Pose, ability: FireAbility): boolean => gunFloor === -Infinity || ev.fireValue(ui, at, ability, false) >= gunFloor;
  // No unit goes to stand where it is likely to be beaten and sent back into ground that destroys it (a river or the
  // table edge behind it), unless where it stands is as bad.
  let brokenHere = -1;
  const safe = (at: Pose): boolean => {
    if (at.cell === u.cell) return true;
    const broken = ev.brokenAt(ui, at);
    if (broken < LIKELY_BROKEN) return true;
    if (brokenHere < 0) brokenHere = ev.brokenAt(ui, u, true);
    return broken <= brokenHere + BROKEN_SLACK;
  };
  // Guns that must act to fire take their best shot even if holding the order looked better.
  const mustShoot = gunFloor > -Infinity && abilityAfter(s, u, null) !== 'fire';
  const best = emptySlot(u, mustAct || mustShoot ? -Infinity : ACTION_MARGIN);
  const push = emptySlot(u, alsoPressing ? -Infinity : Infinity);
  // Pressing on: nearer the goals, or to a shot it does not have where it stands.
  const troops = kindOf(u);
  const dist = ev.plan.dist[troops];
  let fireHere = NaN;
  const presses = (at: Pose, ability: FireAbility): boolean => {
    if (dist[at.cell]! < dist[u.cell]! - PRESSING_STEP) return true;
    if (Number.isNaN(fireHere)) fireHere = ev.fireValue(ui, u, abilityAfter(s, u, null), true);
    return ev.fireValue(ui, at, ability, false) > fireHere + PRESSING_FIRE;
  };
  const put = (slot: Slot, score: number, kind: Action['type'], to: number, facing: Facing, formation: Formation | null, target: number, progress: number): void => {
    slot.score = score;
    slot.kind = kind;
    slot.to = to;
    slot.facing = facing;
    slot.formation = formation;
    slot.target = target;
    slot.progress = progress;
  };
  // `progress` -1: a move, which presses on or not by where it ends (`at`, `ability`), worked out only when needed.
  const take = (score: number, kind: Action['type'], to: number, facing: Facing, formation: Formation | null, target: number, progress: number, at?: Pose, ability?: FireAbility): void => {
    if (score > best.score) put(best, score, kind, to, facing, formation, target, progress);
    if (score > push.score) {
      if (progress < 0) progress = presses(at!, ability!) ? 1 : 0;
      if (progress === 1) put(push, score, kind, to, facing, formation, target, 1);
      if (best.kind === kind && best.to === to && best.facing === facing && best.formation === formation) best.progress = progress;
    }
  };
  const worse = (score: number): boolean => score <= best.score && score <= push.score;
  if (mayBombard(u)) take(ev.value(ui, u, abilityAfter(s, u, 'bombard')) - hold + BOMBARD_BONUS, 'bombard', -1, u.facing, null, -1, gunFloor > -Infinity ? 1 : 0);
  if (mayRally(u) && keepsShot(u, abilityAfter(s, u, 'rally'))) {
    // The hits a rally is expected to remove: one on a good enough total, a second on a better one, never the last.
    const bonus = rallyBonus(s, ui);
    const regained = p(RALLY_ONE_HIT - bonus) + (u.hits - 1 >= 2 ? p(RALLY_TWO_HITS - bonus) : 0);
    take(regained * ev.worth[ui]! * RALLY_WORTH + ev.value(ui, u, abilityAfter(s, u, 'rally')) - hold, 'rally', -1, u.facing, null, -1, 0);
  }
  // Facing anywhere but towards the nearest enemy, the way to the objective, or as it was is never the best move,
  // so only those are scored (the scoring dominates the AI's time), unless a box nearer the goals (or worth standing
  // in) can be reached in no such facing: a move that turns at its start ends facing the way it went, and the box
  // may be the goal itself.
  const memo = ev.memo;
  memo.stampsFor(b.cols * b.rows);
  const { reachedStamp } = memo;
  const look = ++memo.look;
  const own = u.facing;
  const facingOk = (cell: number, facing: Facing): boolean => facing === own || (ev.sensibleFacings(troops, cell) & (1 << (facing / 90))) !== 0;
  const penalty = movedAlready ? MOVE_AGAIN_COST : ACTION_COST;
  const pose: Pose = { cell: u.cell, facing: u.facing, formation: u.formation };
  for (let pass = 0; pass < 2; pass++) {
    const march = pass === 1;
    const kind = march ? 'march' : 'move';
    const ability = abilityAfter(s, u, kind);
    const options = moveKeys(ctx, ui, march);
    // Boxes reached in a sensible facing (stamped with this look and kind of move).
    const reached = march ? -look : look;
    for (const k of options) if (facingOk(moveTo(k), moveFacing(k))) reachedStamp[moveTo(k)] = reached;
    for (const k of options) {
      const to = moveTo(k);
      const facing = moveFacing(k);
      if (!facingOk(to, facing) && (reachedStamp[to] === reached || (dist[to]! >= dist[u.cell]! && ev.plan.bonus[to]! <= 0))) continue;
      pose.cell = to;
      pose.facing = facing;
      pose.formation = u.formation;
      if (!keepsShot(pose, ability)) continue;
      // No threat is worked out for a move that could not beat the best even unthreatened (see valueBound).
      if (worse(ev.valueBound(ui, pose, ability) - hold - penalty)) continue;
      const v = ev.value(ui, pose, ability) - hold - penalty;
      if (worse(v) || !safe(pose)) continue;
      take(v, kind, to, facing, null, -1, -1, pose, ability);
    }
  }
  const manAbility = abilityAfter(s, u, 'maneuver');
  for (const k of maneuverKeys(ctx, ui)) {
    const to = maneuverTo(k);
    const facing = maneuverFacing(k);
    const formation = maneuverFormation(k);
    // Moving and re-forming in one go is rarely worth a look; re-forming in place and plain shuffles are. A square
    // is the exception: a Maneuver is its only way to move, so stepping out of it as it re-forms is worth weighing.
    if (u.type === 'Infantry' && to !== u.cell && formation !== u.formation && u.formation !== 'square') continue;
    if (!facingOk(to, facing)) continue;
    pose.cell = to;
    pose.facing = facing;
    pose.formation = formation;
    if (!keepsShot(pose, manAbility)) continue;
    if (worse(ev.valueBound(ui, pose, manAbility) - hold - ACTION_COST)) continue;
    const v = ev.value(ui, pose, manAbility) - hold - ACTION_COST;
    if (worse(v) || !safe(pose)) continue;
    take(v, 'maneuver', to, facing, formation, -1, -1, pose, manAbility);
  }
  if (mayAssault(u)) {
    const odds = { win: 0 };
    for (const ti of ev.enemies) {
      const t = s.units[ti]!;
      // Out of reach: the target stands at most a diagonal beyond the box an assaulter's move ends in.
      if (ev.apart[u.cell * ev.cells + t.cell]! > baseMove(u) + 1.5) continue;
      const ap = assaultApproach(ctx, ui, ti);
      if (!ap) continue;
      const combat = scoreAssault(ev, ui, ti, ap.from, odds);
      // Never at odds it would not want to face as the defender: it must be at least as likely to win as to lose.
      if (odds.win < MIN_ASSAULT_WIN) continue;
      // Where it ends up: touching the target, facing it (or in its box, having won; the capture counts that).
      pose.cell = ap.from;
      pose.facing = facingTowards(b, ap.from, t.cell) ?? u.facing;
      pose.formation = u.formation;
      take(combat + ev.value(ui, pose, 'fire') - hold - ACTION_COST, 'assault', ap.from, u.facing, null, ti, 1);
    }
  }
  if (u.formation !== 'square' && ev.plan.exitCells.has(u.cell) && isLegalUnitAction(ctx, ui, { type: 'exit', unit: u.id })) take(EXIT_VALUE, 'exit', -1, u.facing, null, -1, 1);
  if (best.kind !== null && best.progress < 0) {
    pose.cell = best.to;
    pose.facing = best.facing;
    pose.formation = best.kind === 'maneuver' ? best.formation : u.formation;
    best.progress = presses(pose, abilityAfter(s, u, best.kind)) ? 1 : 0;
  }
  return { best: candidate(s, ui, best), pressing: alsoPressing ? candidate(s, ui, push) : null };
}

function candidate(s: GameState, ui: number, slot: Slot): Candidate | null {
  if (slot.kind === null) return null;
  const b = s.board;
  const id = s.units[ui]!.id;
  let action: Action;
  switch (slot.kind) {
    case 'move':
    case 'march':
      action = { type: slot.kind, unit: id, to: b.names[slot.to]!, facing: slot.facing };
      break;
    case 'maneuver':
      action = { type: 'maneuver', unit: id, to: b.names[slot.to]!, facing: slot.facing };
      if (slot.formation) action.formation = slot.formation;
      break;
    case 'assault':
      action = { type: 'assault', unit: id, target: s.units[slot.target]!.id, from: b.names[slot.to]! };
      break;
    default:
      action = { type: slot.kind, unit: id } as Action;
  }
  return { score: slot.score, action, progress: slot.progress === 1 };
}

/**
 * What assaulting `ti` from `from` is worth to the assaulter, in VP, from the exact odds of the two dice pools:
 * hits given and taken, units destroyed by hits or by the retreat, and ground won (an objective the side wants).
 * The chance the assaulter wins (ties go to the defender) is left in `odds`.
 */
function scoreAssault(ev: Evaluator, ui: number, ti: number, from: number, odds: { win: number }): number {
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
    if (gunsFireAtAssaulter(s, t, from)) {
      const pool = closeRangeGunDice(b, t, me);
      const f = ev.memo.hitsPmf(pool.dice, pool.hitOn);
      for (let k = 0; k < f.length; k++) {
        taken += f[k]! * Math.min(k, uLeft);
        if (k >= WITHDRAW_HITS) driven += f[k]!;
      }
    }
    odds.win = 1 - driven;
    return (1 - driven) * (t.vp * ev.stake[t.side] + ev.plan.capture[t.cell]!) - taken * wu - (taken >= uLeft ? u.vp * DESTROYED_VP_SHARE * ev.stake[u.side] : 0);
  }
  const defend = unusedOrders(t) > 0;
  const fa = ev.memo.hitsPmf(assaultAttackerDice(b, me, t, from), assaultHitOn(u));
  const fd = ev.memo.hitsPmf(assaultDefenderDice(me, t, defend), assaultHitOn(t));
  const tLeft = t.sp - t.hits;
  // Retreat costs by length, worked out once each.
  const tRetreat: number[] = [];
  const uRetreat: number[] = [];
  const win = ASSAULT_OUTCOME + ev.plan.capture[t.cell]!;
  const tKill = t.vp * DESTROYED_VP_SHARE * ev.stake[t.side];
  const uKill = u.vp * DESTROYED_VP_SHARE * ev.stake[u.side];
  let v = 0;
  let won = 0;
  // Outcomes this unlikely cannot change the choice; skipping them saves most of the work.
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
        won += pr;
      } else {
        const m = Math.max(1, d - a);
        uHits += uRetreat[m] ??= retreatHits(ctx, u, from, t.cell, m, ui);
        outcome = -ASSAULT_OUTCOME;
      }
      const tDead = tHits >= tLeft;
      const uDead = uHits >= uLeft;
      v += pr * (Math.min(tHits, tLeft) * wt - Math.min(uHits, uLeft) * wu + (tDead ? tKill : 0) - (uDead ? uKill : 0) + outcome);
    }
  }
  odds.win = won;
  return v;
}
