// The sequence of play (seed 'Sequence of Play in One Period' steps 1–11, 'Actions and Turn Points', 'Threshold
// Checks'; rules notes §13): setting up, who decides now, and applying one action with its dice. Each action is
// applied to a copy, so a state once made never changes.
import type { GameEvent, NapoleonsEaglesAction } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { leadersArrive } from './leader-arrival.js';
import { bringOnReinforcements } from './reinforcements.js';
import { seedRng } from '../dice.js';
import { actionsLeft, chargeProblem, chargedBeforeMoving, forceMarchProblem, freshFlow, spend, spendProblem, standProblem } from './activation.js';
import { fireOutOfBlocks } from './building-combat.js';
import { blockChargeContact, blockFireSituation, buildingsAtStart, burningEntryProblem, endOfPeriodFires, fireWorkProblem, inBuildings, shellFires, startFireWork, type BlockFireSituation } from './buildings.js';
import { caissonFireProblem, finishResupply, resupplyProblem, startResupply } from './caissons.js';
import { defend, rapidDefenceProblem, resolveCloseActions } from './close-actions.js';
import { commandStatus } from './command.js';
import { recordingNeDice, rngNeDice, type NeDice } from './dice.js';
import type { FireSituation } from './fire.js';
import { situationOf } from './fire-step.js';
import { fireWithScreens, screenSplit } from './fire-screens.js';
import { formationChange } from './formations.js';
import { resumeCarried } from './fought-again.js';
import { rectOf } from './footprint.js';
import { dist, inFrontArc, rectDistance } from './geometry.js';
import { chargeContact, chargeReach, checkMove, outOfCommandMoveProblem, type ChargeContact, type MoveVerdict } from './movement.js';
import { moraleStep } from './morale-step.js';
import { issueOrder, orderChargeProblem, orderMoveProblem, orderProblem, settleOrders, settleReserves } from './orders-play.js';
import { outOfControlCharges } from './out-of-control.js';
import { roomProblem } from './room.js';
import { thresholdChecks } from './threshold.js';
import { recallTried } from './tried.js';
import { influenceProblem, lendInfluence, openInfluence } from './threshold-influence.js';
import { compileObjectives, holderNow } from './objectives.js';
import { retreat } from './retreats.js';
import { activated, advance, bidder, chooseRole, finish, newPeriod, OrderError, other, placeBid, type Side } from './sequence.js';
import { noteChargeStart } from './flank-ride-down.js';
import { flankSideOf, refusalProblem, refusedFigures, setRefused } from './refused-flank.js';
import { pushBackScreens } from './screen-pushback.js';
import { visibilityProblem } from './visibility.js';
import { inFlankNow, nextFlankBids, nextFlankMoves, startFlanks } from './table-flanks.js';
import { setupGame } from './setup.js';
import { afterFire, breakSmokeStreak, clearSmoke } from './smoke.js';
import { nearerThreat } from './target-priority.js';
import { draft, gone, onTable, PERIODS_PER_TURN, settle, sideIndex, sideKey, syncFlow, unitById, type CloseAction, type NeGameState } from './state.js';
import type { NeFormation, NeLeader, NeUnit } from './types.js';
import { endOfGame, sideWipedOut, suddenDeath, type VictoryFacts } from './victory.js';

export type Action = NapoleonsEaglesAction;

export class RulesError extends Error {}

/** Leaders move up to 20" in step 8 (notes §8: the table's 10" is read as a misprint). */
export const LEADER_MOVE = 20;

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

function turnPointsOf(s: NeGameState): [number, number] {
  const tp = s.table.options.turnPoints;
  const per = (side: Side) => {
    const id = s.table.sides[side].id;
    return typeof tp === 'object' && tp !== null ? num((tp as Record<string, unknown>)[id], 20) : num(tp, 20);
  };
  return [per(0), per(1)];
}

function ratioOf(s: NeGameState): { a: number; d: number } {
  const r = s.table.options.sideRatio as { a?: unknown; d?: unknown } | undefined;
  return { a: Math.max(1, num(r?.a, 2)), d: Math.max(1, num(r?.d, 1)) };
}

export const firstBidder = (s: NeGameState): Side => sideIndex(s.table.first);

export function facts(s: NeGameState): VictoryFacts {
  return {
    sides: [{ id: s.table.sides[0].id, key: s.table.sides[0].key }, { id: s.table.sides[1].id, key: s.table.sides[1].key }],
    victory: s.table.victory,
    turn: s.turn,
    limit: s.table.turnLimit,
    units: s.units.map((u) => ({ side: sideIndex(u.side), gone: gone(u), vp: u.vp })),
    objectives: s.objectives,
    control: s.control,
  };
}

// ---- Set-up -------------------------------------------------------------------------------------------------------

