// npm start: the desktop app where Electron can run; otherwise say so plainly and open the web shell.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.js';

const root = path.resolve(import.meta.dirname, '..');

/** The Electron program's path, fetching it on first use where the network allows; null where it cannot run. */
function electronBinary() {
  // Requiring the package downloads the program on first use; here we only want to know whether that worked.
  const r = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 10 * 60 * 1000,
  });
  const found = r.status === 0 ? r.stdout.trim() : '';
  if (!found || !existsSync(found)) return { path: null, why: "Electron's program is not installed here and could not be downloaded" };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { path: null, why: 'there is no graphical display here' };
  }
  return { path: found, why: null };
}

const electron = electronBinary();
buildIfNeeded({ electron: electron.path !== null });
if (electron.path) {
  const child = spawn(electron.path, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`The desktop app cannot start because ${electron.why}, so Aide-de-Camp opens in your browser instead.`);
  const { main } = await import('../dist/node/web-main.js');
  process.exitCode = await main(process.argv.slice(2));
}
