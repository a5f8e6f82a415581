// The app's simulations, played by the host over worker processes instead of in the engine process. The engine
// process plays a batch one game at a time on one core; a balance report of 10,000 games would take minutes there.
// Both shells route engine messages through EngineManager, which hands `simulate` and its `cancel` here: the batch
// runs through node/simulate.ts, the same workers and the same index-order tally as `adc simulate`, so its result is
// the engine's reply to the byte but for `seconds`. The page sees the protocol it always saw (docs/engine-protocol.md,
// "simulate and cancel"): progress events, then the `simulation` reply or a `cancelled` error.
//
// The host learns the scenario from the `load` requests it forwards: when the engine answers one with `loaded`, the
// document is read again here by the same domain code. A `simulate` it cannot play exactly as the engine would (a
// scenario it did not see loaded, arguments the engine would refuse) goes on to the engine, which answers it as
// before.
import { loadDocument, parseDocument } from '../domain/document.js';
import type { CancelledReply, ProgressEvent, SimulationReply } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { errorReply, isPlainObject, isReply, type Message } from '../engine/protocol.js';
import { simulationArgs } from '../engine/session.js';
import { defaultWorkers, simulate, SimulationCancelled, type StartWorker } from './simulate.js';

export interface HostSimulationOptions {
  /** Worker processes per batch; by default one per core. */
  workers?: number;
  /** How a worker starts (node/simulate.ts's child process by default; the desktop app's are utility processes). */
  startWorker?: StartWorker;
  /** The least time between two progress events of a batch. */
  progressMs?: number;
}

/** Scenarios remembered per engine session: the newest few loaded, which is all a page uses. */
const KEPT_SCENARIOS = 8;

interface Job {
  readonly abort: AbortController;
  /** Settles once the batch's workers are gone and its last message sent. */
  finished: Promise<void>;
  /** Set by a `cancel`: the id its own reply answers. */
  cancelledBy: string | null;
}

interface SessionScenarios {
  /** `load` requests sent and not yet answered: their document, as sent. */
  readonly pending: Map<string, Message>;
  readonly loaded: Map<string, Scenario>;
  last: string | null;
  readonly jobs: Map<string, Job>;
}

type Emit = (session: string, message: Message) => void;

export class HostSimulations {
  private readonly sessions = new Map<string, SessionScenarios>();
  private readonly workers: number;
  private readonly progressMs: number;

  constructor(
    private readonly emit: Emit,
    private readonly options: HostSimulationOptions = {},
  ) {
    this.workers = Math.max(1, Math.floor(options.workers ?? defaultWorkers()));
    this.progressMs = options.progressMs ?? 150;
  }

  private of(session: string): SessionScenarios {
    let s = this.sessions.get(session);
    if (!s) this.sessions.set(session, (s = { pending: new Map(), loaded: new Map(), last: null, jobs: new Map() }));
    return s;
  }

  /** A message on its way to the engine: true when the host answers it itself, so the engine never sees it. */
  take(session: string, message: Message & { id: string }): boolean {
    if (message.type === 'load') {
      this.of(session).pending.set(message.id, message);
      return false;
    }
    if (message.type === 'cancel') return this.cancel(session, message);
    if (message.type === 'simulate') return this.start(session, message);
    return false;
  }

  /** A message from the engine: a `loaded` reply tells which scenario a load made. */
  heard(session: string, message: Message): void {
    const s = this.sessions.get(session);
    if (!s || !isReply(message) || typeof message.re !== 'string') return;
    const request = s.pending.get(message.re);
    if (!request) return;
    s.pending.delete(message.re);
    if (message.type !== 'loaded' || typeof message.scenario !== 'string') return;
    const read = typeof request.text === 'string' ? parseDocument(request.text) : isPlainObject(request.scenario) ? loadDocument(request.scenario) : null;
    if (!read?.ok || read.document.type !== 'aide-de-camp/scenario' || read.document.id !== message.scenario) return;
    s.loaded.delete(message.scenario);
    s.loaded.set(message.scenario, read.document);
    while (s.loaded.size > KEPT_SCENARIOS) s.loaded.delete(s.loaded.keys().next().value!);
    s.last = message.scenario;
  }

  /** The engine session has ended: its batches stop, their workers killed, and nothing more is said for it. */
  end(session: string): void {
    const s = this.sessions.get(session);
    if (!s) return;
    this.sessions.delete(session);
    for (const job of s.jobs.values()) job.abort.abort();
  }

  /** Resolves once every batch still running has stopped (for tests and shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.sessions.values()].flatMap((s) => [...s.jobs.values()].map((j) => j.finished)));
  }

  private start(session: string, req: Message & { id: string }): boolean {
    const s = this.of(session);
    const args = simulationArgs(req);
    if ('code' in args) return false;
    const id = args.scenario ?? s.last;
    const scenario = id === null ? undefined : s.loaded.get(id);
    if (!scenario) return false;
    if (s.jobs.has(req.id)) {
      this.emit(session, errorReply(req.id, 'bad-argument', `A simulation with the id "${req.id}" is already running.`));
      return true;
    }
    const abort = new AbortController();
    const say = (message: Message): void => {
      // A session that has ended hears nothing more.
      if (this.sessions.get(session) === s) this.emit(session, message);
    };
    const progress = (done: number): void => say({ type: 'progress', request: req.id, done, total: args.games } satisfies ProgressEvent);
    let lastProgress = performance.now();
    const job: Job = { abort, cancelledBy: null, finished: Promise.resolve() };
    s.jobs.set(req.id, job);
    progress(0);
    const run = simulate(scenario, {
      games: args.games,
      seed: args.seed,
      red: args.red,
      blue: args.blue,
      workers: Math.min(this.workers, args.games),
      signal: abort.signal,
      ...(this.options.startWorker ? { startWorker: this.options.startWorker } : {}),
      onProgress: (done, total) => {
        const now = performance.now();
        if (done < total && now - lastProgress < this.progressMs) return;
        lastProgress = now;
        progress(done);
      },
    }).then(
      (result) => {
        say({
          re: req.id,
          type: 'simulation',
          scenario: scenario.id,
          seed: args.seed,
          red: args.red,
          blue: args.blue,
          ...result.summary,
          decidedBy: result.decidedBy,
        } satisfies SimulationReply);
      },
      (err: unknown) => {
        if (err instanceof SimulationCancelled) {
          say(errorReply(req.id, 'cancelled', err.message));
          if (job.cancelledBy !== null) say({ re: job.cancelledBy, type: 'cancelled', request: req.id, done: err.done, total: err.total } satisfies CancelledReply);
          return;
        }
        say(errorReply(req.id, 'internal-error', `The simulation failed (${err instanceof Error ? err.message : String(err)}).`));
      },
    );
    job.finished = run.finally(() => s.jobs.delete(req.id));
    return true;
  }

  private cancel(session: string, req: Message & { id: string }): boolean {
    const s = this.sessions.get(session);
    const request = req.request;
    const job = typeof request === 'string' ? s?.jobs.get(request) : undefined;
    if (!job) return false;
    if (job.cancelledBy === null) job.cancelledBy = req.id;
    job.abort.abort();
    return true;
  }
}
