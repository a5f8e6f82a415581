// The slice of Electron's API this shell uses, as structural types. Only main.ts (and the preload) import the real
// 'electron' module; everything else receives these objects as parameters, so tests pass recording doubles and
// never load Electron. main.ts checks at compile time that the real module satisfies `ElectronLike`.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A frame that sent an IPC message (Electron's WebFrameMain). */
export interface WebFrameLike {
  readonly url: string;
  readonly parent: WebFrameLike | null;
}

export interface IpcMainInvokeEventLike {
  readonly senderFrame: WebFrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface PreventableEvent {
  preventDefault(): void;
}

/** A navigation about to happen; Electron puts the target and the frame kind on the event as well. */
export interface NavigationEventLike extends PreventableEvent {
  readonly url?: string;
  readonly isMainFrame?: boolean;
}

/** The part of a response's details (Electron's OnHeadersReceivedListenerDetails) the header policy reads. */
export interface HeadersReceivedDetailsLike {
  readonly resourceType?: string;
  readonly responseHeaders?: Record<string, string[]>;
}

export interface NavigationEvent extends PreventableEvent {
  /** Electron ≥ 25 puts the target here; older versions pass it as the second argument only. */
  readonly url?: string;
}

export interface WebPreferencesLike {
  contextIsolation?: boolean;
  sandbox?: boolean;
  nodeIntegration?: boolean;
  nodeIntegrationInWorker?: boolean;
  nodeIntegrationInSubFrames?: boolean;
  webSecurity?: boolean;
  allowRunningInsecureContent?: boolean;
  webviewTag?: boolean;
  javascript?: boolean;
  spellcheck?: boolean;
  preload?: string;
  navigateOnDragDrop?: boolean;
  safeDialogs?: boolean;
  /** Chromium's experimental web platform features; listed so a test can assert they stay off. */
  experimentalFeatures?: boolean;
  /** Extra Blink features by name; listed so a test can assert none is ever asked for. */
  enableBlinkFeatures?: string;
}

export interface BrowserWindowOptionsLike {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
  show?: boolean;
  title?: string;
  backgroundColor?: string;
  webPreferences?: WebPreferencesLike;
}

export type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void;

export interface HeadersReceivedDetails {
  url: string;
  resourceType?: string;
  responseHeaders?: Record<string, string[]>;
}

export interface HeadersReceivedResponse {
  cancel?: boolean;
  responseHeaders?: Record<string, string | string[]>;
}

export interface SessionLike {
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void;
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string, origin: string, details: unknown) => boolean) | null): void;
  readonly webRequest: {
    onHeadersReceived(listener: ((details: HeadersReceivedDetailsLike, callback: (response: HeadersReceivedResponse) => void) => void) | null): void;
  };
}

export interface WindowOpenDetails {
  url: string;
}

export interface PdfOptionsLike {
  pageSize?: 'A4' | 'Letter';
  printBackground?: boolean;
  preferCSSPageSize?: boolean;
  landscape?: boolean;
}

export interface WebContentsLike {
  readonly session: SessionLike;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: NavigationEventLike, url: string) => void): unknown;
  /** Any frame, the main one included, about to navigate; the target is on the event. */
  on(event: 'will-frame-navigate', listener: (event: NavigationEventLike) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'will-prevent-unload', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' } | { action: 'allow' }): void;
  getURL(): string;
  send(channel: string, ...args: unknown[]): void;
  printToPDF(options: PdfOptionsLike): Promise<Uint8Array>;
}

export interface BrowserWindowLike {
  readonly webContents: WebContentsLike;
  on(event: 'close' | 'closed' | 'resize' | 'move' | 'maximize' | 'unmaximize' | 'ready-to-show', listener: () => void): unknown;
  once(event: 'ready-to-show' | 'closed', listener: () => void): unknown;
  loadFile(filePath: string): Promise<void>;
  loadURL(url: string): Promise<void>;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  maximize(): void;
  restore(): void;
  show(): void;
  focus(): void;
  destroy(): void;
}

export type BrowserWindowConstructorLike = new (options: BrowserWindowOptionsLike) => BrowserWindowLike;

export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

export interface FileFilterLike {
  name: string;
  extensions: string[];
}

export interface OpenDialogOptionsLike {
  title?: string;
  defaultPath?: string;
  filters?: FileFilterLike[];
  properties?: ('openFile' | 'showHiddenFiles')[];
}

export interface SaveDialogOptionsLike {
  title?: string;
  defaultPath?: string;
  filters?: FileFilterLike[];
  properties?: ('createDirectory' | 'showOverwriteConfirmation')[];
}