export function startGame(scenario: Scenario, seed: number): { state: NeGameState; events: GameEvent[]; rolls: number[] } {
  const setup = setupGame(scenario);
  const objectives = compileObjectives(scenario, 100);
  const s: NeGameState = {
    table: setup.table,
    units: setup.units,
    leaders: setup.leaders,
    flow: Object.fromEntries(setup.units.map((u) => [u.id, freshFlow()])),
    objectives,
    control: objectives.map((o) => o.heldBy),
    rng: seedRng(seed),
    turn: 1,
    period: 1,
    phase: 'bid',
    order: newPeriod([20, 20], { a: 2, d: 1 }, 0),
    active: 0,
    current: null,
    leadersDone: [false, false],
    closeActions: [],
    counter: null,
    threshold: [],
    ply: 0,
    result: null,
  };
  const buildings = buildingsAtStart(scenario);
  if (buildings) s.buildings = buildings;
  const rolls: number[] = [];
  const events: GameEvent[] = [];
  const dice = recordingNeDice(rngNeDice(s.rng), rolls);
  beginTurn(s, dice, events);
  return { state: s, events, rolls };
}

function beginTurn(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  events.push({ type: 'game-turn', turn: s.turn });
  bringOnReinforcements(s, dice, events);
  leadersArrive(s, events);
  // Leaders may lend influence to the rolls first ('Threshold Checks'): the game waits for them.
  if (openInfluence(s)) return;
  rollThreshold(s, dice, events);
}

function rollThreshold(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  s.threshold = thresholdFailures(s, dice, events);
  delete s.influence;
  beginPeriod(s, dice, events, turnPointsOf(s));
}

/**
 * Threshold checks at the start of a game turn ('Threshold Checks'; notes §12): the movement part's thresholdChecks
 * rolls the armies, then each division of an army that held; a failure lists the side key or the division leader's
 * formation id, and every unit of what failed takes −4 on its morale checks for the game turn.
 */
function thresholdFailures(s: NeGameState, dice: NeDice, events: GameEvent[]): string[] {
  const r = thresholdChecks(s.table, s.units, s.leaders, dice.d20, dice.d10, s.influence?.bonus);
  events.push(...r.events);
  for (const id of r.lostLeaders) {
    const l = s.leaders.find((x) => x.id === id)!;
    l.status = 'lost';
    events.push({ type: 'leader-lost', leader: l.id, why: 'influence' });
  }
  if (r.failed.length === 0) return [];
  const failed = new Set(r.failed);
  const divisionOf = (u: NeUnit): string => {
    const l: NeLeader | undefined = u.commander ? s.leaders.find((x) => x.id === u.commander) : undefined;
    return l ? l.formationId : u.formationId;
  };
  return s.units.filter((u) => u.status !== 'reserve' && (failed.has(u.side) || failed.has(divisionOf(u)))).map((u) => u.id);
}

function beginPeriod(s: NeGameState, dice: NeDice, events: GameEvent[], points: [number, number]): void {
  events.push({ type: 'period', turn: s.turn, period: s.period });
  for (const u of s.units) s.flow[u.id] = freshFlow();
  // Step 1: command.
  const cmd = commandStatus(s.table, s.units, s.leaders, dice.d20);
  for (const id of cmd.outOfCommand) s.flow[id]!.outOfCommand = true;
  events.push(...cmd.events);
  for (const u of s.units) syncFlow(s, u.id);
  settleOrders(s, dice, events);
  s.order = newPeriod(points, ratioOf(s), firstBidder(s));
  startFlanks(s, points, ratioOf(s), firstBidder(s), events);
  s.phase = 'bid';
  s.active = firstBidder(s);
  s.current = null;
  s.leadersDone = [false, false];
  s.closeActions = [];
  s.counter = null;
  clearSmoke(s, events);
  resumeCarried(s, events);
}

// ---- Who acts -----------------------------------------------------------------------------------------------------

export const toAct = (s: NeGameState): Side | null => (s.phase === 'over' ? null : s.active);

/** Units of `side` that may still start an activation this period. */
export function eligible(s: NeGameState, side: Side): NeUnit[] {
  const key = sideKey(s, side);
  return s.units.filter((u) => u.side === key && onTable(u) && u.status !== 'silenced' && !s.flow[u.id]!.started && !s.flow[u.id]!.ended && inFlankNow(s, u));
}

export const onTableCount = (s: NeGameState, side: Side): number => s.units.filter((u) => u.side === sideKey(s, side) && onTable(u) && u.status !== 'silenced' && inFlankNow(s, u)).length;

const eligibleCounts = (s: NeGameState): [number, number] => [eligible(s, 0).length, eligible(s, 1).length];

// ---- Applying -----------------------------------------------------------------------------------------------------

export function applyAction(before: NeGameState, action: Action, diceFor?: (s: NeGameState, rolls: number[]) => NeDice): { state: NeGameState; events: GameEvent[]; rolls: number[] } {
  if (before.phase === 'over') throw new RulesError('the game is over');
  if (!action || typeof action !== 'object' || typeof (action as { type?: unknown }).type !== 'string') throw new RulesError('an action is an object with a type');
  const tried = diceFor ? null : recallTried(before, action);
  if (tried) return tried;
  const s = draft(before);
  const rolls: number[] = [];
  const events: GameEvent[] = [];
  const dice = diceFor ? diceFor(s, rolls) : recordingNeDice(rngNeDice(s.rng), rolls);
  try {
    step(s, action, dice, events);
  } catch (err) {
    if (err instanceof OrderError) throw new RulesError(err.message);
    throw err;
  }
  s.ply++;
  settle(s, before);
  return { state: s, events, rolls };
}

/**
 * applyAction for a game nobody logs (batch games): the next state alone, its dice not recorded. The same dice are
 * rolled in the same order, so the game is the one applyAction plays (batch-path.test.ts).
 */
