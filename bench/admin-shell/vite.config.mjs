// Production build of the react-admin shell, minified as Astro minifies the site's
// client bundle (Vite's default minifier, target esnext). Output: .cache/bench/admin-shell/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  mode: 'production',
  logLevel: 'warn',
  // Vite's own TSX transform (Oxc), React's automatic runtime: no React plugin needed.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../../.cache/bench/admin-shell/', import.meta.url)),
    emptyOutDir: true,
    target: 'esnext',
    minify: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
