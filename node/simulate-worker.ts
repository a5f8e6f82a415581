// A worker process of `simulate`: takes the batch's setup, then plays the chunks of consecutive games it is handed,
// in the order they come, with the engine of the scenario's rule system, and sends each chunk's games back in one
// message. The next chunk is already queued when one ends, so the worker never waits between games; a long chunk
// sends a count of games done now and then so progress keeps moving.
//
// As a child process it runs in a session of its own, where a Ctrl+C meant for the command does not reach it: it
// stops when the channel to the process that started it closes, and checks between games that that process is
// still there. In the desktop app it is an Electron utility process instead, talking over its parent port, which
// Electron ends with the app.
import { engineFor } from '../engine/registry.js';
import type { AnyRulesEngine, BatchGame, BatchSetup } from '../engine/rules-engine.js';

/** The setup first, then chunks: games `from` to `to` − 1. */
export type ParentMessage = { setup: BatchSetup } | { from: number; to: number };

/**
 * `done`: games finished since the worker last said; `cpuMs`: the CPU time the chunk's games took here (CPU, not the
 * clock, so that a busy machine does not make games look long).
 */
export type WorkerMessage = { done: number } | { done: number; from: number; games: BatchGame[]; cpuMs: number } | { index: number; error: string };

/** The least time between two progress counts of one worker. */
const TICK_MS = 200;

/** Electron's `process.parentPort` in a utility process, as far as the worker uses it. */
interface ParentPort {
  on(event: 'message', listener: (event: { data: ParentMessage }) => void): unknown;
  postMessage(message: WorkerMessage): void;
}
const port = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;

const parent = process.ppid;
let setup: BatchSetup | undefined;
let engine: AnyRulesEngine | undefined;
let unreported = 0;
let lastTick = performance.now();

function parentGone(): boolean {
  if (port) return false;
  try {
    process.kill(parent, 0);
    return false;
  } catch {
    return true;
  }
}

function tell(msg: WorkerMessage): void {
  if (port) return port.postMessage(msg);
  if (!process.connected) process.exit(0);
  process.send!(msg);
}

if (port) port.on('message', (event) => receive(event.data as ParentMessage));
else {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (msg) => receive(msg as ParentMessage));
}

function receive(msg: ParentMessage): void {
  if ('setup' in msg) {
    setup = msg.setup;
    // simulate() checked the system before starting any worker.
    engine = engineFor(setup.scenario.ruleSystem)!;
    return;
  }
  const { from, to } = msg;
  const games: BatchGame[] = [];
  const cpu = process.cpuUsage();
  for (let i = from; i < to; i++) {
    if (parentGone()) process.exit(0);
    try {
      games.push(engine!.playBatchGame(setup!, i));
    } catch (err) {
      tell({ index: i, error: err instanceof Error ? err.message : String(err) });
      return;
    }
    unreported++;
    if (i + 1 < to && performance.now() - lastTick >= TICK_MS) {
      tell({ done: unreported });
      unreported = 0;
      lastTick = performance.now();
    }
  }
  const used = process.cpuUsage(cpu);
  tell({ done: unreported, from, games, cpuMs: (used.user + used.system) / 1000 });
  unreported = 0;
  lastTick = performance.now();
}
