// The engine process: stdin and stdout around the pure handler of engine/stub.ts. Run by `adc engine`, or directly
// as `node dist/node/engine-main.js` where the bin is not shipped (the desktop app).
import { realpathSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { errorEvent, MAX_LINE_BYTES, type Message } from '../engine/protocol.js';
import { createStubState, handleLine } from '../engine/stub.js';
import { APP_VERSION } from './app-info.js';
import { LineSplitter } from './line-splitter.js';

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
  let state = createStubState(streams.version ?? APP_VERSION);
  let done = false;

  return new Promise<number>((resolve) => {
    const finish = (status: number): void => {
      if (done) return;
      done = true;
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

    const write = (message: Message): void => {
      if (!done) output.write(JSON.stringify(message) + '\n');
    };

    const splitter = new LineSplitter({
      maxBytes: maxLineBytes,
      onLine: (line) => {
        if (done) return;
        const step = handleLine(line, state);
        state = step.state;
        for (const message of step.out) write(message);
        if (step.quit) finish(0);
      },
      onOverflow: () => write(errorEvent('line-too-long', `A line was longer than ${maxLineBytes} bytes and was dropped.`)),
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

const invokedDirectly = (() => {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  runEngine({ input: process.stdin, output: process.stdout }).then((code) => {
    process.exitCode = code;
  });
}