export function nextState(before: NeGameState, action: Action): NeGameState {
  const tried = recallTried(before, action);
  if (tried) return tried.state;
  return applyAction(before, action, (s) => rngNeDice(s.rng)).state;
}

function phaseError(s: NeGameState, action: Action): RulesError {
  return new RulesError(`"${action.type}" is not an action of the ${s.phase} decision`);
}

function ownUnit(s: NeGameState, id: unknown): NeUnit {
  const u = typeof id === 'string' ? unitById(s, id) : undefined;
  if (!u) throw new RulesError(`no unit "${String(id)}"`);
  if (u.side !== sideKey(s, s.active)) throw new RulesError(`${u.name} is not ${sideKey(s, s.active)}'s unit`);
  return u;
}

function step(s: NeGameState, a: Action, dice: NeDice, events: GameEvent[]): void {
  switch (s.phase) {
    case 'bid': {
      if (a.type === 'order') {
        // Command option #2: orders are written at the start of the period, each side before it bids.
        const problem = orderProblem(s, sideKey(s, s.active), a.leader, a.order, a.at);
        if (problem) throw new RulesError(problem);
        issueOrder(s, s.leaders.find((l) => l.id === a.leader)!, a.order, a.at, dice, events);
        return;
      }
      if (a.type !== 'bid') throw phaseError(s, a);
      const r = placeBid(s.order, s.active, a.points, dice.d6);
      s.order = r.order;
      events.push(...r.events);
      const next = bidder(s.order, firstBidder(s));
      if (next !== null) s.active = next;
      else {
        s.phase = 'choose';
        s.active = s.order.winner!;
      }
      return;
    }
    case 'choose': {
      if (a.type !== 'choose') throw phaseError(s, a);
      s.order = chooseRole(s.order, a.role);
      events.push({ type: 'roles', a: sideKey(s, s.order.a!), d: sideKey(s, other(s.order.a!)) });
      if (nextFlankBids(s, firstBidder(s), events)) return;
      s.phase = 'activate';
      outOfControlFirst(s, dice, events);
      return;
    }
    case 'activate':
      activate(s, a, dice, events);
      return;
    case 'counter':
      counter(s, a, dice, events);
      return;
    case 'influence': {
      const problem = influenceProblem(s, a);
      if (problem) throw new RulesError(problem);
      if (lendInfluence(s, a as Extract<Action, { type: 'influence' }>, events)) rollThreshold(s, dice, events);
      return;
    }
    case 'leaders':
      leaders(s, a, dice, events);
      return;
    case 'defend': {
      if (a.type !== 'defend') throw phaseError(s, a);
      const c = s.closeActions.find((x) => x.stage === 'defence');
      if (!c || c.target !== a.unit) throw new RulesError(`${String(a.unit)} is not the unit awaiting a defence`);
      const target = unitById(s, c.target)!;
      if (a.choice === 'square' && target.arm !== 'infantry') throw new RulesError('only infantry forms square');
      if ((a.choice === 'face' || a.choice === 'square' || a.choice === 'refuse') && inBuildings(s, target)) throw new RulesError(`${target.name} holds building blocks: it fires out or does nothing, it does not face, form square or refuse a flank there`);
      if (!['fire', 'face', 'square', 'refuse', 'none'].includes(a.choice)) throw new RulesError(`a defence is fire, face, square, refuse or none, not ${String(a.choice)}`);
      if (a.choice === 'refuse') {
        const why = c.aspect !== 'flank' ? `${target.name} is charged in the ${c.aspect}: only a flank charge may be met by refusing the flank` : refusalProblem(s, target, flankSideOf(target, [unitById(s, c.charger)!.x, unitById(s, c.charger)!.y]));
        if (why) throw new RulesError(why);
      }
      if (a.rapid === true) {
        const why = rapidDefenceProblem(s, c, a.choice);
        if (why) throw new RulesError(`no rapid fire in defence: ${why}`);
      }
      defend(s, c, a.choice, dice, events, a.rapid === true);
      continueCloseActions(s, dice, events);
      return;
    }
    default:
      throw phaseError(s, a);
  }
}

/** After movement changes: whose step it is, or on to the leaders when movement is over. */
function settleMovement(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  s.order = advance(s.order, eligibleCounts(s));
  if (s.order.over && nextFlankMoves(s, events)) {
    settleMovement(s, dice, events);
    return;
  }
  if (s.order.over) {
    events.push({ type: 'movement-over', moved: { [sideKey(s, 0)]: s.order.moved[0], [sideKey(s, 1)]: s.order.moved[1] } });
    s.phase = 'leaders';
    s.active = s.order.a!;
    s.current = null;
    if (!s.leaders.some((l) => l.side === sideKey(s, s.active) && l.status !== 'reserve')) endLeaders(s, dice, events);
    return;
  }
  s.active = s.order.stepSide;
}

function endActivation(s: NeGameState, u: NeUnit, dice: NeDice, events: GameEvent[]): void {
  const f = s.flow[u.id]!;
  f.ended = true;
  syncFlow(s, u.id);
  s.current = null;
  events.push({ type: 'activation-end', unit: u.id, used: f.used, stand: f.stand });
  settleReserves(s, events);
  s.order = activated(s.order, sideIndex(u.side), eligibleCounts(s));
  settleMovement(s, dice, events);
}

