// The state of a Napoleon's Eagles game: the shared model (types.ts: table, units, leaders) plus what the sequence of
// play keeps (rules notes §13): the period's order of movement, each unit's actions this period, the close actions
// declared, the decision awaited and the dice's generator. Plain JSON, so a log replays it and a test compares it.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { RngState } from '../dice.js';
import type { UnitFlow } from './activation.js';
import type { BuildingsState } from './buildings.js';
import type { Resupply } from './caissons.js';
import type { OrdersState } from './orders-play.js';
import type { NeObjective } from './objectives.js';
import type { PeriodOrder, Side } from './sequence.js';
import type { FlankPlay } from './table-flanks.js';
import type { InfluenceState } from './threshold-influence.js';
import type { NeLeader, NeTable, NeUnit, SideKey } from './types.js';

export type NePhase = 'bid' | 'choose' | 'activate' | 'counter' | 'leaders' | 'defend' | 'influence' | 'over';

/** A charge declared during movement, resolved in step 9 in the order declared ('Multiple Unit Actions'). */
export interface CloseAction {
  charger: string;
  target: string;
  aspect: 'front' | 'flank' | 'rear';
  contact: 'full' | 'partial';
  /** Inches the charger covered, and actions it had spent before contact. */
  distance: number;
  usedBefore: number;
  /** Where resolution stands: not begun, waiting for the defender's defence action, defended, or done. */
  stage: 'pending' | 'defence' | 'defended' | 'done';
  /** Casualties the defender's fire inflicted on the charger (−3 to its check to close). */
  fireHits: number;
  /** A cavalry counter-charge ('Cavalry Counter Charges'). */
  counter?: true;
  /** Carried from the last period after a tie on equal bases: only the melee roll is made again (fought-again.ts). */
  again?: true;
  /** Cavalry against an infantry line: whether more than half of it started in the line's front arc, and the line's
   *  facing then (flank-ride-down.ts). */
  start?: { inFront: boolean; facing: number };
  /** Made by out-of-control cavalry: +3 to its check to close ('Out-of-Control Cavalry'). */
  outOfControl?: true;
  /** If it will not close, it halts 2" short instead of retreating ('Resolving Close Actions' 5; charge-halt.ts). */
  halt?: true;
}

/**
 * A counter-charge on offer ('Cavalry Counter Charges'): `mover` has just moved or charged to the front of the
 * listed cavalry, whose side now chooses one to charge it or declines; then `resume` goes on moving.
 */
export interface CounterOffer {
  mover: string;
  cavalry: string[];
  resume: Side;
  /** What the mover's activation does once the offer is settled: ends (it charged), or goes on if it may. */
  then: 'end' | 'continue';
}

/** A bank of smoke ('Smoke'; smoke.ts): its centre, facing and width; 1" deep; it stands to the end of period `until`. */
export interface SmokeCloud {
  by: string;
  x: number;
  y: number;
  facing: number;
  width: number;
  /** The last period it stands, counted from the game's first: (turn − 1) × 6 + period. */
  until: number;
}

export interface NeResult {
  winner: Side | -1;
  reason: string;
  condition: number;
}

