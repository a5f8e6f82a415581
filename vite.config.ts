import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is built once and served by either shell: from app://adc/ in Electron, from the loopback server on
// the web, so asset URLs are relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    sourcemap: true,
  },
});