/** An activation ends by itself when nothing is left to spend. */
function maybeEnd(s: NeGameState, u: NeUnit, dice: NeDice, events: GameEvent[]): void {
  const f = s.flow[u.id]!;
  if (!onTable(u) || f.ended) {
    if (s.current === u.id) endActivation(s, u, dice, events);
    return;
  }
  const fmLeft = !f.forceMarched && u.fatigue < 2 && u.status !== 'retreat';
  if (actionsLeft(f) <= 1e-9 && !fmLeft) endActivation(s, u, dice, events);
}

function activate(s: NeGameState, a: Action, dice: NeDice, events: GameEvent[]): void {
  if (a.type === 'finish') {
    if (s.active !== s.order.a) throw new RulesError('only side A declares that it has finished moving');
    if (s.current !== null) throw new RulesError(`${s.current} is mid-activation: end it first`);
    const aSide = s.order.a;
    s.order = finish(s.order, onTableCount(s, aSide));
    events.push({ type: 'finish', side: sideKey(s, aSide) });
    settleMovement(s, dice, events);
    return;
  }
  if (!('unit' in a) || a.type === 'defend') throw phaseError(s, a);
  const u = ownUnit(s, a.unit);
  const f = s.flow[u.id]!;
  if (s.current !== null && s.current !== u.id) throw new RulesError(`${s.current} is mid-activation: it must finish (done or stand) before another unit starts`);
  if (s.current === null) {
    if (f.started || f.ended) throw new RulesError(`${u.name} has already been activated this period`);
    if (f.locked) throw new RulesError(`${u.name} was charged before it moved and is held in the close action`);
    if (!inFlankNow(s, u)) throw new RulesError(`${u.name} stands on another flank of the table: it moves when its flank does`);
    if (!onTable(u) || u.status === 'silenced') throw new RulesError(`${u.name} is not on the table to act`);
    s.current = u.id;
    f.started = true;
    events.push({ type: 'activate', unit: u.id });
  }
  if (a.type !== 'fire') breakSmokeStreak(s, u);
  // Moving, charging, changing formation or retreating ends a refused flank ('Refusing a Flank').
  if (a.type === 'move' || a.type === 'force-march' || a.type === 'formation' || a.type === 'charge' || a.type === 'retreat') setRefused(s, u.id, null);
  if (u.status === 'retreat' && !['rest', 'done', 'stand'].includes(a.type)) throw new RulesError(`${u.name} is retreating: it may only rest to recover (${u.retreatActions} actions to go)`);
  if (u.outOfCommand || f.outOfCommand) {
    if (a.type === 'charge') throw new RulesError(`${u.name} is out of command and may not charge`);
  }
  switch (a.type) {
    case 'move':
    case 'force-march': {
      if (!Array.isArray(a.to) || a.to.length !== 2 || !a.to.every((n) => typeof n === 'number' && Number.isFinite(n))) throw new RulesError('a move needs `to`, a point [x, y]');
      const facing = num(a.facing, NaN);
      if (!Number.isFinite(facing)) throw new RulesError('a move needs a facing in degrees');
      const v = moveCheck(s, u, a.type, a.to, facing);
      if (!v.ok) throw new RulesError(v.reason);
      if (a.type === 'move') Object.assign(f, spend(f, v.cost));
      else {
        // 'Force Marching': the extra movement action, and two fatigue levels at once ('Fatigue Levels').
        f.forceMarched = true;
        f.charged = false;
        u.fatigue = Math.min(3, u.fatigue + 2) as NeUnit['fatigue'];
      }
      u.x = a.to[0];
      u.y = a.to[1];
      const turned = ((facing % 360) + 360) % 360;
      if (turned !== u.facing) f.reshaped = true;
      u.facing = turned;
      events.push({ type: a.type, unit: u.id, to: a.to, facing: u.facing, cost: v.cost, distance: Math.round(v.distance * 100) / 100 });
      disorderCrossing(s, u, v.disorders, v.crossed, events);
      pushBackScreens(s, u, events);
      syncFlow(s, u.id);
      if (offerCounter(s, u, 'continue')) return;
      maybeEnd(s, u, dice, events);
      return;
    }
    case 'formation': {
      const v = formationCheck(s, u, a.formation);
      if (!v.ok) throw new RulesError(v.reason);
      const was = u.formation;
      u.formation = a.formation;
      f.reshaped = true;
      u.x = v.x;
      u.y = v.y;
      Object.assign(f, spend(f, v.cost));
      if (u.disordered && v.cost >= 1) u.disordered = false;
      events.push({ type: 'formation', unit: u.id, from: was, to: a.formation, cost: v.cost });
      break;
    }
    case 'refuse': {
      const problem = refusalProblem(s, u, a.flank) ?? spendProblem(f, 1);
      if (problem) throw new RulesError(`${u.name} cannot refuse a flank: ${problem}`);
      Object.assign(f, spend(f, 1));
      setRefused(s, u.id, a.flank);
      events.push({ type: 'refuse', unit: u.id, flank: a.flank, figures: refusedFigures(u) });
      break;
    }
    case 'fire': {
      const actions = a.actions === 2 ? 2 : a.actions === 1 ? 1 : null;
      if (actions === null) throw new RulesError('a fire takes 1 or 2 actions');
      const t = unitById(s, String(a.target));
      const sit = fireCheck(s, u, t, actions, a.rapid === true);
      if (!sit.allowed) throw new RulesError(sit.reason);
      const split = sit.kind === 'block' ? null : screenSplit(s, u, t!, sit, (o) => situationOf(s, u, o, actions, false));
      Object.assign(f, spend(f, actions));
      syncFlow(s, u.id);
      if (sit.kind === 'block') fireOutOfBlocks(s, u, t!, sit, dice, events);
      else {
        fireWithScreens(s, u, t!, sit, split, dice, events);
        if (sit.kind === 'solid-shot') shellFires(s, u, t!, sit.range, dice, events);
      }
      afterFire(s, u, actions, events);
      break;
    }
    case 'charge': {
      const t = unitById(s, String(a.target));
      const v = chargeCheck(s, u, t);
      if (!v.ok) throw new RulesError(v.reason);
      declareCharge(s, u, t!, v, false, events, false, a.halt === true);
      pushBackScreens(s, u, events);
      if (offerCounter(s, u, 'end')) return;
      // A charge ends the unit's activation: it is in contact and may do nothing more before the close action.
      endActivation(s, u, dice, events);
      return;
    }
    case 'stand': {
      const problem = standProblem(f);
      if (problem) throw new RulesError(`${u.name} cannot stand: ${problem}`);
      f.stand = true;
      f.used = Math.max(f.used, 1);
      events.push({ type: 'stand', unit: u.id });
      endActivation(s, u, dice, events);
      return;
    }
    case 'rest': {
      const problem = spendProblem(f, 1);
      if (problem) throw new RulesError(`${u.name} cannot rest: ${problem}`);
      Object.assign(f, spend(f, 1));
      if (u.status === 'retreat') {
        u.retreatActions = Math.max(0, u.retreatActions - 1);
        if (u.retreatActions === 0) {
          u.status = 'table';
          u.disordered = false;
          if (u.arm !== 'artillery' && u.arm !== 'train' && u.formation !== 'column') {
            const was = u.formation;
            u.formation = 'column';
            if (roomProblem(s.table, s.units, u)) u.formation = was;
          }
          events.push({ type: 'recovered', unit: u.id });
        } else events.push({ type: 'rest', unit: u.id, retreatActions: u.retreatActions });
      } else {
        if (u.fatigue === 0 && !u.disordered) throw new RulesError(`${u.name} is neither fatigued nor disordered: there is nothing to rest from`);
        if (u.disordered) u.disordered = false;
        else u.fatigue = (u.fatigue - 1) as NeUnit['fatigue'];
        events.push({ type: 'rest', unit: u.id, fatigue: u.fatigue, disordered: u.disordered });
      }
      break;
    }
    case 'retreat': {
      if (u.status === 'retreat') throw new RulesError(`${u.name} is already retreating`);
      if (spendProblem(f, 0)) throw new RulesError(`${u.name} cannot retreat now`);
      events.push({ type: 'volunteer-retreat', unit: u.id });
      retreat(s, u, 'volunteered to retreat', dice, events);
      f.used = 2;
      endActivation(s, u, dice, events);
      return;
    }
    case 'done': {
      endActivation(s, u, dice, events);
      return;
    }
    case 'resupply': {
      const battery = unitById(s, String(a.battery));
      const problem = resupplyProblem(s, u, battery);
      if (problem) throw new RulesError(problem);
      startResupply(s, u, battery!, events);
      endActivation(s, u, dice, events);
      return;
    }
    case 'building-fire': {
      const problem = fireWorkProblem(s, u, a.task, a.block);
      if (problem) throw new RulesError(problem);
      startFireWork(s, u, a.task, a.block, events);
      endActivation(s, u, dice, events);
      return;
    }
    default:
      throw phaseError(s, a);
  }
  syncFlow(s, u.id);
  maybeEnd(s, u, dice, events);
}

