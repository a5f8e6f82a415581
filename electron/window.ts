// The main window and the rules every page in this app lives under: a sandboxed, isolated renderer; no navigation
// away from the app's page (app://adc/index.html); no new windows or webviews; no permissions; a strict CSP; and
// links out only to hosts on an allow-list. The window's place and size are remembered between runs.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_PAGE_URL, isAppPageUrl } from './app-protocol.js';
import type {
  BrowserWindowLike,
  ElectronLike,
  Rect,
  ScreenLike,
  SessionLike,
  WebContentsLike,
  WebPreferencesLike,
} from './electron-like.js';

/** Hosts whose https links may open in the user's browser. Empty: the app links nowhere yet. */
export const ALLOWED_EXTERNAL_HOSTS: readonly string[] = [];

/**
 * The page's policy, sent as a response header by the app:// handler with every file it serves (index.html keeps a
 * <meta> policy too, which only narrows this one). Styles allow 'unsafe-inline' because MUI (emotion) injects <style>
 * elements at run time; scripts do not.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
} as const satisfies WebPreferencesLike;

// ---- links and navigation ----

/** An https URL, without credentials, whose host is on the list (exact match, case-insensitive). */
export function isAllowedExternalUrl(url: string, allowedHosts: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  return allowedHosts.some((h) => h.toLowerCase() === host);
}

/** A frame whose content comes from its parent (`srcdoc`, or an empty frame), never from a URL. */
export const isParentWrittenFrameUrl = (url: string): boolean => url === 'about:srcdoc' || url === 'about:blank';

export interface HardenOptions {
  allowedExternalHosts: readonly string[];
  openExternal: (url: string) => Promise<void>;
}

const hardened = new WeakSet<object>();

/**
 * Rules for any web contents the app creates (the main window, the hidden print window). Idempotent, so it can run
 * both from `app.on('web-contents-created')` and on the main window directly. A page may navigate only to the app's
 * own page on its own origin. A subframe may hold only content its parent wrote into it (the print preview and the
 * balance report print from `srcdoc` frames): it never loads a URL of its own.
 */
export function hardenWebContents(contents: WebContentsLike, options: HardenOptions): void {
  if (hardened.has(contents)) return;
  hardened.add(contents);
  const leave = (url: string): void => {
    if (isAllowedExternalUrl(url, options.allowedExternalHosts)) void options.openExternal(url).catch(() => undefined);
  };
  const guard = (event: { preventDefault(): void; url?: string }, url: string): void => {
    const target = typeof event.url === 'string' ? event.url : url;
    if (isAppPageUrl(target)) return;
    event.preventDefault();
    leave(target);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-frame-navigate', (event: { preventDefault(): void; url?: string; isMainFrame?: boolean }) => {
    const target = typeof event.url === 'string' ? event.url : '';
    if (event.isMainFrame === true ? isAppPageUrl(target) : event.isMainFrame === false && isParentWrittenFrameUrl(target)) return;
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    leave(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event: { preventDefault(): void }) => event.preventDefault());
}

/** No permission is ever granted (camera, notifications, clipboard reads, …), and every frame gets the CSP header. */
export function applySessionPolicy(session: SessionLike, csp: string = APP_CSP): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details: { resourceType?: string; responseHeaders?: Record<string, string[]> }, callback) => {
    if (details.resourceType !== undefined && details.resourceType !== 'mainFrame' && details.resourceType !== 'subFrame') {
      callback({});
      return;
    }
    const headers: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
}

// ---- window state ----

