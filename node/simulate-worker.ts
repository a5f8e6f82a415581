// A worker thread of `simulate`: plays the games it is handed, one index at a time, with the engine of the scenario's
// rule system, and posts each back (its result and losses, a BatchGame).
import { parentPort, workerData } from 'node:worker_threads';
import { engineFor } from '../engine/registry.js';
import type { BatchSetup } from '../engine/rules-engine.js';

const setup = workerData as BatchSetup;
// simulate() checked the system before starting any worker.
const engine = engineFor(setup.scenario.ruleSystem)!;
const port = parentPort!;
port.on('message', (msg: { index: number } | { stop: true }) => {
  if ('stop' in msg) {
    port.close();
    return;
  }
  try {
    port.postMessage({ index: msg.index, game: engine.playBatchGame(setup, msg.index) });
  } catch (err) {
    port.postMessage({ index: msg.index, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: true });
