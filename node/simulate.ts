// N seeded games between two players (AI or random), in this process or over worker processes, through the engine
// of the scenario's rule system. Game i is seeded from (seed, i) alone and every game is added to the tally here, in
// index order, so the outcome is the same whatever the number of workers.
//
// Workers are processes, each in a session of its own, not threads: Linux gives every session (autogroup) an equal
// share of the CPU, so the threads of one process, or processes of one session, got no more CPU than one worker
// did once other programs were busy, and paid for the second copy of the engine's compiled code on top
// (tests/bench/NOTES.md). Workers are handed chunks of consecutive games as they finish, rather than halves up
// front, so a worker given less CPU takes fewer games. Chunks are sized by how long games last: short games go in
// chunks of up to CHUNK_MS, with the next chunk already queued so no worker waits on this process between games;
// long games (Napoleon's Eagles AI) go one at a time, none queued, so neither worker is left idle at the end while
// the other still holds a queued game. Chunks shrink towards the end so the workers finish together. A chunk comes
// back as its games, not as a tally of them: totals of fractional VP summed in another grouping could differ in the
// last bit.
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { DecidedByRow, PlayerKind, SimulationSummary } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { engineFor, unplayableSystemWords } from '../engine/registry.js';
import type { AnyRulesEngine, BatchGame, BatchSetup } from '../engine/rules-engine.js';
import type { ParentMessage, WorkerMessage } from './simulate-worker.js';

export type { ParentMessage, WorkerMessage };

export interface SimulateOptions {
  games: number;
  seed?: number;
  workers?: number;
  red?: PlayerKind;
  blue?: PlayerKind;
  /** Called as games finish with how many are done: after each game on one worker, a few times a second on several. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops every worker and rejects with SimulationCancelled. */
  signal?: AbortSignal;
  /** How a worker is started; by default a child process running simulate-worker.js (see startWorker). */
  startWorker?: StartWorker;
}

/** What a simulation hears from one worker, whatever runs it. */
export interface WorkerEvents {
  message(msg: WorkerMessage): void;
  /** The worker is gone; `how` says how it ended (an exit code or a signal). */
  exit(how: string): void;
  /** It could not be started or talked to; `started` is false when there is no process to wait for. */
  error(err: Error, started: boolean): void;
}

/** The simulation's handle on a worker. */
export interface SimulationWorker {
  send(msg: ParentMessage): void;
  /** No more chunks: the worker exits once it has sent its last games. */
  close(): void;
  /** Ends it now. */
  kill(): void;
}

/**
 * Starts a worker: a child process by default; the desktop app starts Electron utility processes instead, since its
 * packaged binary cannot run as plain Node.
 */
export type StartWorker = (events: WorkerEvents) => SimulationWorker;

export interface SimulationResult {
  summary: SimulationSummary;
  decidedBy: DecidedByRow[];
}

export class SimulationCancelled extends Error {
  constructor(
    readonly done: number,
    readonly total: number,
  ) {
    super(`The simulation was cancelled after ${done} of ${total} games.`);
    this.name = 'SimulationCancelled';
  }
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** Once games' length is known, a chunk takes about this much CPU time (ms) at most, so the workers' last chunks end together. */
const CHUNK_MS = 200;

/**
 * Games at least this long (CPU ms) go out one at a time with none queued behind: the round trip for the next one is
 * nothing beside such a game, while a game queued behind another could leave the other worker idle at the end.
 */
const LONG_GAME_MS = 100;

/**
 * How many games the next chunk holds, with `remaining` games not yet handed out and games lasting `msPerGame`
 * (undefined until a chunk has come back): about an eighth of a worker's share of what is left, so there are few
 * messages at first and single games at the end, but never more than 64 games nor more than CHUNK_MS of play, so
 * that a worker that falls behind holds back little. A single game while their length is unknown.
 */
export function chunkSize(remaining: number, workers: number, msPerGame: number | undefined): number {
  if (msPerGame === undefined) return 1;
  return Math.max(1, Math.min(64, Math.ceil(remaining / (workers * 8)), Math.floor(CHUNK_MS / msPerGame)));
}

/** How many chunks a worker holds: the one it plays and, when games are short, the next, so it never waits on this process. */
export function chunksHeld(msPerGame: number | undefined): number {
  return msPerGame !== undefined && msPerGame < LONG_GAME_MS ? 2 : 1;
}

/** The compiled worker: beside this file when running from dist/, under dist/ when running from the sources. */
function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return path.join(path.dirname(here), 'simulate-worker.js');
  const compiled = path.resolve(path.dirname(here), '../dist/node/simulate-worker.js');
  if (!existsSync(compiled)) throw new Error(`the compiled worker is missing (${compiled}); run "npx tsc -b" first`);
  return compiled;
}

