// The file side of the host API, shared by both shells: listing, opening and saving documents with conflict
// detection, crash backups and the recent list. Every method resolves; failures come back as values the renderer can
// show, because a rejected promise crossing IPC or HTTP loses its meaning on the way.
import { createHash } from 'node:crypto';
import { constants as fsConstants, promises as fs, type Dirent } from 'node:fs';
import path from 'node:path';
import { parseDocument } from '../domain/document.js';
import { decodeDocumentBytes } from '../domain/document-bytes.js';
import { printable } from '../domain/printable.js';
import type { Backup, DocumentKind, DocumentRef, Failure, FailureCode, HostApi, Library, SaveRequest } from '../domain/host-api.js';
import { ARMY_TYPE, SCENARIO_TYPE } from '../domain/model.js';
import { validateDocument } from '../domain/validate.js';
import { ReadOnlyFileError, removeStaleTemps, writeFileAtomic } from './atomic-file.js';
import { backupsDir, ensurePrivateDir, PRIVATE_FILE_MODE, recentFile, tightenDataDir } from './data-dir.js';
import { MAX_DOCUMENT_BYTES } from './read-document.js';

export type StoreFs = Pick<typeof fs, 'open' | 'rename' | 'unlink' | 'stat' | 'readdir' | 'realpath'>;

export interface DocumentStoreOptions {
  /** `web`: paths are relative to workspaceDir and confined to it; `desktop`: paths are absolute. */
  mode: 'desktop' | 'web';
  workspaceDir: string | null;
  samplesDir: string;
  dataDir: string;
  /** Replaces parts of node:fs for fault tests. */
  fsImpl?: Partial<StoreFs>;
  /** How old a crashed save's temporary file must be before a start removes it; tests use 0. */
  staleTempAgeMs?: number;
}

export type DocumentStore = Pick<
  HostApi,
  'listLibrary' | 'openDocument' | 'documentVersion' | 'saveDocument' | 'writeBackup' | 'listBackups' | 'discardBackup' | 'validate'
>;

export const SAMPLE_PREFIX = 'sample:';
export const RECENT_LIMIT = 10;
/** More than are shown, so deleting a few files does not empty the list. */
const RECENT_KEPT = 50;
export const BACKUP_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** What the web shell may touch at all; desktop paths come from native dialogs but get the same check. */
const DOCUMENT_NAME = /\.json$/i;
const LISTED_NAME = /\.(scenario|army)\.json$/i;
/** The title is near the top of every file this app writes; reading further for a list entry is waste. */
const HEAD_BYTES = 64 * 1024;
/** A folder with thousands of files is not a workspace; stop listing rather than stall the UI. */
const MAX_LISTED = 2000;
const MAX_TITLE = 200;
const MAX_BACKUPS_LISTED = 500;
/** A backup wraps a document's text in JSON, which can escape it to several times its size. */
const MAX_BACKUP_FILE_BYTES = MAX_DOCUMENT_BYTES * 2;
/** Workspace subfolders searched for a crashed save's leftovers; as deep as the listing goes, and bounded like it. */
const MAX_TIDIED_FOLDERS = 200;

type Located = {
  /** Where the file is reached for reading and writing: symlinks resolved, so a save writes through them. */
  real: string;
  /** Absolute path as named, used for the recent list and for turning back into a path for the renderer. */
  lexical: string;
  /** The path as the renderer addresses it in this mode. */
  address: string;
  source: DocumentRef['source'];
};

const fail = (code: FailureCode, message: string): Failure => ({ ok: false, code, message });

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const errnoOf = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | undefined)?.code;

function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const toPosix = (p: string): string => p.split(path.sep).join('/');

/**
 * Reads the string values of chosen top-level keys without parsing the whole file, so a truncated head or a broken
 * file still yields a title when one is there, and a nested "name" is never mistaken for the list's own.
 */
