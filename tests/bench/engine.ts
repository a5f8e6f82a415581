// Engine benchmark for `npm run bench`: AI-against-AI games per second on se-01 (8×8 boxes, six against six) and on
// hx-01 (12×8 hexes, seven formations against seven), and Napoleon's Eagles on ne-01 in one process, as `adc simulate` plays them on one worker and on two
// (workers.ts), random and AI games in one process on one core (one-core.ts), and how much the AI beats random moves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../../domain/model.js';
import { simulate } from '../../node/simulate.js';
import { benchOneCore } from './one-core.js';
import { benchWorkers } from './workers.js';

const sample = (name: string): Scenario => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../scenarios/${name}.scenario.json`), 'utf8')) as Scenario;

// 2,000 games, as issue 17's row for two workers asks: at today's engine speed 1,000 games are half warm-up, and the
// ratio they print (1.13×) says more about each worker's start than about running two.
export async function benchEngine(games = 2000, runs = 3): Promise<void> {
  console.log(`Square Eagles engine: se-01 (8×8, 6 against 6)`);
  benchOneCore('square-eagles', 'se-01-hold-the-bridge');
  benchWorkers('se-01-hold-the-bridge', games, runs);
  await benchAiLevels(sample('se-01-hold-the-bridge'));
  console.log(`Hex Skirmish engine: hx-01 (12×8 hexes, 7 against 7)`);
  benchOneCore('hex-skirmish', 'hx-01-the-foragers-bridge');
  benchWorkers('hx-01-the-foragers-bridge', games, runs);
  await benchAiLevels(sample('hx-01-the-foragers-bridge'));
  // Napoleon's Eagles plays an open table in inches: one process only (its games are far slower than the gridded
  // engines', so 1,000 over workers would take the bench minutes; NOTES.md has the figures).
  console.log(`Napoleon's Eagles engine: ne-01 (72×48", 8 units against 7)`);
  benchOneCore('napoleons-eagles', 'ne-01-plancenoit');
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
