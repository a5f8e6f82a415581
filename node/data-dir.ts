// Where per-user state (backups, the recent list) lives. It is state, not configuration or documents: losing it
// costs convenience only, so it follows each platform's convention for application state.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'aide-de-camp';

export interface DataDirEnvironment {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
}

export function resolveDataDir(environment: DataDirEnvironment = {}): string {
  const env = environment.env ?? process.env;
  const platform = environment.platform ?? process.platform;
  const home = environment.home ?? os.homedir();
  // Tests and the web shell point this at a folder of their own, so they never touch a user's real backups.
  if (env.ADC_DATA_DIR) return path.resolve(env.ADC_DATA_DIR);
  // Build with the target platform's path rules, so the answer is right even when asked from another platform.
  if (platform === 'win32') {
    const base = env.APPDATA || path.win32.join(home, 'AppData', 'Roaming');
    return path.win32.join(base, APP_DIR_NAME);
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  // XDG says a relative XDG_STATE_HOME is invalid and must be ignored.
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.local', 'state');
  return path.posix.join(base, APP_DIR_NAME);
}

export const backupsDir = (dataDir: string): string => path.join(dataDir, 'backups');
export const recentFile = (dataDir: string): string => path.join(dataDir, 'recent.json');

/** Backups hold whole documents and the recent list names where they live: for this user's eyes only. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) private, and tightens it when it already exists looser. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await tighten(dir, PRIVATE_DIR_MODE, 'directory');
}

/**
 * Tightens what an older version, or another program's umask, left readable by others: the data folder and its
 * backups folder, recent.json and the backup files. Nothing else in the folder is ours to change. Symlinks are left
 * alone, so a link placed there cannot redirect a chmod onto some other file. Never throws: a start must not fail here.
 */
export async function tightenDataDir(dataDir: string): Promise<void> {
  await tighten(dataDir, PRIVATE_DIR_MODE, 'directory');
  const backups = backupsDir(dataDir);
  await tighten(backups, PRIVATE_DIR_MODE, 'directory');
  await tighten(recentFile(dataDir), PRIVATE_FILE_MODE, 'file');
  let names: string[];
  try {
    names = await fs.readdir(backups);
  } catch {
    return;
  }
  for (const name of names) if (name.endsWith('.json')) await tighten(path.join(backups, name), PRIVATE_FILE_MODE, 'file');
}

async function tighten(target: string, mode: number, kind: 'file' | 'directory'): Promise<void> {
  try {
    const st = await fs.lstat(target);
    if (kind === 'file' ? !st.isFile() : !st.isDirectory()) return;
    // Only ever removes bits: a folder the user made stricter stays as it is.
    const wanted = st.mode & 0o7777 & (mode | ~0o777);
    if ((st.mode & 0o7777) !== wanted) await fs.chmod(target, wanted);
  } catch {
    /* missing, or not ours: the next write creates or replaces it with the right mode */
  }
}
