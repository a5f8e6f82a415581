import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Marks the entry chunk for eager compilation (V8's explicit compile hint, Chromium 136 and later; older engines
 * read a comment). Nearly every function in it runs before the map is up, and compiled lazily each one stopped the
 * main thread on its first call; with the hint the streaming compiler does them off the main thread while the script
 * downloads (tests/bench/NOTES.md, "Start-up", fourth round). The comment must be the file's first line, so this
 * runs after Vite's own prepends, and the source map moves down a line with the code.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'adc:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapAsset = bundle[`${chunk.fileName}.map`];
          if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
            const map = JSON.parse(mapAsset.source) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapAsset.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}

// The renderer is built once and served by either shell: from app://adc/ in Electron, from the loopback server on
// the web, so asset URLs are relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), compileHints()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    sourcemap: true,
  },
});
