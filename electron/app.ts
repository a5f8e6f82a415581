// The desktop shell's wiring, with Electron passed in: one instance, one main window, the host services behind the
// IPC handlers, the menu. main.ts supplies the real Electron and the real document store; tests supply doubles.
import path from 'node:path';
import { MENU_COMMANDS, type HostInfo, type MenuCommand, type MenuEnabled } from '../domain/host-api.js';
import type { DocumentStore, DocumentStoreOptions } from '../node/document-store.js';
import type { EngineSessions } from '../node/engine-process.js';
import { APP_PAGE_URL, handleAppScheme, registerAppScheme } from './app-protocol.js';
import { ENGINE_MESSAGE_CHANNEL, MENU_CHANNEL } from './channels.js';
import { createPickers, type DialogDeps } from './dialogs.js';
import type { BrowserWindowLike, ElectronLike } from './electron-like.js';
import { createSenderCheck, createUnavailableEngine, registerIpcHandlers, type HostServices } from './ipc.js';
import { buildMenuTemplate } from './menu.js';
import { createPathAccess, guardPaths } from './path-access.js';
import { createPdfMaker, createPrintService } from './print.js';
import { ALLOWED_EXTERNAL_HOSTS, APP_CSP, createMainWindow, hardenWebContents, WINDOW_STATE_FILE } from './window.js';

export interface AppPaths {
  /** dist/electron/preload.cjs */
  preload: string;
  /** dist/renderer: everything app://adc/ serves, and nothing else. */
  rendererDir: string;
  /** Bundled samples: resources/scenarios when packaged, the repository's scenarios/ otherwise. */
  samplesDir: string;
}

/** Where things are, given the folder main.js runs from (dist/electron, inside app.asar when packaged). */
export function resolveAppPaths(where: { electronDir: string; isPackaged: boolean; resourcesPath: string }): AppPaths {
  return {
    preload: path.join(where.electronDir, 'preload.cjs'),
    rendererDir: path.join(where.electronDir, '..', 'renderer'),
    samplesDir: where.isPackaged ? path.join(where.resourcesPath, 'scenarios') : path.resolve(where.electronDir, '..', '..', 'scenarios'),
  };
}

const DOCUMENT_ARG = /\.(scenario|army)\.json$/i;

/** The first document named on the command line (`aide-de-camp battle.scenario.json`), as an absolute path. */
export function initialDocumentFromArgv(argv: readonly string[], cwd: string): string | null {
  const found = argv.slice(1).find((a) => !a.startsWith('-') && DOCUMENT_ARG.test(a));
  return found === undefined ? null : path.resolve(cwd, found);
}

export interface AppDeps {
  electron: ElectronLike;
  createStore: (options: DocumentStoreOptions) => DocumentStore;
  dataDir: string;
  workspaceDir: string | null;
  paths: AppPaths;
  platform: NodeJS.Platform;
  argv: readonly string[];
  cwd: string;
  allowedExternalHosts?: readonly string[];
  /** Runs the rules engines in the main process; without it the engine reports itself unavailable. */
  createEngine?: () => EngineSessions;
}

export interface RunningApp {
  /** Settles once the window is created (or start-up failed and the app is quitting). */
  ready: Promise<void>;
  mainWindow(): BrowserWindowLike | null;
  services(): HostServices | null;
  engine(): EngineSessions | null;
}

const STORE_METHODS = [
  'listLibrary',
  'openDocument',
  'documentVersion',
  'saveDocument',
  'writeBackup',
  'listBackups',
  'discardBackup',
  'validate',
] as const satisfies readonly (keyof DocumentStore)[];

function storeServices(store: DocumentStore): DocumentStore {
  return Object.fromEntries(STORE_METHODS.map((m) => [m, (store[m] as (...a: unknown[]) => unknown).bind(store)])) as unknown as DocumentStore;
}

