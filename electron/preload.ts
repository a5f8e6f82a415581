// Runs in the sandboxed renderer before the page. It exposes the host API as `window.adcHost` and nothing else.
// Sandboxed preloads cannot load local modules, so Vite bundles this file and its imports into dist/electron/preload.cjs
// (see vite.preload.config.ts); only 'electron' stays a require.
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadApi } from './preload-api.js';

contextBridge.exposeInMainWorld('adcHost', createPreloadApi(ipcRenderer));
