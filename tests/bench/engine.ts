// Engine benchmark for `npm run bench`: AI-against-AI games per second on se-01 (8×8 boxes, six against six),
// in this process on one worker thread and on two.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../../domain/model.js';
import { simulate } from '../../node/simulate.js';

export async function benchEngine(games = 200): Promise<void> {
  const file = path.resolve(import.meta.dirname, '../../../scenarios/se-01-hold-the-bridge.scenario.json');
  const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
  console.log(`Square Eagles engine: ${games} AI-against-AI games of se-01 (8×8, 6 against 6)`);
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
}