export interface NeGameState {
  table: NeTable;
  units: NeUnit[];
  leaders: NeLeader[];
  /** Each unit's bookkeeping this period, by id. */
  flow: Record<string, UnitFlow>;
  objectives: NeObjective[];
  control: (Side | -1)[];
  rng: RngState;
  /** Game turn (1 … limit) and period (1 … 6). */
  turn: number;
  period: number;
  phase: NePhase;
  order: PeriodOrder;
  /** The side whose decision is awaited. */
  active: Side;
  /** The unit mid-activation, or null between activations. */
  current: string | null;
  /** Sides that have ended their leader moves this period. */
  leadersDone: [boolean, boolean];
  closeActions: CloseAction[];
  /** The counter-charge awaiting its decision, in the `counter` phase. */
  counter: CounterOffer | null;
  /** Units whose formation failed a threshold check this game turn (−4 to morale). */
  threshold: string[];
  /** Fights tied on equal base values, to be fought again next period ('Ties'; fought-again.ts). */
  carried?: CloseAction[];
  /** Smoke on the table, and the unit whose last action was a one-action fire (smoke option; smoke.ts). */
  smoke?: SmokeCloud[];
  smokeStreak?: string;
  /** Units in line holding one flank refused ('Refusing a Flank'; refused-flank.ts). */
  refused?: Record<string, 'left' | 'right'>;
  /** Each flank's bidding and movement when the table is cut into flanks ('Game Table Flanks'; table-flanks.ts). */
  flanks?: FlankPlay;
  // The optional and special rules' records (rules notes §14), absent until a rule needs one. Each is replaced, never
  // changed in place, so the shallow draft() may share it.
  /** Cavalry gone out of control, to charge first next period ('Out-of-Control Cavalry'). */
  outOfControl?: string[];
  /** Command option #2's written orders. */
  orders?: OrdersState;
  /** Caissons reloading batteries this period ('Caissons'). */
  resupply?: Resupply[];
  /** Fires in building blocks and the attempts to start or put them out this period. */
  buildings?: BuildingsState;
  /** Leader influence being lent before the game turn's threshold rolls (threshold-influence.ts). */
  influence?: InfluenceState;
  /** Roll-based reinforcement groups (indices into the table's list) whose roll has succeeded (reinforcements.ts). */
  called?: number[];
  ply: number;
  result: NeResult | null;
}

export const PERIODS_PER_TURN = 6;

export const sideIndex = (key: SideKey): Side => (key === 'red' ? 0 : 1);
export const sideKey = (s: NeGameState, side: Side): SideKey => s.table.sides[side].key;

// Units by id, per units array: a draft gets a new array (units are never added or removed, only changed in place),
// so an index built once serves every lookup on that state; the rules look units up constantly.
const indexes = new WeakMap<readonly NeUnit[], Map<string, NeUnit>>();

// Many arrays are asked once or twice only (a trial application's draft, a turned copy the AI prices): the first
// lookup on an array scans it, the second builds the index.
const scanned = new WeakSet<readonly NeUnit[]>();

export function unitById(s: NeGameState, id: string): NeUnit | undefined {
  let index = indexes.get(s.units);
  if (!index) {
    if (!scanned.has(s.units)) {
      scanned.add(s.units);
      for (const u of s.units) if (u.id === id) return u;
      return undefined;
    }
    index = new Map(s.units.map((u) => [u.id, u]));
    indexes.set(s.units, index);
  }
  return index.get(id);
}

/** On the table and able to act: not gone, not waiting to arrive. */
export const onTable = (u: NeUnit): boolean => u.status === 'table' || u.status === 'retreat' || u.status === 'silenced';
export const gone = (u: NeUnit): boolean => u.status === 'routed' || u.status === 'eliminated' || u.status === 'surrendered' || u.status === 'silenced';

// Every field of a record, optional ones included: a copier written against this type stops compiling when a field
// is added to the record and not to the copier, so no field is ever dropped silently.
type AllFields<T> = { [K in keyof Required<T>]: T[K] };

/**
 * A unit copied field by field: one object literal, so every copy has one shape (a spread of a 45-field record was
 * the largest single cost of applying an action), and the same key order as setup's, so states print the same.
 */
export function copyUnit(u: NeUnit): NeUnit {
  const c: AllFields<NeUnit> = {
    id: u.id,
    name: u.name,
    side: u.side,
    arm: u.arm,
    type: u.type,
    formationId: u.formationId,
    commander: u.commander,
    move: u.move,
    morale: u.morale,
    fire: u.fire,
    melee: u.melee,
    rifles: u.rifles,
    ranks: u.ranks,
    guard: u.guard,
    figures0: u.figures0,
    figures: u.figures,
    guns: u.guns,
    howitzers: u.howitzers,
    calibre: u.calibre,
    models: u.models,
    regimental: u.regimental,
    guardBattery: u.guardBattery,
    crewHits: u.crewHits,
    skirmishers: u.skirmishers,
    vp: u.vp,
    status: u.status,
    x: u.x,
    y: u.y,
    facing: u.facing,
    formation: u.formation,
    disordered: u.disordered,
    fatigue: u.fatigue,
    actionsUsed: u.actionsUsed,
    stand: u.stand,
    activated: u.activated,
    forceMarched: u.forceMarched,
    moraleCheck: u.moraleCheck,
    outOfCommand: u.outOfCommand,
    retreatActions: u.retreatActions,
    ammo: u.ammo,
    attachedLeader: u.attachedLeader,
  };
  return c;
}