/** The engine that plays the scenario, or an error saying why none does. */
function engineOf(scenario: Scenario): AnyRulesEngine {
  const engine = engineFor(scenario.ruleSystem);
  if (!engine) throw new Error(`The scenario is ${unplayableSystemWords(scenario.ruleSystem)}.`);
  const problem = engine.playableProblem(scenario);
  if (problem) throw new Error(problem);
  return engine;
}

/** How long this thread plays before it lets a cancel in. */
const SLICE_MS = 50;

export async function simulate(scenario: Scenario, opts: SimulateOptions): Promise<SimulationResult> {
  const engine = engineOf(scenario);
  const games = Math.max(0, Math.floor(opts.games));
  const setup: BatchSetup = { scenario, seed: opts.seed ?? 1, red: opts.red ?? 'ai', blue: opts.blue ?? 'ai' };
  const workers = Math.max(1, Math.min(Math.floor(opts.workers ?? 1), games || 1));
  const { signal } = opts;
  if (signal?.aborted) throw new SimulationCancelled(0, games);
  const t0 = performance.now();
  let tally = engine.emptyTally();
  if (workers === 1) {
    let slice = performance.now();
    for (let i = 0; i < games; i++) {
      tally = engine.addGame(tally, engine.playBatchGame(setup, i));
      opts.onProgress?.(i + 1, games);
      if (signal && performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        if (signal.aborted) throw new SimulationCancelled(i + 1, games);
        slice = performance.now();
      }
    }
  } else {
    await runWorkers(setup, games, workers, {
      addGame: (game) => {
        tally = engine.addGame(tally, game);
      },
      onProgress: opts.onProgress,
      signal,
      start: opts.startWorker ?? forkWorker,
    });
  }
  const seconds = (performance.now() - t0) / 1000;
  return { summary: engine.summarise(tally, seconds), decidedBy: engine.decidedBy(tally, scenario) };
}

interface WorkerHooks {
  /** Called once per game, in index order. */
  addGame: (game: BatchGame) => void;
  onProgress: ((done: number, total: number) => void) | undefined;
  signal: AbortSignal | undefined;
  start: StartWorker;
}

/**
 * V8 flags of a forked worker. `--always-sparkplug` compiles each function to baseline code on its first call
 * instead of interpreting it until it is warm: a worker is a fresh isolate that warms the whole engine up again, and
 * this cut the CPU time of two workers by about 5% (se-01, 2,000 AI games; hx-01 unchanged; tests/bench/NOTES.md).
 * A larger young generation (`--max-semi-space-size`) was measured too and brought nothing.
 */
export const WORKER_V8_FLAGS: readonly string[] = ['--always-sparkplug'];

