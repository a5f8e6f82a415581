// Vitest's global setup, run once per `vitest` run before any test file and once after all of them.
//
// Before: builds `dist/` where the sources are newer than it (`scripts/build-if-needed.js`: `tsc -b`, and the renderer
// bundle when it is stale), so plain `vitest` never tests yesterday's build. Then points TMPDIR at a fresh folder of
// its own for the run; every test worker and every process they start inherits it, and `tests/setup/temp-dir.ts`
// gives each test file a folder inside it.
// After: the run fails if anything is left in that folder, naming what, and the folder is removed either way.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { leftIn } from './left-in.js';

const root = path.resolve(import.meta.dirname, '../..');

export default function setup(): () => void {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-needed.js')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`dist/ could not be built (scripts/build-if-needed.js exited with ${build.status ?? build.signal}); see the compiler's output above.`);

  const outer = process.env.TMPDIR;
  const runDir = mkdtempSync(path.join(tmpdir(), 'adc-t-'));
  process.env.TMPDIR = runDir;
  process.env.ADC_TEST_RUN_TMP = runDir;

  return () => {
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    delete process.env.ADC_TEST_RUN_TMP;
    // An empty folder here is a test file's own whose after-hooks did not run (`vitest list` runs none): nothing left.
    const left = leftIn(runDir).filter((entry) => !/^[^/]+\/$/.test(entry));
    rmSync(runDir, { recursive: true, force: true });
    if (left.length > 0) {
      // An error thrown here is only logged by Vitest; the exit code is what makes the run fail.
      process.exitCode = 1;
      throw new Error(`The tests left ${left.length} thing(s) in their temp folder (each test file's folder is named after it):\n  ${left.join('\n  ')}`);
    }
  };
}
