// N seeded games between two players (AI or random), in this thread or over worker threads, through the engine of
// the scenario's rule system. Game i is seeded from (seed, i) alone and results are gathered by index, so the
// outcome is the same whatever the number of workers.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { DecidedByRow, PlayerKind, SimulationSummary } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { engineFor, unplayableSystemWords } from '../engine/registry.js';
import type { AnyRulesEngine, BatchGame, BatchSetup } from '../engine/rules-engine.js';

export interface SimulateOptions {
  games: number;
  seed?: number;
  workers?: number;
  red?: PlayerKind;
  blue?: PlayerKind;
  /** Called after each finished game with how many are done. */
  onProgress?: (done: number, total: number) => void;
}

export interface SimulationResult {
  summary: SimulationSummary;
  decidedBy: DecidedByRow[];
  /** Every game, by index. */
  games: BatchGame[];
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** The compiled worker: beside this file when running from dist/, under dist/ when running from the sources. */
function workerUrl(): URL {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return new URL('./simulate-worker.js', import.meta.url);
  const compiled = path.resolve(path.dirname(here), '../dist/node/simulate-worker.js');
  if (!existsSync(compiled)) throw new Error(`the compiled worker is missing (${compiled}); run "npx tsc -b" first`);
  return new URL(`file://${compiled}`);
}

/** The engine that plays the scenario, or an error saying why none does. */
function engineOf(scenario: Scenario): AnyRulesEngine {
  const engine = engineFor(scenario.ruleSystem);
  if (!engine) throw new Error(`The scenario is ${unplayableSystemWords(scenario.ruleSystem)}.`);
  const problem = engine.playableProblem(scenario);
  if (problem) throw new Error(problem);
  return engine;
}

export async function simulate(scenario: Scenario, opts: SimulateOptions): Promise<SimulationResult> {
  const engine = engineOf(scenario);
  const games = Math.max(0, Math.floor(opts.games));
  const setup: BatchSetup = { scenario, seed: opts.seed ?? 1, red: opts.red ?? 'ai', blue: opts.blue ?? 'ai' };
  const workers = Math.max(1, Math.min(Math.floor(opts.workers ?? 1), games || 1));
  const t0 = performance.now();
  const played: BatchGame[] = new Array<BatchGame>(games);
  let done = 0;
  if (workers === 1) {
    for (let i = 0; i < games; i++) {
      played[i] = engine.playBatchGame(setup, i);
      opts.onProgress?.(++done, games);
    }
  } else {
    await runWorkers(setup, games, workers, (index, game) => {
      played[index] = game;
      opts.onProgress?.(++done, games);
    });
  }
  const seconds = (performance.now() - t0) / 1000;
  // Tallied in game order once every game is in, however the workers finished them.
  const tally = played.reduce((t, game) => engine.addGame(t, game), engine.emptyTally());
  return { summary: engine.summarise(tally, seconds), decidedBy: engine.decidedBy(tally, scenario), games: played };
}

function runWorkers(setup: BatchSetup, games: number, count: number, onResult: (index: number, game: BatchGame) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let finished = 0;
    let failed = false;
    const pool: Worker[] = [];
    const stopAll = (): void => {
      for (const w of pool) void w.terminate();
    };
    const feed = (w: Worker): void => {
      if (next < games) w.postMessage({ index: next++ });
      else w.postMessage({ stop: true });
    };
    for (let k = 0; k < count; k++) {
      const w = new Worker(workerUrl(), { workerData: setup });
      pool.push(w);
      w.on('message', (msg: { ready?: true; index?: number; game?: BatchGame; error?: string }) => {
        if (failed) return;
        if (msg.error !== undefined) {
          failed = true;
          stopAll();
          reject(new Error(`game ${msg.index}: ${msg.error}`));
          return;
        }
        if (msg.game && msg.index !== undefined) {
          onResult(msg.index, msg.game);
          if (++finished === games) {
            for (const x of pool) x.postMessage({ stop: true });
            resolve();
            return;
          }
        }
        feed(w);
      });
      w.on('error', (err) => {
        if (failed) return;
        failed = true;
        stopAll();
        reject(err);
      });
    }
    if (games === 0) {
      stopAll();
      resolve();
    }
  });
}
