// Batch simulation: Wilson intervals, and the same results whatever the number of worker threads.
// The worker runs the compiled code: `npx tsc -b` first (npm test does).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../domain/model.js';
import { simulate } from './simulate.js';
import { summarise, wilson } from '../engine/square-eagles/batch.js';

const root = path.resolve(import.meta.dirname, '..');
const se01 = JSON.parse(readFileSync(path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json'), 'utf8')) as Scenario;

describe('statistics', () => {
  it('gives Wilson 95% score intervals', () => {
    const [lo, hi] = wilson(5, 10);
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10)[0]).toBeCloseTo(0.7225, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('summarises wins, rates, mean turns and VP', () => {
    const s = summarise(
      [
        { winner: 'red', reason: '', turns: 10, vp: { red: 30, blue: 0 }, condition: 0 },
        { winner: 'draw', reason: '', turns: 15, vp: { red: 0, blue: 0 }, condition: -1 },
      ],
      1.23456,
    );
    expect(s).toMatchObject({ games: 2, wins: { red: 1, blue: 0, draw: 1 }, winRate: { red: 0.5, blue: 0 }, meanTurns: 12.5, meanVp: { red: 15, blue: 0 }, seconds: 1.235 });
  });
});

describe('simulate', () => {
  it('gives identical results on one worker and on two, reporting progress', async () => {
    const progress: number[] = [];
    const one = await simulate(se01, { games: 6, seed: 11, workers: 1, onProgress: (d) => progress.push(d) });
    const two = await simulate(se01, { games: 6, seed: 11, workers: 2 });
    expect(two.results).toEqual(one.results);
    expect({ ...two.summary, seconds: 0 }).toEqual({ ...one.summary, seconds: 0 });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    expect(one.decidedBy.reduce((n, d) => n + d.games, 0)).toBe(6);
  }, 60_000);

  it('refuses a scenario of another rule system', async () => {
    await expect(simulate({ ...se01, ruleSystem: 'napoleons-eagles' }, { games: 1 })).rejects.toThrow(/Square Eagles/);
  });
});
