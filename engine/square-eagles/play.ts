// Plays a whole game between two players, optionally writing the JSON-lines log.
import type { Scenario } from '../../domain/model.js';
import { deriveSeed } from '../dice.js';
import { makePlayer, type Player, type PlayerKind } from './ai.js';
import type { RuleOptions } from './board.js';
import { isOver, newGame, nextState } from './game.js';
import { result, type GameResult } from './victory.js';
import { GameRecorder } from './log.js';
import type { GameState } from './types.js';

export interface PlayOptions {
  seed: number;
  red?: PlayerKind;
  blue?: PlayerKind;
  /** Keep the JSON-lines log. */
  log?: boolean;
  options?: Partial<RuleOptions>;
}

export interface PlayedGame {
  result: GameResult;
  state: GameState;
  /** The log lines when `log` was asked for. */
  log?: string[];
}

/** No legal game comes near this; it only turns an engine bug into an error instead of a hang. */
export const MAX_PLIES = 200_000;

export function playGame(scenario: Scenario, opts: PlayOptions): PlayedGame {
  const kinds = { red: opts.red ?? 'ai', blue: opts.blue ?? 'ai' };
  // Each player's own generator is seeded from the game's, so a random player never disturbs the dice.
  const players: Record<'red' | 'blue', Player> = {
    red: makePlayer(kinds.red, deriveSeed(opts.seed, 1)),
    blue: makePlayer(kinds.blue, deriveSeed(opts.seed, 2)),
  };
  const gameOpts = { seed: opts.seed, ...(opts.options ? { options: opts.options } : {}) };
  if (opts.log) {
    const rec = new GameRecorder(scenario, opts.seed, { ...(opts.options ? { options: opts.options } : {}), players: kinds });
    while (!isOver(rec.state)) {
      if (rec.state.ply > MAX_PLIES) throw new Error('the game did not end');
      rec.apply(players[rec.state.meta.sides[rec.state.pending.side].key].choose(rec.state));
    }
    const r = rec.finish();
    return { result: r, state: rec.state, log: rec.lines };
  }
  let state = newGame(scenario, gameOpts);
  while (!isOver(state)) {
    if (state.ply > MAX_PLIES) throw new Error('the game did not end');
    state = nextState(state, players[state.meta.sides[state.pending.side].key].choose(state));
  }
  return { result: result(state), state };
}
