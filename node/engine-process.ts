// Runs rules engines as child processes and keeps the app safe from them: a handshake with a deadline, a ping the
// engine must answer, a kill when it will not quit, and a cap on how often a failing engine may be started again.
// Whatever an engine does (crash, hang, print rubbish), the app gets a value or an `engine-failed` event, never an
// exception, and never a process left behind by stop().
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Failure, FailureCode } from '../domain/host-api.js';
import {
  helloRequest,
  isPlainObject,
  isReadyReply,
  isReply,
  MAX_LINE_BYTES,
  parseEngineLine,
  PROTOCOL_VERSION,
  type Message,
  type ReadyReply,
} from '../engine/protocol.js';
import { LineSplitter } from './line-splitter.js';
import { repoRoot } from './repo-root.js';
import { HostSimulations, type HostSimulationOptions } from './host-simulation.js';

export interface EngineCommand {
  file: string;
  args: string[];
  cwd?: string;
  /** Added to this process's environment. */
  env?: Record<string, string>;
}

/** `node bin/adc.js engine` from the checkout this code runs from. */
export function defaultEngineCommand(): EngineCommand {
  const root = repoRoot();
  return { file: process.execPath, args: [path.join(root, 'bin', 'adc.js'), 'engine'], cwd: root };
}

/**
 * What the manager hears from an engine it launched, whatever runs it. A launcher calls these; the manager never
 * touches the process itself.
 */
export interface EngineChildEvents {
  /** Protocol output as a byte stream, split into lines by the manager. */
  output(chunk: Buffer): void;
  outputEnd(): void;
  /** One whole line of protocol output, for transports that deliver messages rather than a stream. */
  line(text: string): void;
  /** Free text for diagnostics (stderr), kept to explain a failure. */
  diagnostics(text: string): void;
  exit(code: number | null, signal: string | null): void;
  /**
   * The process is gone and its output drained. With an error, and possibly without an exit before it, when it
   * never started. May be called more than once; only the first call counts.
   */
  closed(startError?: Error): void;
}

/** The manager's handle on a launched engine. */
export interface EngineChild {
  /** Sends one line of the protocol (without its newline). Ignored once the engine is gone. */
  send(line: string): void;
  /** No more input follows; an engine on stdin takes that as its cue to exit. */
  endInput(): void;
  /** Ends the engine now, without asking. */
  kill(): void;
}

/** Starts one engine and reports on it through `events`; throws when it cannot even try. */
export type EngineLauncher = (events: EngineChildEvents) => EngineChild;