/** Whether two copies of a unit agree in every field (all plain values; fast-paths.test.ts checks every field is here). */
export function sameUnit(a: NeUnit, b: NeUnit): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.side === b.side &&
    a.arm === b.arm &&
    a.type === b.type &&
    a.formationId === b.formationId &&
    a.commander === b.commander &&
    a.move === b.move &&
    a.morale === b.morale &&
    a.fire === b.fire &&
    a.melee === b.melee &&
    a.rifles === b.rifles &&
    a.ranks === b.ranks &&
    a.guard === b.guard &&
    a.figures0 === b.figures0 &&
    a.figures === b.figures &&
    a.guns === b.guns &&
    a.howitzers === b.howitzers &&
    a.calibre === b.calibre &&
    a.models === b.models &&
    a.regimental === b.regimental &&
    a.guardBattery === b.guardBattery &&
    a.crewHits === b.crewHits &&
    a.skirmishers === b.skirmishers &&
    a.vp === b.vp &&
    a.status === b.status &&
    a.x === b.x &&
    a.y === b.y &&
    a.facing === b.facing &&
    a.formation === b.formation &&
    a.disordered === b.disordered &&
    a.fatigue === b.fatigue &&
    a.actionsUsed === b.actionsUsed &&
    a.stand === b.stand &&
    a.activated === b.activated &&
    a.forceMarched === b.forceMarched &&
    a.moraleCheck === b.moraleCheck &&
    a.outOfCommand === b.outOfCommand &&
    a.retreatActions === b.retreatActions &&
    a.ammo === b.ammo &&
    a.attachedLeader === b.attachedLeader
  );
}

function copyLeader(l: NeLeader): NeLeader {
  const c: AllFields<NeLeader> = {
    id: l.id,
    name: l.name,
    side: l.side,
    echelon: l.echelon,
    formationId: l.formationId,
    superior: l.superior,
    x: l.x,
    y: l.y,
    moraleBonus: l.moraleBonus,
    meleeBonus: l.meleeBonus,
    commandRadius: l.commandRadius,
    initiative: l.initiative,
    misreadPenalty: l.misreadPenalty,
    attachedTo: l.attachedTo,
    status: l.status,
  };
  return c;
}

/** `declined` is shared: the rules replace it, never change it in place. */
function copyFlow(f: UnitFlow): UnitFlow {
  const c: AllFields<UnitFlow> = {
    used: f.used,
    forceMarched: f.forceMarched,
    started: f.started,
    ended: f.ended,
    stand: f.stand,
    charged: f.charged,
    usedBeforeCharge: f.usedBeforeCharge,
    locked: f.locked,
    morale: f.morale,
    outOfCommand: f.outOfCommand,
    closeAction: f.closeAction,
    counterTried: f.counterTried,
    declined: f.declined,
    reshaped: f.reshaped,
  };
  return c;
}

function sameFlow(a: UnitFlow, b: UnitFlow): boolean {
  return (
    a.used === b.used &&
    a.forceMarched === b.forceMarched &&
    a.started === b.started &&
    a.ended === b.ended &&
    a.stand === b.stand &&
    a.charged === b.charged &&
    a.usedBeforeCharge === b.usedBeforeCharge &&
    a.locked === b.locked &&
    a.morale === b.morale &&
    a.outOfCommand === b.outOfCommand &&
    a.closeAction === b.closeAction &&
    a.counterTried === b.counterTried &&
    a.declined === b.declined &&
    a.reshaped === b.reshaped
  );
}

/**
 * A copy deep enough to change. The table and objectives never change during a game; the order of movement, the
 * counter-charge offer and the threshold list are only ever replaced whole (sequence.ts returns new orders), so
 * they are shared; everything changed in place is copied.
 */
