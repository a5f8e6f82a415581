// Where per-user state (backups, the recent list) lives. It is state, not configuration or documents: losing it
// costs convenience only, so it follows each platform's convention for application state.
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
