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
// before it. Two files at a time share two cores well: a unit file is one busy thread, and a browser file is mostly
// waiting (a run of one takes 0.4 to 1.4 cores of CPU per second of its time), and the files that time answers pass
// with room to spare on these two cores under a load of 18. Machines with more cores keep Vitest's default.
const workers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    // Once per run, whichever projects run: build dist/ where it is stale, and give the run its own TMPDIR, which
    // must be empty again at the end.
    globalSetup: ['tests/setup/global-setup.ts'],
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{domain,engine,node,cli,tests,renderer,electron}/**/*.test.ts'],
          exclude: ['dist/**', 'node_modules/**', ...e2e],
          ...shared,
        },
      },
      { test: { name: 'e2e', include: e2e, ...shared } },
    ],
  },
});
