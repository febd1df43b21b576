// Times one Markdown renderer over a set of post bodies, in a process of its own so
// that every run starts as a build does: nothing imported, no highlighted block cached.
//   node bench/lib/render-timing.mjs new|old <posts.json> <passes> [old renderer bundle] [store dir]
// posts.json: an array of { hasCode, body }. Prints one JSON line: the time to load
// the renderer, then each pass's milliseconds per post (pass 1 starts cold; later
// passes render the same bodies again: Shiki's cache hits for the new pipeline).
// With a store dir, the new pipeline keeps highlighted blocks there, as a build does
// in Astro's cache folder: a later process finds the earlier one's blocks.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * @typedef {{ hasCode: boolean, body: string }} TimedPost
 * @typedef {{ loadMs: number, passes: { totalMs: number, perPost: number[] }[], sample: string }} RenderTiming
 */

/**
 * @param {'new' | 'old'} which
 * @param {string} oldBundle
 * @param {string} storeDir
 * @returns {Promise<(markdown: string) => Promise<string> | string>}
 */
async function loadRenderer(which, oldBundle, storeDir) {
  if (which === 'old') {
    const { renderMarkdown } = await import(pathToFileURL(oldBundle).href);
    return renderMarkdown;
  }
  const { createArticleRenderer, renderArticle } = await import('../../src/lib/markdown/render.ts');
  if (storeDir) {
    const { useHighlightStore } = await import('../../src/lib/markdown/highlight.ts');
    const { SHIKI_CONFIG } = await import('../../src/config/markdown.ts');
    useHighlightStore({ dir: storeDir, root: fileURLToPath(new URL('../..', import.meta.url)), shikiConfig: SHIKI_CONFIG });
  }
  const renderer = await createArticleRenderer();
  return async (markdown) => (await renderArticle(renderer, markdown)).html;
}

async function main() {
  const [which, postsFile, passesText, oldBundle = '', storeDir = ''] = process.argv.slice(2);
  if ((which !== 'new' && which !== 'old') || !postsFile) {
    throw new Error('Uso: node bench/lib/render-timing.mjs new|old <posts.json> <passes> [bundle]');
  }
  /** @type {TimedPost[]} */
  const posts = JSON.parse(await readFile(postsFile, 'utf8'));
  const loadStarted = performance.now();
  const render = await loadRenderer(which, oldBundle, storeDir);
  const loadMs = performance.now() - loadStarted;
  /** @type {RenderTiming['passes']} */
  const passes = [];
  let sample = '';
  for (let pass = 0; pass < Number(passesText || 3); pass++) {
    /** @type {number[]} */
    const perPost = [];
    const started = performance.now();
    for (const post of posts) {
      const begun = performance.now();
      const html = await render(post.body);
      perPost.push(performance.now() - begun);
      if (!sample && post.hasCode) sample = html;
    }
    passes.push({ totalMs: performance.now() - started, perPost });
  }
  /** @type {RenderTiming} */
  const result = { loadMs, passes, sample };
  process.stdout.write(JSON.stringify(result) + '\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