export function draft(s: NeGameState): NeGameState {
  const units = new Array<NeUnit>(s.units.length);
  for (let i = 0; i < units.length; i++) units[i] = copyUnit(s.units[i]!);
  const leaders = new Array<NeLeader>(s.leaders.length);
  for (let i = 0; i < leaders.length; i++) leaders[i] = copyLeader(s.leaders[i]!);
  const flow: Record<string, UnitFlow> = {};
  for (const k in s.flow) flow[k] = copyFlow(s.flow[k]!);
  // Typed with every field, so a field added to the state cannot be dropped here unnoticed. The special rules'
  // records are replaced whole by the rules that own them, never changed in place, so they are shared.
  const c: AllFields<NeGameState> = {
    table: s.table,
    units,
    leaders,
    flow,
    objectives: s.objectives,
    control: s.control.slice(),
    rng: [...s.rng],
    turn: s.turn,
    period: s.period,
    phase: s.phase,
    order: s.order,
    active: s.active,
    current: s.current,
    leadersDone: [s.leadersDone[0], s.leadersDone[1]],
    closeActions: s.closeActions.map((c) => ({ ...c })),
    counter: s.counter,
    threshold: s.threshold,
    carried: s.carried,
    smoke: s.smoke,
    smokeStreak: s.smokeStreak,
    refused: s.refused,
    flanks: s.flanks,
    outOfControl: s.outOfControl,
    orders: s.orders,
    resupply: s.resupply,
    buildings: s.buildings,
    influence: s.influence,
    called: s.called,
    ply: s.ply,
    result: s.result,
  };
  return c;
}

/**
 * After an action is applied to a draft: each unit, leader and flow record the action left as it was becomes the
 * state before's own object again, and a list nothing in changed the list before. A state never changes once
 * given out, so what is kept per unit or per list (the index below, the rules' measures) serves every state that
 * shares it, and the states a game leaves behind share most of their memory.
 */
export function settle(s: NeGameState, before: NeGameState): void {
  let same = s.units.length === before.units.length;
  for (let i = 0; i < s.units.length; i++) {
    const b = before.units[i];
    if (b && b.id === s.units[i]!.id && sameUnit(s.units[i]!, b)) s.units[i] = b;
    else same = false;
  }
  if (same) s.units = before.units;
  same = s.leaders.length === before.leaders.length;
  for (let i = 0; i < s.leaders.length; i++) {
    const b = before.leaders[i];
    if (b && b.id === s.leaders[i]!.id && sameLeader(s.leaders[i]!, b)) s.leaders[i] = b;
    else same = false;
  }
  if (same) s.leaders = before.leaders;
  same = true;
  let n = 0;
  for (const k in s.flow) {
    n++;
    const b = before.flow[k];
    if (b && sameFlow(s.flow[k]!, b)) s.flow[k] = b;
    else same = false;
  }
  for (const k in before.flow) if (!(k in s.flow)) same = false;
  if (same && n > 0) s.flow = before.flow;
}

function sameLeader(a: NeLeader, b: NeLeader): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.side === b.side &&
    a.echelon === b.echelon &&
    a.formationId === b.formationId &&
    a.superior === b.superior &&
    a.x === b.x &&
    a.y === b.y &&
    a.moraleBonus === b.moraleBonus &&
    a.meleeBonus === b.meleeBonus &&
    a.commandRadius === b.commandRadius &&
    a.initiative === b.initiative &&
    a.misreadPenalty === b.misreadPenalty &&
    a.attachedTo === b.attachedTo &&
    a.status === b.status
  );
}

/** The model's per-period fields mirror the flow, so the model's own functions see the same counters. */
export function syncFlow(s: NeGameState, id: string): void {
  const u = unitById(s, id);
  const f = s.flow[id];
  if (!u || !f) return;
  u.actionsUsed = f.used;
  u.stand = f.stand;
  u.activated = f.started;
  u.forceMarched = f.forceMarched;
  u.moraleCheck = f.morale;
  u.outOfCommand = f.outOfCommand;
}

/** What applying one action did: events and every die, in order. */
export interface Step {
  events: GameEvent[];
  rolls: number[];
}
