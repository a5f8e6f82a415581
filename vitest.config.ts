import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,engine,node,cli,tests,renderer,electron}/**/*.test.ts'],
    exclude: ['dist/**', 'node_modules/**'],
    // End-to-end checks poll a real browser and a real engine process on a shared CI machine: a second is too short
    // a wait for a reply that is merely slow, and a poll that never succeeds still fails, only later.
    expect: { poll: { timeout: 10000 } },
  },
});