export interface WindowState {
  /** Absent when the saved place is off every screen: the window is then centred. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 800, height: 560 } as const;
const MAX_DIMENSION = 20_000;
export const WINDOW_STATE_FILE = 'window-state.json';

function intersection(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/** Visible enough to grab: a good stretch of the title bar lies on some screen. */
export function isReachable(bounds: Rect, workAreas: readonly Rect[]): boolean {
  const titleBar = { x: bounds.x, y: bounds.y, width: bounds.width, height: 32 };
  return workAreas.some((area) => {
    const i = intersection(titleBar, area);
    return i.width >= 100 && i.height >= 16;
  });
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 1_000_000;

/** The default size fitted to the primary screen. */
export function defaultWindowState(primary: Rect): WindowState {
  return {
    width: Math.max(MIN_SIZE.width, Math.min(DEFAULT_SIZE.width, primary.width)),
    height: Math.max(MIN_SIZE.height, Math.min(DEFAULT_SIZE.height, primary.height)),
    maximized: false,
  };
}

/** Reads saved state, falling back to defaults for anything missing, corrupt, absurd or off-screen. */
export function parseWindowState(text: string | null, workAreas: readonly Rect[], primary: Rect): WindowState {
  const fallback = defaultWindowState(primary);
  if (text === null) return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return fallback;
  const s = raw as Record<string, unknown>;
  if (!isInt(s.width) || !isInt(s.height)) return fallback;
  if (s.width < MIN_SIZE.width || s.height < MIN_SIZE.height || s.width > MAX_DIMENSION || s.height > MAX_DIMENSION) return fallback;
  const state: WindowState = { width: s.width, height: s.height, maximized: s.maximized === true };
  if (isInt(s.x) && isInt(s.y) && isReachable({ x: s.x, y: s.y, width: s.width, height: s.height }, workAreas)) {
    state.x = s.x;
    state.y = s.y;
  } else {
    // The screen it was on is gone: keep the size if it fits where it will now open.
    state.width = Math.min(state.width, Math.max(MIN_SIZE.width, primary.width));
    state.height = Math.min(state.height, Math.max(MIN_SIZE.height, primary.height));
  }
  return state;
}

export function readWindowState(file: string, screen: ScreenLike): WindowState {
  let text: string | null;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = null;
  }
  const primary = screen.getPrimaryDisplay().workArea;
  return parseWindowState(text, screen.getAllDisplays().map((d) => d.workArea), primary);
}

/** Small and written at close, so synchronous; temp file and rename so a crash never leaves half a file. */
export function writeWindowState(file: string, state: WindowState): void {
  try {
    // Private like the rest of the data folder: where the user's windows were is nobody else's business.
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(state) + '\n', { encoding: 'utf8', mode: 0o600 });
    renameSync(temp, file);
  } catch {
    /* losing the window's place is not worth bothering the user about */
  }
}

export function captureWindowState(win: BrowserWindowLike): WindowState {
  const b = win.getNormalBounds();
  return { x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() };
}

/** Saves the state after moves and resizes settle, and at once on close. */
export function trackWindowState(win: BrowserWindowLike, file: string, delayMs = 500): void {
  let timer: NodeJS.Timeout | undefined;
  const save = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (!win.isDestroyed() && !win.isMinimized()) writeWindowState(file, captureWindowState(win));
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event, later);
  win.on('close', save);
  win.on('closed', () => clearTimeout(timer));
}

// ---- the main window ----

export interface MainWindowOptions {
  /** Absolute path of the bundled preload (dist/electron/preload.cjs). */
  preloadPath: string;
  /** The page to load; the app scheme's page unless a test says otherwise. */
  pageUrl?: string;
  /** Where the window's place and size are kept (the data dir's window-state.json). */
  stateFile: string;
  allowedExternalHosts?: readonly string[];
  csp?: string;
  saveDelayMs?: number;
}

export function createMainWindow(
  electron: Pick<ElectronLike, 'BrowserWindow' | 'screen' | 'shell' | 'dialog'>,
  options: MainWindowOptions,
): BrowserWindowLike {
  const state = readWindowState(options.stateFile, electron.screen);
  const win = new electron.BrowserWindow({
    ...(state.x === undefined || state.y === undefined ? {} : { x: state.x, y: state.y }),
    width: state.width,
    height: state.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Aide-de-Camp',
    backgroundColor: '#f3efe4',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preloadPath },
  });
  if (state.maximized) win.maximize();

  hardenWebContents(win.webContents, {
    allowedExternalHosts: options.allowedExternalHosts ?? ALLOWED_EXTERNAL_HOSTS,
    openExternal: (url) => electron.shell.openExternal(url),
  });
  applySessionPolicy(win.webContents.session, options.csp ?? APP_CSP);

  // The page refuses to unload while it holds unsaved work; Electron would then cancel the close silently.
  win.webContents.on('will-prevent-unload', (event: { preventDefault(): void }) => {
    const choice = electron.dialog.showMessageBoxSync(win, {
      type: 'warning',
      buttons: ['Discard changes', 'Keep editing'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved changes',
      message: 'This document has changes that are not saved.',
      detail: 'Closing now discards them.',
    });
    if (choice === 0) event.preventDefault();
  });

  trackWindowState(win, options.stateFile, options.saveDelayMs);
  win.once('ready-to-show', () => win.show());
  const pageUrl = options.pageUrl ?? APP_PAGE_URL;
  void win.loadURL(pageUrl).catch((err: unknown) => {
    // Without a page, ready-to-show may never come: show the window anyway so the app does not look hung.
    console.error(`Aide-de-Camp could not load ${pageUrl}:`, err);
    if (!win.isDestroyed()) win.show();
  });
  return win;
}
