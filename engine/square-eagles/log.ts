// The JSON-lines game log: a header with the seed, then one line per action with the dice it rolled, then the
// result. Replaying the actions from the seed rebuilds the identical state, and the recorded dice are checked on
// the way, so a log from a different engine version fails loudly instead of drifting.
import type { Scenario } from '../../domain/model.js';
import type { RuleOptions } from './board.js';
import { applyAction, result, startGame, type ApplyResult, type GameResult } from './game.js';
import type { Action, GameState } from './types.js';
import type { LoggedAction } from '../rules-engine.js';

export const LOG_FORMAT = 'aide-de-camp/square-eagles-log';
export const LOG_VERSION = 1;

export interface LogHeader {
  type: 'header';
  format: typeof LOG_FORMAT;
  version: number;
  scenario: string;
  seed: number;
  options?: Partial<RuleOptions>;
  players?: { red: string; blue: string };
  rolls: number[];
}

/** One action's line: the shape every engine's log shares (rules-engine.ts). */
export type LogAction = LoggedAction<Action>;

export interface LogResult extends GameResult {
  type: 'result';
}

export type LogLine = LogHeader | LogAction | LogResult;

export interface LogSettings {
  options?: Partial<RuleOptions>;
  players?: { red: string; blue: string };
}

/** The first line of a log: what replay needs to start the same game. */
export function logHeader(scenarioId: string, seed: number, settings: LogSettings, rolls: number[]): LogHeader {
  const header: LogHeader = { type: 'header', format: LOG_FORMAT, version: LOG_VERSION, scenario: scenarioId, seed, rolls: [] };
  if (settings.options) header.options = settings.options;
  if (settings.players) header.players = settings.players;
  // Last, so the dice read after the settings in the file.
  delete (header as Partial<LogHeader>).rolls;
  header.rolls = rolls;
  return header;
}

/** The line for `action`, applied to `before` with the outcome `out`. */
export function logAction(before: GameState, action: Action, out: ApplyResult): LogAction {
  return {
    type: 'action',
    ply: out.state.ply,
    turn: before.turn,
    phase: before.pending.kind,
    side: before.meta.sides[before.pending.side].key,
    action,
    rolls: out.rolls,
  };
}

/** Writes a game as it is played. `lines` holds one JSON text per line, without newlines. */
export class GameRecorder {
  readonly lines: string[] = [];
  state: GameState;

  constructor(scenario: Scenario, seed: number, opts: LogSettings = {}) {
    const start = startGame(scenario, { seed, ...(opts.options ? { options: opts.options } : {}) });
    this.state = start.state;
    this.lines.push(JSON.stringify(logHeader(scenario.id, seed, opts, start.rolls)));
  }

  apply(action: Action): void {
    const before = this.state;
    const out = applyAction(before, action);
    this.lines.push(JSON.stringify(logAction(before, action, out)));
    this.state = out.state;
  }

  finish(): GameResult {
    const r = result(this.state);
    this.lines.push(JSON.stringify({ type: 'result', ...r } satisfies LogResult));
    return r;
  }

  text(): string {
    return this.lines.join('\n') + '\n';
  }
}

export class ReplayError extends Error {}

/** A log's lines that are not blank, with their line numbers in the text (1-based), for messages. */
function logLines(log: string | readonly string[]): { n: number; text: string }[] {
  const raw = typeof log === 'string' ? log.split('\n') : [...log];
  return raw.map((text, k) => ({ n: k + 1, text: text.trim() })).filter((l) => l.text !== '');
}

/** The header of a log, checked for its format and version; the scenario is whatever it names. */
export function readLogHeader(log: string | readonly string[]): LogHeader {
  const first = logLines(log)[0];
  if (!first) throw new ReplayError('the log is empty');
  let header: LogHeader;
  try {
    header = JSON.parse(first.text) as LogHeader;
  } catch {
    throw new ReplayError(`line ${first.n} is not JSON`);
  }
  if (header === null || typeof header !== 'object' || header.type !== 'header' || header.format !== LOG_FORMAT) {
    throw new ReplayError(`line ${first.n} is not a game log header`);
  }
  if (header.version !== LOG_VERSION) throw new ReplayError(`log version ${header.version} is not ${LOG_VERSION}`);
  return header;
}

export interface ReplayedLog {
  header: LogHeader;
  /** Setting up: the state before the first action, with its events and dice. */
  start: ApplyResult;
  /** The state after the last action. */
  state: GameState;
  /** The result line, when the log has one. */
  result: LogResult | null;
}

/**
 * Replays a log from its seed, checking the dice of every line, and hands each action to `onAction` with the state
 * before it and what it did. Throws ReplayError naming the line (as numbered in the text) that does not fit.
 */
export function replayLog(
  scenario: Scenario,
  log: string | readonly string[],
  onAction?: (line: LogAction, before: GameState, out: ApplyResult) => void,
): ReplayedLog {
  const header = readLogHeader(log);
  if (header.scenario !== scenario.id) throw new ReplayError(`the log is of scenario "${header.scenario}", not "${scenario.id}"`);
  const start = startGame(scenario, { seed: header.seed, ...(header.options ? { options: header.options } : {}) });
  if (Array.isArray(header.rolls) && JSON.stringify(header.rolls) !== JSON.stringify(start.rolls)) {
    throw new ReplayError('the set-up dice differ from the log');
  }
  let state = start.state;
  let ended: LogResult | null = null;
  for (const { n, text } of logLines(log).slice(1)) {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      throw new ReplayError(`line ${n} is not JSON`);
    }
    if (line === null || typeof line !== 'object') throw new ReplayError(`line ${n} is not a log line`);
    if (line.type === 'result') ended = line;
    if (line.type !== 'action') continue;
    if (line.action === null || typeof line.action !== 'object') throw new ReplayError(`line ${n} has no action`);
    let out;
    try {
      out = applyAction(state, line.action);
    } catch (err) {
      throw new ReplayError(`line ${n}: ${(err as Error).message}`);
    }
    if (Array.isArray(line.rolls) && JSON.stringify(line.rolls) !== JSON.stringify(out.rolls)) {
      throw new ReplayError(`line ${n}: the dice differ from the log`);
    }
    onAction?.(line, state, out);
    state = out.state;
  }
  return { header, start, state, result: ended };
}

/** Rebuilds the final state of a logged game. Throws ReplayError when the log does not fit the scenario. */
export function replay(scenario: Scenario, log: string | readonly string[]): GameState {
  return replayLog(scenario, log).state;
}
