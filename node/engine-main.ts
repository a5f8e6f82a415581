// The engine process: a transport around the pure session of engine/session.ts. Run by `adc engine` (stdin and
// stdout), directly as `node dist/node/engine-main.js`, or by the desktop app as an Electron utility process, which
// has no stdin: there the lines come and go as messages on `process.parentPort`.
import type { Readable, Writable } from 'node:stream';
import { errorEvent, errorReply, MAX_LINE_BYTES, parseRequestLine, type Message } from '../engine/protocol.js';
import { createSession, handleLine, hasWork, runWork } from '../engine/session.js';
import { APP_VERSION } from './app-info.js';
import { isEntryPoint } from './entry-point.js';
import { LineSplitter } from './line-splitter.js';

/**
 * How long background work (a simulation) runs before the loop looks at its input again. Short enough that a ping
 * is answered well inside the host's pong timeout; at least one whole game is played per slice whatever its length.
 */
const WORK_SLICE_MS = 20;

interface LoopOptions {
  version?: string;
  now?: () => number;
  write(message: Message): void;
  onQuit(): void;
}

interface EngineLoop {
  line(text: string): void;
  stop(): void;
}

/** Feeds lines to the session and plays its background work in slices between them. */
function createLoop(options: LoopOptions): EngineLoop {
  const now = options.now ?? (() => performance.now());
  let state = createSession(options.version ?? APP_VERSION, { now });
  let stopped = false;
  let scheduled: NodeJS.Immediate | null = null;

  const emit = (out: Message[]): void => {
    for (const message of out) if (!stopped) options.write(message);
  };
  const work = (): void => {
    scheduled = null;
    if (stopped) return;
    const until = now() + WORK_SLICE_MS;
    do {
      const step = runWork(state);
      state = step.state;
      emit(step.out);
    } while (!stopped && hasWork(state) && now() < until);
    schedule();
  };
  // setImmediate, not a resolved promise: it lets pending input in first, which is the point of slicing.
  const schedule = (): void => {
    if (!stopped && scheduled === null && hasWork(state)) scheduled = setImmediate(work);
  };

  const stop = (): void => {
    stopped = true;
    if (scheduled !== null) clearImmediate(scheduled);
    scheduled = null;
  };
  const line = (text: string): void => {
    if (stopped) return;
    let step: ReturnType<typeof handleLine>;
    try {
      step = handleLine(text, state);
    } catch (err) {
      // The session turns its handlers' failures into replies; anything escaping it is a bug in the session, and
      // must cost one request, not the engine and every game in it.
      const parsed = parseRequestLine(text);
      const why = `The engine failed on this line (${err instanceof Error ? err.message : String(err)}).`;
      emit([parsed.kind === 'message' && parsed.id !== null ? errorReply(parsed.id, 'internal-error', why) : errorEvent('internal-error', why)]);
      return;
    }
    state = step.state;
    emit(step.out);
    if (step.quit) {
      stop();
      options.onQuit();
      return;
    }
    schedule();
  };
  return { line, stop };
}

export interface EngineStreams {
  input: Readable;
  output: Writable;
  version?: string;
  maxLineBytes?: number;
}

/** Serves the protocol until `quit` or the end of the input; resolves the exit status once output is flushed. */
export function runEngine(streams: EngineStreams): Promise<number> {
  const { input, output } = streams;
  const maxLineBytes = streams.maxLineBytes ?? MAX_LINE_BYTES;
  let done = false;

  return new Promise<number>((resolve) => {
    const finish = (status: number): void => {
      if (done) return;
      done = true;
      loop.stop();
      input.off('data', onData);
      input.off('end', onEnd);
      // Otherwise an open stdin keeps the process alive after quit.
      input.destroy();
      if (status !== 0 || output.writableEnded || output.destroyed) {
        resolve(status);
        return;
      }
      // The empty write's callback runs once everything written before it is flushed.
      output.write('', () => resolve(status));
    };

    const loop = createLoop({
      version: streams.version,
      write: (message) => {
        if (!done) output.write(JSON.stringify(message) + '\n');
      },
      onQuit: () => finish(0),
    });

    const splitter = new LineSplitter({
      maxBytes: maxLineBytes,
      onLine: (line) => loop.line(line),
      onOverflow: () => {
        if (!done) output.write(JSON.stringify(errorEvent('line-too-long', `A line was longer than ${maxLineBytes} bytes and was dropped.`)) + '\n');
      },
    });

    const onData = (chunk: Buffer | string): void => splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    // The host is gone (or closed our stdin on purpose): nobody is left to answer.
    const onEnd = (): void => {
      splitter.end();
      finish(0);
    };
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', () => finish(1));
    // EPIPE: the host stopped reading, so there is no one to talk to.
    output.on('error', () => finish(1));
  });
}

/** Electron's `process.parentPort` in a utility process, as far as the engine uses it. */
export interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  off?(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

export interface EnginePort {
  port: ParentPortLike;
  version?: string;
  maxLineBytes?: number;
}

/**
 * Serves the protocol over a utility process's parent port: each message is one line of the protocol, as a string,
 * and so is each reply. Resolves 0 on quit; the caller exits, since an open port keeps the process alive.
 */
export function runPortEngine(options: EnginePort): Promise<number> {
  const { port } = options;
  const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
  return new Promise<number>((resolve) => {
    let done = false;
    const post = (message: Message): void => {
      if (!done) port.postMessage(JSON.stringify(message));
    };
    const loop = createLoop({
      version: options.version,
      write: post,
      onQuit: () => {
        done = true;
        port.off?.('message', onMessage);
        resolve(0);
      },
    });
    const onMessage = (event: { data: unknown }): void => {
      if (done) return;
      const { data } = event;
      if (typeof data !== 'string') {
        post(errorEvent('bad-request', 'Each message to the engine must be one line of the protocol, as a string.'));
        return;
      }
      if (Buffer.byteLength(data) > maxLineBytes) {
        post(errorEvent('line-too-long', `A line was longer than ${maxLineBytes} bytes and was dropped.`));
        return;
      }
      // A trailing newline is harmless on a stream and so is tolerated here.
      loop.line(data.replace(/\r?\n$/, ''));
    };
    port.on('message', onMessage);
  });
}

const invokedDirectly = isEntryPoint(import.meta.url);

// Only an Electron utility process has a parent port; the main process and plain Node have none.
const parentPort = (process as NodeJS.Process & { parentPort?: ParentPortLike }).parentPort;

if (parentPort) {
  void runPortEngine({ port: parentPort }).then((code) => process.exit(code));
} else if (invokedDirectly) {
  void runEngine({ input: process.stdin, output: process.stdout }).then((code) => {
    process.exitCode = code;
  });
}
