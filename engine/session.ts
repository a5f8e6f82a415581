// The engine's side of the protocol (docs/engine-protocol.md): the handshake, and the game messages that load
// scenarios, play games kept by id and run simulations. No I/O: one line in, messages out, and node/engine-main.ts
// owns the streams. A simulation is not played inside handleLine: it is queued, and the loop plays it a game at a
// time through runWork() between lines, so a ping is answered within one game however long the batch.
//
// Sessions are values: every step returns a new one and leaves the old one alone, with one exception. A game's AI
// players keep their plans from one move to the next (as in `adc play`, so the AI the user meets is the one
// `simulate` measured), so a session must not be stepped twice from the same value.
//
// A game keeps every action played (its plies) and a position among them. Seeking moves the position without
// forgetting the later plies, so a replay can be scrubbed both ways; acting anywhere but at the end drops them, as an
// editor drops its redo list. Earlier positions are rebuilt by replaying from the seed, not kept as snapshots.
import type {
  ActedReply,
  CancelledReply,
  ClosedReply,
  ExplanationReply,
  GameReply,
  GameResult,
  GameSummary,
  CheckedReply,
  LegalActionsReply,
  LoadedReply,
  LogReply,
  PlayerKind,
  PlyRecord,
  PositionReply,
  ProgressEvent,
  Seat,
  SideKey,
  SimulationReply,
  StateReply,
  UndoneReply,
  GameEvent,
  EngineAction,
} from '../domain/engine-protocol.js';
import { loadDocument, parseDocument, type LoadResult } from '../domain/document.js';
import type { Scenario } from '../domain/model.js';
import { hasErrors } from '../domain/problems.js';
import { validateDocument } from '../domain/validate.js';
import {
  ENGINE_NAME,
  errorReply,
  isPlainObject,
  parseRequestLine,
  PROTOCOL_VERSION,
  type ErrorMessage,
  type Message,
  type ProtocolErrorCode,
  type ReadyReply,
} from './protocol.js';
import { engineFor, PLAYABLE_SYSTEMS, unsupportedSystemMessage } from './registry.js';
import { IllegalActionError, LogError, type AnyRulesEngine, type BatchGame, type BatchSetup, type LoggedAction, type Player } from './rules-engine.js';

export type { GameSummary, Seat } from '../domain/engine-protocol.js';

const PLAYER_KINDS: readonly PlayerKind[] = ['ai', 'random'];

/** Games kept at once; a host that needs more should close finished ones. */
export const MAX_GAMES = 100;
export const MAX_SIMULATION_GAMES = 1_000_000;
/** Problems listed in an invalid-scenario error; the first ones are what a user fixes first anyway. */
const MAX_PROBLEMS_LISTED = 50;

const SEATS: readonly Seat[] = ['human', ...PLAYER_KINDS];

/** Who chose an action, and for which seat, so undo can find the last human move. */
interface Move {
  by: 'human' | PlayerKind;
  seat: Seat;
}

/** One recorded action: its line in the log, the events it produced (for a replay's readable log), who chose it. */
interface Ply {
  readonly line: LoggedAction<unknown>;
  readonly events: readonly GameEvent[];
  readonly move: Move;
}

type Bots = Record<SideKey, Player<unknown, unknown>>;
type Options = Readonly<Record<string, boolean>>;

interface Game {
  readonly id: string;
  readonly scenario: Scenario;
  /** The scenario's rule system's engine: the game's state is its own, opaque here. */
  readonly engine: AnyRulesEngine;
  readonly seed: number;
  readonly options: Options | undefined;
  readonly seats: Readonly<Record<SideKey, Seat>>;
  /** Chooses for its side on ai-move: the seat's own kind, or the AI as an adviser for a human seat. */
  readonly bots: Readonly<Bots>;
  /** The position: the state after the first `at` plies. */
  readonly state: unknown;
  readonly at: number;
  /** The log's header line. */
  readonly header: string;
  /** Every action recorded, those after the position included. */
  readonly plies: readonly Ply[];
  /** The result once the last recorded ply ended the game, for the log's result line wherever the position is. */
  readonly final: GameResult | null;
}

interface SimulationJob {
  readonly request: string;
  readonly scenario: string;
  readonly engine: AnyRulesEngine;
  readonly setup: BatchSetup;
  readonly total: number;
  readonly every: number;
  /** Games played so far, and the engine's running totals of them. */
  readonly done: number;
  readonly tally: unknown;
  readonly started: number;
}