// ---- What the rules allow: shared by apply and the sampler, so a candidate offered is one apply accepts ----------

const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A move or force march by `u` now: the movement part's verdict, the command penalty and the action budget. */
export function moveCheck(s: NeGameState, u: NeUnit, type: 'move' | 'force-march', to: [number, number], facing: number): MoveVerdict {
  const f = s.flow[u.id]!;
  if (u.status === 'retreat') return refuse(`${u.name} is retreating: it may only rest to recover`);
  // The cheapest refusals first: a sampler asks this for many points.
  const early = type === 'move' ? spendProblem(f, 0.5) : forceMarchProblem(f, u.fatigue, 0);
  if (early) return refuse(`${u.name} cannot ${type === 'move' ? 'move' : 'force march'}: ${early}`);
  const v = checkMove(s.table, s.units, u.id, to, facing, type);
  if (!v.ok) return v;
  if (f.outOfCommand) {
    const far = outOfCommandMoveProblem(s.table, s.units, u, to, s.leaders);
    if (far) return refuse(far);
  }
  const ordered = orderMoveProblem(s, u, to, v.cost, v.distance) ?? burningEntryProblem(s, u, to);
  if (ordered) return refuse(ordered);
  const problem = type === 'move' ? spendProblem(f, v.cost) : forceMarchProblem(f, u.fatigue, v.cost);
  if (problem) return refuse(`${u.name} cannot ${type === 'move' ? 'move' : 'force march'}: ${problem}`);
  return v;
}

