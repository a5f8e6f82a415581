// The desktop app's way to start the rules engine. A packaged build cannot run its own binary as plain Node (the
// runAsNode fuse is off, see electron-builder.yml), so the engine runs as an Electron utility process instead. Such a
// process has no stdin: protocol lines go both ways as parentPort messages (node/engine-main.ts detects that mode),
// and its stdout and stderr are kept only to explain a failure.
import path from 'node:path';
import { EngineManager, type EngineLauncher, type EngineManagerOptions } from '../node/engine-process.js';
import { WORKER_V8_FLAGS, type ParentMessage, type StartWorker, type WorkerMessage } from '../node/simulate.js';
import type { UtilityProcessModuleLike } from './electron-like.js';

export const ENGINE_SERVICE_NAME = 'Aide-de-Camp rules engine';
export const WORKER_SERVICE_NAME = 'Aide-de-Camp simulation worker';

/** dist/node/engine-main.js beside dist/electron, inside app.asar when packaged. */
export function engineModulePath(electronDir: string): string {
  return path.join(electronDir, '..', 'node', 'engine-main.js');
}

export function utilityProcessLauncher(utility: UtilityProcessModuleLike, modulePath: string): EngineLauncher {
  return (events) => {
    const child = utility.fork(modulePath, [], { stdio: 'pipe', serviceName: ENGINE_SERVICE_NAME });
    let exited = false;
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      stream.setEncoding('utf8');
      // The protocol travels as messages here, so stray output (a console.log) is a diagnostic, not a broken engine.
      stream.on('data', (text: string | Buffer) => events.diagnostics(typeof text === 'string' ? text : text.toString('utf8')));
    }
    child.on('message', (message: unknown) => {
      // The engine posts each line as a string; anything else is judged as the line it would make.
      events.line(typeof message === 'string' ? message : (JSON.stringify(message) ?? String(message)));
    });
    child.on('error', (type, location) => events.diagnostics(`${type} at ${location}\n`));
    child.on('exit', (code) => {
      exited = true;
      events.exit(code, null);
      events.closed();
    });
    return {
      send: (line) => {
        if (!exited) child.postMessage(line);
      },
      // No stdin to close: quit, already sent, is the engine's cue, and stop() kills it if it does not listen.
      endInput: () => undefined,
      kill: () => {
        if (!exited) child.kill();
      },
    };
  };
}

/**
 * Simulation workers as utility processes, for the same reason as the engine: a child process would need the binary
 * to run as Node. Each gets the batch over its parent port (node/simulate-worker.ts detects that mode).
 */
export function utilityWorkerStarter(utility: UtilityProcessModuleLike, modulePath: string): StartWorker {
  return (events) => {
    // Its stderr goes where the app's goes: a worker says nothing else, and its failures are reported by exit. The
    // V8 flags are adc simulate's, so a batch warms up as fast in the app as on the command line.
    const child = utility.fork(modulePath, [], { stdio: 'inherit', serviceName: WORKER_SERVICE_NAME, execArgv: [...WORKER_V8_FLAGS] });
    let exited = false;
    child.on('message', (message: unknown) => events.message(message as WorkerMessage));
    child.on('exit', (code) => {
      exited = true;
      events.exit(`exit code ${code}`);
    });
    child.on('error', (type, location) => events.error(new Error(`${type} at ${location}`), true));
    const kill = (): void => {
      if (!exited) child.kill();
    };
    return {
      send: (msg: ParentMessage) => {
        if (!exited) child.postMessage(msg);
      },
      // A utility process has no channel to close: once its last chunk is back there is nothing left to lose.
      close: kill,
      kill,
    };
  };
}

/** The engine manager of the desktop app: engines and simulation workers as utility processes. */
export function createUtilityEngineManager(
  utility: UtilityProcessModuleLike,
  modulePath: string,
  options: Omit<EngineManagerOptions, 'launch' | 'command'> = {},
  /** The simulation worker, beside the engine's module (dist/node, inside app.asar when packaged). */
  workerPath: string = path.join(path.dirname(modulePath), 'simulate-worker.js'),
): EngineManager {
  return new EngineManager({
    simulations: { startWorker: utilityWorkerStarter(utility, workerPath) },
    ...options,
    launch: utilityProcessLauncher(utility, modulePath),
  });
}
