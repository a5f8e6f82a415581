// The game state and actions of the Square Eagles engine. Everything is plain JSON: a state can be saved, sent to
// another process and compared with `JSON.stringify`.
import type { VictoryCondition } from '../../domain/model.js';
import type { RngState } from '../dice.js';
import type { Board, Facing } from './board.js';
import type { SquareEaglesAction } from '../../domain/engine-protocol.js';

export type SeType = 'Infantry' | 'Lights' | 'Cavalry' | 'Heavy Cavalry' | 'Guns' | 'Horse Guns';
export type Formation = 'line' | 'column' | 'square';
export type SideIndex = 0 | 1;
export type SideKey = 'red' | 'blue';

// Traits as bits (file-format.md "square-eagles" traits).
export const TR = {
  'light-rifles': 1,
  'limited-skirmishers': 2,
  militia: 4,
  impetuous: 8,
  'medium-battery': 16,
  'low-supplies': 32,
  resolute: 64,
  stubborn: 128,
  guard: 256,
  sluggish: 512,
  veterans: 1024,
} as const;
export type TraitName = keyof typeof TR;

// What a unit did this turn, as bits.
export const DID_MOVE = 1;
export const DID_MARCH = 2;
export const DID_MANEUVER = 4;
export const DID_BOMBARD = 8;
export const DID_ASSAULT = 16;
export const DID_RALLY = 32;
/** Fired in the fire phase (each unit fires once there). */
export const DID_FIRE = 64;
/** Retreated or withdrew: not a move of its own, so it does not stop guns firing. */
export const DID_RETREAT = 128;
export const MOVED = DID_MOVE | DID_MARCH | DID_MANEUVER;

export type UnitStatus = 'reserve' | 'table' | 'eliminated' | 'exited';

export interface UnitState {
  id: string;
  name: string;
  side: SideIndex;
  type: SeType;
  sp: number;
  hits: number;
  traits: number;
  vp: number;
  status: UnitStatus;
  /** Box index, -1 when not on the table. */
  cell: number;
  facing: Facing;
  formation: Formation | null;
  /** Orders held this turn (a General's attachment counts as one) and how many were used. */
  orders: number;
  used: number;
  did: number;
  /** Resupply Guns option: false after a 1 on the resupply die, until a Bombardment action. */
  supplied: boolean;
}

export interface GeneralState {
  id: string;
  name: string;
  side: SideIndex;
  /** Indices of the units he commands. */
  commands: number[];
  /** The unit he is with, or -1. */
  unit: number;
  status: 'reserve' | 'table' | 'removed';
  /** Turn in which he was removed with his unit; he returns in the Removal phase of the next turn. */
  removedTurn: number;
  excellentStaff: boolean;
  division: boolean;
  /**
   * Orders phase: this turn's die and pips left (the die plus the saved pips), and the pips saved by Excellent Staff
   * in earlier turns, which stay saved until spent (this turn's pips are spent first).
   */
  roll: number;
  pips: number;
  banked: number;
  /** Whether he has been placed with a unit this Orders phase. */
  placed: boolean;
}

export interface PendingReinforcement {
  side: SideIndex;
  units: number[];
  turn: number | null;
  roll: { from: number; need: number } | null;
  entry: number[];
  /** Facing of units entering here. */
  facing: Facing;
  arrived: boolean;
}

/** The decision the engine waits for, and whose it is. */
export type Pending =
  | { kind: 'orders'; side: SideIndex }
  | { kind: 'actions'; side: SideIndex }
  | { kind: 'fire'; side: SideIndex }
  /** Defend! option: the side may spend orders to fire after an enemy action. */
  | { kind: 'defend'; side: SideIndex; resume: SideIndex }
  /** An assaulted unit with an unused order chooses how to spend it (3.iv Assault f.3). */
  | { kind: 'assault-defence'; side: SideIndex; attacker: number; defender: number; attackerCell: number }
  /** A winning assaulter advances, turns or stays (3.iv Assault, last line). */
  | { kind: 'assault-win'; side: SideIndex; unit: number; loser: number }
  | { kind: 'over'; side: SideIndex };

export type Phase = 'orders' | 'actions' | 'fire' | 'over';

export interface ObjectiveControl {
  id: string;
  holder: number;
}

export interface GameMeta {
  scenarioId: string;
  title: string;
  sides: [{ id: string; key: SideKey; name: string }, { id: string; key: SideKey; name: string }];
  limit: number;
  first: SideIndex;
  victory: VictoryCondition[];
  seed: number;
}