/** Starts a worker as a child process in a session of its own (on Windows, where that would open a console, in this one). */
export const forkWorker: StartWorker = (events) => {
  const child: ChildProcess = fork(workerPath(), [], {
    detached: process.platform !== 'win32',
    // The worker needs no flags of this process (a test runner's loaders, say), and says nothing on stdout.
    execArgv: [...WORKER_V8_FLAGS],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  child.on('message', (msg: WorkerMessage) => events.message(msg));
  child.once('exit', (code, signal) => events.exit(signal ?? `exit code ${code}`));
  // Only a failed start leaves no pid: that worker never exits.
  child.on('error', (err) => events.error(err, child.pid !== undefined));
  return {
    send: (msg) =>
      child.send(msg, (err) => {
        if (err) events.error(err, true);
      }),
    close: () => {
      if (child.connected) child.disconnect();
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
};

function runWorkers(setup: BatchSetup, games: number, count: number, hooks: WorkerHooks): Promise<void> {
  return new Promise((resolve, reject) => {
    const pool: SimulationWorker[] = [];
    const exits: Promise<void>[] = [];
    /** First game not yet handed to a worker. */
    let next = 0;
    /** First game not yet added to the tally; chunks that come back before it wait in `arrived`. */
    let tallied = 0;
    const arrived = new Map<number, BatchGame[]>();
    let done = 0;
    /** CPU ms a game took in the chunk that came back last; undefined until one has. */
    let msPerGame: number | undefined;
    /** Chunks handed to each worker and not yet back. */
    const held = new Map<SimulationWorker, number>();
    let settled = false;
    const finish = (err?: Error): void => {
      if (settled) return;
      settled = true;
      hooks.signal?.removeEventListener('abort', onAbort);
      // Settled only once every worker has exited, so nothing plays on after a cancel or a failure.
      for (const w of pool) {
        if (err) w.kill();
        else w.close();
      }
      void Promise.all(exits).then(() => (err ? reject(err) : resolve()));
    };
    const onAbort = (): void => finish(new SimulationCancelled(done, games));
    const handOut = (w: SimulationWorker): void => {
      if (next >= games) return;
      const size = chunkSize(games - next, count, msPerGame);
      w.send({ from: next, to: next + size });
      next += size;
      held.set(w, (held.get(w) ?? 0) + 1);
    };
    const topUp = (w: SimulationWorker): void => {
      while (next < games && (held.get(w) ?? 0) < chunksHeld(msPerGame)) handOut(w);
    };
    const onMessage = (w: SimulationWorker, msg: WorkerMessage): void => {
      if (settled) return;
      if ('error' in msg) {
        finish(new Error(`game ${msg.index}: ${msg.error}`));
        return;
      }
      done += msg.done;
      if ('games' in msg) {
        arrived.set(msg.from, msg.games);
        held.set(w, held.get(w)! - 1);
        msPerGame = msg.cpuMs / msg.games.length;
        for (let chunk = arrived.get(tallied); chunk; chunk = arrived.get(tallied)) {
          arrived.delete(tallied);
          for (const game of chunk) hooks.addGame(game);
          tallied += chunk.length;
        }
        topUp(w);
      }
      hooks.onProgress?.(done, games);
      if (tallied === games) finish();
    };
    hooks.signal?.addEventListener('abort', onAbort);
    for (let k = 0; k < count; k++) {
      let gone!: () => void;
      exits.push(new Promise<void>((resolve) => (gone = resolve)));
      let w: SimulationWorker | null = null;
      const early: WorkerMessage[] = [];
      try {
        w = hooks.start({
          message: (msg) => (w ? onMessage(w, msg) : early.push(msg)),
          exit: (how) => {
            gone();
            finish(new Error(`a simulation worker stopped early (${how})`));
          },
          error: (err, started) => {
            if (!started) gone();
            finish(err);
          },
        });
      } catch (err) {
        gone();
        finish(err instanceof Error ? err : new Error(String(err)));
        break;
      }
      pool.push(w);
      for (const msg of early) onMessage(w, msg);
      w.send({ setup });
      // A single game each to start with: the first to come back tells how long games are, which sizes the rest.
      handOut(w);
    }
    if (games === 0) finish();
  });
}
