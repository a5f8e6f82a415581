// The numbers a batch of games reports: win counts, Wilson 95% intervals, means. Pure, so the worker split cannot
// change them: everything is summed in game order.
import type { GameResult } from '../engine/square-eagles/game.js';

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

export function summarise(results: readonly GameResult[], seconds: number): SimulationSummary {
  const n = results.length;
  const wins = { red: 0, blue: 0, draw: 0 };
  let turns = 0;
  let vpRed = 0;
  let vpBlue = 0;
  for (const r of results) {
    wins[r.winner]++;
    turns += r.turns;
    vpRed += r.vp.red;
    vpBlue += r.vp.blue;
  }
  const [rl, rh] = wilson(wins.red, n);
  const [bl, bh] = wilson(wins.blue, n);
  return {
    games: n,
    wins,
    winRate: { red: n ? round(wins.red / n) : 0, blue: n ? round(wins.blue / n) : 0 },
    ci95: { red: [round(rl), round(rh)], blue: [round(bl), round(bh)] },
    meanTurns: n ? round(turns / n, 3) : 0,
    meanVp: { red: n ? round(vpRed / n, 3) : 0, blue: n ? round(vpBlue / n, 3) : 0 },
    seconds: round(seconds, 3),
  };
}

/** How often each victory condition decided a game, in the scenario's order, draws last. */
export function decidedBy(results: readonly GameResult[], labels: readonly string[]): DecidedBy[] {
  const counts = new Map<number, number>();
  for (const r of results) counts.set(r.condition, (counts.get(r.condition) ?? 0) + 1);
  const out: DecidedBy[] = labels.map((condition, k) => ({ condition, games: counts.get(k) ?? 0 }));
  out.push({ condition: 'none (draw)', games: counts.get(-1) ?? 0 });
  return out;
}
