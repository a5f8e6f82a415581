import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Tests that drive a real Chromium: the browser end-to-end tests, and `adc print` to PDF. */
const e2e = ['tests/e2e/**/*.test.ts', 'tests/print.test.ts'];

const shared = {
  // Each test file gets a temp folder of its own and fails if it leaves anything there (tests/setup/temp-dir.ts).
  setupFiles: ['tests/setup/temp-dir.ts'],
  // End-to-end checks poll a real browser and a real engine process on a shared CI machine: a second is too short
  // a wait for a reply that is merely slow, and a poll that never succeeds still fails, only later.
  expect: { poll: { timeout: 10000 } },
};

// Vitest's default is one worker fewer than the cores, which on CI's two cores is one: every file waited for the one
// before it. Unit files are mostly one busy thread each, so two share two cores well; they run first, two at a time.
// The browser files then run one at a time, as before: a browser, a server and the test each want a core, and some of
// those files time answers. Machines with more cores keep Vitest's default for both.
const cores = availableParallelism();
const unitWorkers = Math.max(2, cores - 1);
const e2eWorkers = Math.max(1, cores - 1);

export default defineConfig({
  test: {
    // Once per run, whichever projects run: build dist/ where it is stale, and give the run its own TMPDIR, which
    // must be empty again at the end.
    globalSetup: ['tests/setup/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{domain,engine,node,cli,tests,renderer,electron}/**/*.test.ts'],
          exclude: ['dist/**', 'node_modules/**', ...e2e],
          maxWorkers: unitWorkers,
          // Projects that share a group order must share a worker count too, and run side by side.
          sequence: { groupOrder: 0 },
          ...shared,
        },
      },
      { test: { name: 'e2e', include: e2e, maxWorkers: e2eWorkers, sequence: { groupOrder: 1 }, ...shared } },
    ],
  },
});
