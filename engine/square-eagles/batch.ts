// The pure half of batch simulation, shared by `adc simulate` (over worker threads, node/simulate.ts) and the engine
// process's `simulate` (in its own thread, engine/session.ts), so both report the same numbers for the same seed.
// Game i is seeded from (seed, i) alone, and everything is summed in game order: neither the worker split nor the
// slicing of the work can change a result.
import type { Scenario } from '../../domain/model.js';
import { deriveSeed } from '../dice.js';
import type { PlayerKind } from './ai.js';
import type { GameResult } from './game.js';
import { playGame } from './play.js';

export interface BatchSetup {
  scenario: Scenario;
  seed: number;
  red: PlayerKind;
  blue: PlayerKind;
}

export const gameSeed = (seed: number, index: number): number => deriveSeed(seed, index);

export function playBatchGame(setup: BatchSetup, index: number): GameResult {
  return playGame(setup.scenario, { seed: gameSeed(setup.seed, index), red: setup.red, blue: setup.blue }).result;
}

/** "#1 red hold obj-a+obj-b", one per victory condition, for the decided-by table. */
export function conditionLabels(scenario: Scenario): string[] {
  return (scenario.victory ?? []).map((v, k) => {
    const who = 'side' in v && v.side ? `${v.side} ` : '';
    const what = v.kind === 'hold' ? ` ${(v as { objectives?: string[] }).objectives?.join('+') ?? ''}` : v.kind === 'exit' ? ` ${(v as { edge?: string }).edge ?? ''}` : '';
    return `#${k + 1} ${who}${v.kind}${what}`.trim();
  });
}

/** z for a two-sided 95% interval. */
const Z = 1.959963984540054;

/** Wilson score interval for `wins` successes in `n` trials. */
export function wilson(wins: number, n: number): [number, number] {
  if (n <= 0) return [0, 1];
  const p = wins / n;
  const z2 = Z * Z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (x: number, places = 4): number => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};

export interface SimulationSummary {
  games: number;
  wins: { red: number; blue: number; draw: number };
  winRate: { red: number; blue: number };
  ci95: { red: [number, number]; blue: [number, number] };
  meanTurns: number;
  meanVp: { red: number; blue: number };
  seconds: number;
}

export interface DecidedBy {
  /** "hold", "exit", "destroy", "points" with the victory condition's index, or "none" for draws. */
  condition: string;
  games: number;
}

/**
 * Running totals of a batch, so a long batch played in slices needs no list of every result. Sums are taken in
 * game order, as summarise() takes them, so the floating-point totals come out identical.
 */
export interface BatchTally {
  readonly games: number;
  readonly wins: { readonly red: number; readonly blue: number; readonly draw: number };
  readonly turns: number;
  readonly vpRed: number;
  readonly vpBlue: number;
  /** Games decided by victory condition k, at index k + 1; draws (condition −1) at index 0. */
  readonly conditions: readonly number[];
}

export const emptyTally = (): BatchTally => ({ games: 0, wins: { red: 0, blue: 0, draw: 0 }, turns: 0, vpRed: 0, vpBlue: 0, conditions: [] });

export function addResult(t: BatchTally, r: GameResult): BatchTally {
  const conditions = [...t.conditions];
  const k = r.condition + 1;
  for (let i = conditions.length; i <= k; i++) conditions.push(0);
  conditions[k]!++;
  return {
    games: t.games + 1,
    wins: { ...t.wins, [r.winner]: t.wins[r.winner] + 1 },
    turns: t.turns + r.turns,
    vpRed: t.vpRed + r.vp.red,
    vpBlue: t.vpBlue + r.vp.blue,
    conditions,
  };
}

export function summariseTally(t: BatchTally, seconds: number): SimulationSummary {
  const n = t.games;
  const { wins } = t;
  const [rl, rh] = wilson(wins.red, n);
  const [bl, bh] = wilson(wins.blue, n);
  return {
    games: n,
    wins: { ...wins },
    winRate: { red: n ? round(wins.red / n) : 0, blue: n ? round(wins.blue / n) : 0 },
    ci95: { red: [round(rl), round(rh)], blue: [round(bl), round(bh)] },
    meanTurns: n ? round(t.turns / n, 3) : 0,
    meanVp: { red: n ? round(t.vpRed / n, 3) : 0, blue: n ? round(t.vpBlue / n, 3) : 0 },
    seconds: round(seconds, 3),
  };
}

/** How often each victory condition decided a game, in the scenario's order, draws last. */
export function decidedByTally(t: BatchTally, labels: readonly string[]): DecidedBy[] {
  const out: DecidedBy[] = labels.map((condition, k) => ({ condition, games: t.conditions[k + 1] ?? 0 }));
  out.push({ condition: 'none (draw)', games: t.conditions[0] ?? 0 });
  return out;
}

const tallyOf = (results: readonly GameResult[]): BatchTally => results.reduce(addResult, emptyTally());

export function summarise(results: readonly GameResult[], seconds: number): SimulationSummary {
  return summariseTally(tallyOf(results), seconds);
}

export function decidedBy(results: readonly GameResult[], labels: readonly string[]): DecidedBy[] {
  return decidedByTally(tallyOf(results), labels);
}
