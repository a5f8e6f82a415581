// A worker thread of `simulate`: plays the games it is handed, one index at a time, and posts each back (its result
// and losses, a BatchGame).
import { parentPort, workerData } from 'node:worker_threads';
import { playBatchGame, type BatchSetup } from '../engine/square-eagles/batch.js';

const setup = workerData as BatchSetup;
const port = parentPort!;
port.on('message', (msg: { index: number } | { stop: true }) => {
  if ('stop' in msg) {
    port.close();
    return;
  }
  try {
    port.postMessage({ index: msg.index, game: playBatchGame(setup, msg.index) });
  } catch (err) {
    port.postMessage({ index: msg.index, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: true });
