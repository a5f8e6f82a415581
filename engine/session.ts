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
import { loadDocument, parseDocument, type LoadResult } from '../domain/document.js';
import type { Scenario } from '../domain/model.js';
import { hasErrors } from '../domain/problems.js';
import { validateDocument } from '../domain/validate.js';
import { deriveSeed } from './dice.js';
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
import { makePlayer, PLAYER_KINDS, type Player, type PlayerKind } from './square-eagles/ai.js';
import {
  addGame,
  conditionLabels,
  decidedByTally,
  emptyTally,
  playBatchGame,
  summariseTally,
  type BatchGame,
  type BatchSetup,
  type BatchTally,
} from './square-eagles/batch.js';
import { cellIndex, type RuleOptions } from './square-eagles/board.js';
import { explainJson, explainPool } from './square-eagles/explain.js';
import { applyAction, legalActions, pendingFireTerms, result, startGame, unitIndexOf, victoryPoints, type GameResult } from './square-eagles/game.js';
import { ctxOf } from './square-eagles/geometry.js';
import { movementCosts } from './square-eagles/movement.js';
import { logAction, logHeader, readLogHeader, replayLog, ReplayError, type LogAction, type LogHeader, type LogResult } from './square-eagles/log.js';
import { playableProblem } from './square-eagles/setup.js';
import {
  DID_ASSAULT,
  DID_BOMBARD,
  DID_FIRE,
  DID_MANEUVER,
  DID_MARCH,
  DID_MOVE,
  DID_RALLY,
  DID_RETREAT,
  TR,
  type Action,
  type GameEvent,
  type GameState,
  type SideIndex,
  type SideKey,
} from './square-eagles/types.js';

/** Rule systems this engine plays, as `ready` lists them. */
export const RULES = ['square-eagles'] as const;

/** Games kept at once; a host that needs more should close finished ones. */
export const MAX_GAMES = 100;
export const MAX_SIMULATION_GAMES = 1_000_000;
/** Problems listed in an invalid-scenario error; the first ones are what a user fixes first anyway. */
const MAX_PROBLEMS_LISTED = 50;

export type Seat = 'human' | PlayerKind;
const SEATS: readonly Seat[] = ['human', ...PLAYER_KINDS];

/** Who chose an action, and for which seat, so undo can find the last human move. */
interface Move {
  by: 'human' | PlayerKind;
  seat: Seat;
}

/** One recorded action: its line in the log, the events it produced (for a replay's readable log), who chose it. */
interface Ply {
  readonly line: LogAction;
  readonly events: readonly GameEvent[];
  readonly move: Move;
}

interface Game {
  readonly id: string;
  readonly scenario: Scenario;
  readonly seed: number;
  readonly options: Partial<RuleOptions> | undefined;
  readonly seats: Readonly<Record<SideKey, Seat>>;
  /** Chooses for its side on ai-move: the seat's own kind, or the heuristic as an adviser for a human seat. */
  readonly bots: Readonly<Record<SideKey, Player>>;
  /** The position: the state after the first `at` plies. */
  readonly state: GameState;
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
  readonly setup: BatchSetup;
  readonly total: number;
  readonly every: number;
  readonly tally: BatchTally;
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

/** The current state of a game, for tests and diagnostics; the protocol's `state` request gives the drawing view. */
export function gameStateOf(state: SessionState, game: string): GameState | undefined {
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
    rules: [...RULES],
  };
  return { state: { ...state, greeted: true }, out: [ready] };
}

