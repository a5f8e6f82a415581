// The Square Eagles rules engine: pure functions over plain-JSON game states.
export { newGame, startGame, legalActions, applyAction, isOver, toMove } from './game.js';
export type { ApplyOptions, ApplyResult } from './game.js';
export { result, victoryPoints, type GameResult } from './victory.js';
export { dicePool, type PoolQuery } from './dice-pools.js';
export { playableProblem } from './setup.js';
export type { NewGameOptions } from './setup.js';
export type { Action, GameEvent, GameState, Modifier, UnitState, GeneralState, SideKey } from './types.js';
export type { FirePool, AssaultPool, DicePool } from './combat.js';
export { playGame, type PlayOptions, type PlayedGame } from './play.js';
export { replay, GameRecorder, ReplayError } from './log.js';
export { heuristicPlayer, randomPlayer, makePlayer, PLAYER_KINDS, type Player, type PlayerKind } from './ai.js';