export interface GameState {
  v: 1;
  meta: GameMeta;
  board: Board;
  turn: number;
  phase: Phase;
  /** 0 while the side with the Initiative is acting or firing, 1 for the reacting side. */
  half: 0 | 1;
  initiative: SideIndex;
  pending: Pending;
  units: UnitState[];
  generals: GeneralState[];
  reinforcements: PendingReinforcement[];
  control: ObjectiveControl[];
  rng: RngState;
  /** Actions applied so far. */
  ply: number;
  /** Set when the game ends: which victory condition decided it (index), or -1 for none. */
  outcome: { winner: SideIndex | -1; reason: string; condition: number } | null;
}

/** The actions of Square Eagles, as the protocol carries them (domain/engine-protocol.ts). */
export type Action = SquareEaglesAction;

export interface GameEvent {
  type: string;
  [key: string]: unknown;
}

/**
 * Where the rules write what happened, or null when nobody will read it: batch games need results, not prose, and
 * `ev?.push({...})` then builds no event at all (the optional call skips evaluating its argument).
 */
export type EventLog = GameEvent[] | null;

export interface Modifier {
  reason: string;
  dice: number;
}

/** Field by field: much faster than a spread for the thousands of copies a batch of games makes. */
export function cloneUnit(u: UnitState): UnitState {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    type: u.type,
    sp: u.sp,
    hits: u.hits,
    traits: u.traits,
    vp: u.vp,
    status: u.status,
    cell: u.cell,
    facing: u.facing,
    formation: u.formation,
    orders: u.orders,
    used: u.used,
    did: u.did,
    supplied: u.supplied,
  };
}

/** Field by field in set-up's order (setup.ts), which keeps the JSON a spread gave; `commands` is never changed. */
function cloneGeneral(g: GeneralState): GeneralState {
  return {
    id: g.id,
    name: g.name,
    side: g.side,
    commands: g.commands,
    unit: g.unit,
    status: g.status,
    removedTurn: g.removedTurn,
    excellentStaff: g.excellentStaff,
    division: g.division,
    roll: g.roll,
    pips: g.pips,
    banked: g.banked,
    placed: g.placed,
  };
}

/** The same for a reinforcement; its lists of units and entry boxes are never changed. */
function cloneReinforcement(r: PendingReinforcement): PendingReinforcement {
  return { side: r.side, units: r.units, turn: r.turn, roll: r.roll, entry: r.entry, facing: r.facing, arrived: r.arrived };
}

/**
 * A copy of `s` that shares nothing it may change with it; with `share`, one whose units, Generals, reinforcements and
 * objectives' holders are still `s`'s own (draftState), to be copied on first change (editUnit, editGeneral, ...).
 */
export function cloneState(s: GameState, share = false): GameState {
  // Loops rather than map and spreads: a batch copies the state once per action, and these allocate nothing else.
  // Shared, the units array is still a copy: editUnit puts its copies of units into it.
  const units = share ? s.units.slice() : new Array<UnitState>(s.units.length);
  let generals = s.generals;
  let reinforcements = s.reinforcements;
  let control = s.control;
  if (!share) {
    for (let i = 0; i < units.length; i++) units[i] = cloneUnit(s.units[i]!);
    generals = copyGenerals(s.generals);
    reinforcements = new Array<PendingReinforcement>(s.reinforcements.length);
    for (let i = 0; i < reinforcements.length; i++) reinforcements[i] = cloneReinforcement(s.reinforcements[i]!);
    control = copyControl(s.control);
  }
  return {
    v: 1,
    meta: s.meta,
    board: s.board,
    turn: s.turn,
    phase: s.phase,
    half: s.half,
    initiative: s.initiative,
    // Never changed in place, only replaced: shared.
    pending: s.pending,
    units,
    generals,
    reinforcements,
    control,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    ply: s.ply,
    outcome: s.outcome,
  };
}

function copyGenerals(list: readonly GeneralState[]): GeneralState[] {
  const out = new Array<GeneralState>(list.length);
  for (let i = 0; i < out.length; i++) out[i] = cloneGeneral(list[i]!);
  return out;
}

function copyControl(list: readonly ObjectiveControl[]): ObjectiveControl[] {
  const out = new Array<ObjectiveControl>(list.length);
  for (let i = 0; i < out.length; i++) out[i] = { id: list[i]!.id, holder: list[i]!.holder };
  return out;
}

