// One whole game between two players, through any rule system's engine, optionally keeping the JSON-lines log:
// what `adc play` runs. The same loop, header, lines and result line as the log the session writes, so a game
// played here and one played move by move through the protocol come out byte-identical.
import type { GameResult, PlayerKind } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import type { AnyRulesEngine } from './rules-engine.js';

export interface PlayGameOptions {
  seed: number;
  red?: PlayerKind;
  blue?: PlayerKind;
  /** Keep the JSON-lines log. */
  log?: boolean;
  options?: Readonly<Record<string, boolean>>;
}

export interface PlayedGame {
  result: GameResult;
  /** The final position, in the engine's own terms (a batch reads its losses off it). */
  state: unknown;
  /** The log's lines, without newlines, when `log` was asked for. */
  log?: string[];
}

/** No legal game comes near this; it only turns an engine bug into an error instead of a hang. */
export const MAX_PLIES = 200_000;

export function playGame(engine: AnyRulesEngine, scenario: Scenario, opts: PlayGameOptions): PlayedGame {
  const kinds = { red: opts.red ?? 'ai', blue: opts.blue ?? 'ai' } as const;
  const players = { red: engine.player(kinds.red, opts.seed, 'red'), blue: engine.player(kinds.blue, opts.seed, 'blue') };
  const start = engine.start(scenario, opts.seed, opts.options);
  const lines = opts.log ? [engine.logHeader(scenario, opts.seed, { ...(opts.options ? { options: opts.options } : {}), players: { ...kinds } }, start.rolls)] : null;
  let state = start.state;
  for (let ply = 0; ; ply++) {
    const side = engine.toAct(state);
    if (side === null) break;
    if (ply > MAX_PLIES) throw new Error('the game did not end');
    const action = players[side].choose(state);
    const out = engine.apply(state, action);
    lines?.push(JSON.stringify(engine.logAction(state, action, out)));
    state = out.state;
  }
  const result = engine.result(state);
  if (!lines) return { result, state };
  lines.push(engine.logResult(result));
  return { result, state, log: lines };
}