/** A formation change by `u` now: cost and where it then stands (formations.ts), within the action budget. */
export function formationCheck(s: NeGameState, u: NeUnit, to: NeFormation): { ok: true; cost: number; x: number; y: number } | { ok: false; reason: string } {
  if (u.formation === to) return refuse(`${u.name} is already in ${to}`);
  if (u.status === 'retreat') return refuse(`${u.name} is retreating`);
  const early = spendProblem(s.flow[u.id]!, 0.5);
  if (early) return refuse(`${u.name} cannot change formation: ${early}`);
  const v = formationChange(s.table, s.units, u.id, to);
  if (!v.ok) return v;
  const problem = spendProblem(s.flow[u.id]!, v.cost);
  if (problem) return refuse(`${u.name} cannot change formation: ${problem}`);
  return { ok: true, cost: v.cost, x: v.x, y: v.y };
}

/**
 * A fire by `u` at `t` now: the combat part's situation, once the target and the budget allow it; troops in building
 * blocks fire out by the block rule instead (buildings.ts).
 */
export function fireCheck(s: NeGameState, u: NeUnit, t: NeUnit | undefined, actions: 1 | 2, rapid: boolean): FireSituation | BlockFireSituation {
  if (!t || !onTable(t) || t.status === 'silenced') return { allowed: false, reason: `no target "${t?.id ?? ''}" on the table` };
  if (u.status === 'retreat') return { allowed: false, reason: `${u.name} is retreating` };
  const problem = spendProblem(s.flow[u.id]!, actions);
  if (problem) return { allowed: false, reason: `${u.name} cannot fire: ${problem}` };
  // 'Firing Into Close Action': nobody fires into a fight already joined.
  if (s.closeActions.some((c) => c.stage !== 'done' && (c.target === t.id || c.charger === t.id))) return { allowed: false, reason: `${t.name} is in a close action: units never fire into one` };
  const caisson = caissonFireProblem(s, u, t);
  if (caisson) return { allowed: false, reason: caisson };
  // Fire out of building blocks has its own table and no arc (buildings.ts); target priority is for formed fire.
  if (inBuildings(s, u)) return blockFireSituation(s, u, t, actions);
  const sit = situationOf(s, u, t, actions, rapid);
  if (!sit.allowed) return sit;
  const nearer = nearerThreat(s, u, t, sit.range, (o) => situationOf(s, u, o, actions, rapid));
  if (nearer) return { allowed: false, reason: `${u.name} must fire at the nearest threat, ${nearer.name}, not ${t.name}` };
  return sit;
}

/** A charge by `u` at `t` now: once a period, never two charge actions in a row, and where contact is made. */
export function chargeCheck(s: NeGameState, u: NeUnit, t: NeUnit | undefined): ({ ok: true } & ChargeContact) | { ok: false; reason: string } {
  if (!t || !onTable(t) || t.status === 'silenced') return refuse(`no target "${t?.id ?? ''}" on the table`);
  const f = s.flow[u.id]!;
  if (f.outOfCommand || u.outOfCommand) return refuse(`${u.name} is out of command and may not charge`);
  const problem = chargeProblem(f);
  if (problem) return refuse(`${u.name} cannot charge: ${problem}`);
  if (s.closeActions.some((c) => c.charger === u.id)) return refuse(`${u.name} has already charged this period: one charge a period`);
  const unseen = visibilityProblem(s.table, u, t);
  if (unseen) return refuse(unseen);
  // Troops in building blocks are charged at the block's side (buildings.ts), not at their own rectangle.
  const v = inBuildings(s, t) ? blockCharge(s, u, t) : chargeContact(s.table, s.units, u.id, t.id);
  if (!v.ok) return v;
  const ordered = orderChargeProblem(s, u, [v.x, v.y]);
  return ordered ? refuse(ordered) : v;
}

function blockCharge(s: NeGameState, u: NeUnit, t: NeUnit): ({ ok: true } & ChargeContact) | { ok: false; reason: string } {
  if (u.arm === 'infantry' && t.arm === 'cavalry') return refuse('infantry cannot charge cavalry');
  const v = blockChargeContact(s, u, t, chargeReach(u));
  return 'ok' in v ? v : { ok: true, ...v };
}

/** 'Out-of-Control Cavalry': it moves before all other units, and enemy cavalry may counter-charge it. */
function outOfControlFirst(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  const waiting = outOfControlCharges(s, events, (cav, t, v) => {
    declareCharge(s, cav, t, v, false, events, true);
    s.flow[cav.id] = { ...s.flow[cav.id]!, started: true, ended: true, stand: false };
    syncFlow(s, cav.id);
    // The offer goes to the cavalry's enemy, whichever side is moving first.
    s.active = sideIndex(cav.side);
    return offerCounter(s, cav, 'end');
  });
  if (!waiting) settleMovement(s, dice, events);
}

