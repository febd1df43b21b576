// Keeps the Markdown pipeline's highlighted code blocks between builds, in Astro's
// cache folder (the publisher gives each site its own): the next publication
// highlights only the blocks that changed (src/lib/markdown/highlight-store.ts).
import { fileURLToPath } from 'node:url';
import { SHIKI_CONFIG } from '../config/markdown.ts';
import { useHighlightStore } from '../lib/markdown/highlight.ts';

/** @returns {import('astro').AstroIntegration} */
export function highlightCache() {
  return {
    name: 'operium:highlight-cache',
    hooks: {
      'astro:config:done': ({ config }) => {
        useHighlightStore({
          dir: fileURLToPath(new URL('highlight/', config.cacheDir)),
          root: fileURLToPath(config.root),
          shikiConfig: SHIKI_CONFIG,
        });
      },
    },
  };
}
