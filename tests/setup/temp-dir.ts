// Runs before each test file (Vitest `setupFiles`): gives the file a temp folder of its own inside the run's (made by
// `tests/setup/global-setup.ts`) and points TMPDIR at it, so `os.tmpdir()` in the file, and in every process it starts,
// lands there. After the file's own hooks have run, the file fails if anything is left in it, naming what.
import { mkdtempSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { leftIn } from './left-in.js';

const runDir = process.env.ADC_TEST_RUN_TMP;
const testPath = expect.getState().testPath;

if (runDir && testPath) {
  const file = path.relative(path.resolve(import.meta.dirname, '../..'), testPath);
  // Short: Chromium puts a Unix socket three levels down, and a socket's path may not pass 107 bytes.
  const name = path.basename(file).replace(/(\.e2e)?\.test\.ts$/, '').replace(/[^\w.-]+/g, '_').slice(0, 24);
  const dir = mkdtempSync(path.join(runDir, `${name}-`));
  process.env.TMPDIR = dir;

  // Registered before any of the file's own hooks, so it runs after them (after-hooks run in reverse order).
  afterAll(() => {
    const left = leftIn(dir);
    if (left.length > 0) throw new Error(`${file} left ${left.length} thing(s) in the temp folder ${dir}:\n  ${left.join('\n  ')}`);
    rmdirSync(dir);
  });
}
