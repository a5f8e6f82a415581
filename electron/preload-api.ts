// The HostApi over IPC, as the preload exposes it to the page. Only named functions cross the bridge: the page never
// gets ipcRenderer, an event object, or a way to name a channel of its own choosing.
import { isMenuCommand, type Failure, type FailureCode, type HostApi, type MenuCommand } from '../domain/host-api.js';
import { ENGINE_MESSAGE_CHANNEL, INVOKE_CHANNELS, MENU_CHANNEL, type InvokeMethod, type InvokeSignature } from './channels.js';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** The part of Electron's ipcRenderer the preload uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: Listener): unknown;
  removeListener(channel: string, listener: Listener): unknown;
}

export function createPreloadApi(ipcRenderer: IpcRendererLike): HostApi {
  const invoke = <M extends InvokeMethod>(method: M, ...args: Parameters<InvokeSignature<M>>): ReturnType<InvokeSignature<M>> =>
    ipcRenderer.invoke(INVOKE_CHANNELS[method], ...args) as ReturnType<InvokeSignature<M>>;

  // The contract's calls that can fail resolve with the failure: a handler that threw (a refused argument, a service
  // that broke) reaches the page as a value it already handles, never as a rejection nobody catches.
  const orFailure =
    (code: FailureCode) =>
    (e: unknown): Failure => ({ ok: false, code, message: e instanceof Error ? e.message : String(e) });

  const subscribe = (channel: string, deliver: (args: unknown[]) => void): (() => void) => {
    const listener: Listener = (_event, ...args) => deliver(args);
    ipcRenderer.on(channel, listener);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipcRenderer.removeListener(channel, listener);
    };
  };

  return {
    info: () => invoke('info'),
    listLibrary: () => invoke('listLibrary'),
    openDocument: (path) => invoke('openDocument', path).catch(orFailure('io')),
    documentVersion: (path) => invoke('documentVersion', path),
    saveDocument: (request) => invoke('saveDocument', request).catch(orFailure('io')),
    pickOpenPath: () => invoke('pickOpenPath'),
    pickSavePath: (suggestedName) => invoke('pickSavePath', suggestedName),
    writeBackup: (backup) => invoke('writeBackup', backup),
    listBackups: () => invoke('listBackups'),
    discardBackup: (key) => invoke('discardBackup', key),
    validate: (text) => invoke('validate', text),
    print: (html, paper, suggestedName) => invoke('print', html, paper, suggestedName).catch(orFailure('io')),
    makePdf: (html, paper) => invoke('makePdf', html, paper).catch(orFailure('io')),
    setMenuEnabled: (enabled) => invoke('setMenuEnabled', enabled),
    engine: {
      start: () => invoke('engine.start').catch(orFailure('unavailable')),
      send: (session, message) => invoke('engine.send', session, message).catch(orFailure('unavailable')),
      stop: (session) => invoke('engine.stop', session),
      onMessage: (listener: (session: string, message: unknown) => void) =>
        subscribe(ENGINE_MESSAGE_CHANNEL, ([session, message]) => {
          if (typeof session === 'string') listener(session, message);
        }),
    },
    onMenuCommand: (listener: (command: MenuCommand) => void) =>
      subscribe(MENU_CHANNEL, ([command]) => {
        if (isMenuCommand(command)) listener(command);
      }),
  } satisfies HostApi;
}
