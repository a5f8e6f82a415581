// Electron's entry (compiled to dist/electron/main.js, ESM). The only file of the main process that imports
// 'electron'; it gathers the real modules and hands them to startApp, where the wiring lives and is tested.
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, shell } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataDir } from '../node/data-dir.js';
import { createDocumentStore } from '../node/document-store.js';
import { EngineManager } from '../node/engine-process.js';
import { resolveAppPaths, startApp } from './app.js';
import type { ElectronLike } from './electron-like.js';

const electronDir = path.dirname(fileURLToPath(import.meta.url));

// Fails to compile if the real module no longer matches what the shell expects of it.
const electron: ElectronLike = { app, BrowserWindow, dialog, ipcMain, Menu, screen, shell };

startApp({
  electron,
  createStore: createDocumentStore,
  dataDir: resolveDataDir(),
  // Listed in the library and offered first by save dialogs; created only when the user saves there.
  workspaceDir: process.env.ADC_WORKSPACE ? path.resolve(process.env.ADC_WORKSPACE) : path.join(app.getPath('documents'), 'Aide-de-Camp'),
  paths: resolveAppPaths({
    electronDir,
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
  }),
  platform: process.platform,
  argv: process.argv,
  cwd: process.cwd(),
  // Electron's own binary running as plain Node, so no separate Node is needed. Packaged builds switch that mode off
  // (the runAsNode fuse): there the binary would open a second app instead, so the engine stays unavailable until it
  // runs in a utility process.
  createEngine: app.isPackaged
    ? undefined
    : () =>
        new EngineManager({
          command: { file: process.execPath, args: [path.join(electronDir, '..', 'node', 'engine-main.js')], env: { ELECTRON_RUN_AS_NODE: '1' } },
        }),
});