export interface SessionState {
  /** The program version `ready` reports; the engine has no file access to read it itself. */
  readonly version: string;
  /** Whether a hello was answered with ready. Game requests wait for it. */
  readonly greeted: boolean;
  readonly scenarios: ReadonlyMap<string, Scenario>;
  /** The scenario requests use when they name none. */
  readonly lastScenario: string | null;
  readonly games: ReadonlyMap<string, Game>;
  readonly gameCounter: number;
  /** Simulations waiting for runWork, played in turn a game at a time. */
  readonly jobs: readonly SimulationJob[];
  /** A clock for the `seconds` of a simulation only; nothing the rules do depends on it. */
  readonly now: () => number;
}

export interface SessionStep {
  state: SessionState;
  /** Messages to write, in order, one line each. */
  out: Message[];
  /** True once the host asked to quit: write `out`, then exit with status 0. */
  quit: boolean;
}

export interface SessionOptions {
  now?: () => number;
}

export function createSession(version: string, options: SessionOptions = {}): SessionState {
  return {
    version,
    greeted: false,
    scenarios: new Map(),
    lastScenario: null,
    games: new Map(),
    gameCounter: 0,
    jobs: [],
    now: options.now ?? (() => 0),
  };
}

/**
 * The current state of a game, in its engine's own type, for tests and diagnostics; the protocol's `state` request
 * gives the drawing view.
 */
export function gameStateOf(state: SessionState, game: string): unknown {
  return state.games.get(game)?.state;
}

