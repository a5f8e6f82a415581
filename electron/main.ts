// Electron's entry (compiled to dist/electron/main.js, ESM). The only file of the main process that imports
// 'electron'; it gathers the real modules and hands them to startApp, where the wiring lives and is tested.
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, shell, utilityProcess } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataDir } from '../node/data-dir.js';
import { createDocumentStore } from '../node/document-store.js';
import { resolveAppPaths, startApp } from './app.js';
import type { ElectronLike } from './electron-like.js';
import { createUtilityEngineManager, engineModulePath } from './engine-utility.js';

const electronDir = path.dirname(fileURLToPath(import.meta.url));

// Fails to compile if the real module no longer matches what the shell expects of it.
const electron: ElectronLike = { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, shell, utilityProcess };

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
  // A utility process in development too, so the packaged app's only way of running the engine is the one used
  // every day (the binary cannot run as plain Node there: the runAsNode fuse is off).
  createEngine: () => createUtilityEngineManager(electron.utilityProcess, engineModulePath(electronDir)),
});