const HANDLERS: ReadonlyMap<string, (req: Request, state: SessionState) => Handled> = new Map(Object.entries({
  load,
  'new-game': newGameRequest,
  state: stateRequest,
  'legal-actions': legalActionsRequest,
  act,
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

const OPTION_KEYS: readonly (keyof RuleOptions)[] = ['resupplyGuns', 'defend', 'forts', 'limbers', 'horseGuns'];

/** Rule options as a request (or a log's header, refused with `code`) gives them. */
function readOptions(v: unknown, code: ProtocolErrorCode = 'bad-argument'): Partial<RuleOptions> | undefined {
  if (v === undefined) return undefined;
  if (!isPlainObject(v)) throw new Refusal(code, '"options" must be an object of optional rules switched on or off.');
  const out: Partial<RuleOptions> = {};
  for (const [k, on] of Object.entries(v)) {
    if (!(OPTION_KEYS as readonly string[]).includes(k)) throw new Refusal(code, `"${k}" is not an optional rule; the options are ${OPTION_KEYS.join(', ')}.`);
    if (typeof on !== 'boolean') throw new Refusal(code, `The option "${k}" must be true or false.`);
    out[k as keyof RuleOptions] = on;
  }
  return out;
}

const optionsOf = (req: Request): Partial<RuleOptions> | undefined => readOptions(req.options);

const withGame = (state: SessionState, game: Game): SessionState => ({ ...state, games: new Map(state.games).set(game.id, game) });

const keyOf = (s: GameState, side: SideIndex): SideKey => s.meta.sides[side].key;

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
  const scenario = doc as Scenario;
  if (scenario.ruleSystem !== 'square-eagles') {
    throw new Refusal('unsupported-rules', `This engine plays ${RULES.join(', ')}; the scenario uses ${JSON.stringify(scenario.ruleSystem ?? null)}.`);
  }
  const problems = validateDocument(scenario);
  if (hasErrors(problems)) {
    const errors = problems.filter((p) => p.severity === 'error');
    invalidScenario(`The scenario has ${errors.length} error${errors.length === 1 ? '' : 's'}; the first: ${errors[0]!.path || '/'} ${errors[0]!.message}`, errors);
  }
  const unplayable = playableProblem(scenario);
  if (unplayable) throw new Refusal('unsupported-rules', unplayable);
  let s: GameState;
  try {
    s = startGame(scenario, { seed: 0 }).state;
  } catch (err) {
    invalidScenario(`The scenario cannot be set up: ${(err as Error).message}`, [{ severity: 'error', path: '', message: (err as Error).message }]);
  }
  return {
    state: { ...state, scenarios: new Map(state.scenarios).set(scenario.id, scenario), lastScenario: scenario.id },
    out: [
      {
        re: req.id,
        type: 'loaded',
        scenario: scenario.id,
        title: scenario.title,
        ruleSystem: scenario.ruleSystem,
        turns: s.meta.limit,
        sides: s.meta.sides.map((side, i) => ({
          id: side.id,
          key: side.key,
          name: side.name,
          units: s.units.filter((u) => u.side === i).map((u) => ({ id: u.id, name: u.name, type: u.type })),
        })),
        notes: loaded.notes,
        warnings: problems.filter((p) => p.severity === 'warning').slice(0, MAX_PROBLEMS_LISTED).map((p) => ({ path: p.path, message: p.message })),
      },
    ],
  };
}

// ---- Games -----------------------------------------------------------------------------------------------------

function seatsOf(req: Request, s: GameState): Record<SideKey, Seat> {
  const seats: Record<SideKey, Seat> = { red: 'human', blue: 'human' };
  const v = req.players;
  if (v === undefined) return seats;
  if (!isPlainObject(v)) throw new Refusal('bad-argument', '"players" must map each side to human, ai or random.');
  for (const [side, seat] of Object.entries(v)) {
    // A side may be named by its key or by its id in the scenario.
    const i = s.meta.sides.findIndex((x) => x.key === side || x.id === side);
    if (i < 0) throw new Refusal('bad-argument', `"${side}" is not a side of this scenario.`);
    if (!(SEATS as readonly unknown[]).includes(seat)) throw new Refusal('bad-argument', `The player for ${side} must be ${SEATS.join(', ')}.`);
    seats[keyOf(s, i as SideIndex)] = seat as Seat;
  }
  return seats;
}

/** Seeded as playGame seeds its players, so ai-move against ai-move replays `adc play` with the same seed. */
function makeBots(seats: Record<SideKey, Seat>, seed: number): Record<SideKey, Player> {
  const bot = (seat: Seat, k: number): Player => makePlayer(seat === 'random' ? 'random' : 'ai', deriveSeed(seed, k));
  return { red: bot(seats.red, 1), blue: bot(seats.blue, 2) };
}

function newGameRequest(req: Request, state: SessionState): Handled {
  const scenario = scenarioOf(req, state);
  const seed = seedOf(req);
  const options = optionsOf(req);
  roomForAGame(state);
  const start = startGame(scenario, { seed, ...(options ? { options } : {}) });
  const seats = seatsOf(req, start.state);
  const { game, state: next } = keepGame(state, { scenario, seed, options, seats, bots: makeBots(seats, seed), state: start.state, at: 0, plies: [], final: null }, start.rolls);
  return {
    state: next,
    out: [{ re: req.id, type: 'game', game: game.id, scenario: scenario.id, seed, players: { ...seats }, events: start.events, summary: summaryOf(game) }],
  };
}

/** Gives a new game its id and its log header (the set-up dice, `rolls`), and keeps it in the session. */
function keepGame(state: SessionState, fields: Omit<Game, 'id' | 'header'>, rolls: number[]): { game: Game; state: SessionState } {
  const { scenario, seed, options, seats } = fields;
  const game: Game = {
    ...fields,
    id: `g${state.gameCounter + 1}`,
    header: JSON.stringify(logHeader(scenario.id, seed, { ...(options ? { options } : {}), players: { ...seats } }, rolls)),
  };
  return { game, state: { ...withGame(state, game), gameCounter: state.gameCounter + 1 } };
}

function roomForAGame(state: SessionState): void {
  if (state.games.size >= MAX_GAMES) throw new Refusal('too-many-games', `The engine keeps at most ${MAX_GAMES} games; close one first.`);
}

/** What a host needs after every move: whose turn, the score, and the result once there is one. */
export interface GameSummary {
  turn: number;
  turns: number;
  phase: GameState['phase'];
  /** The decision the engine waits for. */
  pending: GameState['pending']['kind'];
  /** The side that must decide, and who plays it; null once the game is over. */
  toAct: SideKey | null;
  seat: Seat | null;
  initiative: SideKey;
  vp: { red: number; blue: number };
  ply: number;
  over: boolean;
  result: GameResult | null;
}

function vpOf(s: GameState): { red: number; blue: number } {
  const [a, b] = victoryPoints(s);
  return keyOf(s, 0) === 'red' ? { red: a, blue: b } : { red: b, blue: a };
}

function summaryOf(game: Game): GameSummary {
  const s = game.state;
  const over = s.phase === 'over';
  const toAct = over ? null : keyOf(s, s.pending.side);
  return {
    turn: s.turn,
    turns: s.meta.limit,
    phase: s.phase,
    pending: s.pending.kind,
    toAct,
    seat: toAct ? game.seats[toAct] : null,
    initiative: keyOf(s, s.initiative),
    vp: vpOf(s),
    ply: s.ply,
    over,
    result: over ? result(s) : null,
  };
}

const DID_NAMES: [number, string][] = [
  [DID_MOVE, 'move'],
  [DID_MARCH, 'march'],
  [DID_MANEUVER, 'maneuver'],
  [DID_BOMBARD, 'bombard'],
  [DID_ASSAULT, 'assault'],
  [DID_RALLY, 'rally'],
  [DID_FIRE, 'fire'],
  [DID_RETREAT, 'retreat'],
];

/** Everything a map needs to draw the game: boxes by name (A1 is the north-west corner), not engine indices. */
function stateView(game: Game): Record<string, unknown> {
  const s = game.state;
  const b = s.board;
  const box = (cell: number): string | null => (cell >= 0 ? b.names[cell]! : null);
  const p = s.pending;
  const pending: Record<string, unknown> = { kind: p.kind, side: p.kind === 'over' ? null : keyOf(s, p.side) };
  if (p.kind === 'assault-defence') Object.assign(pending, { attacker: s.units[p.attacker]!.id, defender: s.units[p.defender]!.id });
  if (p.kind === 'assault-win') Object.assign(pending, { unit: s.units[p.unit]!.id, loser: s.units[p.loser]!.id });
  return {
    scenario: game.scenario.id,
    title: s.meta.title,
    seed: game.seed,
    players: { ...game.seats },
    board: { cols: b.cols, rows: b.rows, boxInches: b.cell },
    sides: s.meta.sides.map((x) => ({ id: x.id, key: x.key, name: x.name })),
    ...summaryOf(game),
    decision: pending,
    objectives: b.objectives.map((o, k) => {
      const holder = s.control[k]!.holder;
      return { id: o.id, name: o.name, vp: o.vp, boxes: o.cells.map((c) => b.names[c]), holder: holder === 0 || holder === 1 ? keyOf(s, holder) : null };
    }),
    units: s.units.map((u) => ({
      id: u.id,
      name: u.name,
      side: keyOf(s, u.side),
      type: u.type,
      status: u.status,
      box: box(u.cell),
      col: u.cell >= 0 ? u.cell % b.cols : null,
      row: u.cell >= 0 ? Math.floor(u.cell / b.cols) : null,
      facing: u.facing,
      formation: u.formation,
      sp: u.sp,
      hits: u.hits,
      vp: u.vp,
      orders: u.orders,
      ordersUsed: u.used,
      did: DID_NAMES.filter(([bit]) => (u.did & bit) !== 0).map(([, name]) => name),
      traits: Object.entries(TR)
        .filter(([, bit]) => (u.traits & bit) !== 0)
        .map(([name]) => name),
      ...(u.supplied ? {} : { outOfSupply: true }),
    })),
    generals: s.generals.map((g) => ({
      id: g.id,
      name: g.name,
      side: keyOf(s, g.side),
      status: g.status,
      with: g.unit >= 0 ? s.units[g.unit]!.id : null,
      box: g.unit >= 0 && g.status === 'table' ? box(s.units[g.unit]!.cell) : null,
      commands: g.commands.map((i) => s.units[i]!.id),
      roll: g.roll,
      pips: g.pips,
      banked: g.banked,
      placed: g.placed,
    })),
  };
}

function stateRequest(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  return { state, out: [{ re: req.id, type: 'state', game: game.id, state: stateView(game) }] };
}

function legalActionsRequest(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const unit = optionalString(req, 'unit');
  if (unit !== undefined && !game.state.units.some((u) => u.id === unit)) throw new Refusal('unknown-unit', `There is no unit "${unit}" in this game.`);
  let actions = legalActions(game.state);
  if (unit !== undefined) actions = actions.filter((a) => 'unit' in a && a.unit === unit);
  const side = game.state.phase === 'over' ? null : keyOf(game.state, game.state.pending.side);
  const one = unit !== undefined ? { unit, costs: costsOf(game.state, unit, actions) } : {};
  return { state, out: [{ re: req.id, type: 'legal-actions', game: game.id, side, ...one, actions }] };
}

type Travel = Extract<Action, { type: 'move' | 'march' | 'maneuver' }>;
const isTravel = (a: Action): a is Travel => a.type === 'move' || a.type === 'march' || a.type === 'maneuver';

/** Box name → the movement spent to reach it by the cheapest of the unit's listed Move, March or Maneuver actions. */
function costsOf(s: GameState, unit: string, actions: readonly Action[]): Record<string, number> {
  const travels = actions.filter(isTravel);
  if (travels.length === 0) return {};
  const ctx = ctxOf(s);
  const ui = unitIndexOf(s, unit);
  const byKind = new Map<Travel['type'], Map<number, number>>();
  const out: Record<string, number> = {};
  for (const a of travels) {
    let costs = byKind.get(a.type);
    if (!costs) byKind.set(a.type, (costs = movementCosts(ctx, ui, a.type)));
    const cost = costs.get(cellIndex(s.board, a.to));
    const was = out[a.to];
    if (cost !== undefined && (was === undefined || cost < was)) out[a.to] = cost;
  }
  return out;
}

/** Applies `action` to the game; a rules refusal becomes an illegal-action error naming the reason. */
function play(req: Request, state: SessionState, game: Game, action: Action, move: Move): Handled {
  const before = game.state;
  if (before.phase === 'over') throw new Refusal('game-over', `Game ${game.id} is over.`);
  let out;
  try {
    out = applyAction(before, action);
  } catch (err) {
    throw new Refusal('illegal-action', `That action is not legal now: ${(err as Error).message}.`);
  }
  // Playing from a position before the end drops the plies after it: the game branches there.
  const plies = [...game.plies.slice(0, game.at), { line: logAction(before, action, out), events: out.events, move }];
  const next: Game = { ...game, state: out.state, at: plies.length, plies, final: out.state.phase === 'over' ? result(out.state) : null };
  return {
    state: withGame(state, next),
    out: [
      {
        re: req.id,
        type: 'acted',
        game: game.id,
        side: keyOf(before, before.pending.side),
        by: move.by,
        action,
        events: out.events,
        rolls: out.rolls,
        summary: summaryOf(next),
      },
    ],
  };
}

function act(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  if (game.state.phase === 'over') throw new Refusal('game-over', `Game ${game.id} is over.`);
  const action = req.action;
  if (!isPlainObject(action) || typeof action.type !== 'string') throw new Refusal('bad-argument', '"action" must be an action object with a string "type", as legal-actions lists them.');
  const side = keyOf(game.state, game.state.pending.side);
  return play(req, state, game, action as unknown as Action, { by: 'human', seat: game.seats[side] });
}

function aiMove(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  if (game.state.phase === 'over') throw new Refusal('game-over', `Game ${game.id} is over.`);
  const side = keyOf(game.state, game.state.pending.side);
  const bot = game.bots[side];
  return play(req, state, game, bot.choose(game.state), { by: bot.kind, seat: game.seats[side] });
}

function explain(req: Request, state: SessionState): Handled {
  const kind = req.kind;
  if (kind !== 'fire' && kind !== 'assault') throw new Refusal('bad-argument', '"kind" must be "fire" or "assault".');
  const unit = requiredString(req, 'unit');
  const target = requiredString(req, 'target');
  if (req.assume !== undefined && typeof req.assume !== 'boolean') throw new Refusal('bad-argument', '"assume" must be true or false.');
  // From a game: the position now, as the rules stand (orders given, moves made), unless told to assume.
  // From a scenario: the set-up, assuming the order the action needs, exactly as `adc explain` does.
  let position: GameState;
  let assume: boolean;
  const where: Record<string, string> = {};
  if (req.game !== undefined) {
    const game = gameOf(req, state);
    position = game.state;
    assume = req.assume === true;
    where.game = game.id;
  } else {
    const scenario = scenarioOf(req, state);
    position = startGame(scenario, { seed: 0 }).state;
    assume = req.assume !== false;
    where.scenario = scenario.id;
  }
  // A fire asked about at a game's position is priced as the pending decision would roll it (the bonus die of an
  // unused order in the Fire phase, an order paying for Defend! fire), so the preview is the roll.
  const terms = req.game !== undefined && !assume && kind === 'fire' ? pendingFireTerms(position, unit) : {};
  const outcome = explainPool(position, kind, unit, target, assume, terms);
  if (!outcome.ok) throw new Refusal('unknown-unit', `There is no Square Eagles unit "${outcome.missing}".`);
  const { pool } = outcome;
  const extra = pool.allowed ? ('kind' in pool ? { reroll: pool.reroll } : { gunsRemoved: pool.gunsRemoved }) : {};
  return { state, out: [{ re: req.id, type: 'explanation', ...where, action: kind, unit, target, ...explainJson(pool), ...extra }] };
}

/** The whole recorded game, wherever the position is. */
function logText(game: Game): string {
  const lines = [game.header, ...game.plies.map((p) => JSON.stringify(p.line))];
  if (game.final) lines.push(JSON.stringify({ type: 'result', ...game.final } satisfies LogResult));
  return lines.join('\n') + '\n';
}

function logRequest(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  return { state, out: [{ re: req.id, type: 'log', game: game.id, text: logText(game) }] };
}

/**
 * Plays the recorded plies from `from` (with its bots) up to `to`. The bots are asked again at each of their own
 * moves and their answer dropped, so their plans and random draws end where they were when the game reached `to`.
 */
function replayPlies(game: Game, from: { state: GameState; bots: Record<SideKey, Player> }, at: number, to: number): { state: GameState; bots: Record<SideKey, Player> } {
  const { bots } = from;
  let s = from.state;
  for (let k = at; k < to; k++) {
    const ply = game.plies[k]!;
    if (ply.move.by !== 'human') bots[keyOf(s, s.pending.side)].choose(s);
    s = applyAction(s, ply.line.action).state;
  }
  return { state: s, bots };
}

/** The position after `to` plies, from the current one when it lies ahead, else from the seed. */
function positionAt(game: Game, to: number): { state: GameState; bots: Record<SideKey, Player> } {
  if (to >= game.at) return replayPlies(game, { state: game.state, bots: { ...game.bots } }, game.at, to);
  // From the seed rather than from snapshots: the dice of the kept moves come out the same.
  const start = startGame(game.scenario, { seed: game.seed, ...(game.options ? { options: game.options } : {}) }).state;
  return replayPlies(game, { state: start, bots: makeBots({ ...game.seats }, game.seed) }, 0, to);
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
    out: [{ re: req.id, type: 'undone', game: game.id, removed: game.at - last, summary: summaryOf(next) }],
  };
}

function seek(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const ply = wholeNumber(req, 'ply', Number.NaN, 0, game.plies.length);
  if (Number.isNaN(ply)) throw new Refusal('bad-argument', `"seek" needs "ply", a whole number from 0 to ${game.plies.length}.`);
  const next: Game = { ...game, ...positionAt(game, ply), at: ply };
  return {
    state: withGame(state, next),
    out: [{ re: req.id, type: 'position', game: game.id, ply, plies: game.plies.length, summary: summaryOf(next) }],
  };
}

/** A ply as open-log lists it: where it was played, by which side, and what came of it. */
function plyView(p: Ply): Record<string, unknown> {
  const { ply, turn, phase, side, action } = p.line;
  return { ply, turn, phase, side, action, events: p.events };
}

const badLog = (message: string): Refusal => new Refusal('bad-log', `The log cannot be opened: ${message}.`);

/** The seats a log's header names, human where it names none. */
function logSeats(header: LogHeader): Record<SideKey, Seat> {
  const seats: Record<SideKey, Seat> = { red: 'human', blue: 'human' };
  const v: unknown = header.players;
  if (v === undefined) return seats;
  if (!isPlainObject(v)) throw badLog('"players" in the header must map red and blue to human, ai or random');
  for (const side of ['red', 'blue'] as const) {
    const seat = v[side];
    if (seat === undefined) continue;
    if (!(SEATS as readonly unknown[]).includes(seat)) throw badLog(`the header's player for ${side} must be ${SEATS.join(', ')}`);
    seats[side] = seat as Seat;
  }
  return seats;
}

function readHeader(text: string): LogHeader {
  try {
    return readLogHeader(text);
  } catch (err) {
    if (err instanceof ReplayError) throw badLog(err.message);
    throw err;
  }
}

/** Opens a saved log as a game positioned at its end, listing every ply so a host can rebuild a readable log. */
function openLog(req: Request, state: SessionState): Handled {
  if (typeof req.text !== 'string') throw new Refusal('bad-argument', '"open-log" needs "text", the JSON-lines log.');
  const header = readHeader(req.text);
  const scenario = state.scenarios.get(header.scenario);
  if (!scenario) throw new Refusal('unknown-scenario', `The log is of scenario ${JSON.stringify(header.scenario)}, which is not loaded; load it first.`);
  roomForAGame(state);
  const seed = header.seed;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0) throw badLog('the header\'s seed is not a whole number from 0 to 2^53 − 1');
  const options = readOptions(header.options, 'bad-log');
  const seats = logSeats(header);
  // Who chose is not in a log: a seat's own player stands for its moves, so ai-move after seeking back answers as
  // that player would have.
  const move = (side: SideKey): Move => ({ by: seats[side] === 'human' ? 'human' : (seats[side] as PlayerKind), seat: seats[side] });
  const plies: Ply[] = [];
  // Asked at each of their moves on the way, as a seek would, so they end where ai-move would have left them.
  const bots = makeBots(seats, seed);
  let replayed;
  try {
    replayed = replayLog(scenario, req.text, (line, before, out) => {
      const side = keyOf(before, before.pending.side);
      const m = move(side);
      if (m.by !== 'human') bots[side].choose(before);
      plies.push({ line: logAction(before, line.action, out), events: out.events, move: m });
    });
  } catch (err) {
    if (err instanceof ReplayError) throw badLog(err.message);
    throw err;
  }
  const end = replayed.state;
  const final = end.phase === 'over' ? result(end) : null;
  const said = replayed.result;
  if (said && (!final || said.winner !== final.winner || said.turns !== final.turns || said.vp?.red !== final.vp.red || said.vp?.blue !== final.vp.blue)) {
    throw badLog(final ? `the result line says ${said.winner} after turn ${said.turns}, the replay ${final.winner} after turn ${final.turns}` : 'it has a result line but the replayed game is not over');
  }
  const { game, state: next } = keepGame(state, { scenario, seed, options, seats, bots, state: end, at: plies.length, plies, final }, replayed.start.rolls);
  return {
    state: next,
    out: [
      {
        re: req.id,
        type: 'game',
        game: game.id,
        scenario: scenario.id,
        seed,
        players: { ...seats },
        events: [],
        summary: summaryOf(game),
        setup: replayed.start.events,
        plies: plies.map(plyView),
      },
    ],
  };
}

