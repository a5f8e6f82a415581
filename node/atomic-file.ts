// Writes that never leave a half-written file and never loosen what the user set: write a temporary file beside the
// target with the target's mode and owner, check it is complete, flush it, rename it over.
//
// Not write-file-atomic from npm: on a full disk it renames a short temporary file over the original and reports
// success (measured on a 64 KB tmpfs: a 100 KB save left 60 KB and resolved), its temporary names (`<target>.<number>`)
// cannot be told from a user's own files, so leftovers could not be cleaned up safely, and its current release needs a
// newer Node than this project supports.
//
// Hard links: a save renames over the path, so a file with other names (nlink > 1) gets a new inode and the other
// names keep the previous version. Writing in place would keep the link but opens a window in which a crash leaves
// the only copy half-written, which is the one thing this module exists to prevent; the saved path always holds a
// complete version, old or new.
import { randomBytes } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';

export type AtomicFs = Pick<typeof fs, 'open' | 'rename' | 'unlink' | 'stat' | 'realpath'>;

export interface AtomicWriteOptions {
  /** Injected for fault tests; production code uses node:fs. */
  fsImpl?: Partial<AtomicFs>;
  /** Forces this mode (and is the mode of a new file); without it an existing file keeps its own. */
  mode?: number;
}

/** Hidden (so listings skip it) and marked, so a later start can tell a crashed save's leftover from anything else. */
export const TEMP_NAME = /^\..+\.adc-save-\d+-[0-9a-f]{8}\.tmp$/;

export function tempNameFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.adc-save-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/** Thrown instead of replacing a file nobody may write; errno-style code so callers that map codes still see a refusal. */
export class ReadOnlyFileError extends Error {
  readonly code = 'EACCES';
  constructor(readonly file: string) {
    super(`"${path.basename(file)}" is read-only, so it was not overwritten; save under another name or in another folder instead.`);
    this.name = 'ReadOnlyFileError';
  }
}

/**
 * Judged from the mode bits, not access(2): rename needs only the folder's permission, and root passes access(2)
 * for every file, so neither would notice a file its owner marked read-only.
 */
export function isReadOnlyFor(st: Pick<Stats, 'mode' | 'uid' | 'gid'>): boolean {
  const uid = process.getuid?.();
  // Root and platforms without uids: read-only means nobody has a write bit, as a file manager shows it.
  if (uid === undefined || uid === 0) return (st.mode & 0o222) === 0;
  if (st.uid === uid) return (st.mode & 0o200) === 0;
  const groups = [process.getgid?.(), ...(process.getgroups?.() ?? [])];
  if (groups.includes(st.gid)) return (st.mode & 0o020) === 0;
  return (st.mode & 0o002) === 0;
}

const errnoOf = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | undefined)?.code;

export async function writeFileAtomic(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const impl: AtomicFs = { ...fs, ...options.fsImpl };
  // Through a symlink to the file it names, so the link stays a link.
  const real = await impl.realpath(target).catch(() => target);
  let existing: Stats | undefined;
  try {
    existing = await impl.stat(real);
  } catch (err) {
    if (errnoOf(err) !== 'ENOENT') throw err;
  }
  if (existing?.isFile() && isReadOnlyFor(existing)) throw new ReadOnlyFileError(real);
  const mode = options.mode ?? (existing?.isFile() ? existing.mode & 0o7777 : undefined);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const temp = tempNameFor(real);
  let handle: Awaited<ReturnType<typeof fs.open>> | undefined;
  try {
    handle = await impl.open(temp, 'wx', mode ?? 0o666);
    if (existing?.isFile()) await keepOwner(handle, existing);
    // After chown, which may clear set-id bits, and because the umask trimmed the mode given to open.
    if (mode !== undefined) await handle.chmod(mode);
    await handle.writeFile(bytes);
    // A full disk can end a write short without an error; never rename an incomplete copy over the original.
    const written = (await handle.stat()).size;
    if (written !== bytes.byteLength) {
      const err = new Error(`only ${written} of ${bytes.byteLength} bytes reached the disk`) as NodeJS.ErrnoException;
      err.code = 'ENOSPC';
      throw err;
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    await impl.rename(temp, real);
  } catch (err) {
    if (handle) await handle.close().catch(() => undefined);
    await impl.unlink(temp).catch(() => undefined);
    throw err;
  }
  // The rename is durable only once the directory entry is flushed; not every platform allows opening a directory.
  try {
    const d = await fs.open(path.dirname(real), 'r');
    await d.sync().catch(() => undefined);
    await d.close();
  } catch {
    /* best effort */
  }
}

/** Owner and group where the process may set them; a user may at least keep a group they belong to. */
async function keepOwner(handle: Awaited<ReturnType<typeof fs.open>>, st: Stats): Promise<void> {
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  if (uid === undefined || (st.uid === uid && st.gid === gid)) return;
  try {
    await handle.chown(st.uid, st.gid);
  } catch {
    await handle.chown(uid, st.gid).catch(() => undefined);
  }
}

export interface StaleTempOptions {
  /** Younger leftovers may belong to a save still running in another window or process. */
  olderThanMs?: number;
  now?: number;
}

export const STALE_TEMP_AGE_MS = 60 * 60 * 1000;

/**
 * Removes temporary files that a crashed save left in the given folders (not below them). Only regular files named
 * by TEMP_NAME and older than the given age: anything else, a symlink or folder named like one included, is kept.
 * Returns the paths removed; unreadable folders are skipped, because tidying must never stop a start.
 */
export async function removeStaleTemps(dirs: readonly string[], options: StaleTempOptions = {}): Promise<string[]> {
  const age = options.olderThanMs ?? STALE_TEMP_AGE_MS;
  const now = options.now ?? Date.now();
  const removed: string[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!TEMP_NAME.test(name)) continue;
      const file = path.join(dir, name);
      try {
        const st = await fs.lstat(file);
        if (!st.isFile() || now - st.mtimeMs < age) continue;
        await fs.unlink(file);
        removed.push(file);
      } catch {
        /* gone already, or not ours to touch */
      }
    }
  }
  return removed;
}
