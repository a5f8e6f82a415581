// `adc simulate --json` prints the same bytes whatever the number of workers, on every bundled sample an engine
// plays: the games are seeded by index and tallied in index order, however the workers split and finish them.
// Only `seconds`, a timing, may differ. The workers run the compiled code, which the global setup builds.
import { readdirSync, readFileSync } from 'node:fs';
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
  .sort();

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
  it('covers every bundled Square Eagles and Hex Skirmish sample', () => {
    expect(playable.filter((f) => f.startsWith('se-')).length).toBeGreaterThanOrEqual(6);
    expect(playable.filter((f) => f.startsWith('hx-')).length).toBeGreaterThanOrEqual(3);
  });

  // Five games: three workers get uneven shares, and chunks come back out of order.
  it.each(playable)('prints the same JSON on 1, 2 and 3 workers: %s', async (name) => {
    const file = path.join(dir, name);
    const one = await simulateJson(file, 1, 5, 5);
    expect(JSON.parse(one)).toMatchObject({ games: 5 });
    for (const workers of [2, 3]) expect(await simulateJson(file, workers, 5, 5)).toBe(one);
  }, 120_000);
});
