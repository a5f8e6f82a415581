// Bundles the preload into one CommonJS file: a sandboxed preload can `require` only 'electron' (and a few
// built-ins), never a local module, so electron/preload.ts and everything it imports must be inlined.
// Build: npx vite build --config vite.preload.config.ts
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist/electron',
    // dist/electron also holds tsc's output for the main process.
    emptyOutDir: false,
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    target: 'chrome140',
    lib: {
      entry: 'electron/preload.ts',
      formats: ['cjs'],
      fileName: () => 'preload.cjs',
    },
    rolldownOptions: {
      external: ['electron'],
    },
  },
});
