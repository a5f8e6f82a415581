// Game-flow cases for the rules tests: a small scenario started on the real engine, actions applied through
// game.ts's applyAction with every die injected in order. The dice lists are exact: a case that rolls one die more or
// less than its worked arithmetic says fails, so each test also checks that the sequence rolls what the text asks.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { fixedNeDice } from './dice.js';
import { applyAction, startGame, type Action } from './game.js';
import { unitById, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

export interface Played {
  state: NeGameState;
  events: GameEvent[];
}

/** Applies `actions` in turn, rolling exactly `dice` (every one of them, and no more). */
export function play(s: NeGameState, actions: readonly Action[], dice: readonly number[] = []): Played {
  const fixed = fixedNeDice(dice);
  const events: GameEvent[] = [];
  let state = s;
  for (const a of actions) {
    const out = applyAction(state, a, () => fixed);
    state = out.state;
    events.push(...out.events);
  }
  if (fixed.remaining() !== 0) throw new Error(`play: ${fixed.remaining()} injected dice were not rolled`);
  return { state, events };
}

/**
 * The scenario started and the first period's order settled: red bids 5, blue 1, red chooses `redRole`. Turn 1's
 * threshold checks roll nothing (no unit is lost yet), so no die is needed up to here.
 */
export function begin(scenario: Scenario, redRole: 'A' | 'D' = 'A'): NeGameState {
  const started = startGame(scenario, 1);
  if (started.rolls.length !== 0) throw new Error(`begin: the set-up rolled ${started.rolls.length} dice`);
  return play(started.state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: redRole }]).state;
}

export const unit = (s: NeGameState, id: string): NeUnit => {
  const u = unitById(s, id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
};

export const eventsOf = (events: readonly GameEvent[], type: string): GameEvent[] => events.filter((e) => e.type === type);

/** Both sides end their leader moves (step 8): side A's first. */
export const endLeaders: Action[] = [{ type: 'end-leaders' }, { type: 'end-leaders' }];