/** A request the engine refuses: thrown inside a handler, turned into an error reply by handleLine. */
class Refusal extends Error {
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Request = Message & { id: string };
type Handled = { state: SessionState; out: Message[] };

export function handleLine(line: string, state: SessionState): SessionStep {
  const parsed = parseRequestLine(line);
  if (parsed.kind === 'blank') return { state, out: [], quit: false };
  if (parsed.kind === 'invalid') return { state, out: [parsed.error], quit: false };
  const { message } = parsed;
  if (message.type === 'quit') return { state, out: [], quit: true };
  // parseRequestLine only lets an id-less message through for quit.
  const request = { ...message, id: parsed.id! };
  try {
    return { ...dispatch(request, state), quit: false };
  } catch (err) {
    const error: ErrorMessage =
      err instanceof Refusal
        ? { ...errorReply(request.id, err.code, err.message), ...err.extra }
        : errorReply(request.id, 'internal-error', `The engine failed on this request (${err instanceof Error ? err.message : String(err)}).`);
    return { state, out: [error], quit: false };
  }
}

function dispatch(req: Request, state: SessionState): Handled {
  switch (req.type) {
    case 'hello':
      return hello(req, state);
    case 'ping':
      return { state, out: [{ re: req.id, type: 'pong' }] };
  }
  // A Map, not an object: a type named after an Object.prototype member ("constructor", "__proto__") must find
  // nothing rather than an inherited function.
  const handler = HANDLERS.get(req.type);
  if (!handler) throw new Refusal('unknown-request', `This engine does not know the request "${req.type}".`);
  if (!state.greeted) throw new Refusal('not-ready', `"${req.type}" must wait for the hello handshake.`);
  return handler(req, state);
}

function hello(req: Request, state: SessionState): Handled {
  if (req.protocol !== PROTOCOL_VERSION) {
    throw new Refusal('unsupported-protocol', `This engine speaks protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(req.protocol ?? null)}.`);
  }
  const ready: ReadyReply = {
    re: req.id,
    type: 'ready',
    protocol: PROTOCOL_VERSION,
    engine: ENGINE_NAME,
    version: state.version,
    rules: [...PLAYABLE_SYSTEMS],
  };
  return { state: { ...state, greeted: true }, out: [ready] };
}

const HANDLERS: ReadonlyMap<string, (req: Request, state: SessionState) => Handled> = new Map(Object.entries({
  load,
  'new-game': newGameRequest,
  state: stateRequest,
  'legal-actions': legalActionsRequest,
  act,
  check,
  'ai-move': aiMove,
  explain,
  log: logRequest,
  undo,
  'close-game': closeGame,
  'open-log': openLog,
  seek,
  simulate,
  cancel,
}));

// ---- Reading fields -----------------------------------------------------------------------------------------

function optionalString(req: Request, field: string): string | undefined {
  const v = req[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw new Refusal('bad-argument', `"${field}" must be a non-empty string.`);
  return v;
}

function requiredString(req: Request, field: string): string {
  const v = optionalString(req, field);
  if (v === undefined) throw new Refusal('bad-argument', `"${req.type}" needs "${field}".`);
  return v;
}

function wholeNumber(req: Request, field: string, fallback: number, min: number, max: number): number {
  const v = req[field];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new Refusal('bad-argument', `"${field}" must be a whole number from ${min} to ${max}.`);
  }
  return v;
}

const seedOf = (req: Request): number => wholeNumber(req, 'seed', 1, 0, Number.MAX_SAFE_INTEGER);

function scenarioOf(req: Request, state: SessionState): Scenario {
  const id = optionalString(req, 'scenario') ?? state.lastScenario;
  if (id === null) throw new Refusal('unknown-scenario', 'No scenario is loaded; send "load" first.');
  const scenario = state.scenarios.get(id);
  if (!scenario) throw new Refusal('unknown-scenario', `No scenario "${id}" is loaded.`);
  return scenario;
}

function gameOf(req: Request, state: SessionState): Game {
  const id = requiredString(req, 'game');
  const game = state.games.get(id);
  if (!game) throw new Refusal('unknown-game', `There is no game "${id}".`);
  return game;
}

/** The engine of a loaded scenario's system; load keeps no scenario without one. */
function engineOf(scenario: Scenario): AnyRulesEngine {
  const engine = engineFor(scenario.ruleSystem);
  if (!engine) throw new Refusal('unsupported-rules', unsupportedSystemMessage(scenario.ruleSystem));
  return engine;
}

/** Rule options as a request (or a log's header, refused with `code`) gives them, checked against the engine's. */
function readOptions(engine: AnyRulesEngine, v: unknown, code: ProtocolErrorCode = 'bad-argument'): Options | undefined {
  if (v === undefined) return undefined;
  if (!isPlainObject(v)) throw new Refusal(code, '"options" must be an object of optional rules switched on or off.');
  const out: Record<string, boolean> = {};
  for (const [k, on] of Object.entries(v)) {
    if (!engine.optionKeys.includes(k)) throw new Refusal(code, `"${k}" is not an optional rule; the options are ${engine.optionKeys.join(', ')}.`);
    if (typeof on !== 'boolean') throw new Refusal(code, `The option "${k}" must be true or false.`);
    out[k] = on;
  }
  return out;
}

const withGame = (state: SessionState, game: Game): SessionState => ({ ...state, games: new Map(state.games).set(game.id, game) });

/** The side to act in a game that is not over. */
function sideToAct(game: Pick<Game, 'engine'>, s: unknown): SideKey {
  const side = game.engine.toAct(s);
  if (side === null) throw new Error('no side is to act in a finished game');
  return side;
}

// ---- load ----------------------------------------------------------------------------------------------------

type ProblemLike = { severity: string; path: string; message: string };

function invalidScenario(message: string, problems: readonly ProblemLike[]): never {
  throw new Refusal('invalid-scenario', message, {
    problems: problems.slice(0, MAX_PROBLEMS_LISTED).map((p) => ({ severity: p.severity, path: p.path, message: p.message })),
  });
}

function load(req: Request, state: SessionState): Handled {
  let loaded: LoadResult;
  if (typeof req.text === 'string') loaded = parseDocument(req.text);
  else if (isPlainObject(req.scenario)) loaded = loadDocument(req.scenario);
  else throw new Refusal('bad-argument', '"load" needs "scenario" (the document as JSON) or "text" (the file\'s text).');
  if (!loaded.ok) invalidScenario('The document cannot be loaded.', loaded.problems);
  const doc = loaded.document;
  if (doc.type !== 'aide-de-camp/scenario') {
    invalidScenario('The document is an army list; the engine plays scenarios.', [{ severity: 'error', path: '/type', message: 'expected "aide-de-camp/scenario"' }]);
  }
  const scenario = doc;
  const engine = engineFor(scenario.ruleSystem);
  if (!engine) throw new Refusal('unsupported-rules', unsupportedSystemMessage(scenario.ruleSystem));
  const problems = validateDocument(scenario);
  if (hasErrors(problems)) {
    const errors = problems.filter((p) => p.severity === 'error');
    invalidScenario(`The scenario has ${errors.length} error${errors.length === 1 ? '' : 's'}; the first: ${errors[0]!.path || '/'} ${errors[0]!.message}`, errors);
  }
  const unplayable = engine.playableProblem(scenario);
  if (unplayable) throw new Refusal('unsupported-rules', unplayable);
  let setUp: unknown;
  try {
    setUp = engine.start(scenario, 0).state;
  } catch (err) {
    invalidScenario(`The scenario cannot be set up: ${(err as Error).message}`, [{ severity: 'error', path: '', message: (err as Error).message }]);
  }
  const roster = engine.roster(setUp);
  const reply = {
    re: req.id,
    type: 'loaded',
    scenario: scenario.id,
    title: scenario.title,
    ruleSystem: scenario.ruleSystem,
    turns: roster.turns,
    sides: roster.sides,
    notes: loaded.notes,
    warnings: problems.filter((p) => p.severity === 'warning').slice(0, MAX_PROBLEMS_LISTED).map((p) => ({ path: p.path, message: p.message })),
  } satisfies LoadedReply;
  return {
    state: { ...state, scenarios: new Map(state.scenarios).set(scenario.id, scenario), lastScenario: scenario.id },
    out: [reply],
  };
}

// ---- Games -----------------------------------------------------------------------------------------------------

function seatsOf(req: Request, engine: AnyRulesEngine, s: unknown): Record<SideKey, Seat> {
  const seats: Record<SideKey, Seat> = { red: 'human', blue: 'human' };
  const v = req.players;
  if (v === undefined) return seats;
  if (!isPlainObject(v)) throw new Refusal('bad-argument', '"players" must map each side to human, ai or random.');
  const sides = engine.roster(s).sides;
  for (const [side, seat] of Object.entries(v)) {
    // A side may be named by its key or by its id in the scenario.
    const found = sides.find((x) => x.key === side || x.id === side);
    if (!found) throw new Refusal('bad-argument', `"${side}" is not a side of this scenario.`);
    if (!(SEATS as readonly unknown[]).includes(seat)) throw new Refusal('bad-argument', `The player for ${side} must be ${SEATS.join(', ')}.`);
    seats[found.key] = seat as Seat;
  }
  return seats;
}

/** Each seat's player, the AI advising a human seat, seeded as `adc play` seeds them. */
function makeBots(engine: AnyRulesEngine, seats: Record<SideKey, Seat>, seed: number): Bots {
  const bot = (side: SideKey): Player<unknown, unknown> => engine.player(seats[side] === 'random' ? 'random' : 'ai', seed, side);
  return { red: bot('red'), blue: bot('blue') };
}

function newGameRequest(req: Request, state: SessionState): Handled {
  const scenario = scenarioOf(req, state);
  const engine = engineOf(scenario);
  const seed = seedOf(req);
  const options = readOptions(engine, req.options);
  roomForAGame(state);
  const start = engine.start(scenario, seed, options);
  const seats = seatsOf(req, engine, start.state);
  const fields = { scenario, engine, seed, options, seats, bots: makeBots(engine, seats, seed), state: start.state, at: 0, plies: [], final: null };
  const { game, state: next } = keepGame(state, fields, start.rolls);
  return { state: next, out: [gameReply(req, game, start.events)] };
}

/** The `game` reply of new-game and open-log: the game as kept, with what happened getting to it. */
function gameReply(req: Request, game: Game, events: GameReply['events'], extra: Pick<GameReply, 'setup' | 'plies'> = {}) {
  return {
    re: req.id,
    type: 'game',
    game: game.id,
    scenario: game.scenario.id,
    seed: game.seed,
    players: { ...game.seats },
    events,
    summary: summaryOf(game),
    ...extra,
  } satisfies GameReply;
}

/** Gives a new game its id and its log header (the set-up dice, `rolls`), and keeps it in the session. */
function keepGame(state: SessionState, fields: Omit<Game, 'id' | 'header'>, rolls: number[]): { game: Game; state: SessionState } {
  const { scenario, engine, seed, options, seats } = fields;
  const game: Game = {
    ...fields,
    id: `g${state.gameCounter + 1}`,
    header: engine.logHeader(scenario, seed, { ...(options ? { options } : {}), players: { ...seats } }, rolls),
  };
  return { game, state: { ...withGame(state, game), gameCounter: state.gameCounter + 1 } };
}

function roomForAGame(state: SessionState): void {
  if (state.games.size >= MAX_GAMES) throw new Refusal('too-many-games', `The engine keeps at most ${MAX_GAMES} games; close one first.`);
}

function summaryOf(game: Game): GameSummary {
  const { turn, turns, phase, pending, toAct, initiative, vp, ply, over, result } = game.engine.position(game.state);
  return { turn, turns, phase, pending, toAct, seat: toAct ? game.seats[toAct] : null, initiative, vp, ply, over, result };
}

function stateRequest(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const { engine } = game;
  const reply = {
    re: req.id,
    type: 'state',
    game: game.id,
    state: {
      scenario: game.scenario.id,
      title: engine.roster(game.state).title,
      seed: game.seed,
      players: { ...game.seats },
      sides: engine.roster(game.state).sides.map(({ id, key, name }) => ({ id, key, name })),
      ...summaryOf(game),
      ...engine.view(game.state),
    },
  } satisfies StateReply;
  return { state, out: [reply] };
}

function legalActionsRequest(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const { engine } = game;
  const unit = optionalString(req, 'unit');
  if (unit !== undefined && !engine.hasUnit(game.state, unit)) throw new Refusal('unknown-unit', `There is no unit "${unit}" in this game.`);
  const actions = engine.legalActions(game.state, unit);
  const area = unit !== undefined && engine.reachArea ? { area: engine.reachArea(game.state, unit) } : {};
  const one = unit !== undefined ? { unit, costs: engine.reachCosts(game.state, unit, actions), ...area } : {};
  const reply = {
    re: req.id,
    type: 'legal-actions',
    game: game.id,
    system: engine.system,
    side: engine.toAct(game.state),
    ...one,
    actions: actions as EngineAction[],
  } satisfies LegalActionsReply;
  return { state, out: [reply] };
}

/** Applies `action` to the game; a rules refusal becomes an illegal-action error naming the reason. */
function play(req: Request, state: SessionState, game: Game, action: unknown, move: Move): Handled {
  const { engine } = game;
  const before = game.state;
  if (engine.toAct(before) === null) throw new Refusal('game-over', `Game ${game.id} is over.`);
  let out;
  try {
    out = engine.apply(before, action);
  } catch (err) {
    if (err instanceof IllegalActionError) throw new Refusal('illegal-action', `That action is not legal now: ${err.message}.`);
    throw err;
  }
  // Playing from a position before the end drops the plies after it: the game branches there.
  const plies = [...game.plies.slice(0, game.at), { line: engine.logAction(before, action, out), events: out.events, move }];
  const over = engine.toAct(out.state) === null;
  const next: Game = { ...game, state: out.state, at: plies.length, plies, final: over ? engine.result(out.state) : null };
  const reply = {
    re: req.id,
    type: 'acted',
    game: game.id,
    side: sideToAct(game, before),
    by: move.by,
    action: action as EngineAction,
    events: out.events,
    rolls: out.rolls,
    summary: summaryOf(next),
  } satisfies ActedReply;
  return { state: withGame(state, next), out: [reply] };
}

function act(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const side = game.engine.toAct(game.state);
  if (side === null) throw new Refusal('game-over', `Game ${game.id} is over.`);
  const action = req.action;
  if (!isPlainObject(action) || typeof action.type !== 'string') throw new Refusal('bad-argument', '"action" must be an action object with a string "type", as legal-actions lists them.');
  return play(req, state, game, action, { by: 'human', seat: game.seats[side] });
}

/**
 * Whether the rules would take `action` now, without taking it: an open table's moves are any point and facing,
 * too many to list, so the play view asks about the one the player has dragged before sending it. Engines never
 * change the state they are given (RulesEngine.apply), so applying to the game's own state and dropping the result
 * leaves the game as it was; the dice the try rolled are dropped with it.
 */
function check(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const { engine } = game;
  if (engine.toAct(game.state) === null) throw new Refusal('game-over', `Game ${game.id} is over.`);
  const action = req.action;
  if (!isPlainObject(action) || typeof action.type !== 'string') throw new Refusal('bad-argument', '"action" must be an action object with a string "type", as legal-actions lists them.');
  let verdict: { ok: true; cost?: number } | { ok: false; reason: string };
  try {
    const out = engine.apply(game.state, action);
    const cost = costOf(action, out.events);
    verdict = cost === undefined ? { ok: true } : { ok: true, cost };
  } catch (err) {
    if (!(err instanceof IllegalActionError)) throw err;
    verdict = { ok: false, reason: err.message };
  }
  return { state, out: [{ re: req.id, type: 'checked', game: game.id, ...verdict } satisfies CheckedReply] };
}

/**
 * What an accepted action spends, as its own event reports it (the first event of the action's type, for the same
 * unit, with a numeric `cost`): a Napoleon's Eagles move, force march or formation change in actions, a Square
 * Eagles order in pips. Undefined when the rules price the action at nothing in particular.
 */
function costOf(action: Record<string, unknown>, events: readonly GameEvent[]): number | undefined {
  const own = events.find((e) => e.type === action.type && (action.unit === undefined || e.unit === action.unit));
  return typeof own?.cost === 'number' && Number.isFinite(own.cost) ? own.cost : undefined;
}

function aiMove(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const side = game.engine.toAct(game.state);
  if (side === null) throw new Refusal('game-over', `Game ${game.id} is over.`);
  const bot = game.bots[side];
  return play(req, state, game, bot.choose(game.state), { by: bot.kind, seat: game.seats[side] });
}

function explain(req: Request, state: SessionState): Handled {
  const kind = req.kind;
  if (kind !== 'fire' && kind !== 'assault') throw new Refusal('bad-argument', '"kind" must be "fire" or "assault".');
  const unit = requiredString(req, 'unit');
  const target = requiredString(req, 'target');
  if (req.assume !== undefined && typeof req.assume !== 'boolean') throw new Refusal('bad-argument', '"assume" must be true or false.');
  const joined = req.with;
  if (joined !== undefined && (!Array.isArray(joined) || !joined.every((id) => typeof id === 'string'))) throw new Refusal('bad-argument', '"with" must be a list of unit ids.');
  // From a game: the position now, as the rules stand (orders given, moves made), unless told to assume.
  // From a scenario: the set-up, assuming the order the action needs, exactly as `adc explain` does.
  let engine: AnyRulesEngine;
  let position: unknown;
  let assume: boolean;
  let where: { game: string } | { scenario: string };
  if (req.game !== undefined) {
    const game = gameOf(req, state);
    ({ engine } = game);
    position = game.state;
    assume = req.assume === true;
    where = { game: game.id };
  } else {
    const scenario = scenarioOf(req, state);
    engine = engineOf(scenario);
    position = engine.start(scenario, 0).state;
    assume = req.assume !== false;
    where = { scenario: scenario.id };
  }
  const answer = engine.explain(position, { kind, unit, target, ...(joined?.length ? { with: joined } : {}), assume, asPending: req.game !== undefined });
  if (!answer.ok) throw new Refusal('unknown-unit', `There is no unit "${answer.missing}" in this ${req.game !== undefined ? 'game' : 'scenario'}.`);
  const reply = { re: req.id, type: 'explanation', ...where, action: kind, unit, target, ...answer.explanation, ...answer.extra } satisfies ExplanationReply;
  return { state, out: [reply] };
}

/** The whole recorded game, wherever the position is. */
function logText(game: Game): string {
  const lines = [game.header, ...game.plies.map((p) => JSON.stringify(p.line))];
  if (game.final) lines.push(game.engine.logResult(game.final));
  return lines.join('\n') + '\n';
}

function logRequest(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  return { state, out: [{ re: req.id, type: 'log', game: game.id, text: logText(game) } satisfies LogReply] };
}

interface Replayed {
  state: unknown;
  bots: Bots;
}

/**
 * Plays the recorded plies from `from` (with its bots) up to `to`. The bots are asked again at each of their own
 * moves and their answer dropped, so their plans and random draws end where they were when the game reached `to`.
 */
function replayPlies(game: Game, from: Replayed, at: number, to: number): Replayed {
  const { bots } = from;
  let s = from.state;
  for (let k = at; k < to; k++) {
    const ply = game.plies[k]!;
    if (ply.move.by !== 'human') bots[sideToAct(game, s)].choose(s);
    s = game.engine.apply(s, ply.line.action).state;
  }
  return { state: s, bots };
}

/** The position after `to` plies, from the current one when it lies ahead, else from the seed. */
function positionAt(game: Game, to: number): Replayed {
  if (to >= game.at) return replayPlies(game, { state: game.state, bots: { ...game.bots } }, game.at, to);
  // From the seed rather than from snapshots: the dice of the kept moves come out the same.
  const start = game.engine.start(game.scenario, game.seed, game.options).state;
  return replayPlies(game, { state: start, bots: makeBots(game.engine, { ...game.seats }, game.seed) }, 0, to);
}

function undo(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  let last = game.at - 1;
  while (last >= 0 && game.plies[last]!.move.by !== 'human' && game.plies[last]!.move.seat !== 'human') last--;
  if (last < 0) throw new Refusal('nothing-to-undo', `Game ${game.id} has no human move to take back.`);
  // What followed the position goes too: undo takes back from where the user stands.
  const next: Game = { ...game, ...positionAt(game, last), at: last, plies: game.plies.slice(0, last), final: null };
  return {
    state: withGame(state, next),
    out: [{ re: req.id, type: 'undone', game: game.id, removed: game.at - last, summary: summaryOf(next) } satisfies UndoneReply],
  };
}

function seek(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const ply = wholeNumber(req, 'ply', Number.NaN, 0, game.plies.length);
  if (Number.isNaN(ply)) throw new Refusal('bad-argument', `"seek" needs "ply", a whole number from 0 to ${game.plies.length}.`);
  const next: Game = { ...game, ...positionAt(game, ply), at: ply };
  return {
    state: withGame(state, next),
    out: [{ re: req.id, type: 'position', game: game.id, ply, plies: game.plies.length, summary: summaryOf(next) } satisfies PositionReply],
  };
}

/** A ply as open-log lists it: where it was played, by which side, and what came of it. */
function plyView(p: Ply): PlyRecord {
  const { ply, turn, phase, side, action } = p.line;
  return { ply, turn, phase, side, action: action as EngineAction, events: [...p.events] };
}

const badLog = (message: string): Refusal => new Refusal('bad-log', `The log cannot be opened: ${message}.`);

/** The seats a log's header names, human where it names none. */
function logSeats(players: unknown): Record<SideKey, Seat> {
  const seats: Record<SideKey, Seat> = { red: 'human', blue: 'human' };
  if (players === undefined) return seats;
  if (!isPlainObject(players)) throw badLog('"players" in the header must map red and blue to human, ai or random');
  for (const side of ['red', 'blue'] as const) {
    const seat = players[side];
    if (seat === undefined) continue;
    if (!(SEATS as readonly unknown[]).includes(seat)) throw badLog(`the header's player for ${side} must be ${SEATS.join(', ')}`);
    seats[side] = seat as Seat;
  }
  return seats;
}

/** Runs a log reader, turning the engine's LogError into a bad-log refusal. */
function readingLog<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof LogError) throw badLog(err.message);
    throw err;
  }
}

