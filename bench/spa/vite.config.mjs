// Vite build of the client-rendered peer. Its generated data lives outside the
// repository, in BENCH_SPA_DIR (see bench/lib/spa-fixture.mjs), and reaches the app
// through two virtual modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const workDir = process.env.BENCH_SPA_DIR ?? path.join(here, '..', '..', '.cache', 'bench', 'spa');

/** @type {Record<string, string>} */
const GENERATED = {
  'virtual:bench-site-data': path.join(workDir, 'generated', 'site-data.json'),
  'virtual:bench-site.css': path.join(workDir, 'generated', 'site.css'),
};

export default defineConfig({
  root: here,
  publicDir: path.join(workDir, 'public'),
  // A production build, as a team would ship it.
  mode: 'production',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  logLevel: 'warn',
  build: {
    outDir: path.join(workDir, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // react-router marks its modules "use client", which means nothing in a plain SPA.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  plugins: [
    {
      name: 'bench-generated-data',
      resolveId: (id) => GENERATED[id] ?? null,
    },
  ],
});
