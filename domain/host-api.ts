// The one contract between the renderer and whatever hosts it. The Electron preload implements it over IPC, the
// web shell over HTTP to a loopback server; the renderer never knows which. Everything here is plain data, so it
// crosses either boundary unchanged, and every call resolves (failures are values, not exceptions).
import type { Problem } from './problems.js';

export type DocumentKind = 'scenario' | 'army';

/** Where a document lives. `path` is what the host understands: absolute on the desktop, workspace-relative on the web. */
export interface DocumentRef {
  path: string;
  /** File name shown to the user. */
  name: string;
  kind: DocumentKind;
  /** Samples are read-only: saving one asks for a new name. */
  source: 'workspace' | 'sample' | 'file';
  /** Title or list name read from the file, when it could be read. */
  title?: string;
  modified?: number;
}

export interface Library {
  workspace: DocumentRef[];
  samples: DocumentRef[];
  recent: DocumentRef[];
  /** Folder the workspace list comes from, for display. */
  workspaceDir: string | null;
}

export type FailureCode =
  | 'missing'
  | 'unreadable'
  | 'too-large'
  | 'forbidden'
  | 'conflict'
  | 'read-only'
  | 'disk-full'
  | 'io'
  | 'invalid-argument'
  | 'unavailable';

export interface Failure {
  ok: false;
  code: FailureCode;
  /** One sentence a user understands: what went wrong and what was (not) changed. */
  message: string;
}

export interface OpenedDocument {
  ok: true;
  ref: DocumentRef;
  text: string;
  /** Opaque fingerprint of the file on disk when read; saving compares it to refuse silent overwrites. */
  version: string;
}

export interface SavedDocument {
  ok: true;
  ref: DocumentRef;
  version: string;
}

export interface SaveRequest {
  path: string;
  text: string;
  /** Version the editor started from; null for a new file. A mismatch with the disk is a conflict. */
  baseVersion: string | null;
  /** Set after the user has chosen to overwrite a file changed on disk, or an existing file on Save As. */
  overwrite?: boolean;
}

export interface Backup {
  /** One key per open document in one window; survives a crash so the next launch can offer it back. */
  key: string;
  path: string | null;
  title: string;
  savedAt: number;
  text: string;
}

export interface HostInfo {
  shell: 'electron' | 'web';
  version: string;
  /** Electron shows native dialogs; the web shell lets the renderer ask for a name in its own dialog. */
  nativeDialogs: boolean;
  /** A document named when the app was launched (`npm run web -- FILE`), opened first. */
  initialDocument: string | null;
}

export type PaperSize = 'a4' | 'letter';

export interface MadePdf {
  ok: true;
  /** The PDF file, base64. */
  pdf: string;
}

export interface HostApi {
  info(): Promise<HostInfo>;
  listLibrary(): Promise<Library>;
  openDocument(path: string): Promise<OpenedDocument | Failure>;
  /** The file's current version on disk, to notice edits made outside the app; null if it no longer exists. */
  documentVersion(path: string): Promise<string | null>;
  saveDocument(request: SaveRequest): Promise<SavedDocument | Failure>;
  /** Native open dialog; resolves null when cancelled or when the shell has none. */
  pickOpenPath(): Promise<string | null>;
  /** Native save dialog; resolves null when cancelled or when the shell has none. */
  pickSavePath(suggestedName: string): Promise<string | null>;
  writeBackup(backup: Backup): Promise<void>;
  listBackups(): Promise<Backup[]>;
  discardBackup(key: string): Promise<void>;
  validate(text: string): Promise<{ problems: Problem[] }>;
  /** Writes the sheet (self-contained HTML) as a PDF, or opens the browser's print where the shell cannot. */
  print(html: string, paper: PaperSize, suggestedName: string): Promise<{ ok: true; path: string | null } | Failure>;
  /**
   * Makes the PDF of a self-contained page (the sheet, a report) and hands its bytes back, base64, for the page to
   * offer as a download: the web shell's Save as PDF, through the server's headless Chromium as `adc print` does.
   */
  makePdf(html: string, paper: PaperSize): Promise<MadePdf | Failure>;
  /**
   * Which application-menu commands can run now, so the desktop menu greys out the rest as the toolbar does; the web
   * shell has no menu and ignores it.
   */
  setMenuEnabled(enabled: MenuEnabled): Promise<void>;
  engine: EngineApi;
  /** Commands from the application menu (Electron); the web shell never calls it. Returns an unsubscribe. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

export interface EngineApi {
  start(): Promise<{ ok: true; session: string } | Failure>;
  send(session: string, message: unknown): Promise<{ ok: true } | Failure>;
  stop(session: string): Promise<void>;
  onMessage(listener: (session: string, message: unknown) => void): () => void;
}

export const MENU_COMMANDS = [
  'new',
  'open',
  'save',
  'save-as',
  'undo',
  'redo',
  'validate',
  'test-play',
  'print',
  'about',
  'settings',
  'shortcuts',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];
/** Every menu command, and whether it can run now. */
export type MenuEnabled = Readonly<Record<MenuCommand, boolean>>;

export const isMenuCommand = (v: unknown): v is MenuCommand =>
  typeof v === 'string' && (MENU_COMMANDS as readonly string[]).includes(v);
