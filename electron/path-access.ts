// Which files the page may name over IPC. The store accepts any absolute *.json path, which is right for a process
// that trusts its caller; the page is not trusted that far, because a compromised renderer could otherwise read or
// overwrite any JSON file the user can write. So a path passes only when the user had a hand in it: picked in an
// Open or Save dialog this session, named on the command line, inside the workspace folder, on the recent list
// (which only ever records paths that passed), or a bundled sample, and samples are never written. Paths are
// compared by where they really lead: symlinks resolved, and for a file not yet created, its folder's real path.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Failure, SaveRequest } from '../domain/host-api.js';
import { SAMPLE_PREFIX } from '../node/document-store.js';
import type { HostServices } from './ipc.js';

export type AccessMode = 'read' | 'write';

export interface PathAccessOptions {
  workspaceDir: string | null;
  samplesDir: string;
  /** The recent list's paths; read only when nothing cheaper allowed a path. */
  recentPaths: () => Promise<readonly string[]>;
}

export interface PathAccess {
  /** The user chose this path (a dialog, the command line): it may be read and written for the rest of the session. */
  grant(p: string): Promise<void>;
  /** Null when the page may use `p` this way, otherwise the failure to hand back instead of calling the store. */
  check(p: string, mode: AccessMode): Promise<Failure | null>;
}

const errnoOf = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | undefined)?.code;

function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** realpath of a path that may not exist yet: the nearest existing ancestor resolved, the rest appended. */
export async function realpathLoose(p: string): Promise<string> {
  const rest: string[] = [];
  let current = p;
  for (;;) {
    try {
      return path.join(await fs.realpath(current), ...rest.reverse());
    } catch (err) {
      const parent = path.dirname(current);
      if (errnoOf(err) !== 'ENOENT' || parent === current) throw err;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** The name to show in a message: the file's name, or the whole string when it has none. */
const shown = (p: string): string => path.basename(p.replace(/[\\/]+$/, '')) || p;

const refused = (p: string, why: string): Failure => ({ ok: false, code: 'forbidden', message: `"${shown(p)}" was refused: ${why}; nothing was read or written.` });

export const NOT_CHOSEN =
  'the path was not chosen by the user (only files picked in an Open or Save dialog, files in the workspace folder, recent documents and the samples can be opened or saved)';

/**
 * Why the page may not name this path at all, or null. Dialogs hand back absolute paths in plain form; a `.` or `..`
 * segment never comes from one, and refusing it outright means the check and the store cannot disagree about which
 * file a path names (the store folds `..` before resolving symlinks, the kernel after).
 */
export function pathFormProblem(p: string): string | null {
  if (!path.isAbsolute(p)) return 'it is not an absolute path';
  if (p.split(/[\\/]/).some((s) => s === '.' || s === '..')) return 'it contains a "." or ".." segment';
  return null;
}

export function createPathAccess(options: PathAccessOptions): PathAccess {
  /** Real paths the user chose this session. */
  const granted = new Set<string>();
  const realOrNull = (p: string): Promise<string | null> => realpathLoose(path.resolve(p)).catch(() => null);

  return {
    async grant(p) {
      if (pathFormProblem(p) !== null) return;
      const real = await realOrNull(p);
      if (real !== null) granted.add(real);
    },

    async check(p, mode) {
      if (p.startsWith(SAMPLE_PREFIX)) {
        const name = p.slice(SAMPLE_PREFIX.length);
        // The store confines sample ids to the samples folder too; refusing here keeps that true without relying on it.
        if (name === '' || name === '.' || name === '..' || /[\\/]/.test(name)) return refused(p, 'it is not the name of a bundled sample');
        return mode === 'read'
          ? null
          : { ok: false, code: 'read-only', message: `"${name}" is a bundled sample and cannot be changed; use Save As to keep your version under a new name.` };
      }
      const problem = pathFormProblem(p);
      if (problem) return refused(p, problem);
      const real = await realOrNull(p);
      if (real === null) return refused(p, 'where it leads could not be worked out');

      // Samples first: a sample stays read-only even when a dialog pointed at it or the workspace contains it.
      const samples = await realOrNull(options.samplesDir);
      if (samples !== null && isInside(samples, real)) {
        return mode === 'read'
          ? null
          : { ok: false, code: 'read-only', message: `"${shown(p)}" is a bundled sample and cannot be changed; use Save As to keep your version under a new name.` };
      }
      if (granted.has(real)) return null;
      if (options.workspaceDir !== null) {
        const workspace = await realOrNull(options.workspaceDir);
        if (workspace !== null && real !== workspace && isInside(workspace, real)) return null;
      }
      let recent: readonly string[];
      try {
        recent = await options.recentPaths();
      } catch {
        recent = [];
      }
      for (const entry of recent) {
        if (entry.startsWith(SAMPLE_PREFIX) || pathFormProblem(entry) !== null) continue;
        if ((await realOrNull(entry)) === real) {
          // Remembered, so a save after the file left the recent list (or the disk) still goes where it came from.
          granted.add(real);
          return null;
        }
      }
      return refused(p, NOT_CHOSEN);
    },
  };
}

/**
 * The services behind the allow-list: what the dialogs return is granted, and every path the page sends is checked
 * before the store sees it. A refused documentVersion answers null, as the store does for a path it refuses.
 */
export function guardPaths(services: HostServices, access: PathAccess): HostServices {
  return {
    ...services,
    openDocument: async (p: string) => (await access.check(p, 'read')) ?? services.openDocument(p),
    documentVersion: async (p: string) => ((await access.check(p, 'read')) ? null : services.documentVersion(p)),
    saveDocument: async (request: SaveRequest) => {
      const target: unknown = request && typeof request === 'object' ? request.path : undefined;
      if (typeof target !== 'string') return { ok: false, code: 'invalid-argument', message: 'The save request names no document path.' } satisfies Failure;
      return (await access.check(target, 'write')) ?? services.saveDocument(request);
    },
    pickOpenPath: async () => {
      const chosen = await services.pickOpenPath();
      if (chosen !== null) await access.grant(chosen);
      return chosen;
    },
    pickSavePath: async (suggestedName: string) => {
      const chosen = await services.pickSavePath(suggestedName);
      if (chosen !== null) await access.grant(chosen);
      return chosen;
    },
  };
}
