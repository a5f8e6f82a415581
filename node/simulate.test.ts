// Batch simulation: Wilson intervals, and the same results whatever the number of worker processes.
// The worker runs the compiled code: `npx tsc -b` first (npm test does).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../domain/model.js';
import { chunkSize, chunksHeld, simulate, SimulationCancelled, type StartWorker } from './simulate.js';
import { engineFor } from '../engine/registry.js';
import type { BatchSetup } from '../engine/rules-engine.js';
import { lossesOf, summarise, wilson, type BatchGame } from '../engine/square-eagles/batch.js';
import { newGame } from '../engine/square-eagles/game.js';

const root = path.resolve(import.meta.dirname, '..');
const se01 = JSON.parse(readFileSync(path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json'), 'utf8')) as Scenario;

/** The processes whose parent is `pid`, read off /proc (Linux; elsewhere none are found). */
function childrenOf(pid: number): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

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

  it('summarises wins, rates, mean turns and VP, the VP and end-turn histograms and mean losses', () => {
    const games: BatchGame[] = [
      {
        result: { winner: 'red', reason: '', turns: 10, vp: { red: 30, blue: 0 }, condition: 0 },
        losses: { red: { Infantry: { units: 0, sp: 2 }, Guns: { units: 0, sp: 0 } }, blue: { Cavalry: { units: 1, sp: 4 } } },
      },
      {
        result: { winner: 'draw', reason: '', turns: 15, vp: { red: 0, blue: 0 }, condition: -1 },
        losses: { red: { Infantry: { units: 1, sp: 6 }, Guns: { units: 0, sp: 1 } }, blue: { Cavalry: { units: 0, sp: 1 } } },
      },
      {
        result: { winner: 'red', reason: '', turns: 10, vp: { red: 30, blue: 12 }, condition: 0 },
        losses: { red: { Infantry: { units: 0, sp: 0 }, Guns: { units: 0, sp: 0 } }, blue: { Cavalry: { units: 0, sp: 0 } } },
      },
    ];
    const s = summarise(games, 1.23456);
    expect(s).toMatchObject({ games: 3, wins: { red: 2, blue: 0, draw: 1 }, meanTurns: 11.667, meanVp: { red: 20, blue: 4 }, seconds: 1.235 });
    expect(s.vpHistogram).toEqual([
      { vp: 0, red: 1, blue: 2 },
      { vp: 12, red: 0, blue: 1 },
      { vp: 30, red: 2, blue: 0 },
    ]);
    expect(s.endTurns).toEqual([
      { turn: 10, red: 2, blue: 0, draw: 0 },
      { turn: 15, red: 0, blue: 0, draw: 1 },
    ]);
    expect(s.meanLosses).toEqual({
      red: { Infantry: { units: 0.333, sp: 2.667 }, Guns: { units: 0, sp: 0.333 } },
      blue: { Cavalry: { units: 0.333, sp: 1.667 } },
    });
    // Types come in the fixed order, whatever order the games list them in.
    expect(Object.keys(s.meanLosses.red)).toEqual(['Infantry', 'Guns']);
  });

  it('reads losses off a final state: hits capped at SP, an eliminated unit its full SP, every type of the army', () => {
    const s = newGame(se01, { seed: 3 });
    const unit = (id: string) => s.units.find((u) => u.id === id)!;
    const foot = unit('fr-foot');
    const leger = unit('fr-10leger');
    const reserve = s.units.find((u) => u.status === 'reserve')!;
    const blueInf = s.units.find((u) => u.side !== foot.side && u.type === 'Infantry')!;
    foot.hits = 2;
    leger.status = 'eliminated';
    leger.hits = 1; // The engine sets hits to SP on elimination; the count must not rely on it.
    blueInf.hits = blueInf.sp + 3;
    const before = (side: 0 | 1, type: string) => s.units.filter((u) => u.side === side && u.type === type);
    const losses = lossesOf(s);
    expect(losses.red.Guns!.sp).toBe(2 + before(foot.side, 'Guns').filter((u) => u !== foot).reduce((n, u) => n + Math.min(u.hits, u.sp), 0));
    expect(losses.red.Lights).toEqual({ units: 1, sp: leger.sp });
    expect(losses.blue.Infantry).toEqual({ units: 0, sp: blueInf.sp });
    // Every type present in an army is reported, a reinforcement's too, lost or not.
    for (const [key, side] of [['red', 0], ['blue', 1]] as const) {
      expect(Object.keys(losses[key]).sort()).toEqual([...new Set(s.units.filter((u) => u.side === side).map((u) => u.type))].sort());
    }
    expect(losses[reserve.side === 0 ? 'red' : 'blue'][reserve.type]).toBeDefined();
  });
});

