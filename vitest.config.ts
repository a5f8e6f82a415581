import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,engine,node,cli,tests,renderer,electron}/**/*.test.ts'],
    exclude: ['dist/**', 'node_modules/**'],
  },
});