/** Moves `u` into contact and declares the close action for step 9. */
function declareCharge(s: NeGameState, u: NeUnit, t: NeUnit, v: ChargeContact, counter: boolean, events: GameEvent[], outOfControl = false, halt = false): void {
  const f = s.flow[u.id]!;
  const usedBefore = f.used;
  const declared: CloseAction = { charger: u.id, target: t.id, aspect: v.aspect, contact: v.contact, distance: v.distance, usedBefore: usedBefore + 1, stage: 'pending', fireHits: 0, ...(counter ? { counter: true as const } : {}) };
  noteChargeStart(s, declared, u, t);
  Object.assign(f, spend(f, 1));
  f.charged = true;
  f.usedBeforeCharge = usedBefore;
  u.x = v.x;
  u.y = v.y;
  u.facing = v.facing;
  s.closeActions.push(outOfControl ? { ...declared, outOfControl: true as const } : halt ? { ...declared, halt: true as const } : declared);
  const tf = s.flow[t.id]!;
  Object.assign(tf, chargedBeforeMoving(tf));
  syncFlow(s, t.id);
  syncFlow(s, u.id);
  events.push({ type: counter ? 'counter-charge' : 'charge', unit: u.id, target: t.id, aspect: v.aspect, contact: v.contact, distance: Math.round(v.distance * 100) / 100 });
}

/** 'Passing Through Another Unit': two formed units that pass through each other are both disordered. */
function disorderCrossing(s: NeGameState, u: NeUnit, disorders: boolean, crossed: readonly string[], events: GameEvent[]): void {
  if (disorders && !u.disordered) {
    u.disordered = true;
    events.push({ type: 'disordered', unit: u.id });
  }
  if (u.formation === 'skirmish') return;
  for (const id of crossed) {
    const o = unitById(s, id);
    if (!o || o.formation === 'skirmish' || o.disordered) continue;
    o.disordered = true;
    events.push({ type: 'disordered', unit: o.id, why: `${u.name} passed through it` });
  }
}

/**
 * Cavalry that may counter-charge `mover` now ('Cavalry Counter Charges'): not yet moved or holding a stand marker,
 * in command, not in a fight, not charged yet this period, with the mover ahead of it within 10° and in one
 * charge's reach, and room to strike it.
 */
export function counterChargers(s: NeGameState, mover: NeUnit): string[] {
  if (mover.status !== 'table') return [];
  const mr = rectOf(mover, s.table);
  const out: string[] = [];
  for (const c of s.units) {
    if (c.side === mover.side || c.arm !== 'cavalry' || c.status !== 'table' || c.formation === 'skirmish') continue;
    const f = s.flow[c.id]!;
    if ((f.started && !f.stand) || f.counterTried || f.outOfCommand || f.declined.includes(mover.id)) continue;
    if (s.closeActions.some((x) => x.charger === c.id || (x.stage !== 'done' && x.target === c.id))) continue;
    const cr = rectOf(c, s.table);
    if (rectDistance(cr, mr) > chargeReach(c) + 1e-9 || !inFrontArc(cr, mr, 10)) continue;
    if (chargeContact(s.table, s.units, c.id, mover.id).ok) out.push(c.id);
  }
  return out;
}

/** Puts a counter-charge on offer to the other side when `mover` has cavalry that may answer it. */
function offerCounter(s: NeGameState, mover: NeUnit, then: 'end' | 'continue'): boolean {
  const cavalry = counterChargers(s, mover);
  if (cavalry.length === 0) return false;
  s.counter = { mover: mover.id, cavalry, resume: s.active, then };
  s.phase = 'counter';
  s.active = other(s.active);
  return true;
}

/**
 * The counter-charge decision: `charge` by one of the offered cavalry at the mover (a morale check with no
 * modifiers first: passing, it charges; failing, it stays and loses its stand marker), or `done` to let it be.
 */
function counter(s: NeGameState, a: Action, dice: NeDice, events: GameEvent[]): void {
  const offer = s.counter;
  if (!offer) throw phaseError(s, a);
  if (a.type !== 'charge' && a.type !== 'done') throw phaseError(s, a);
  if (!offer.cavalry.includes(a.unit)) throw new RulesError(`${String(a.unit)} is not offered a counter-charge`);
  const mover = unitById(s, offer.mover)!;
  if (a.type === 'charge') {
    if (a.target !== offer.mover) throw new RulesError(`a counter-charge strikes ${offer.mover}, the unit that moved`);
    const c = unitById(s, a.unit)!;
    const f = s.flow[c.id]!;
    f.counterTried = true;
    const roll = dice.d20();
    const pass = roll <= c.morale;
    events.push({ type: 'morale', unit: c.id, why: 'counter-charge', need: c.morale, roll, pass, modifiers: [] });
    if (pass) {
      const v = chargeContact(s.table, s.units, c.id, mover.id);
      if (v.ok) {
        const wasUsed = f.used;
        declareCharge(s, c, mover, v, true, events, false, a.halt === true);
        // One action of its own period: it counts as moved, and is in contact until step 9.
        const g = s.flow[c.id]!;
        g.started = true;
        g.ended = true;
        g.stand = false;
        g.used = Math.max(g.used, wasUsed + 1);
        syncFlow(s, c.id);
      }
    } else {
      // 'Cavalry Counter Charges': failing, it stays where it is for the period. The held action goes with the
      // marker; an unmoved unit spent the action it would have charged with, and keeps the other for a defence.
      f.used = f.stand ? 2 : Math.max(f.used, 1);
      f.stand = false;
      f.started = true;
      f.ended = true;
      syncFlow(s, c.id);
    }
  } else {
    for (const id of offer.cavalry) {
      const f = s.flow[id]!;
      f.declined = [...f.declined, offer.mover];
    }
    events.push({ type: 'counter-declined', mover: offer.mover });
  }
  s.counter = null;
  s.phase = 'activate';
  s.active = offer.resume;
  const struck = s.closeActions.some((x) => x.counter && x.target === mover.id && x.stage === 'pending');
  // An out-of-control charge was answered: the other runaways go on before anything else moves.
  if (s.closeActions.some((x) => x.outOfControl && x.charger === mover.id && x.stage === 'pending')) return outOfControlFirst(s, dice, events);
  if (s.current !== mover.id) return;
  if (offer.then === 'end' || struck) endActivation(s, mover, dice, events);
  else maybeEnd(s, mover, dice, events);
}

