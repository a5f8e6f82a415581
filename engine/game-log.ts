// The JSON-lines game log every engine writes: a header with the seed and the set-up's dice, one line per action
// with the dice it rolled, then the result. Replaying the actions from the seed rebuilds the identical state, and
// the recorded dice are checked on the way, so a log from a different engine version fails loudly instead of
// drifting. Each rule system names its own format; the lines are the same.
import type { Scenario } from '../domain/model.js';
import { LogError, type Applied, type LoggedAction, type ReplayedLog } from './rules-engine.js';

export interface LogHeaderLine<Options> {
  type: 'header';
  format: string;
  version: number;
  scenario: string;
  seed: number;
  options?: Options;
  players?: { red: string; blue: string };
  rolls: number[];
}

export interface LogSettingsOf<Options> {
  options?: Options;
  players?: { red: string; blue: string };
}

/** How one rule system starts and plays a game, as a log needs it. */
export interface LogRules<State, Action, Options> {
  format: string;
  version: number;
  start(scenario: Scenario, seed: number, options: Options | undefined): Applied<State>;
  apply(state: State, action: Action): Applied<State>;
}

export class ReplayError extends Error {}

/** Runs a log reader, turning its ReplayError (the message names the line) into the seam's LogError. */
export function asLogError<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof ReplayError) throw new LogError(err.message);
    throw err;
  }
}

/** The first line of a log: what replay needs to start the same game; the dice last, after the settings. */
export function headerLine<O>(format: string, version: number, scenarioId: string, seed: number, settings: LogSettingsOf<O>, rolls: number[]): LogHeaderLine<O> {
  const header: LogHeaderLine<O> = { type: 'header', format, version, scenario: scenarioId, seed } as LogHeaderLine<O>;
  if (settings.options) header.options = settings.options;
  if (settings.players) header.players = settings.players;
  header.rolls = rolls;
  return header;
}

/** A log's lines that are not blank, with their line numbers in the text (1-based), for messages. */
function linesOf(log: string | readonly string[]): { n: number; text: string }[] {
  const raw = typeof log === 'string' ? log.split('\n') : [...log];
  return raw.map((text, k) => ({ n: k + 1, text: text.trim() })).filter((l) => l.text !== '');
}

/** The header of a log, checked for its format and version; the scenario is whatever it names. */
export function readHeaderLine<O>(format: string, version: number, log: string | readonly string[]): LogHeaderLine<O> {
  const first = linesOf(log)[0];
  if (!first) throw new ReplayError('the log is empty');
  let header: LogHeaderLine<O>;
  try {
    header = JSON.parse(first.text) as LogHeaderLine<O>;
  } catch {
    throw new ReplayError(`line ${first.n} is not JSON`);
  }
  if (header === null || typeof header !== 'object' || header.type !== 'header' || header.format !== format) {
    throw new ReplayError(`line ${first.n} is not a game log header`);
  }
  if (header.version !== version) throw new ReplayError(`log version ${header.version} is not ${version}`);
  return header;
}

export interface Replayed<State, Result, O> {
  header: LogHeaderLine<O>;
  start: Applied<State>;
  state: State;
  result: Result | null;
}

/**
 * Replays a log from its seed, checking the dice of every line, and hands each action to `onAction` with the state
 * before it and what it did. Throws ReplayError naming the line (as numbered in the text) that does not fit.
 */
export function replayLines<State, Action, O, Result>(
  rules: LogRules<State, Action, O>,
  scenario: Scenario,
  log: string | readonly string[],
  onAction?: (line: LoggedAction<Action>, before: State, out: Applied<State>) => void,
): Replayed<State, Result, O> {
  const header = readHeaderLine<O>(rules.format, rules.version, log);
  if (header.scenario !== scenario.id) throw new ReplayError(`the log is of scenario "${header.scenario}", not "${scenario.id}"`);
  const start = rules.start(scenario, header.seed, header.options);
  if (Array.isArray(header.rolls) && JSON.stringify(header.rolls) !== JSON.stringify(start.rolls)) {
    throw new ReplayError('the set-up dice differ from the log');
  }
  let state = start.state;
  let ended: Result | null = null;
  for (const { n, text } of linesOf(log).slice(1)) {
    let line: { type?: unknown; action?: unknown; rolls?: unknown };
    try {
      line = JSON.parse(text) as typeof line;
    } catch {
      throw new ReplayError(`line ${n} is not JSON`);
    }
    if (line === null || typeof line !== 'object') throw new ReplayError(`line ${n} is not a log line`);
    if (line.type === 'result') ended = line as Result;
    if (line.type !== 'action') continue;
    if (line.action === null || typeof line.action !== 'object') throw new ReplayError(`line ${n} has no action`);
    let out: Applied<State>;
    try {
      out = rules.apply(state, line.action as Action);
    } catch (err) {
      throw new ReplayError(`line ${n}: ${(err as Error).message}`);
    }
    if (Array.isArray(line.rolls) && JSON.stringify(line.rolls) !== JSON.stringify(out.rolls)) {
      throw new ReplayError(`line ${n}: the dice differ from the log`);
    }
    onAction?.(line as LoggedAction<Action>, state, out);
    state = out.state;
  }
  return { header, start, state, result: ended };
}

/** `replayLines` as the seam's `replayLog` gives it: every action with the state before it, errors as LogError. */
export function replayLogOf<State, Action, O>(rules: LogRules<State, Action, O>, scenario: Scenario, text: string): ReplayedLog<State, Action> {
  const actions: ReplayedLog<State, Action>['actions'] = [];
  const r = asLogError(() => replayLines<State, Action, O, { winner?: unknown }>(rules, scenario, text, (line, before, out) => actions.push({ line, before, out })));
  return { start: r.start, state: r.state, result: r.result, actions };
}
