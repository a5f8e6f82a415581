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
  ply: number;
  result: NeResult | null;
}

export const PERIODS_PER_TURN = 6;

export const sideIndex = (key: SideKey): Side => (key === 'red' ? 0 : 1);
export const sideKey = (s: NeGameState, side: Side): SideKey => s.table.sides[side].key;

// Units by id, per units array: a draft gets a new array (units are never added or removed, only changed in place),
// so an index built once serves every lookup on that state; the rules look units up constantly.
const indexes = new WeakMap<readonly NeUnit[], Map<string, NeUnit>>();

export function unitById(s: NeGameState, id: string): NeUnit | undefined {
  let index = indexes.get(s.units);
  if (!index) {
    index = new Map(s.units.map((u) => [u.id, u]));
    indexes.set(s.units, index);
  }
  return index.get(id);
}

/** On the table and able to act: not gone, not waiting to arrive. */
export const onTable = (u: NeUnit): boolean => u.status === 'table' || u.status === 'retreat' || u.status === 'silenced';
export const gone = (u: NeUnit): boolean => u.status === 'routed' || u.status === 'eliminated' || u.status === 'surrendered' || u.status === 'silenced';

/** A shallow copy deep enough to change: the table never changes during a game and is shared. */
export function draft(s: NeGameState): NeGameState {
  return {
    ...s,
    units: s.units.map((u) => ({ ...u })),
    leaders: s.leaders.map((l) => ({ ...l })),
    flow: Object.fromEntries(Object.entries(s.flow).map(([k, f]) => [k, { ...f }])),
    control: [...s.control],
    rng: [...s.rng],
    order: { ...s.order, points: [...s.order.points], bids: [...s.order.bids], moved: [...s.order.moved] },
    leadersDone: [...s.leadersDone],
    closeActions: s.closeActions.map((c) => ({ ...c })),
    counter: s.counter ? { ...s.counter, cavalry: [...s.counter.cavalry] } : null,
    threshold: [...s.threshold],
  };
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