describe('simulate', () => {
  it('gives identical results on one worker and on two, reporting progress', async () => {
    const progress: number[] = [];
    const one = await simulate(se01, { games: 6, seed: 11, workers: 1, onProgress: (d) => progress.push(d) });
    const twoProgress: number[] = [];
    const two = await simulate(se01, { games: 6, seed: 11, workers: 2, onProgress: (d) => twoProgress.push(d) });
    expect({ ...two.summary, seconds: 0 }).toEqual({ ...one.summary, seconds: 0 });
    expect(two.decidedBy).toEqual(one.decidedBy);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    // Several workers report as chunks come back: rising, and ending at the total.
    expect(twoProgress).toEqual([...twoProgress].sort((a, b) => a - b));
    expect(twoProgress.at(-1)).toBe(6);
    expect(one.decidedBy.reduce((n, d) => n + d.games, 0)).toBe(6);
    // Each game puts one red and one blue total into the VP histogram, and ends on one turn.
    const h = one.summary.vpHistogram;
    expect(h.reduce((n, x) => n + x.red, 0)).toBe(6);
    expect(h.reduce((n, x) => n + x.blue, 0)).toBe(6);
    expect(h.map((x) => x.vp)).toEqual([...h.map((x) => x.vp)].sort((a, b) => a - b));
    expect(one.summary.endTurns.reduce((n, x) => n + x.red + x.blue + x.draw, 0)).toBe(6);
    expect(one.summary.meanLosses.red.Infantry).toEqual({ units: expect.any(Number), sp: expect.any(Number) });
  }, 60_000);

  it('stops every worker promptly when cancelled, saying how many games were done', async () => {
    const abort = new AbortController();
    let abortedAt = 0;
    const run = simulate(se01, {
      games: 100_000,
      seed: 3,
      workers: 2,
      signal: abort.signal,
      onProgress: () => {
        if (abortedAt) return;
        abortedAt = performance.now();
        abort.abort();
      },
    });
    const err: unknown = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimulationCancelled);
    expect((err as SimulationCancelled).total).toBe(100_000);
    expect((err as SimulationCancelled).message).toMatch(/^The simulation was cancelled after \d+ of 100000 games\.$/);
    // Within a game or so, not at the end of the chunk: a worker is stopped mid-game.
    expect(performance.now() - abortedAt).toBeLessThan(5_000);
    // The promise settles once the workers have exited: none is left among this process's children.
    expect(childrenOf(process.pid)).toEqual([]);
  }, 60_000);

  it('cancels a batch played in this thread between games', async () => {
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    await expect(simulate(se01, { games: 100_000, seed: 3, workers: 1, signal: abort.signal })).rejects.toBeInstanceOf(SimulationCancelled);
  }, 60_000);

  it('sizes chunks by how long games last: single games at first, at the end, and when games are long', () => {
    // Unknown length: one game, to learn it.
    expect(chunkSize(2000, 2, undefined)).toBe(1);
    // Short games: an eighth of a worker's share of what is left, at most 64 games and at most 200 ms of play.
    expect(chunkSize(2000, 2, 1)).toBe(64);
    expect(chunkSize(2000, 2, 5)).toBe(40);
    expect(chunkSize(200, 2, 1)).toBe(13);
    expect(chunkSize(7, 3, 1)).toBe(1);
    expect(chunkSize(1, 2, 0)).toBe(1);
    // A Napoleon's Eagles AI game (over a second): one at a time however many are left.
    expect(chunkSize(10_000, 2, 1400)).toBe(1);
    // The next chunk is queued behind the one being played only when games are short.
    expect([chunksHeld(undefined), chunksHeld(5), chunksHeld(99), chunksHeld(100), chunksHeld(1400)]).toEqual([1, 2, 2, 1, 1]);
  });

  // Workers that play real games here, one message at a time, but say each game took `cpuMs`: how the batch is handed
  // out depends only on what the workers report, so the split can be checked without a machine quiet enough to time.
  const scripted = (cpuMs: number) => {
    const engine = engineFor('square-eagles')!;
    /** Per worker, the chunks it was handed, and the most games it held (handed, not yet back) at once. */
    const log: { chunks: number[]; held: number; most: number }[] = [];
    const start: StartWorker = (events) => {
      const me = { chunks: [] as number[], held: 0, most: 0 };
      log.push(me);
      let setup: BatchSetup | undefined;
      let busy = Promise.resolve();
      let gone = false;
      const end = (how: string): void => {
        if (gone) return;
        gone = true;
        setImmediate(() => events.exit(how));
      };
      return {
        send: (msg) => {
          if ('setup' in msg) {
            setup = msg.setup;
            return;
          }
          const { from, to } = msg;
          me.chunks.push(to - from);
          me.held += to - from;
          me.most = Math.max(me.most, me.held);
          busy = busy.then(
            () =>
              new Promise<void>((resolve) =>
                setImmediate(() => {
                  if (gone) return resolve();
                  const games: BatchGame[] = [];
                  for (let i = from; i < to; i++) games.push(engine.playBatchGame(setup!, i));
                  me.held -= games.length;
                  events.message({ done: games.length, from, games, cpuMs: cpuMs * games.length });
                  resolve();
                }),
              ),
          );
        },
        close: () => void busy.then(() => end('exit code 0')),
        kill: () => end('SIGKILL'),
      };
    };
    return { start, log };
  };

  it('hands long games out one at a time, none queued, so neither worker idles at the end holding nothing', async () => {
    const one = await simulate(se01, { games: 9, seed: 4, workers: 1 });
    const { start, log } = scripted(1400);
    const progress: number[] = [];
    const two = await simulate(se01, { games: 9, seed: 4, workers: 2, startWorker: start, onProgress: (d) => progress.push(d) });
    expect({ ...two.summary, seconds: 0 }).toEqual({ ...one.summary, seconds: 0 });
    // Every chunk a single game, and no worker ever held more than the one it played.
    expect(log.flatMap((w) => w.chunks)).toEqual(Array(9).fill(1));
    expect(log.map((w) => w.most)).toEqual([1, 1]);
    // Progress after every game.
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  }, 60_000);

  it('hands short games out in chunks, the next one queued, shrinking to single games at the end', async () => {
    const one = await simulate(se01, { games: 64, seed: 4, workers: 1 });
    const { start, log } = scripted(2);
    const two = await simulate(se01, { games: 64, seed: 4, workers: 2, startWorker: start });
    expect({ ...two.summary, seconds: 0 }).toEqual({ ...one.summary, seconds: 0 });
    const chunks = log.flatMap((w) => w.chunks);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(64);
    expect(Math.max(...chunks)).toBeGreaterThan(1);
    expect(log.every((w) => w.chunks.at(-1) === 1)).toBe(true);
    // Some worker held a second chunk behind the one it played.
    expect(log.some((w) => w.most > w.chunks[0]!)).toBe(true);
  }, 60_000);

  it('refuses a scenario of another rule system', async () => {
    await expect(simulate({ ...se01, ruleSystem: 'eagles-to-glory' }, { games: 1 })).rejects.toThrow(/Square Eagles/);
  });
});