export function topLevelStrings(text: string, wanted: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  const n = text.length;
  while (i < n && (text[i] === '\ufeff' || /\s/.test(text[i]!))) i++;
  if (text[i] !== '{') return out;
  i++;
  let depth = 1;
  let expectKey = true;
  let pendingKey: string | undefined;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= n) break;
      const raw = text.slice(i, j + 1);
      i = j + 1;
      if (depth !== 1) continue;
      let value: string | undefined;
      try {
        value = JSON.parse(raw) as string;
      } catch {
        value = undefined;
      }
      if (expectKey) {
        while (i < n && /\s/.test(text[i]!)) i++;
        if (text[i] === ':' && value !== undefined) {
          pendingKey = value;
          expectKey = false;
          i++;
        }
      } else if (pendingKey !== undefined) {
        if (value !== undefined && wanted.includes(pendingKey) && !(pendingKey in out)) out[pendingKey] = value;
        pendingKey = undefined;
        if (wanted.every((k) => k in out)) break;
      }
      continue;
    }
    if (c === '{' || c === '[') {
      if (depth === 1) pendingKey = undefined;
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) break;
    } else if (c === ',' && depth === 1) {
      expectKey = true;
      pendingKey = undefined;
    }
    i++;
  }
  return out;
}

function describeHead(text: string, fileName: string): { kind: DocumentKind; title?: string } {
  const found = topLevelStrings(text, ['type', 'title', 'name']);
  const kind: DocumentKind =
    found.type === ARMY_TYPE ? 'army' : found.type === SCENARIO_TYPE ? 'scenario' : /\.army\.json$/i.test(fileName) ? 'army' : 'scenario';
  const title = kind === 'army' ? found.name : found.title;
  return title === undefined || title.trim() === '' ? { kind } : { kind, title: title.trim().slice(0, MAX_TITLE) };
}

type ReadBytes = { ok: true; bytes: Buffer; modified: number } | Failure;

