// Batch games (`adc simulate`, the balance report): whole games whose moves nobody reads, played through
// game.ts nextState (no dice record, no log lines) by the same players, seeded the same way, as the logged games
// the protocol plays; batch-path.test.ts checks that both end in the same state.
import type { PlayerKind, SideKey } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { deriveSeed } from '../dice.js';
import { MAX_PLIES } from '../play-game.js';
import { makeAi } from './ai.js';
import { nextState, startGame, toAct } from './game.js';
import { makePlayer, type NePlayer } from './players.js';
import { sideIndex, sideKey, type NeGameState } from './state.js';

/** The player of `kind` for `side` in the game seeded `seed`: what the engine's `player` hands out. */
export function playerFor(kind: PlayerKind, seed: number, side: SideKey): NePlayer {
  const k = deriveSeed(seed, sideIndex(side) === 0 ? 1 : 2);
  return kind === 'ai' ? makeAi(k) : makePlayer(kind, k);
}

/** The final state of the game seeded `seed` between `red` and `blue`. */
export function playQuiet(scenario: Scenario, seed: number, red: PlayerKind, blue: PlayerKind): NeGameState {
  const players = { red: playerFor(red, seed, 'red'), blue: playerFor(blue, seed, 'blue') };
  let s = startGame(scenario, seed).state;
  for (let ply = 0; ; ply++) {
    const side = toAct(s);
    if (side === null) return s;
    if (ply > MAX_PLIES) throw new Error('the game did not end');
    s = nextState(s, players[sideKey(s, side)].choose(s));
  }
}