// ---- Leaders, close actions, end of period ------------------------------------------------------------------------

function leaders(s: NeGameState, a: Action, dice: NeDice, events: GameEvent[]): void {
  if (a.type === 'end-leaders') {
    endLeaders(s, dice, events);
    return;
  }
  if (a.type !== 'leader') throw phaseError(s, a);
  const l = s.leaders.find((x) => x.id === a.leader);
  // A lost leader's staff officer still moves: he keeps the command radius open ('Leader Losses').
  if (!l || l.status === 'reserve') throw new RulesError(`no leader "${String(a.leader)}" on the table`);
  if (l.side !== sideKey(s, s.active)) throw new RulesError(`${l.name} is not ${sideKey(s, s.active)}'s leader`);
  if (!Array.isArray(a.to) || a.to.length !== 2 || !a.to.every((n) => typeof n === 'number' && Number.isFinite(n))) throw new RulesError('a leader move needs `to`, a point [x, y]');
  const host = l.attachedTo ? unitById(s, l.attachedTo) : undefined;
  const from: [number, number] = host ? [host.x, host.y] : [l.x, l.y];
  const d = dist(from, a.to);
  if (d > LEADER_MOVE + 1e-9) throw new RulesError(`${Math.round(d * 100) / 100}" is more than a leader's ${LEADER_MOVE}" in step 8`);
  if (a.to[0] < 0 || a.to[1] < 0 || a.to[0] > s.table.width || a.to[1] > s.table.height) throw new RulesError('a leader stays on the table');
  if (a.attach !== null) {
    const host = unitById(s, String(a.attach));
    if (!host || host.side !== l.side || host.status !== 'table') throw new RulesError(`${String(a.attach)} is not a unit of ${l.name}'s side on the table`);
    if (host.attachedLeader && host.attachedLeader !== l.id) throw new RulesError(`${host.name} already has a leader attached`);
    if (dist([host.x, host.y], a.to) > 2 + 1e-9) throw new RulesError(`a leader attaches to a unit he moves to: ${host.name} is not at that point`);
  }
  if (l.attachedTo) {
    const was = unitById(s, l.attachedTo);
    if (was) was.attachedLeader = null;
  }
  l.x = a.to[0];
  l.y = a.to[1];
  l.attachedTo = null;
  if (a.attach !== null) {
    l.attachedTo = a.attach;
    unitById(s, a.attach)!.attachedLeader = l.id;
  }
  events.push({ type: 'leader', leader: l.id, to: a.to, attach: a.attach });
}

function endLeaders(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  s.leadersDone[s.active] = true;
  const o = other(s.active);
  if (!s.leadersDone[o] && s.leaders.some((l) => l.side === sideKey(s, o) && l.status !== 'reserve')) {
    s.active = o;
    return;
  }
  s.leadersDone = [true, true];
  s.phase = 'defend';
  continueCloseActions(s, dice, events);
}

function continueCloseActions(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  const waiting = resolveCloseActions(s, dice, events);
  if (waiting) {
    s.phase = 'defend';
    s.active = sideIndex(unitById(s, waiting.target)!.side);
    return;
  }
  endPeriod(s, dice, events);
}

function endPeriod(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  finishResupply(s, events);
  endOfPeriodFires(s, dice, events);
  moraleStep(s, dice, events);
  // Objectives change hands at the end of the period.
  const holders = s.units.filter((u) => u.status === 'table').map((u) => ({ side: sideIndex(u.side), at: [u.x, u.y] as [number, number] }));
  s.objectives.forEach((o, k) => {
    const h = holderNow(o, s.control[k]!, holders);
    if (h !== s.control[k]) events.push({ type: 'objective', objective: o.id, holder: h === -1 ? null : sideKey(s, h) });
    s.control[k] = h;
  });
  const f = facts(s);
  if (sideWipedOut(f)) return over(s, events);
  if (s.period < PERIODS_PER_TURN) {
    s.period++;
    beginPeriod(s, dice, events, [...s.order.points]);
    return;
  }
  if (suddenDeath(f) || s.turn >= s.table.turnLimit) return over(s, events);
  s.turn++;
  s.period = 1;
  beginTurn(s, dice, events);
}

function over(s: NeGameState, events: GameEvent[]): void {
  s.phase = 'over';
  s.current = null;
  s.result = endOfGame(facts(s));
  events.push({ type: 'game-over', winner: s.result.winner === -1 ? 'draw' : sideKey(s, s.result.winner), reason: s.result.reason });
}