/** A child process speaking the protocol on its stdin and stdout: `adc engine`, or any command given. */
export function childProcessLauncher(command: EngineCommand): EngineLauncher {
  return (events) => {
    const child = spawn(command.file, command.args, {
      cwd: command.cwd,
      env: command.env ? { ...process.env, ...command.env } : process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    child.stdout.on('data', (chunk: Buffer) => events.output(chunk));
    child.stdout.on('end', () => events.outputEnd());
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => events.diagnostics(text));
    // Writing to an engine that has just died fails with EPIPE; its exit is reported through 'close' instead.
    child.stdin.on('error', () => undefined);
    child.on('exit', (code, signal) => events.exit(code, signal));
    child.on('error', (err) => {
      // Only a failed spawn leaves no pid; other errors (a failed kill) change nothing here.
      if (child.pid === undefined) events.closed(err);
    });
    child.on('close', () => events.closed());
    return {
      send: (line) => {
        if (child.stdin.writable) child.stdin.write(line + '\n');
      },
      endInput: () => child.stdin.end(),
      kill: () => {
        child.kill('SIGKILL');
      },
    };
  };
}

export interface EngineManagerOptions {
  /** The command to run as a child process; ignored when `launch` is given. */
  command?: EngineCommand;
  /** How to start an engine; by default a child process running `command`. */
  launch?: EngineLauncher;
  /** How long an engine has to answer hello with ready. */
  handshakeTimeoutMs?: number;
  /** Quiet time between a pong and the next ping. */
  pingIntervalMs?: number;
  /** How long an engine has to answer a ping before it is declared stalled. */
  pongTimeoutMs?: number;
  /** How long stop() waits after quit before it kills the engine. */
  waitForExitMs?: number;
  /** Failures tolerated within restartWindowMs; one more and start() refuses until the window has moved on. */
  maxRestarts?: number;
  restartWindowMs?: number;
  maxLineBytes?: number;
  now?: () => number;
  /**
   * Where `simulate` requests are played: by default over worker processes in this host (host-simulation.ts), as
   * `adc simulate` plays them, so a balance report uses every core; `false` leaves them to the engine process.
   */
  simulations?: HostSimulationOptions | false;
}

export type EngineFailureReason = 'stalled' | 'crashed' | 'protocol';

/** Made up by the host, never sent by an engine (docs/engine-protocol.md). */
export interface EngineFailedEvent extends Message {
  type: 'engine-failed';
  reason: EngineFailureReason;
  message: string;
}

export interface EngineStarted {
  ok: true;
  session: string;
  /** What the engine said about itself: version, rules it plays, a note for the user. */
  ready: ReadyReply;
}

export interface EngineSent {
  ok: true;
  /** The request id, assigned when the message had none, to match the reply by. */
  id: string;
}

export type EngineListener = (session: string, message: Message) => void;

/** What the shells need of the manager; tests of the shells pass doubles. */
export interface EngineSessions {
  start(): Promise<EngineStarted | Failure>;
  send(session: string, message: unknown): Promise<EngineSent | Failure>;
  stop(session: string): Promise<void>;
  onMessage(listener: EngineListener): () => void;
  /** Stops every engine as stop() would, in parallel. */
  stopAll(): Promise<void>;
  /** Kills every engine at once, for when the host is about to exit and cannot wait. */
  killAll(): void;
}

const STDERR_LINES = 20;
const STDERR_LINE_CHARS = 500;
const HELLO_ID = '1';

type Phase = 'handshake' | 'ready' | 'stopping' | 'ended';

/** The last lines an engine wrote to stderr, to explain its failure. */
class StderrTail {
  private lines: string[] = [];
  private partial = '';

  push(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = (parts.pop() ?? '').slice(-STDERR_LINE_CHARS * 4);
    for (const line of parts) this.add(line);
  }

  text(): string {
    const lines = this.partial.trim() === '' ? this.lines : [...this.lines, this.partial].slice(-STDERR_LINES);
    return lines.map((l) => (l.length > STDERR_LINE_CHARS ? l.slice(0, STDERR_LINE_CHARS) + '…' : l)).join('\n');
  }

  private add(line: string): void {
    if (line.trim() === '') return;
    this.lines.push(line);
    if (this.lines.length > STDERR_LINES) this.lines.shift();
  }
}

interface Session {
  readonly id: string;
  child: EngineChild;
  readonly stderr: StderrTail;
  /** Settles when the process has exited and its streams are closed (or it never started). */
  readonly closed: Promise<void>;
  phase: Phase;
  nextId: number;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  spawnError: Error | null;
  pendingPing: string | null;
  timers: Set<NodeJS.Timeout>;
  pongTimer: NodeJS.Timeout | null;
  /** Present while start() waits for ready. */
  settleHandshake: ((result: EngineStarted | Failure) => void) | null;
}

const failure = (code: FailureCode, message: string): Failure => ({ ok: false, code, message });

const NOT_RUNNING = 'The rules engine is not running; start it again.';

function describeExit(exit: Session['exit']): string {
  if (!exit) return 'no exit status';
  return exit.signal ? `stopped by ${exit.signal}` : `exit code ${exit.code}`;
}

function withStderr(message: string, stderr: StderrTail): string {
  const tail = stderr.text();
  return tail === '' ? message : `${message} Its last output:\n${tail}`;
}

function excerpt(line: string): string {
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? flat.slice(0, 80) + '…' : flat;
}

export class EngineManager implements EngineSessions {
  private readonly launch: EngineLauncher;
  private readonly handshakeTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly pongTimeoutMs: number;
  private readonly waitForExitMs: number;
  private readonly maxRestarts: number;
  private readonly restartWindowMs: number;
  private readonly maxLineBytes: number;
  private readonly now: () => number;
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new Set<EngineListener>();
  private failures: number[] = [];
  private readonly simulations: HostSimulations | null;

  constructor(options: EngineManagerOptions = {}) {
    this.simulations = options.simulations === false ? null : new HostSimulations((session, message) => this.emit(session, message), options.simulations);
    this.launch = options.launch ?? childProcessLauncher(options.command ?? defaultEngineCommand());
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 5_000;
    this.pingIntervalMs = options.pingIntervalMs ?? 5_000;
    this.pongTimeoutMs = options.pongTimeoutMs ?? 5_000;
    this.waitForExitMs = options.waitForExitMs ?? 2_000;
    this.maxRestarts = options.maxRestarts ?? 3;
    this.restartWindowMs = options.restartWindowMs ?? 60_000;
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.now = options.now ?? Date.now;
  }

  /** Sessions whose process may still be alive (for tests and diagnostics). */
  get running(): string[] {
    return [...this.sessions.keys()];
  }

  start(): Promise<EngineStarted | Failure> {
    const refusal = this.budgetRefusal();
    if (refusal) return Promise.resolve(refusal);

    let markClosed!: () => void;
    const session: Session = {
      id: randomUUID(),
      // Replaced by the launcher's handle below; nothing is sent before then.
      child: { send: () => undefined, endInput: () => undefined, kill: () => undefined },
      stderr: new StderrTail(),
      closed: new Promise<void>((resolve) => (markClosed = resolve)),
      phase: 'handshake',
      nextId: Number(HELLO_ID) + 1,
      exit: null,
      spawnError: null,
      pendingPing: null,
      timers: new Set(),
      pongTimer: null,
      settleHandshake: null,
    };

    const splitter = new LineSplitter({
      maxBytes: this.maxLineBytes,
      onLine: (line) => this.onLine(session, line),
      onOverflow: () => this.protocolError(session, `The rules engine wrote a line longer than ${this.maxLineBytes} bytes.`),
    });
    let isClosed = false;
    const handlers: EngineChildEvents = {
      output: (chunk) => splitter.push(chunk),
      outputEnd: () => splitter.end(),
      line: (text) => {
        if (Buffer.byteLength(text) > this.maxLineBytes) this.protocolError(session, `The rules engine wrote a line longer than ${this.maxLineBytes} bytes.`);
        else this.onLine(session, text);
      },
      diagnostics: (text) => session.stderr.push(text),
      exit: (code, signal) => {
        session.exit = { code, signal: signal as NodeJS.Signals | null };
      },
      closed: (startError) => {
        if (isClosed) return;
        isClosed = true;
        if (startError) session.spawnError = startError;
        markClosed();
        this.onClosed(session);
      },
    };
    // Whatever a launcher reports before it has returned waits until the session is set up to hear it.
    let early: (() => void)[] | null = [];
    const events = Object.fromEntries(
      Object.entries(handlers).map(([name, fn]) => [
        name,
        (...args: unknown[]) => (early ? early.push(() => (fn as (...a: unknown[]) => void)(...args)) : (fn as (...a: unknown[]) => void)(...args)),
      ]),
    ) as unknown as EngineChildEvents;
    try {
      session.child = this.launch(events);
    } catch (err) {
      this.recordFailure();
      return Promise.resolve(failure('unavailable', `The rules engine could not be started (${err instanceof Error ? err.message : String(err)}).`));
    }
    this.sessions.set(session.id, session);

    const result = new Promise<EngineStarted | Failure>((resolve) => {
      session.settleHandshake = resolve;
    });
    this.later(session, this.handshakeTimeoutMs, () => this.failHandshake(session, 'The rules engine did not answer when started.'));
    this.write(session, helloRequest(HELLO_ID));
    const queued = early;
    early = null;
    for (const deliver of queued) deliver();
    return result;
  }

  async send(sessionId: string, message: unknown): Promise<EngineSent | Failure> {
    const session = this.sessions.get(sessionId);
    if (!session || session.phase !== 'ready') return failure('unavailable', NOT_RUNNING);
    if (!isPlainObject(message) || typeof message.type !== 'string') {
      return failure('invalid-argument', 'A message for the rules engine must be an object with a string "type".');
    }
    if (message.type === 'hello') return failure('invalid-argument', 'The app says hello itself when it starts the rules engine.');
    if ('id' in message && typeof message.id !== 'string') return failure('invalid-argument', 'The "id" of a message for the rules engine must be a string.');
    const id = typeof message.id === 'string' ? message.id : String(session.nextId++);
    if (message.type === 'quit') {
      await this.stop(sessionId);
      return { ok: true, id };
    }
    let line: string;
    try {
      line = JSON.stringify({ id, ...message });
    } catch {
      return failure('invalid-argument', 'A message for the rules engine must be plain JSON data.');
    }
    if (Buffer.byteLength(line) > this.maxLineBytes) {
      return failure('too-large', `The message is larger than the rules engine accepts (${this.maxLineBytes / (1024 * 1024)} MB).`);
    }
    if (this.simulations?.take(session.id, { ...message, type: message.type, id })) return { ok: true, id };
    this.writeLine(session, line);
    return { ok: true, id };
  }

  async stop(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    if (session.phase === 'stopping' || session.phase === 'ended') {
      await session.closed;
      return;
    }
    if (session.phase === 'handshake') {
      session.settleHandshake?.(failure('unavailable', 'The rules engine was stopped before it was ready.'));
      session.settleHandshake = null;
    }
    session.phase = 'stopping';
    this.clearTimers(session);
    this.simulations?.end(session.id);
    this.write(session, { id: String(session.nextId++), type: 'quit' });
    session.child.endInput();
    if (!(await this.closedWithin(session, this.waitForExitMs))) {
      session.child.kill();
      // SIGKILL cannot be ignored; the bound only guards against pipes a grandchild keeps open.
      await this.closedWithin(session, this.waitForExitMs);
    }
    this.sessions.delete(session.id);
  }

  onMessage(listener: EngineListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.stop(id)));
  }

  killAll(): void {
    for (const session of this.sessions.values()) {
      session.settleHandshake?.(failure('unavailable', 'The rules engine was stopped before it was ready.'));
      session.settleHandshake = null;
      session.phase = 'ended';
      this.clearTimers(session);
      this.simulations?.end(session.id);
      session.child.kill();
    }
    this.sessions.clear();
  }

  // -------------------------------------------------------------------------------------------------------------

  private budgetRefusal(): Failure | null {
    const now = this.now();
    this.failures = this.failures.filter((t) => t > now - this.restartWindowMs);
    if (this.failures.length <= this.maxRestarts) return null;
    const wait = Math.max(1, Math.ceil((this.failures[0]! + this.restartWindowMs - now) / 1000));
    return failure(
      'unavailable',
      `The rules engine failed ${this.failures.length} time${this.failures.length === 1 ? '' : 's'} in the last ${Math.round(this.restartWindowMs / 1000)} seconds, so it is not started again for now. ` +
        `Try again in ${wait} second${wait === 1 ? '' : 's'}, or restart Aide-de-Camp.`,
    );
  }

  private recordFailure(): void {
    this.failures.push(this.now());
  }

  private onLine(session: Session, line: string): void {
    if (session.phase === 'ended') return;
    const message = parseEngineLine(line);
    if (message === 'blank') return;
    if (message === null) {
      this.protocolError(session, `The rules engine wrote something that is not a message ("${excerpt(line)}").`);
      return;
    }
    if (session.phase === 'handshake' || (session.phase === 'stopping' && isReply(message) && message.re === HELLO_ID)) {
      // Events before ready (a log line, say) have no session to go to yet.
      if (session.phase === 'handshake' && isReply(message) && message.re === HELLO_ID) this.onHelloAnswer(session, message);
      return;
    }
    if (session.pendingPing !== null && isReply(message) && message.re === session.pendingPing && message.type === 'pong') {
      session.pendingPing = null;
      if (session.pongTimer) this.clearTimer(session, session.pongTimer);
      session.pongTimer = null;
      if (session.phase === 'ready') this.schedulePing(session);
      return;
    }
    this.simulations?.heard(session.id, message);
    this.emit(session.id, message);
  }

  private onHelloAnswer(session: Session, message: Message): void {
    if (message.type === 'error') {
      const reason = typeof message.message === 'string' ? message.message : 'no reason given';
      this.failHandshake(session, `The rules engine refused to start: ${reason}`);
      return;
    }
    if (!isReadyReply(message)) {
      this.failHandshake(session, 'The rules engine answered the handshake with something other than ready.');
      return;
    }
    if (message.protocol !== PROTOCOL_VERSION) {
      this.failHandshake(
        session,
        `The rules engine speaks protocol ${message.protocol}, but this version of Aide-de-Camp needs protocol ${PROTOCOL_VERSION}.`,
      );
      return;
    }
    this.clearTimers(session);
    session.phase = 'ready';
    const settle = session.settleHandshake;
    session.settleHandshake = null;
    this.schedulePing(session);
    settle?.({ ok: true, session: session.id, ready: message });
  }

  private schedulePing(session: Session): void {
    this.later(session, this.pingIntervalMs, () => {
      if (session.phase !== 'ready') return;
      const id = String(session.nextId++);
      session.pendingPing = id;
      session.pongTimer = this.later(session, this.pongTimeoutMs, () =>
        this.fail(session, 'stalled', `The rules engine stopped answering (no reply within ${this.pongTimeoutMs / 1000} seconds), so it was stopped.`),
      );
      this.write(session, { id, type: 'ping' });
    });
  }

  private protocolError(session: Session, message: string): void {
    if (session.phase === 'handshake') this.failHandshake(session, withStderr(message, session.stderr));
    else this.fail(session, 'protocol', withStderr(`${message} It was stopped.`, session.stderr));
  }

  /** A failure before ready: start() resolves with it, once the process is gone. */
  private failHandshake(session: Session, message: string): void {
    if (session.phase !== 'handshake') return;
    session.phase = 'ended';
    this.clearTimers(session);
    this.recordFailure();
    session.child.kill();
    const settle = session.settleHandshake;
    session.settleHandshake = null;
    void this.closedWithin(session, this.waitForExitMs).then(() => {
      this.sessions.delete(session.id);
      settle?.(failure('unavailable', message));
    });
  }

  /** A failure after ready: listeners hear of it at once, and the process is killed. */
  private fail(session: Session, reason: EngineFailureReason, message: string): void {
    if (session.phase !== 'ready') return;
    session.phase = 'ended';
    this.clearTimers(session);
    this.simulations?.end(session.id);
    this.recordFailure();
    session.child.kill();
    this.sessions.delete(session.id);
    const event: EngineFailedEvent = { type: 'engine-failed', reason, message };
    this.emit(session.id, event);
  }

  private onClosed(session: Session): void {
    if (session.phase === 'handshake') {
      this.failHandshake(
        session,
        session.spawnError
          ? `The rules engine could not be started (${session.spawnError.message}).`
          : withStderr(`The rules engine stopped as soon as it was started (${describeExit(session.exit)}).`, session.stderr),
      );
    } else if (session.phase === 'ready') {
      this.fail(session, 'crashed', withStderr(`The rules engine stopped unexpectedly (${describeExit(session.exit)}).`, session.stderr));
    }
  }

  private emit(session: string, message: Message): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(session, message);
      } catch (err) {
        // One broken listener must not keep the others (or the manager) from hearing the engine.
        console.error('aide-de-camp: an engine listener failed:', err);
      }
    }
  }

  private write(session: Session, message: Message): void {
    this.writeLine(session, JSON.stringify(message));
  }

  private writeLine(session: Session, line: string): void {
    session.child.send(line);
  }

  private closedWithin(session: Session, ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void session.closed.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private later(session: Session, ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      session.timers.delete(timer);
      fn();
    }, ms);
    session.timers.add(timer);
    return timer;
  }

  private clearTimer(session: Session, timer: NodeJS.Timeout): void {
    clearTimeout(timer);
    session.timers.delete(timer);
  }

  private clearTimers(session: Session): void {
    for (const timer of session.timers) clearTimeout(timer);
    session.timers.clear();
    session.pongTimer = null;
    session.pendingPing = null;
  }
}