function closeGame(req: Request, state: SessionState): Handled {
  const game = gameOf(req, state);
  const games = new Map(state.games);
  games.delete(game.id);
  return { state: { ...state, games }, out: [{ re: req.id, type: 'closed', game: game.id }] };
}

// ---- Simulation -------------------------------------------------------------------------------------------------

function botKind(req: Request, field: 'red' | 'blue'): PlayerKind {
  const v = req[field];
  if (v === undefined) return 'ai';
  if (!(PLAYER_KINDS as readonly unknown[]).includes(v)) throw new Refusal('bad-argument', `"${field}" must be ${PLAYER_KINDS.join(' or ')}.`);
  return v as PlayerKind;
}

function simulate(req: Request, state: SessionState): Handled {
  const scenario = scenarioOf(req, state);
  const games = wholeNumber(req, 'games', Number.NaN, 1, MAX_SIMULATION_GAMES);
  if (Number.isNaN(games)) throw new Refusal('bad-argument', `"simulate" needs "games", a whole number from 1 to ${MAX_SIMULATION_GAMES}.`);
  if (state.jobs.some((j) => j.request === req.id)) throw new Refusal('bad-argument', `A simulation with the id "${req.id}" is already running.`);
  const setup: BatchSetup = { scenario, seed: seedOf(req), red: botKind(req, 'red'), blue: botKind(req, 'blue') };
  const job: SimulationJob = {
    request: req.id,
    scenario: scenario.id,
    setup,
    total: games,
    // About twenty progress events per batch, one per game for a short one, and at least one every 200 games, so a
    // huge batch never falls silent long enough for the host to think the engine hung.
    every: Math.max(1, Math.min(200, Math.round(games / 20))),
    tally: emptyTally(),
    started: state.now(),
  };
  return { state: { ...state, jobs: [...state.jobs, job] }, out: [progress(job)] };
}