/** The engine whose log the text is: the first whose header reader accepts it. */
function logEngine(text: string): { engine: AnyRulesEngine; header: ReturnType<AnyRulesEngine['readLogHeader']> } {
  let first: unknown;
  for (const system of PLAYABLE_SYSTEMS) {
    const engine = engineFor(system)!;
    try {
      return { engine, header: engine.readLogHeader(text) };
    } catch (err) {
      first ??= err;
    }
  }
  return readingLog(() => {
    throw first;
  });
}

/** Opens a saved log as a game positioned at its end, listing every ply so a host can rebuild a readable log. */
function openLog(req: Request, state: SessionState): Handled {
  if (typeof req.text !== 'string') throw new Refusal('bad-argument', '"open-log" needs "text", the JSON-lines log.');
  const text = req.text;
  const { engine, header } = logEngine(text);
  const scenario = state.scenarios.get(header.scenario);
  if (!scenario) throw new Refusal('unknown-scenario', `The log is of scenario ${JSON.stringify(header.scenario)}, which is not loaded; load it first.`);
  roomForAGame(state);
  const seed = header.seed;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0) throw badLog('the header\'s seed is not a whole number from 0 to 2^53 − 1');
  const options = readOptions(engine, header.options, 'bad-log');
  const seats = logSeats(header.players);
  // Who chose is not in a log: a seat's own player stands for its moves, so ai-move after seeking back answers as
  // that player would have.
  const move = (side: SideKey): Move => ({ by: seats[side] === 'human' ? 'human' : seats[side], seat: seats[side] });
  const replayed = readingLog(() => engine.replayLog(scenario, text));
  // Asked at each of their moves on the way, as a seek would, so they end where ai-move would have left them.
  const bots = makeBots(engine, seats, seed);
  const plies: Ply[] = replayed.actions.map(({ line, before, out }) => {
    const side = sideToAct({ engine }, before);
    const m = move(side);
    if (m.by !== 'human') bots[side].choose(before);
    return { line: engine.logAction(before, line.action, out), events: out.events, move: m };
  });
  const end = replayed.state;
  const final = engine.toAct(end) === null ? engine.result(end) : null;
  const said = replayed.result;
  if (said && (!final || said.winner !== final.winner || said.turns !== final.turns || said.vp?.red !== final.vp.red || said.vp?.blue !== final.vp.blue)) {
    throw badLog(final ? `the result line says ${String(said.winner)} after turn ${String(said.turns)}, the replay ${final.winner} after turn ${final.turns}` : 'it has a result line but the replayed game is not over');
  }
  const { game, state: next } = keepGame(state, { scenario, engine, seed, options, seats, bots, state: end, at: plies.length, plies, final }, replayed.start.rolls);
  return { state: next, out: [gameReply(req, game, [], { setup: replayed.start.events, plies: plies.map(plyView) })] };
}

