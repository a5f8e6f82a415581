// Engine benchmark for `npm run bench`: AI-against-AI games per second on se-01 (8×8 boxes, six against six) and on
// hx-01 (12×8 hexes, seven formations against seven), in this process on one worker thread and on two.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../../domain/model.js';
import { simulate } from '../../node/simulate.js';

const sample = (name: string): Scenario => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../scenarios/${name}.scenario.json`), 'utf8')) as Scenario;

export async function benchEngine(games = 200): Promise<void> {
  await benchSample(sample('se-01-hold-the-bridge'), `Square Eagles engine: ${games} AI-against-AI games of se-01 (8×8, 6 against 6)`, games);
  await benchSample(sample('hx-01-the-foragers-bridge'), `Hex Skirmish engine: ${games} AI-against-AI games of hx-01 (12×8 hexes, 7 against 7)`, games);
}

async function benchSample(scenario: Scenario, title: string, games: number): Promise<void> {
  console.log(title);
  // A few games first so the timings below are of warm code, as in a long batch.
  await simulate(scenario, { games: 10, seed: 999, workers: 1 });
  let first: string | null = null;
  for (const workers of [1, 2]) {
    const r = await simulate(scenario, { games, seed: 1, workers });
    const wins = JSON.stringify(r.summary.wins);
    if (first === null) first = wins;
    const same = wins === first ? '' : '  (DIFFERENT RESULT!)';
    console.log(`${`${workers} worker${workers === 1 ? '' : 's'}`.padEnd(44)} ${(games / r.summary.seconds).toFixed(1).padStart(7)} games/s  ${wins}${same}`);
  }
  await benchAiLevels(scenario);
}

/**
 * How much stronger the heuristic player is than the random one, from each side of a sample: a figure to watch when the
 * heuristics change (ai.test.ts only checks it stays above 80%).
 */
async function benchAiLevels(scenario: Scenario, games = 100): Promise<void> {
  console.log(`AI against random on ${scenario.id}, ${games} games a seating`);
  for (const [red, blue] of [['ai', 'random'], ['random', 'ai']] as const) {
    const r = await simulate(scenario, { games, seed: 1, workers: 2, red, blue });
    const ai = red === 'ai' ? 'red' : 'blue';
    const rate = r.summary.winRate[ai];
    const [lo, hi] = r.summary.ci95[ai];
    const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
    console.log(`${`red ${red}, blue ${blue}`.padEnd(44)} ai wins ${pct(rate).padStart(4)} (95% ${pct(lo)}–${pct(hi)})  ${JSON.stringify(r.summary.wins)}`);
  }
}
