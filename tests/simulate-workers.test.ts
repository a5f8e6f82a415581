// `adc simulate --json` prints the same bytes whatever the number of workers, on every bundled sample an engine
// plays: the games are seeded by index and tallied in index order, however the workers split and finish them.
// Only `seconds`, a timing, may differ. And the workers, which run in sessions of their own, stop when the command
// dies. They run the compiled code, which the global setup builds.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSimulate } from '../cli/simulate.js';
import type { Io } from '../cli/output.js';
import type { Scenario } from '../domain/model.js';
import { engineFor } from '../engine/registry.js';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'scenarios');

const playable = readdirSync(dir)
  .filter((f) => f.endsWith('.scenario.json'))
  .filter((f) => {
    const scenario = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Scenario;
    const engine = engineFor(scenario.ruleSystem);
    return engine !== undefined && engine.playableProblem(scenario) === null;
  })
  // One Napoleon's Eagles sample stands for its engine: its AI games take about a second each, and the split over
  // workers is the engine seam's, not the sample's.
  .filter((f) => !f.startsWith('ne-') || f.startsWith('ne-01-'))
  .sort();

/** The worker processes whose parent is `pid`, read off /proc. */
function workersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('simulate-worker');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number): boolean => existsSync(`/proc/${pid}`) && !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function simulateJson(file: string, workers: number, games: number, seed: number): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t) };
  const code = await runSimulate(io, { file, games: String(games), seed: String(seed), workers: String(workers), json: true });
  expect({ code, err }).toEqual({ code: 0, err: [] });
  const text = out.join('\n');
  expect(text).toMatch(/"seconds": [\d.e+-]+,/);
  return text.replace(/"seconds": [\d.e+-]+,/, '"seconds": 0,');
}

describe('adc simulate on several workers', () => {
  it('covers every bundled Square Eagles and Hex Skirmish sample, and a Napoleon\'s Eagles one', () => {
    expect(playable.filter((f) => f.startsWith('se-')).length).toBeGreaterThanOrEqual(6);
    expect(playable.filter((f) => f.startsWith('hx-')).length).toBeGreaterThanOrEqual(3);
    expect(playable.filter((f) => f.startsWith('ne-'))).toEqual(['ne-01-plancenoit.scenario.json']);
  });

  // Five games: three workers get uneven shares, and chunks come back out of order.
  it.each(playable)('prints the same JSON on 1, 2 and 3 workers: %s', async (name) => {
    const file = path.join(dir, name);
    const one = await simulateJson(file, 1, 5, 5);
    expect(JSON.parse(one)).toMatchObject({ games: 5 });
    for (const workers of [2, 3]) expect(await simulateJson(file, workers, 5, 5)).toBe(one);
  }, 120_000);

  // A Ctrl+C reaches the command but not its workers, which are in sessions of their own; killed outright, the
  // command could not stop them either.
  it.skipIf(!existsSync('/proc'))('stops the workers when the command dies', async () => {
    const file = path.join(dir, 'se-01-hold-the-bridge.scenario.json');
    const cmd = spawn(process.execPath, [path.join(root, 'bin/adc.js'), 'simulate', file, '--games', '100000', '--workers', '2'], { stdio: 'ignore' });
    const pid = cmd.pid!;
    let workers: number[] = [];
    await until('the workers start', () => (workers = workersOf(pid)).length === 2, 30_000);
    cmd.kill('SIGKILL');
    await until('the workers stop', () => !workers.some(alive), 10_000);
  }, 60_000);
});
