// @ts-check
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_BASE_DIR } from '../config/search-index.mjs';
import { eachLimited } from './hard-links.mjs';

/**
 * The site search:
 * - `client:search` (src/lib/search/directive.ts): the dialog's island hydrates only when
 *   opened, so pages load nothing for the search before that;
 * - after every build (each publication included), Pagefind, the index Starlight ships,
 *   indexes the finished pages through its Node API into a static index the dialog reads
 *   with no server: the pages whose <main> carries `data-pagefind-body` (BaseLayout's
 *   `searchType`, with the type as Pagefind meta and filter), and the datasheets and
 *   software downloads (written by src/pages/referencias/downloads.json.ts) as records of
 *   their own, linked to their files.
 * Why Pagefind and not an index of our own: docs/busca.md.
 * @returns {import('astro').AstroIntegration}
 */
export function siteSearch() {
  return {
    name: 'operium:site-search',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'search',
          entrypoint: fileURLToPath(new URL('../lib/search/directive.ts', import.meta.url)),
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { pages, downloads, ms } = await writeSearchIndex(fileURLToPath(dir));
        logger.info(`índice de busca: ${pages} páginas e ${downloads} downloads em ${Math.round(ms)} ms`);
      },
    },
  };
}

/** Pages sent to Pagefind at once. */
const IN_FLIGHT = 16;
/** The marker of an indexed page (BaseLayout's `searchType`). */
const INDEXED = 'data-pagefind-body';

/**
 * A link closed right before another element opens: Pagefind ends a block with '. ', but
 * links side by side (Astro writes no whitespace between elements) would read as one word
 * in an excerpt ('Solicitar orçamentoWhatsApp'). A space goes between them. (Only links:
 * a highlighted code block is spans side by side inside one word, 'Serial1.begin'.)
 */
const ADJACENT = /(<\/a>)(?=<[a-z])/gi;

/**
 * Interface, not text, wherever it is in a page: words only screen readers hear (' (abre em
 * nova aba)', 'Próxima imagem'), buttons, icons and forms. Blocks of a page that are
 * interface (breadcrumbs, related cards, a carousel's controls) carry `data-pagefind-ignore`.
 */
const INTERFACE = ['.sr-only', 'button', 'svg', 'form'];

/**
 * What Pagefind reads of a page: its marked <main> alone (a page's head and chrome are
 * half its bytes, and every byte goes to Pagefind's service through a pipe), with a space
 * after each link that another element follows.
 * @example indexedHtml('<html><body><header>Menu</header><main data-pagefind-body><a>Orçamento</a><a>WhatsApp</a></main></body></html>')
 * // '<html><body><main data-pagefind-body><a>Orçamento</a> <a>WhatsApp</a></main></body></html>'
 * @param {string} html a page with INDEXED on its <main>
 */
export function indexedHtml(html) {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>', start);
  const main = start < 0 || end < 0 ? html : html.slice(start, end + '</main>'.length);
  return `<html><body>${main.replace(ADJACENT, '$1 ')}</body></html>`;
}

/** Pagefind's own search interfaces, written beside its index and never loaded here. */
const UNUSED_FILES = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-highlight.js',
];

/**
 * A page's URL as the site links it (no trailing slash, astro.config.mjs).
 * @example pageUrl('blog/x/index.html') // '/blog/x'
 * @param {string} file relative, with /
 */
const pageUrl = (file) => `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;

/**
 * Indexes a whole built site into its SEARCH_BASE_DIR (a publication too: at 1,000 posts
 * this stays within the share of a publication docs/busca.md gives; bench/search.mjs
 * measures it).
 * @param {string} outDir the build's folder
 * @returns {Promise<{ pages: number, downloads: number, ms: number }>}
 */
export async function writeSearchIndex(outDir) {
  const started = performance.now();
  const output = path.join(outDir, SEARCH_BASE_DIR);
  await rm(output, { recursive: true, force: true });
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const { createIndex, close } = await import('pagefind');
  let pages = 0;
  let downloads = 0;
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'pt', excludeSelectors: INTERFACE });
    if (!index) throw new Error(errors.join('; '));
    // Several pages in flight: Pagefind's service parses them while the next ones are read.
    await eachLimited(files, IN_FLIGHT, async (file) => {
      const html = await readFile(path.join(outDir, file), 'utf8');
      if (!html.includes(INDEXED)) return;
      const added = await index.addHTMLFile({ url: pageUrl(file), content: indexedHtml(html) });
      if (added.errors.length) throw new Error(`${file}: ${added.errors.join('; ')}`);
      pages++;
    });
    for (const record of await downloadRecords(outDir)) {
      const added = await index.addCustomRecord(record);
      if (added.errors.length) throw new Error(added.errors.join('; '));
      downloads++;
    }
    const written = await index.writeFiles({ outputPath: output });
    if (written.errors.length) throw new Error(written.errors.join('; '));
  } finally {
    await close();
  }
  // The dialog is ours (src/islands/SiteSearch.tsx).
  for (const unused of UNUSED_FILES) await rm(path.join(output, unused), { force: true });
  return { pages, downloads, ms: performance.now() - started };
}

/** Where the build writes the downloads to index (src/pages/referencias/downloads.json.ts). */
export const DOWNLOADS_FILE = 'referencias/downloads.json';

/**
 * Datasheets and software downloads: one record each, found by name and description.
 * @param {string} outDir the build's folder
 */
async function downloadRecords(outDir) {
  const file = path.join(outDir, DOWNLOADS_FILE);
  const { datasheets, software } =
    /** @type {{ datasheets: { name: string, description: string, url: string }[], software: { name: string, description: string, url: string, category: string }[] }} */ (
      JSON.parse(await readFile(file, 'utf8'))
    );
  return [
    ...datasheets.map((item) => ({ item, kind: 'Datasheet' })),
    ...software.map((item) => ({ item, kind: item.category ? `Software · ${item.category}` : 'Software' })),
  ].map(({ item, kind }) => ({
    url: item.url,
    content: `${item.name}. ${kind}. ${item.description}`,
    language: 'pt',
    meta: { title: `${item.name} (${kind})`, type: 'Downloads' },
    filters: { type: ['Downloads'] },
  }));
}