export function createDocumentStore(options: DocumentStoreOptions): DocumentStore {
  const impl: StoreFs = { ...fs, ...options.fsImpl };
  const atomicFs = { open: impl.open, rename: impl.rename, unlink: impl.unlink, stat: impl.stat, realpath: impl.realpath };
  const workspaceDir = options.workspaceDir === null ? null : path.resolve(options.workspaceDir);
  const samplesDir = path.resolve(options.samplesDir);
  const dataDir = path.resolve(options.dataDir);

  /** Where this store's saves leave temporary files: the workspace as deep as it is listed, the data folder, backups. */
  async function foldersWrittenTo(): Promise<string[]> {
    const dirs = [dataDir, backupsDir(dataDir)];
    if (workspaceDir === null) return dirs;
    dirs.push(workspaceDir);
    try {
      const entries = await fs.readdir(workspaceDir, { withFileTypes: true });
      for (const entry of entries.slice(0, MAX_TIDIED_FOLDERS)) {
        if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') dirs.push(path.join(workspaceDir, entry.name));
      }
    } catch {
      /* no workspace to tidy */
    }
    return dirs;
  }

  // Every method waits for this, so nothing reads a folder while a crashed save's leftovers are being removed or a
  // loose mode is being tightened. It never rejects: tidying is best effort and must not stop the store from working.
  const started: Promise<void> = (async () => {
    try {
      await removeStaleTemps(await foldersWrittenTo(), { olderThanMs: options.staleTempAgeMs });
      await tightenDataDir(dataDir);
    } catch {
      /* see above */
    }
  })();

  // Saves to one file, and rewrites of recent.json, must not interleave: the conflict check and the write are one step.
  const locks = new Map<string, Promise<unknown>>();
  function exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = locks.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    locks.set(key, settled);
    void settled.then(() => {
      if (locks.get(key) === settled) locks.delete(key);
    });
    return run;
  }

  /** realpath of a file that may not exist yet: resolve the nearest existing ancestor and append the rest. */
  async function realpathLoose(p: string): Promise<string> {
    const rest: string[] = [];
    let current = p;
    for (;;) {
      try {
        return path.join(await impl.realpath(current), ...rest.reverse());
      } catch (err) {
        const parent = path.dirname(current);
        if (errnoOf(err) !== 'ENOENT' || parent === current) throw err;
        rest.push(path.basename(current));
        current = parent;
      }
    }
  }

  async function locate(p: unknown): Promise<Located | Failure> {
    if (typeof p !== 'string' || p === '') return fail('invalid-argument', 'No document path was given.');
    if (p.includes('\0')) return fail('forbidden', 'That document path contains a NUL character and was refused.');
    if (p.startsWith(SAMPLE_PREFIX)) {
      const name = p.slice(SAMPLE_PREFIX.length);
      if (name === '' || /[\\/]/.test(name) || name === '.' || name === '..' || !DOCUMENT_NAME.test(name)) {
        return fail('forbidden', `"${p}" is not a sample document.`);
      }
      const lexical = path.join(samplesDir, name);
      return { real: lexical, lexical, address: p, source: 'sample' };
    }
    if (!DOCUMENT_NAME.test(p)) {
      return fail('forbidden', `"${path.basename(p)}" is not a document: only .scenario.json, .army.json and .json files can be opened or saved.`);
    }
    if (options.mode === 'desktop') {
      if (!path.isAbsolute(p)) return fail('forbidden', `"${p}" is not an absolute path, which the desktop app needs.`);
      const lexical = path.resolve(p);
      let real: string;
      try {
        real = await realpathLoose(lexical);
      } catch {
        real = lexical;
      }
      const source = workspaceDir !== null && isInside(workspaceDir, lexical) ? 'workspace' : 'file';
      return { real, lexical, address: lexical, source };
    }
    if (workspaceDir === null) return fail('forbidden', 'There is no workspace folder, so no document can be opened or saved by path.');
    const forbidden = fail('forbidden', `"${p}" is outside the workspace folder, so it was refused.`);
    // Checked on the raw string with both separators, so a Windows-style escape is refused on every platform.
    if (path.posix.isAbsolute(p) || path.win32.isAbsolute(p) || /^[A-Za-z]:/.test(p)) return forbidden;
    const segments = p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
    if (segments.length === 0 || segments.includes('..')) return forbidden;
    const lexical = path.resolve(workspaceDir, ...segments);
    if (!isInside(workspaceDir, lexical) || lexical === workspaceDir) return forbidden;
    // A symlink inside the workspace may point anywhere; judge where the file really is.
    let real: string;
    try {
      const realWorkspace = await impl.realpath(workspaceDir);
      real = await realpathLoose(lexical);
      if (!isInside(realWorkspace, real)) return forbidden;
    } catch (err) {
      return fail('unreadable', `The workspace folder cannot be read (${errnoOf(err) ?? 'unknown error'}).`);
    }
    return { real, lexical, address: segments.join('/'), source: 'workspace' };
  }

  /** Reads at most the document limit through one handle, so a file that grows after the size check is still refused. */
  async function readBytes(file: string, name: string, limit = MAX_DOCUMENT_BYTES): Promise<ReadBytes> {
    let handle: Awaited<ReturnType<typeof fs.open>> | undefined;
    try {
      // O_NONBLOCK keeps a FIFO named like a document from hanging the open; it changes nothing for regular files.
      handle = await impl.open(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
      const st = await handle.stat();
      if (!st.isFile()) return fail('unreadable', `"${name}" is not a regular file, so it cannot be opened.`);
      if (st.size > limit) {
        return fail('too-large', `"${name}" is ${(st.size / 1048576).toFixed(1)} MB, more than the ${limit / 1048576} MB a document may be.`);
      }
      // Read to the end rather than trusting the size: a file that grows after the stat is still measured and refused.
      const chunks: Buffer[] = [];
      let total = 0;
      let chunkSize = st.size + 1;
      for (;;) {
        const chunk = Buffer.alloc(chunkSize);
        const { bytesRead } = await handle.read(chunk, 0, chunkSize, total);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        total += bytesRead;
        if (total > limit) return fail('too-large', `"${name}" is more than the ${limit / 1048576} MB a document may be.`);
        chunkSize = Math.min(64 * 1024, limit + 1 - total);
      }
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      return { ok: true, bytes, modified: st.mtimeMs };
    } catch (err) {
      const code = errnoOf(err);
      if (code === 'ENOENT' || code === 'ENOTDIR') return fail('missing', `"${name}" does not exist (it may have been moved or deleted).`);
      if (code === 'EISDIR') return fail('unreadable', `"${name}" is a folder, not a document.`);
      if (code === 'EACCES' || code === 'EPERM') return fail('unreadable', `"${name}" cannot be read: permission denied.`);
      return fail('unreadable', `"${name}" cannot be read (${code ?? String(err)}).`);
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  async function readHead(file: string): Promise<string | null> {
    let handle: Awaited<ReturnType<typeof fs.open>> | undefined;
    try {
      handle = await impl.open(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
      const buffer = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } catch {
      return null;
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  function makeRef(at: Located, head: string | null, modified?: number): DocumentRef {
    const name = path.basename(at.lexical);
    const { kind, title } = describeHead(head ?? '', name);
    const ref: DocumentRef = { path: at.address, name, kind, source: at.source };
    if (title !== undefined) ref.title = title;
    if (modified !== undefined) ref.modified = modified;
    return ref;
  }

  /** A ref for a listed file; null when it is gone or not a regular file. */
  async function refFor(at: Located): Promise<DocumentRef | null> {
    try {
      const st = await impl.stat(at.real);
      if (!st.isFile()) return null;
      return makeRef(at, await readHead(at.real), st.mtimeMs);
    } catch {
      return null;
    }
  }

  // ---- recent list ----

  interface RecentEntry {
    path: string;
    at: number;
  }

  async function readRecent(): Promise<RecentEntry[]> {
    const read = await readBytes(recentFile(dataDir), 'recent.json', 1024 * 1024);
    if (!read.ok) return [];
    try {
      const data = JSON.parse(read.bytes.toString('utf8')) as { recent?: unknown };
      if (!Array.isArray(data.recent)) return [];
      return data.recent.filter(
        (e): e is RecentEntry => !!e && typeof e === 'object' && typeof (e as RecentEntry).path === 'string' && typeof (e as RecentEntry).at === 'number',
      );
    } catch {
      return [];
    }
  }

  /** Stored as absolute paths (or sample ids), so a web session in another workspace never misreads them. */
  async function remember(at: Located): Promise<void> {
    const key = at.source === 'sample' ? at.address : at.lexical;
    try {
      await exclusive('\0recent', async () => {
        const entries = (await readRecent()).filter((e) => e.path !== key);
        entries.unshift({ path: key, at: Date.now() });
        await ensurePrivateDir(dataDir);
        const text = JSON.stringify({ version: 1, recent: entries.slice(0, RECENT_KEPT) }, null, 2) + '\n';
        await writeFileAtomic(recentFile(dataDir), text, { fsImpl: atomicFs, mode: PRIVATE_FILE_MODE });
      });
    } catch {
      // The recent list is a convenience; failing to update it must not fail the open or save that triggered it.
    }
  }

  async function recentRefs(): Promise<DocumentRef[]> {
    const out: DocumentRef[] = [];
    for (const entry of await readRecent()) {
      if (out.length >= RECENT_LIMIT) break;
      let address: string;
      if (entry.path.startsWith(SAMPLE_PREFIX)) address = entry.path;
      else if (options.mode === 'desktop') address = entry.path;
      else if (workspaceDir !== null && path.isAbsolute(entry.path) && isInside(workspaceDir, entry.path)) {
        address = toPosix(path.relative(workspaceDir, entry.path));
      } else continue;
      const at = await locate(address);
      if ('ok' in at) continue;
      const ref = await refFor(at);
      if (ref) out.push(ref);
    }
    return out;
  }

  // ---- listing ----

  async function listFolder(dir: string, depth: number, found: string[]): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await impl.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (found.length >= MAX_LISTED) return;
      // Hidden files include this app's own temporary files mid-save.
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (LISTED_NAME.test(entry.name) && (entry.isFile() || entry.isSymbolicLink())) found.push(full);
      else if (depth === 0 && entry.isDirectory() && entry.name !== 'node_modules') await listFolder(full, depth + 1, found);
    }
  }

  async function workspaceRefs(): Promise<DocumentRef[]> {
    if (workspaceDir === null) return [];
    const files: string[] = [];
    await listFolder(workspaceDir, 0, files);
    const refs: DocumentRef[] = [];
    for (const file of files) {
      const address = options.mode === 'web' ? toPosix(path.relative(workspaceDir, file)) : file;
      const at = await locate(address);
      if ('ok' in at) continue;
      const ref = await refFor(at);
      if (ref) refs.push(ref);
    }
    return refs;
  }

  async function sampleRefs(): Promise<DocumentRef[]> {
    let names: string[];
    try {
      names = (await impl.readdir(samplesDir)).filter((n) => LISTED_NAME.test(n) && !n.startsWith('.')).sort();
    } catch {
      return [];
    }
    const refs: DocumentRef[] = [];
    for (const name of names.slice(0, MAX_LISTED)) {
      const at = await locate(SAMPLE_PREFIX + name);
      if ('ok' in at) continue;
      const ref = await refFor(at);
      if (ref) refs.push(ref);
    }
    return refs;
  }

  // ---- saving ----

  function saveFailure(err: unknown, name: string): Failure {
    if (err instanceof ReadOnlyFileError) {
      return fail(
        'read-only',
        `"${name}" is read-only, so it was not saved; the file on disk was left unchanged. Use Save As to keep your version under another name or in another folder.`,
      );
    }
    const code = errnoOf(err);
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      return fail('disk-full', `"${name}" was not saved because the disk is full; the file on disk was left unchanged.`);
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      return fail('read-only', `"${name}" was not saved because its folder cannot be written to; the file on disk was left unchanged.`);
    }
    if (code === 'ENOENT') {
      return fail('io', `"${name}" was not saved because its folder does not exist; the file on disk was left unchanged.`);
    }
    return fail('io', `"${name}" was not saved (${code ?? (err instanceof Error ? err.message : String(err))}); the file on disk was left unchanged.`);
  }

  async function currentVersion(at: Located, name: string): Promise<string | null | Failure> {
    const read = await readBytes(at.real, name);
    if (read.ok) return sha256(read.bytes);
    return read.code === 'missing' ? null : read;
  }

  async function saveDocument(request: SaveRequest) {
    await started;
    if (!request || typeof request !== 'object') return fail('invalid-argument', 'The save request was not understood.');
    const { text, baseVersion, overwrite } = request;
    if (typeof text !== 'string') return fail('invalid-argument', 'The save request has no document text.');
    if (baseVersion !== null && typeof baseVersion !== 'string') return fail('invalid-argument', 'The save request has an invalid base version.');
    if (overwrite !== undefined && typeof overwrite !== 'boolean') return fail('invalid-argument', 'The save request has an invalid overwrite flag.');
    const at = await locate(request.path);
    if ('ok' in at) return at;
    const name = path.basename(at.lexical);
    if (at.source === 'sample') {
      return fail('read-only', `"${name}" is a bundled sample and cannot be changed; use Save As to keep your version under a new name.`);
    }
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > MAX_DOCUMENT_BYTES) {
      return fail('too-large', `"${name}" was not saved because it would be more than ${MAX_DOCUMENT_BYTES / 1048576} MB; the file on disk was left unchanged.`);
    }
    return exclusive(at.real, async () => {
      const current = await currentVersion(at, name);
      if (current !== null && typeof current === 'object') {
        if (!overwrite) {
          return fail('conflict', `"${name}" exists but could not be read to check for changes, so it was not overwritten; the file on disk was left unchanged.`);
        }
      } else if (current !== null && current !== baseVersion && !overwrite) {
        return fail(
          'conflict',
          baseVersion === null
            ? `"${name}" already exists, so it was not overwritten; the file on disk was left unchanged.`
            : `"${name}" was changed on disk since it was opened, so it was not overwritten; the file on disk was left unchanged.`,
        );
      }
      try {
        await writeFileAtomic(at.real, bytes, { fsImpl: atomicFs });
      } catch (err) {
        return saveFailure(err, name);
      }
      let modified: number | undefined;
      try {
        modified = (await impl.stat(at.real)).mtimeMs;
      } catch {
        modified = undefined;
      }
      await remember(at);
      return { ok: true as const, ref: makeRef(at, text.slice(0, HEAD_BYTES), modified), version: sha256(bytes) };
    });
  }

  // ---- backups ----

  const backupFile = (key: string): string => path.join(backupsDir(dataDir), `${key}.json`);

  function asBackup(value: unknown): Backup | null {
    if (!value || typeof value !== 'object') return null;
    const b = value as Record<string, unknown>;
    if (typeof b.key !== 'string' || !BACKUP_KEY.test(b.key)) return null;
    if (b.path !== null && typeof b.path !== 'string') return null;
    if (typeof b.title !== 'string' || typeof b.text !== 'string') return null;
    if (typeof b.savedAt !== 'number' || !Number.isFinite(b.savedAt)) return null;
    return { key: b.key, path: b.path, title: b.title, savedAt: b.savedAt, text: b.text };
  }

  return {
    async listLibrary(): Promise<Library> {
      await started;
      const [workspace, samples, recent] = await Promise.all([workspaceRefs(), sampleRefs(), recentRefs()]);
      return { workspace, samples, recent, workspaceDir };
    },

    async openDocument(p: string) {
      await started;
      const at = await locate(p);
      if ('ok' in at) return at;
      const name = path.basename(at.lexical);
      const read = await readBytes(at.real, name);
      if (!read.ok) {
        // A sample that is absent is a broken install or a bad id, never a file the user moved.
        return at.source === 'sample' && read.code === 'missing' ? fail('missing', `There is no sample called "${name}".`) : read;
      }
      // Broken JSON still opens, and the renderer shows the problem. Bytes that are not UTF-8 do not: decoded
      // leniently they would become U+FFFD, and the next save would make that loss permanent.
      const decoded = decodeDocumentBytes(read.bytes);
      if (!decoded.ok) return fail('unreadable', `"${printable(name)}" cannot be opened: ${decoded.problem.message} ${decoded.problem.hint ?? ''}`.trim());
      const text = decoded.text;
      await remember(at);
      return { ok: true as const, ref: makeRef(at, text.slice(0, HEAD_BYTES), read.modified), text, version: sha256(read.bytes) };
    },

    async documentVersion(p: string): Promise<string | null> {
      await started;
      const at = await locate(p);
      if ('ok' in at) return null;
      const current = await currentVersion(at, path.basename(at.lexical));
      // Unreadable is not "gone"; an empty version marks it changed without claiming it was deleted.
      return current !== null && typeof current === 'object' ? '' : current;
    },

    saveDocument,

    async writeBackup(backup: Backup): Promise<void> {
      await started;
      const valid = asBackup(backup);
      // The contract gives backups no failure value; a refused or failed backup is dropped, and the document stays open.
      if (!valid || Buffer.byteLength(valid.text, 'utf8') > MAX_DOCUMENT_BYTES) return;
      valid.title = valid.title.slice(0, MAX_TITLE);
      try {
        await exclusive(`\0backup:${valid.key}`, async () => {
          await ensurePrivateDir(dataDir);
          await ensurePrivateDir(backupsDir(dataDir));
          await writeFileAtomic(backupFile(valid.key), JSON.stringify({ format: 'aide-de-camp/backup', version: 1, ...valid }), {
            fsImpl: atomicFs,
            mode: PRIVATE_FILE_MODE,
          });
        });
      } catch {
        /* see above */
      }
    },

    async listBackups(): Promise<Backup[]> {
      await started;
      let names: string[];
      try {
        names = await impl.readdir(backupsDir(dataDir));
      } catch {
        return [];
      }
      const backups: Backup[] = [];
      for (const name of names) {
        if (backups.length >= MAX_BACKUPS_LISTED) break;
        const key = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
        if (!BACKUP_KEY.test(key)) continue;
        const read = await readBytes(backupFile(key), name, MAX_BACKUP_FILE_BYTES);
        if (!read.ok) continue;
        let backup: Backup | null;
        try {
          backup = asBackup(JSON.parse(read.bytes.toString('utf8')));
        } catch {
          backup = null;
        }
        // A file renamed by hand must not be offered under a key it does not own.
        if (backup && backup.key === key) backups.push(backup);
      }
      return backups.sort((a, b) => b.savedAt - a.savedAt);
    },

    async discardBackup(key: string): Promise<void> {
      await started;
      if (typeof key !== 'string' || !BACKUP_KEY.test(key)) return;
      await exclusive(`\0backup:${key}`, () => impl.unlink(backupFile(key))).catch(() => undefined);
    },

    async validate(text: string) {
      if (typeof text !== 'string') {
        return { problems: [{ severity: 'error' as const, path: '', message: 'There is no document text to check.' }] };
      }
      if (Buffer.byteLength(text, 'utf8') > MAX_DOCUMENT_BYTES) {
        return {
          problems: [{ severity: 'error' as const, path: '', message: `The document is more than ${MAX_DOCUMENT_BYTES / 1048576} MB, too large to check.` }],
        };
      }
      const load = parseDocument(text);
      return { problems: load.ok ? validateDocument(load.document) : load.problems };
    },
  };
}
