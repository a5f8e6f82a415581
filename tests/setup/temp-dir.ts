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
  const dir = mkdtempSync(path.join(runDir, `${file.replace(/[^\w.-]+/g, '_')}-`));
  process.env.TMPDIR = dir;

  // Registered before any of the file's own hooks, so it runs after them (after-hooks run in reverse order).
  afterAll(() => {
    const left = leftIn(dir);
    if (left.length > 0) throw new Error(`${file} left ${left.length} thing(s) in the temp folder ${dir}:\n  ${left.join('\n  ')}`);
    rmdirSync(dir);
  });
}