export interface MessageBoxOptionsLike {
  type?: 'warning' | 'question' | 'info';
  buttons: string[];
  defaultId?: number;
  cancelId?: number;
  title?: string;
  message: string;
  detail?: string;
}

/**
 * Each dialog is modal to a window when one is given, free-standing otherwise (both are Electron overloads). The
 * window is one of ours, passed through untouched: `unknown` because Electron types it as its BaseWindow, which our
 * BrowserWindowLike neither extends nor is extended by.
 */
export interface DialogLike {
  showOpenDialog(window: unknown, options: OpenDialogOptionsLike): Promise<{ canceled: boolean; filePaths: string[] }>;
  showOpenDialog(options: OpenDialogOptionsLike): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(window: unknown, options: SaveDialogOptionsLike): Promise<{ canceled: boolean; filePath?: string }>;
  showSaveDialog(options: SaveDialogOptionsLike): Promise<{ canceled: boolean; filePath?: string }>;
  showMessageBoxSync(window: unknown, options: MessageBoxOptionsLike): number;
  showMessageBoxSync(options: MessageBoxOptionsLike): number;
}

export interface ScreenLike {
  getAllDisplays(): { workArea: Rect }[];
  getPrimaryDisplay(): { workArea: Rect };
}

export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'togglefullscreen'
  | 'toggleDevTools'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'windowMenu'
  | 'help';

export interface MenuItemTemplate {
  id?: string;
  label?: string;
  role?: MenuRole;
  type?: 'normal' | 'separator' | 'submenu';
  accelerator?: string;
  visible?: boolean;
  enabled?: boolean;
  acceleratorWorksWhenHidden?: boolean;
  click?: () => void;
  submenu?: MenuItemTemplate[];
}

export interface MenuLike {
  buildFromTemplate(template: MenuItemTemplate[]): unknown;
  /** Takes what buildFromTemplate returned. */
  setApplicationMenu(menu: unknown): void;
}

export interface AppLike {
  readonly isPackaged: boolean;
  getVersion(): string;
  getName(): string;
  getPath(name: 'userData' | 'documents'): string;
  whenReady(): Promise<unknown>;
  requestSingleInstanceLock(): boolean;
  /** Forces the sandbox on every renderer; must run before the app is ready. */
  enableSandbox(): void;
  quit(): void;
  on(event: 'window-all-closed' | 'activate' | 'will-quit', listener: () => void): unknown;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsLike) => void): unknown;
}

/** The privileges of a custom scheme (Electron's CustomScheme.privileges). */
export interface SchemePrivilegesLike {
  standard?: boolean;
  secure?: boolean;
  bypassCSP?: boolean;
  allowServiceWorkers?: boolean;
  supportFetchAPI?: boolean;
  corsEnabled?: boolean;
  stream?: boolean;
  codeCache?: boolean;
}

export interface ProtocolLike {
  /** Only before the app is ready, and only once. */
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: SchemePrivilegesLike }[]): void;
  /** Only after the app is ready. */
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

/** Options of `utilityProcess.fork` that the engine uses. */
export interface UtilityForkOptionsLike {
  /** stdout and stderr; a utility process has no stdin. */
  stdio?: 'pipe' | 'ignore' | 'inherit' | ('pipe' | 'ignore' | 'inherit')[];
  serviceName?: string;
  cwd?: string;
  /** V8 and Node flags of the child, as `process.execArgv`. */
  execArgv?: string[];
}

/** A Node.js child of the main process that Electron starts from its own binary (Electron's UtilityProcess). */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  on(event: 'exit', listener: (code: number) => void): unknown;
  /** What the child sent with `process.parentPort.postMessage`. */
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'error', listener: (type: string, location: string, report: string) => void): unknown;
  postMessage(message: unknown): void;
  kill(): boolean;
}

export interface UtilityProcessModuleLike {
  /** Only after the app is ready. */
  fork(modulePath: string, args?: string[], options?: UtilityForkOptionsLike): UtilityProcessLike;
}

/** Everything the shell touches, gathered so it can be passed as one parameter. */
export interface ElectronLike {
  app: AppLike;
  BrowserWindow: BrowserWindowConstructorLike;
  Menu: MenuLike;
  dialog: DialogLike;
  ipcMain: IpcMainLike;
  protocol: ProtocolLike;
  screen: ScreenLike;
  shell: ShellLike;
  utilityProcess: UtilityProcessModuleLike;
}
