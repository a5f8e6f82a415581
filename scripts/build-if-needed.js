// Builds what `npm start`, `npm run web` and the tests need, skipping the renderer bundle when it is newer than its
// sources (`tsc -b` makes the same check for everything else). Run directly (`node scripts/build-if-needed.js`), as
// the tests' global setup does, it builds what the tests need and exits 1 if that fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let t = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    const st = statSync(full);
    t = Math.max(t, st.isDirectory() ? newest(full) : st.mtimeMs);
  }
  return t;
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) {
    console.error(`Aide-de-Camp could not be built (${[cmd, ...args].join(' ')} failed).`);
    process.exit(1);
  }
}

export function buildIfNeeded({ electron = false } = {}) {
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  run(bin('tsc'), ['-b']);
  const index = path.join(root, 'dist/renderer/index.html');
  const sources = Math.max(...['renderer', 'domain', 'schemas'].map((d) => newest(path.join(root, d))), statSync(path.join(root, 'vite.config.ts')).mtimeMs);
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    console.log('Building the user interface…');
    run(bin('vite'), ['build', '--logLevel', 'warn']);
  }
  if (electron && existsSync(path.join(root, 'vite.preload.config.ts'))) {
    const preload = path.join(root, 'dist/electron/preload.cjs');
    if (!existsSync(preload) || statSync(preload).mtimeMs < newest(path.join(root, 'electron'))) {
      run(bin('vite'), ['build', '--config', 'vite.preload.config.ts', '--logLevel', 'warn']);
    }
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) buildIfNeeded();
