// The JSON-lines game log: a header with the seed, then one line per action with the dice it rolled, then the
// result. Replaying the actions from the seed rebuilds the identical state, and the recorded dice are checked on
// the way, so a log from a different engine version fails loudly instead of drifting.
import type { Scenario } from '../../domain/model.js';
import type { RuleOptions } from './board.js';
import { applyAction, startGame, type ApplyResult } from './game.js';
import { result, type GameResult } from './victory.js';
import type { Action, GameState } from './types.js';
import type { LoggedAction } from '../rules-engine.js';
import { headerLine, readHeaderLine, replayLines, ReplayError, type LogRules } from '../game-log.js';

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
  return headerLine(LOG_FORMAT, LOG_VERSION, scenarioId, seed, settings, rolls) as LogHeader;
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

export { ReplayError };

const RULES: LogRules<GameState, Action, Partial<RuleOptions>> = {
  format: LOG_FORMAT,
  version: LOG_VERSION,
  start: (scenario, seed, options) => startGame(scenario, { seed, ...(options ? { options } : {}) }),
  apply: applyAction,
};

/** The header of a log, checked for its format and version; the scenario is whatever it names. */
export function readLogHeader(log: string | readonly string[]): LogHeader {
  return readHeaderLine<Partial<RuleOptions>>(LOG_FORMAT, LOG_VERSION, log) as LogHeader;
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
  const r = replayLines<GameState, Action, Partial<RuleOptions>, LogResult>(RULES, scenario, log, onAction);
  return { ...r, header: r.header as LogHeader };
}

/** Rebuilds the final state of a logged game. Throws ReplayError when the log does not fit the scenario. */
export function replay(scenario: Scenario, log: string | readonly string[]): GameState {
  return replayLog(scenario, log).state;
}