// The draft an action is being applied to, and which of its units are its own: unit i is where `ownedAt[i]` holds this
// draft's stamp; its Generals, reinforcements and objectives' holders are its own once the flags below say so. One at a
// time: applying an action never applies another inside it.
let draft: GameState | null = null;
// Every call of editUnit, counted: a context made on a state stays true of it while the count stands (turn.ts).
let unitEdits = 0;
/** How many times editUnit has been called in this process. */
export const unitEditCount = (): number => unitEdits;
let ownedAt = new Int32Array(0);
let stamp = 0;
let ownGenerals = false;
let ownReinforcements = false;
let ownControl = false;

/**
 * A copy of `s` to apply an action to. It shares every unit with `s` until `editUnit` copies one to change it: an
 * action changes one or two of a dozen units, and copying them all was a tenth of a random game. The Generals, the
 * reinforcements and the objectives' holders are shared the same way, each list copied whole on its first change
 * (editGenerals, editReinforcements, editControl): most actions change none of them. `settleDraft` ends the draft.
 */
export function draftState(s: GameState): GameState {
  const d = cloneState(s, true);
  if (ownedAt.length < s.units.length) ownedAt = new Int32Array(Math.max(16, 2 * s.units.length));
  if (++stamp === 0x7fffffff) {
    ownedAt.fill(0);
    stamp = 1;
  }
  ownGenerals = false;
  ownReinforcements = false;
  ownControl = false;
  draft = d;
  return d;
}

/**
 * Unit `ui` of `s`, to be changed: in a draft, a unit still shared with the state it was drafted from is copied
 * first; in any other state (a new game being set up, a copy of one's own) it is the unit itself. Every change to a
 * unit goes through here, and a reference taken before a change made elsewhere is stale after it.
 */
export function editUnit(s: GameState, ui: number): UnitState {
  unitEdits++;
  if (s === draft && ownedAt[ui] !== stamp) {
    ownedAt[ui] = stamp;
    s.units[ui] = cloneUnit(s.units[ui]!);
  }
  return s.units[ui]!;
}

/** The Generals of `s`, to be changed (as editUnit): a General read from the list before this call is stale after it. */
export function editGenerals(s: GameState): GeneralState[] {
  if (s === draft && !ownGenerals) {
    ownGenerals = true;
    s.generals = copyGenerals(s.generals);
  }
  return s.generals;
}

/** The reinforcements of `s`, to be changed (as editGenerals). */
export function editReinforcements(s: GameState): PendingReinforcement[] {
  if (s === draft && !ownReinforcements) {
    ownReinforcements = true;
    const list = new Array<PendingReinforcement>(s.reinforcements.length);
    for (let i = 0; i < list.length; i++) list[i] = cloneReinforcement(s.reinforcements[i]!);
    s.reinforcements = list;
  }
  return s.reinforcements;
}

/** The objectives' holders of `s`, to be changed (as editGenerals). */
export function editControl(s: GameState): ObjectiveControl[] {
  if (s === draft && !ownControl) {
    ownControl = true;
    s.control = copyControl(s.control);
  }
  return s.control;
}

/** The draft is done, or abandoned: `s` is a state like any other, never to be changed again. */
export function settleDraft(s: GameState): void {
  if (draft === s) draft = null;
}

export const other = (side: SideIndex): SideIndex => (side === 0 ? 1 : 0);
export const hasTrait = (u: UnitState, t: TraitName): boolean => (u.traits & TR[t]) !== 0;
export const isCavalry = (u: UnitState): boolean => u.type === 'Cavalry' || u.type === 'Heavy Cavalry';
export const isGuns = (u: UnitState): boolean => u.type === 'Guns' || u.type === 'Horse Guns';
export const isFoot = (u: UnitState): boolean => u.type === 'Infantry' || u.type === 'Lights';
export const onTable = (u: UnitState): boolean => u.status === 'table';
/** A unit whose hits have reached its SP: it stays on the table until the Removal phase (rule 5). */
export const isSpent = (u: UnitState): boolean => u.hits >= u.sp;
export const unusedOrders = (u: UnitState): number => (u.orders > u.used ? u.orders - u.used : 0);
export const unitIndexOf = (s: GameState, id: string): number => s.units.findIndex((u) => u.id === id);

export function sideIndexOf(s: GameState, id: string | undefined): SideIndex | -1 {
  if (id === s.meta.sides[0].id) return 0;
  if (id === s.meta.sides[1].id) return 1;
  return -1;
}
