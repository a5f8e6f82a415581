// The game as a state machine: a new game, the actions legal at a state, and a state and an action in, a new state,
// its events and its dice out. States given are never changed; the work is done on a draft that shares what it does
// not change (types.ts draftState) by perform.ts (the action) and turn.ts (on to the next decision).
import type { Scenario } from '../../domain/model.js';
import { recordingDice, rngDice, type DiceSource } from '../dice.js';
import { IllegalActionError } from '../rules-engine.js';
import { ctxOf } from './geometry.js';
import { legalActionsIn } from './legal-actions.js';
import { perform } from './perform.js';
import { createState, type NewGameOptions } from './setup.js';
import { advance, startTurn } from './turn.js';
import { draftState, settleDraft, type Action, type GameEvent, type GameState, type SideIndex } from './types.js';

export interface ApplyOptions {
  /** Dice to use instead of the state's own generator (rules tests). */
  dice?: DiceSource;
}

export interface ApplyResult {
  state: GameState;
  events: GameEvent[];
  /** Every d6 rolled while applying the action, in order (the game log keeps them). */
  rolls: number[];
}

export function startGame(scenario: Scenario, opts: NewGameOptions, dice?: DiceSource): ApplyResult {
  const s = createState(scenario, opts);
  const rolls: number[] = [];
  const d = recordingDice(dice ?? rngDice(s.rng), rolls);
  const ev: GameEvent[] = [];
  startTurn(s, d, ev);
  advance(s, d, ev);
  return { state: s, events: ev, rolls };
}

export function newGame(scenario: Scenario, opts: NewGameOptions): GameState {
  return startGame(scenario, opts).state;
}

export function isOver(s: GameState): boolean {
  return s.phase === 'over';
}

/** The side that must decide now. */
export function toMove(s: GameState): SideIndex {
  return s.pending.side;
}

/** The actions of the decision pending at `s`, worked out on the state's memoised context: a state given out is never changed. */
export function legalActions(s: GameState): Action[] {
  return legalActionsIn(ctxOf(s));
}

export function applyAction(state: GameState, action: Action, opts: ApplyOptions = {}): ApplyResult {
  if (state.phase === 'over') throw new IllegalActionError('the game is over');
  const s = draftState(state);
  const rolls: number[] = [];
  const dice = recordingDice(opts.dice ?? rngDice(s.rng), rolls);
  const ev: GameEvent[] = [];
  try {
    perform(s, action, dice, ev, state);
    s.ply++;
    advance(s, dice, ev);
  } finally {
    settleDraft(s);
  }
  return { state: s, events: ev, rolls };
}

/**
 * applyAction for a game nobody logs (batch games): the next state alone, with no events built and no dice recorded.
 * The same dice are rolled in the same order, so the game is the one applyAction plays.
 */
export function nextState(state: GameState, action: Action): GameState {
  if (state.phase === 'over') throw new IllegalActionError('the game is over');
  const s = draftState(state);
  const dice = rngDice(s.rng);
  try {
    perform(s, action, dice, null, state);
    s.ply++;
    advance(s, dice, null);
  } finally {
    settleDraft(s);
  }
  return s;
}
