import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The page's first script asks the host start-up's questions and then imports the application (renderer/main.tsx);
 * a `modulepreload` link for each chunk of that import lets the browser fetch and compile them while the first
 * script runs, instead of only once it asks for them.
 */
function preloadApplication(): Plugin {
  return {
    name: 'adc:preload-application',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const files = new Set<string>();
        const add = (file: string): void => {
          const c = bundle[file];
          if (c?.type !== 'chunk' || files.has(file) || file === chunk.fileName) return;
          files.add(file);
          c.imports.forEach(add);
        };
        chunk.dynamicImports.forEach(add);
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

// The renderer is built once and served by either shell: from app://adc/ in Electron, from the loopback server on
// the web, so asset URLs are relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), preloadApplication()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    sourcemap: true,
  },
});
