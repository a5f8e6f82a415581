// The seam between what every engine shares (the protocol session, the CLI, batch simulation) and one rule system's
// rules. A system implements RulesEngine in an adapter beside its rules (square-eagles/engine.ts) and is listed in
// registry.ts; nothing outside the adapter names the system's modules.
//
// State and Action are the system's own types: the session keeps them opaque and hands them back to the engine that
// made them. Methods, not function-typed fields, so an engine of its own types is also a RulesEngine<unknown, …>
// the registry can hold.
import type {
  DecidedByRow,
  EngineAction,
  Explanation,
  ExplanationExtra,
  GameEvent,
  GameResult,
  GameSummary,
  PlayerKind,
  RuleSystemId,
  SideInfo,
  SideKey,
  SimulationSummary,
  SystemView,
  UnitLoss,
} from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';

/** What applying an action (or setting up) did: the new state, what happened, and every die in order. */
export interface Applied<State> {
  state: State;
  events: GameEvent[];
  rolls: number[];
}

/** Chooses an action for the side to act; may keep plans between calls, so one player serves one game. */
export interface Player<State, Action> {
  readonly kind: PlayerKind;
  choose(state: State): Action;
}

/** A game's result without its structured deciding condition, as the log and batch games keep it. */
export type Outcome = Omit<GameResult, 'decidedBy'>;

/** The position fields of a summary; the session adds who sits in the seat to act. */
export type Position = Omit<GameSummary, 'seat'>;

/** The rules refused an action; the message says why, for the user. */
export class IllegalActionError extends Error {}

/** A log that cannot be read or does not replay; the message names the line. */
export class LogError extends Error {}

/** The header's settings, as read: checked by the session, which knows seeds and seats. */
export interface LogHeaderInfo {
  scenario: string;
  seed: unknown;
  options?: unknown;
  players?: unknown;
}

/** One action's line in a log, and the ply record open-log lists. */
export interface LoggedAction<Action> {
  type: 'action';
  ply: number;
  turn: number;
  phase: string;
  side: string;
  action: Action;
  rolls: number[];
}

export interface ReplayedLog<State, Action> {
  start: Applied<State>;
  state: State;
  /** The log's result line, when it has one. */
  result: { winner?: unknown; turns?: unknown; vp?: { red?: unknown; blue?: unknown } } | null;
  /** Every action line, with the state before it and what it did. */
  actions: { line: LoggedAction<Action>; before: State; out: Applied<State> }[];
}

export interface BatchSetup {
  scenario: Scenario;
  seed: number;
  red: PlayerKind;
  blue: PlayerKind;
}

/** One game of a batch, plain data so a worker thread can post it back. */
export interface BatchGame {
  result: Outcome;
  /** Per side, what each unit type of its army lost. */
  losses: Record<SideKey, Record<string, UnitLoss>>;
}

export type ExplainKind = 'fire' | 'assault';

export type ExplainAnswer =
  | { ok: true; explanation: Explanation; extra: ExplanationExtra }
  /** A unit named is not in the game at all: a mistake in the question, not an answer. */
  | { ok: false; missing: string };

export interface ExplainQuery {
  kind: ExplainKind;
  unit: string;
  target: string;
  /** Other formations joining the assault, where the rules let several attack together (Hex Skirmish). */
  with?: readonly string[];
  /** Assume what `adc explain` assumes from the set-up: the order the action needs, nobody moved. */
  assume: boolean;
  /** Price a fire as the decision pending in `state` would roll it (a game's position, not the set-up). */
  asPending: boolean;
  /** Actions spent on the fire (Napoleon's Eagles: one or two a period); absent means one. */
  actions?: 1 | 2;
}

/** How the engine describes a game's sides and units, for `loaded` and the state view. */
export interface Roster {
  title: string;
  turns: number;
  sides: (SideInfo & { units: { id: string; name: string; type: string }[] })[];
}

export interface RulesEngine<State = unknown, Action = unknown, Tally = unknown> {
  readonly system: RuleSystemId;
  /** The optional rules a game may switch on or off. */
  readonly optionKeys: readonly string[];

  /** Why this engine cannot play the scenario, in a sentence, or null. The scenario is already valid. */
  playableProblem(scenario: Scenario): string | null;
  /** Sets up a game: deterministic in the scenario, seed and options. Throws when the scenario cannot be set up. */
  start(scenario: Scenario, seed: number, options?: Readonly<Record<string, boolean>>): Applied<State>;
  roster(state: State): Roster;
  position(state: State): Position;
  /** The system's part of the `state` reply. */
  view(state: State): SystemView;
  /** The side that decides now; null once the game is over. */
  toAct(state: State): SideKey | null;
  hasUnit(state: State, unit: string): boolean;

  /** Every legal action of the side to act, or only those of `unit`. */
  legalActions(state: State, unit?: string): Action[];
  /** Box → movement spent to reach it, by the cheapest of the unit's listed moves; {} when it has none. */
  reachCosts(state: State, unit: string, actions: readonly Action[]): Record<string, number>;
  /**
   * Open-table systems only: the polygons (table inches) the unit can reach with its next movement action, for the
   * play view to shade. A gridded system lists its destinations instead (reachCosts) and leaves this out.
   */
  reachArea?(state: State, unit: string): [number, number][][];
  /** Applies an action. Throws IllegalActionError when the rules refuse it; the state given is never changed. */
  apply(state: State, action: Action): Applied<State>;
  /** A player of `kind` for `side` of a game of `seed`, seeded as `adc play` seeds it. */
  player(kind: PlayerKind, seed: number, side: SideKey): Player<State, Action>;

  explain(state: State, query: ExplainQuery): ExplainAnswer;

  result(state: State): GameResult;
  victoryPoints(state: State): { red: number; blue: number };

  /** The log's header line, as JSON text. */
  logHeader(scenario: Scenario, seed: number, settings: { options?: Readonly<Record<string, boolean>>; players?: { red: string; blue: string } }, rolls: number[]): string;
  logAction(before: State, action: Action, out: Applied<State>): LoggedAction<Action>;
  /** The log's last line for a finished game, as JSON text. */
  logResult(result: GameResult): string;
  /** Reads a log's header; throws LogError when the text is not this system's log. */
  readLogHeader(text: string): LogHeaderInfo;
  /** Replays a log from its seed, checking every line's dice; throws LogError naming the line that does not fit. */
  replayLog(scenario: Scenario, text: string): ReplayedLog<State, Action>;

  /** Game `index` of a batch, seeded from (seed, index) alone so the split over workers cannot change it. */
  playBatchGame(setup: BatchSetup, index: number): BatchGame;
  emptyTally(): Tally;
  /** Adds a game to the running totals; games must be added in index order. */
  addGame(tally: Tally, game: BatchGame): Tally;
  summarise(tally: Tally, seconds: number): SimulationSummary;
  decidedBy(tally: Tally, scenario: Scenario): DecidedByRow[];
}

/** Any engine, of whatever state and action types: what the registry holds and the session drives. */
export type AnyRulesEngine = RulesEngine<unknown, unknown, unknown>;

/** Actions cross the wire as the protocol's action objects; an engine's own action type stands for one. */
export type WireAction = EngineAction;
