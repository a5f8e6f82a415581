// A worker thread of `simulate`: plays the chunks of consecutive games it is handed, in the order they come, with
// the engine of the scenario's rule system, and posts each chunk's games back in one message. The next chunk is
// already queued when one ends, so the worker never waits between games; a long chunk posts a count of games done
// now and then so progress keeps moving.
import { parentPort, workerData } from 'node:worker_threads';
import { engineFor } from '../engine/registry.js';
import type { BatchGame, BatchSetup } from '../engine/rules-engine.js';

/** Games `from` to `to` − 1. */
export interface ChunkMessage {
  from: number;
  to: number;
}

/** `done`: games finished since the worker last said. */
export type WorkerMessage = { done: number } | { done: number; from: number; games: BatchGame[] } | { index: number; error: string };

/** The least time between two progress counts of one worker. */
const TICK_MS = 200;

const setup = workerData as BatchSetup;
// simulate() checked the system before starting any worker.
const engine = engineFor(setup.scenario.ruleSystem)!;
const port = parentPort!;
let unreported = 0;
let lastTick = performance.now();
port.on('message', ({ from, to }: ChunkMessage) => {
  const games: BatchGame[] = [];
  for (let i = from; i < to; i++) {
    try {
      games.push(engine.playBatchGame(setup, i));
    } catch (err) {
      port.postMessage({ index: i, error: err instanceof Error ? err.message : String(err) } satisfies WorkerMessage);
      return;
    }
    unreported++;
    if (i + 1 < to && performance.now() - lastTick >= TICK_MS) {
      port.postMessage({ done: unreported } satisfies WorkerMessage);
      unreported = 0;
      lastTick = performance.now();
    }
  }
  port.postMessage({ done: unreported, from, games } satisfies WorkerMessage);
  unreported = 0;
  lastTick = performance.now();
});
