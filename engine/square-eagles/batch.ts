// The pure half of batch simulation, shared by `adc simulate` (over worker threads, node/simulate.ts) and the engine
// process's `simulate` (in its own thread, engine/session.ts), so both report the same numbers for the same seed.
// Game i is seeded from (seed, i) alone, and everything is summed in game order: neither the worker split nor the
// slicing of the work can change a result.
import type { Scenario } from '../../domain/model.js';
import { deriveSeed } from '../dice.js';
import type { PlayerKind } from './ai.js';
import type { GameResult } from './victory.js';
import { playGame } from './play.js';
import type { GameState, SeType, SideKey } from './types.js';
import type { UnitLoss } from '../../domain/engine-protocol.js';
import * as tally from '../batch-tally.js';
import type { BatchTally, SimulationSummary } from '../batch-tally.js';

export { conditionLabels, wilson, emptyTally, decidedByTally, type BatchTally, type SimulationSummary, type DecidedBy, type VpCount, type EndTurnCount } from '../batch-tally.js';

export interface BatchSetup {
  scenario: Scenario;
  seed: number;
  red: PlayerKind;
  blue: PlayerKind;
}

const gameSeed = (seed: number, index: number): number => deriveSeed(seed, index);

/** What one side lost of one unit type: units eliminated, and strength points lost (hits, an eliminated unit's SP). */
export type { UnitLoss };

/** Per side, the losses of each unit type the side's army has (reinforcements included), even when nothing was lost. */
export type SideLosses = Partial<Record<SeType, UnitLoss>>;
export type GameLosses = Record<SideKey, SideLosses>;

/** One game of a batch: its result, and what the final state says each side lost. */
export interface BatchGame {
  result: GameResult;
  losses: GameLosses;
}

/** The order unit types are reported in, foot to guns, whatever order the armies list them. */
export const SE_TYPES: readonly SeType[] = ['Infantry', 'Lights', 'Cavalry', 'Heavy Cavalry', 'Guns', 'Horse Guns'];

/**
 * Losses read off a final state. The state keeps every unit of the army from the start (reserves too), so the types
 * present are the army's. Hits are capped at SP, and an eliminated unit counts its full SP whatever its hits say.
 */
export function lossesOf(s: GameState): GameLosses {
  const out: GameLosses = { red: {}, blue: {} };
  for (const u of s.units) {
    const side = out[s.meta.sides[u.side].key];
    const loss = (side[u.type] ??= { units: 0, sp: 0 });
    if (u.status === 'eliminated') {
      loss.units++;
      loss.sp += u.sp;
    } else {
      loss.sp += Math.min(u.hits, u.sp);
    }
  }
  return out;
}

export function playBatchGame(setup: BatchSetup, index: number): BatchGame {
  const played = playGame(setup.scenario, { seed: gameSeed(setup.seed, index), red: setup.red, blue: setup.blue });
  return { result: played.result, losses: lossesOf(played.state) };
}


export const addGame = (t: BatchTally, game: BatchGame): BatchTally => tally.addGame(t, game, SE_TYPES);

export const summariseTally = (t: BatchTally, seconds: number): SimulationSummary => tally.summariseTally(t, seconds, SE_TYPES);

const tallyOf = (games: readonly BatchGame[]): BatchTally => games.reduce(addGame, tally.emptyTally());

export function summarise(games: readonly BatchGame[], seconds: number): SimulationSummary {
  return summariseTally(tallyOf(games), seconds);
}

export function decidedBy(games: readonly BatchGame[], labels: readonly string[]): tally.DecidedBy[] {
  return tally.decidedByTally(tallyOf(games), labels);
}