/** Starts the shell; returns null when another instance already runs (that one is focused instead). */
export function startApp(deps: AppDeps): RunningApp | null {
  const { app, BrowserWindow, Menu, dialog, ipcMain, protocol, shell } = deps.electron;
  app.enableSandbox();
  // Before ready, or Chromium treats app:// as an opaque, insecure scheme.
  registerAppScheme(protocol);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  const allowedExternalHosts = deps.allowedExternalHosts ?? ALLOWED_EXTERNAL_HOSTS;
  let mainWindow: BrowserWindowLike | null = null;
  let services: HostServices | null = null;
  let engine: EngineSessions | null = null;
  const liveWindow = (): BrowserWindowLike | null => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null);

  app.on('second-instance', () => {
    const win = liveWindow();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('window-all-closed', () => {
    if (deps.platform !== 'darwin') app.quit();
  });
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { allowedExternalHosts, openExternal: (url) => shell.openExternal(url) }),
  );

  const openWindow = (): BrowserWindowLike => {
    const win = createMainWindow(deps.electron, {
      preloadPath: deps.paths.preload,
      stateFile: path.join(deps.dataDir, WINDOW_STATE_FILE),
      allowedExternalHosts,
    });
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
      // The sessions belonged to that page; nobody is left to stop them.
      void engine?.stopAll();
    });
    mainWindow = win;
    return win;
  };

  const send = (command: MenuCommand): void => {
    const win = liveWindow();
    if (win) win.webContents.send(MENU_CHANNEL, command);
    else if (deps.platform === 'darwin' && command === 'new') openWindow();
  };

  // Rebuilt whole when what can run changes (a handful of times a session), rather than reaching into live items.
  let menuShown: MenuEnabled | null = null;
  const setMenu = (enabled: MenuEnabled | null): void => {
    menuShown = enabled;
    Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(send, deps.platform, { devTools: !app.isPackaged, ...(enabled ? { enabled } : {}) })));
  };
  const setMenuEnabled = async (enabled: MenuEnabled): Promise<void> => {
    if (menuShown && MENU_COMMANDS.every((c) => menuShown![c] === enabled[c])) return;
    setMenu(enabled);
  };

  const ready = app
    .whenReady()
    .then(async () => {
      handleAppScheme(protocol, deps.paths.rendererDir, APP_CSP);
      const store = storeServices(
        deps.createStore({ mode: 'desktop', workspaceDir: deps.workspaceDir, samplesDir: deps.paths.samplesDir, dataDir: deps.dataDir }),
      );
      const access = createPathAccess({
        workspaceDir: deps.workspaceDir,
        samplesDir: deps.paths.samplesDir,
        recentPaths: async () => (await store.listLibrary()).recent.map((ref) => ref.path),
      });
      const dialogDeps: DialogDeps = { dialog, parentWindow: liveWindow, platform: deps.platform, defaultDir: () => deps.workspaceDir };
      const info: HostInfo = {
        shell: 'electron',
        version: app.getVersion(),
        nativeDialogs: true,
        initialDocument: initialDocumentFromArgv(deps.argv, deps.cwd),
      };
      // Named on the command line (or by the file manager that launched us): the user's choice as much as a dialog's.
      if (info.initialDocument !== null) await access.grant(info.initialDocument);
      engine = deps.createEngine?.() ?? null;
      const running = engine;
      if (running) {
        running.onMessage((session, message) => liveWindow()?.webContents.send(ENGINE_MESSAGE_CHANNEL, session, message));
        // Quitting cannot wait for a polite quit; an engine keeps nothing on disk, so killing it loses nothing more.
        app.on('will-quit', () => running.killAll());
      }
      services = guardPaths(
        {
          ...store,
          ...createPickers(dialogDeps),
          info: async () => ({ ...info }),
          print: createPrintService({ ...dialogDeps, BrowserWindow }),
          makePdf: createPdfMaker({ ...dialogDeps, BrowserWindow }),
          setMenuEnabled,
          engine: running
            ? {
                start: () => running.start(),
                send: (session, message) => running.send(session, message),
                stop: (session) => running.stop(session),
              }
            : createUnavailableEngine(),
        },
        access,
      );
      registerIpcHandlers(ipcMain, services, createSenderCheck(() => APP_PAGE_URL));
      setMenu(null);
      openWindow();
      app.on('activate', () => {
        if (!liveWindow()) openWindow();
      });
    })
    .catch((err: unknown) => {
      console.error('Aide-de-Camp could not start:', err);
      app.quit();
    });

  return { ready, mainWindow: liveWindow, services: () => services, engine: () => engine };
}
