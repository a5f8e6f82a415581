// The main side of the bridge: one `ipcMain.handle` per channel of the table. Every call is checked twice before a
// service sees it: the sender must be the app's own page in the main window, and every argument must pass its
// channel's checks. Either refusal rejects with an Error (the renderer's own code never triggers one; a rejection
// means a bug or a hostile page), and the service is not called.
import type { EngineApi, Failure, HostApi } from '../domain/host-api.js';
import { checkArguments, INVOKE_CHANNELS, INVOKE_METHODS, type InvokeMethod } from './channels.js';
import type { IpcMainLike, WebFrameLike } from './electron-like.js';

/** What the handlers call: the HostApi less its subscriptions, which travel as events instead. */
export type HostServices = Omit<HostApi, 'engine' | 'onMenuCommand'> & { engine: Omit<EngineApi, 'onMessage'> };

export type SenderCheck = (frame: WebFrameLike | null | undefined) => boolean;

/**
 * True when `url` is the app's own page: same scheme, host and path as `expected`, which must itself be an `app:`
 * URL (the page is never served from file://, whose origin every local file shares). Query and fragment are ignored
 * (the page may route with them); credentials never match.
 */
export function isTrustedFrameUrl(url: string, expected: string): boolean {
  let actual: URL;
  let wanted: URL;
  try {
    actual = new URL(url);
    wanted = new URL(expected);
  } catch {
    return false;
  }
  if (wanted.protocol !== 'app:') return false;
  if (actual.username || actual.password) return false;
  return actual.protocol === wanted.protocol && actual.host === wanted.host && actual.pathname === wanted.pathname;
}

/** A sender check for the main window: a top-level frame showing the app's page, whose URL is known at call time. */
export function createSenderCheck(expectedUrl: () => string | null): SenderCheck {
  return (frame) => {
    if (!frame || frame.parent) return false;
    const expected = expectedUrl();
    return expected !== null && isTrustedFrameUrl(frame.url, expected);
  };
}

function serviceFor(services: HostServices, method: InvokeMethod): { target: object; fn: unknown } {
  if (method.startsWith('engine.')) {
    const name = method.slice('engine.'.length) as keyof HostServices['engine'];
    return { target: services.engine, fn: services.engine[name] };
  }
  const name = method as Exclude<InvokeMethod, `engine.${string}`>;
  return { target: services, fn: services[name] };
}

/**
 * Registers a handler on every invoke channel and returns a function that removes them again.
 * Throws at once if a service is missing, so a wiring mistake shows at start-up rather than on first use.
 */
export function registerIpcHandlers(ipcMain: IpcMainLike, services: HostServices, isTrustedSender: SenderCheck): () => void {
  for (const method of INVOKE_METHODS) {
    if (typeof serviceFor(services, method).fn !== 'function') throw new Error(`No service for ${method}`);
  }
  for (const method of INVOKE_METHODS) {
    const channel = INVOKE_CHANNELS[method];
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event?.senderFrame)) {
        throw new Error(`Refused ${channel}: the request did not come from the Aide-de-Camp window.`);
      }
      const problem = checkArguments(method, args);
      if (problem) throw new Error(problem);
      const { target, fn } = serviceFor(services, method);
      return Reflect.apply(fn as (...a: unknown[]) => unknown, target, args);
    });
  }
  return () => {
    for (const method of INVOKE_METHODS) ipcMain.removeHandler(INVOKE_CHANNELS[method]);
  };
}

export const ENGINE_UNAVAILABLE: Failure = {
  ok: false,
  code: 'unavailable',
  message: 'The rules engine is not available in this window; restart Aide-de-Camp to start it again.',
};

/** Stands in for the engine process manager where none could be set up, so engine calls still answer. */
export function createUnavailableEngine(): HostServices['engine'] {
  return {
    start: async () => ({ ...ENGINE_UNAVAILABLE }),
    send: async () => ({ ...ENGINE_UNAVAILABLE }),
    stop: async () => undefined,
  };
}