function closeGame(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const games = new Map(state.games);
  games.delete(game.id);
  return { state: { ...state, games }, out: [{ re: req.id, type: 'closed', game: game.id } satisfies ClosedReply] };
}

// ---- Simulation -------------------------------------------------------------------------------------------------

function botKind(req: Request, field: 'red' | 'blue'): PlayerKind {
  const v = req[field];
  if (v === undefined) return 'ai';
  if (!(PLAYER_KINDS as readonly unknown[]).includes(v)) throw new Refusal('bad-argument', `"${field}" must be ${PLAYER_KINDS.join(' or ')}.`);
  return v as PlayerKind;
}

/** A `simulate` request's arguments as the session reads them; a host that plays the batch itself reads the same. */
export interface SimulationArgs {
  /** The scenario named, or null for the last loaded. */
  scenario: string | null;
  games: number;
  seed: number;
  red: PlayerKind;
  blue: PlayerKind;
}

/** The arguments of a `simulate` request, or the refusal the session answers it with (`code` and `message`). */
export function simulationArgs(req: Request): SimulationArgs | { code: ProtocolErrorCode; message: string } {
  try {
    return readSimulationArgs(req);
  } catch (err) {
    if (err instanceof Refusal) return { code: err.code, message: err.message };
    throw err;
  }
}

