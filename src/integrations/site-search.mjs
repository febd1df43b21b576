// @ts-check
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The site search (issue #38):
 * - `client:search` (src/lib/search-directive.ts): the dialog's island hydrates only when
 *   opened, so pages load nothing for the search before that;
 * - after every build (each publication included), Pagefind indexes the finished pages
 *   into dist/pagefind/, a static index the dialog reads with no server: the pages whose
 *   <main> carries `data-pagefind-body` (BaseLayout's `searchType`), with their type as
 *   meta and filter, and the datasheets and software downloads of src/content as records of their
 *   own, linked to their files. pt stemming; accents are optional (Pagefind indexes
 *   'calibração' under 'calibracao' too).
 * Pagefind is the index Starlight, Astro's documentation theme, ships: a Rust indexer and
 * a WebAssembly reader that fetches only the chunks a query needs.
 * @returns {import('astro').AstroIntegration}
 */
export function siteSearch() {
  return {
    name: 'operium:site-search',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'search',
          entrypoint: fileURLToPath(new URL('../lib/search-directive.ts', import.meta.url)),
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { pages, downloads, ms } = await writeSearchIndex(fileURLToPath(dir));
        logger.info(`índice de busca: ${pages} páginas e ${downloads} downloads em ${Math.round(ms)} ms`);
      },
    },
  };
}

/**
 * Indexes a built site into its pagefind/ folder (bench/search.mjs calls it too).
 * @param {string} outDir the build's folder
 * @returns {Promise<{ pages: number, downloads: number, ms: number }>}
 */
export async function writeSearchIndex(outDir) {
  const started = performance.now();
  const { createIndex, close } = await import('pagefind');
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'pt' });
    if (!index) throw new Error(errors.join('; '));
    const pages = await index.addDirectory({ path: outDir });
    if (pages.errors.length) throw new Error(pages.errors.join('; '));
    let downloads = 0;
    for (const record of await downloadRecords()) {
      const added = await index.addCustomRecord(record);
      if (added.errors.length) throw new Error(added.errors.join('; '));
      downloads++;
    }
    const output = path.join(outDir, 'pagefind');
    await rm(output, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath: output });
    if (written.errors.length) throw new Error(written.errors.join('; '));
    // Pagefind also writes its ready-made interfaces; the dialog is ours (src/islands/SiteSearch.tsx).
    for (const unused of UNUSED_FILES) await rm(path.join(output, unused), { force: true });
    return { pages: pages.page_count, downloads, ms: performance.now() - started };
  } finally {
    await close();
  }
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

/** Datasheets and software downloads: one record each, found by name and description. */
async function downloadRecords() {
  /** @param {string} name */
  const read = async (name) =>
    /** @type {{ id: string, name: string, description: string, url: string, category?: string }[]} */ (
      JSON.parse(await readFile(fileURLToPath(new URL(`../content/${name}`, import.meta.url)), 'utf8'))
    );
  const [datasheets, software] = await Promise.all([read('datasheets.json'), read('software.json')]);
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
