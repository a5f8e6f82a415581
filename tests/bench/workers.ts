// How `adc simulate` scales from one worker to two: AI-against-AI games per second on a sample, each run a fresh
// `adc simulate --json` process, so both start cold as a user's would. Runs alternate (1, 2, 1, 2, …) so that other
// work on the machine weighs on both alike; the load average is printed beside the figures because on a shared
// machine it moves them more than anything measured here. Besides adc's own rate (its `seconds`, from the first
// worker started to the last game tallied), each run's whole wall time and its CPU time (user + sys of the command
// and its workers, read off /proc on Linux) are printed: two workers should cost little more CPU than one.
// Also checks that both give the same result.
//
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

/** CPU seconds of this process's waited-for children (their own children included), or NaN off Linux. */
function childCpu(): number {
  if (!existsSync('/proc/self/stat')) return NaN;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime, in clock ticks (100 a second on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One run: games per second as adc reports them (start-up of the process excluded), the whole run's wall and CPU seconds, and the result without its timing. */
function runOnce(file: string, games: number, workers: number): { rate: number; wall: number; cpu: number; result: string } {
  const cpu0 = childCpu();
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [bin, 'simulate', file, '--games', String(games), '--workers', String(workers), '--json'], { encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  const summary = JSON.parse(out) as { seconds: number };
  return { rate: games / summary.seconds, wall, cpu: childCpu() - cpu0, result: JSON.stringify({ ...summary, seconds: 0 }) };
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
  const walls: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const cpus: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const results = new Set<string>();
  const loads = [load()];
  for (let r = 0; r < runs; r++) {
    for (const workers of [1, 2] as const) {
      const { rate, wall, cpu, result } = runOnce(file, games, workers);
      rates[workers].push(rate);
      walls[workers].push(wall);
      cpus[workers].push(cpu);
      results.add(result);
    }
    loads.push(load());
  }
  const figures = { one: median(rates[1]), two: median(rates[2]), ratio: median(rates[2]) / median(rates[1]), same: results.size === 1 };
  const list = (xs: number[], digits = 0): string => xs.map((x) => x.toFixed(digits)).join(' ');
  console.log(`${sample}: ${games} AI games, median of ${runs} run${runs === 1 ? '' : 's'} each, alternating; load average ${loads.join(' → ')} on ${availableParallelism()} cores`);
  for (const w of [1, 2] as const) {
    const label = `  ${w} worker${w === 1 ? '' : 's'}`.padEnd(44);
    console.log(`${label} ${median(rates[w]).toFixed(1).padStart(7)} games/s  (${list(rates[w])}); whole run ${median(walls[w]).toFixed(2)} s wall (${list(walls[w], 2)}), ${median(cpus[w]).toFixed(2)} s CPU (${list(cpus[w], 2)})`);
  }
  console.log(`${'  2 workers against 1'.padEnd(44)} ${figures.ratio.toFixed(2).padStart(7)}×${figures.same ? '' : '  (DIFFERENT RESULTS!)'}; whole run ${(median(walls[1]) / median(walls[2])).toFixed(2)}× by wall, ${(median(cpus[2]) / median(cpus[1])).toFixed(2)}× the CPU`);
  return figures;
}

if (isEntryPoint(import.meta.url)) {
  const [games = '2000', runs = '5', ...samples] = process.argv.slice(2);
  for (const sample of samples.length ? samples : ['se-01-hold-the-bridge', 'hx-01-the-foragers-bridge']) benchWorkers(sample, Number(games), Number(runs));
}