function readSimulationArgs(req: Request): SimulationArgs {
  const games = wholeNumber(req, 'games', Number.NaN, 1, MAX_SIMULATION_GAMES);
  if (Number.isNaN(games)) throw new Refusal('bad-argument', `"simulate" needs "games", a whole number from 1 to ${MAX_SIMULATION_GAMES}.`);
  return { scenario: optionalString(req, 'scenario') ?? null, games, seed: seedOf(req), red: botKind(req, 'red'), blue: botKind(req, 'blue') };
}

function simulate(req: Request, state: SessionState): Handled {
  const scenario = scenarioOf(req, state);
  const engine = engineOf(scenario);
  const args = readSimulationArgs(req);
  const games = args.games;
  if (state.jobs.some((j) => j.request === req.id)) throw new Refusal('bad-argument', `A simulation with the id "${req.id}" is already running.`);
  const setup: BatchSetup = { scenario, seed: args.seed, red: args.red, blue: args.blue };
  const job: SimulationJob = {
    request: req.id,
    scenario: scenario.id,
    engine,
    setup,
    total: games,
    // About twenty progress events per batch, one per game for a short one, and at least one every 200 games, so a
    // huge batch never falls silent long enough for the host to think the engine hung.
    every: Math.max(1, Math.min(200, Math.round(games / 20))),
    done: 0,
    tally: engine.emptyTally(),
    started: state.now(),
  };
  return { state: { ...state, jobs: [...state.jobs, job] }, out: [progress(job)] };
}

