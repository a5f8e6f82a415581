// The desktop app's way to start the rules engine. A packaged build cannot run its own binary as plain Node (the
// runAsNode fuse is off, see electron-builder.yml), so the engine runs as an Electron utility process instead. Such a
// process has no stdin: protocol lines go both ways as parentPort messages (node/engine-main.ts detects that mode),
// and its stdout and stderr are kept only to explain a failure.
import path from 'node:path';
import { EngineManager, type EngineLauncher, type EngineManagerOptions } from '../node/engine-process.js';
import type { UtilityProcessModuleLike } from './electron-like.js';

export const ENGINE_SERVICE_NAME = 'Aide-de-Camp rules engine';

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

/** The engine manager of the desktop app. */
export function createUtilityEngineManager(
  utility: UtilityProcessModuleLike,
  modulePath: string,
  options: Omit<EngineManagerOptions, 'launch' | 'command'> = {},
): EngineManager {
  return new EngineManager({ ...options, launch: utilityProcessLauncher(utility, modulePath) });
}