const progress = (job: SimulationJob): Message => ({ type: 'progress', request: job.request, done: job.tally.games, total: job.total });

export const hasWork = (state: SessionState): boolean => state.jobs.length > 0;

/** Plays one game of the oldest simulation (the simulations take turns), with its progress event or final reply. */
export function runWork(state: SessionState): { state: SessionState; out: Message[] } {
  const [job, ...rest] = state.jobs;
  if (!job) return { state, out: [] };
  let played: BatchGame;
  try {
    played = playBatchGame(job.setup, job.tally.games);
  } catch (err) {
    const error = errorReply(job.request, 'internal-error', `Game ${job.tally.games} of the simulation failed (${err instanceof Error ? err.message : String(err)}).`);
    return { state: { ...state, jobs: rest }, out: [error] };
  }
  const next: SimulationJob = { ...job, tally: addGame(job.tally, played) };
  const done = next.tally.games;
  const out: Message[] = done % next.every === 0 || done === next.total ? [progress(next)] : [];
  if (done < next.total) return { state: { ...state, jobs: [...rest, next] }, out };
  const { setup } = next;
  out.push({
    re: next.request,
    type: 'simulation',
    scenario: next.scenario,
    seed: setup.seed,
    red: setup.red,
    blue: setup.blue,
    ...summariseTally(next.tally, (state.now() - next.started) / 1000),
    decidedBy: decidedByTally(next.tally, conditionLabels(setup.scenario)),
  });
  return { state: { ...state, jobs: rest }, out };
}

function cancel(req: Request, state: SessionState): Handled {
  const request = requiredString(req, 'request');
  const job = state.jobs.find((j) => j.request === request);
  if (!job) throw new Refusal('unknown-job', `No simulation "${request}" is running.`);
  return {
    state: { ...state, jobs: state.jobs.filter((j) => j !== job) },
    out: [
      errorReply(request, 'cancelled', `The simulation was cancelled after ${job.tally.games} of ${job.total} games.`),
      { re: req.id, type: 'cancelled', request, done: job.tally.games, total: job.total },
    ],
  };
}