const progress = (job: SimulationJob): Message => ({ type: 'progress', request: job.request, done: job.done, total: job.total }) satisfies ProgressEvent;

export const hasWork = (state: SessionState): boolean => state.jobs.length > 0;

/** Plays one game of the oldest simulation (the simulations take turns), with its progress event or final reply. */
export function runWork(state: SessionState): { state: SessionState; out: Message[] } {
  const [job, ...rest] = state.jobs;
  if (!job) return { state, out: [] };
  const { engine } = job;
  let played: BatchGame;
  try {
    played = engine.playBatchGame(job.setup, job.done);
  } catch (err) {
    const error = errorReply(job.request, 'internal-error', `Game ${job.done} of the simulation failed (${err instanceof Error ? err.message : String(err)}).`);
    return { state: { ...state, jobs: rest }, out: [error] };
  }
  const next: SimulationJob = { ...job, done: job.done + 1, tally: engine.addGame(job.tally, played) };
  const done = next.done;
  const out: Message[] = done % next.every === 0 || done === next.total ? [progress(next)] : [];
  if (done < next.total) return { state: { ...state, jobs: [...rest, next] }, out };
  const { setup } = next;
  const reply = {
    re: next.request,
    type: 'simulation',
    scenario: next.scenario,
    seed: setup.seed,
    red: setup.red,
    blue: setup.blue,
    ...engine.summarise(next.tally, (state.now() - next.started) / 1000),
    decidedBy: engine.decidedBy(next.tally, setup.scenario),
  } satisfies SimulationReply;
  out.push(reply);
  return { state: { ...state, jobs: rest }, out };
}

function cancel(req: Request, state: SessionState): Handled {
  const request = requiredString(req, 'request');
  const job = state.jobs.find((j) => j.request === request);
  if (!job) throw new Refusal('unknown-job', `No simulation "${request}" is running.`);
  return {
    state: { ...state, jobs: state.jobs.filter((j) => j !== job) },
    out: [
      errorReply(request, 'cancelled', `The simulation was cancelled after ${job.done} of ${job.total} games.`),
      { re: req.id, type: 'cancelled', request, done: job.done, total: job.total } satisfies CancelledReply,
    ],
  };
}
