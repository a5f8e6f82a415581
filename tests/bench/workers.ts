// How `adc simulate` scales from one worker to two: AI-against-AI games per second on a sample, each run a fresh
// `adc simulate --json` process, so both start cold as a user's would. Runs alternate (1, 2, 1, 2, …) so that other
// work on the machine weighs on both alike; the load average is printed beside the figures because on a shared
// machine it moves them more than anything measured here. Also checks that both give the same result.
//
// `npm run bench` runs it on se-01 and hx-01; alone: node dist/tests/bench/workers.js [GAMES [RUNS [SAMPLE…]]]
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { isEntryPoint } from '../../node/entry-point.js';

const root = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(root, 'bin/adc.js');

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const load = (): string => loadavg()[0]!.toFixed(1);

/** One run: games per second as adc reports them (start-up of the process excluded), and the result without its timing. */
function runOnce(file: string, games: number, workers: number): { rate: number; result: string } {
  const out = execFileSync(process.execPath, [bin, 'simulate', file, '--games', String(games), '--workers', String(workers), '--json'], { encoding: 'utf8' });
  const summary = JSON.parse(out) as { seconds: number };
  return { rate: games / summary.seconds, result: JSON.stringify({ ...summary, seconds: 0 }) };
}

export interface WorkerFigures {
  one: number;
  two: number;
  ratio: number;
  same: boolean;
}

export function benchWorkers(sample: string, games: number, runs: number): WorkerFigures {
  const file = path.join(root, 'scenarios', `${sample}.scenario.json`);
  const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const results = new Set<string>();
  const loads = [load()];
  for (let r = 0; r < runs; r++) {
    for (const workers of [1, 2] as const) {
      const { rate, result } = runOnce(file, games, workers);
      rates[workers].push(rate);
      results.add(result);
    }
    loads.push(load());
  }
  const figures = { one: median(rates[1]), two: median(rates[2]), ratio: median(rates[2]) / median(rates[1]), same: results.size === 1 };
  const list = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(' ');
  console.log(`${sample}: ${games} AI games, median of ${runs} run${runs === 1 ? '' : 's'} each, alternating; load average ${loads.join(' → ')} on ${availableParallelism()} cores`);
  console.log(`${'  1 worker'.padEnd(44)} ${figures.one.toFixed(1).padStart(7)} games/s  (${list(rates[1])})`);
  console.log(`${'  2 workers'.padEnd(44)} ${figures.two.toFixed(1).padStart(7)} games/s  (${list(rates[2])})`);
  console.log(`${'  2 workers against 1'.padEnd(44)} ${figures.ratio.toFixed(2).padStart(7)}×${figures.same ? '' : '  (DIFFERENT RESULTS!)'}`);
  return figures;
}

if (isEntryPoint(import.meta.url)) {
  const [games = '2000', runs = '5', ...samples] = process.argv.slice(2);
  for (const sample of samples.length ? samples : ['se-01-hold-the-bridge', 'hx-01-the-foragers-bridge']) benchWorkers(sample, Number(games), Number(runs));
}
