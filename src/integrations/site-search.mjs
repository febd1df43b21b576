// @ts-check
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { SEARCH_BASE_DIR, SEARCH_DELTA_DIR, SEARCH_SUPERSEDED_FILE } from '../config/search-index.mjs';
import { eachLimited, linkTree } from './hard-links.mjs';

/**
 * The site search (issue #38):
 * - `client:search` (src/lib/search-directive.ts): the dialog's island hydrates only when
 *   opened, so pages load nothing for the search before that;
 * - after every build (each publication included), Pagefind indexes the finished pages,
 *   a static index the dialog reads with no server: the pages whose <main> carries
 *   `data-pagefind-body` (BaseLayout's `searchType`), with their type as meta and filter,
 *   and the datasheets and software downloads of src/content as records of their own,
 *   linked to their files. pt stemming; accents are optional (Pagefind indexes
 *   'calibração' under 'calibracao' too).
 * Pagefind is the index Starlight, Astro's documentation theme, ships: a Rust indexer and
 * a WebAssembly reader that fetches only the chunks a query needs.
 *
 * A publication does not index the whole site again (16 s at 10,000 posts): the last
 * whole index stays as the base (/pagefind/, linked from the live build), and the pages
 * that differ from it since then go into a small second index (/pagefind-novos/) that the
 * dialog merges (Pagefind's mergeIndex), with the base's results for those pages, and for
 * pages gone, listed to be dropped (`substituidos`). Past DELTA_SHARE of the base, or when
 * the downloads or Pagefind change, the whole index is made again.
 * @param {{ isKept?: (file: string) => boolean }} [options] `isKept`: whether a page file is
 *   the live build's own (src/integrations/kept-pages.mjs): such a page is known unchanged
 *   without reading it
 * @returns {import('astro').AstroIntegration}
 */
export function siteSearch({ isKept = () => false } = {}) {
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
        // Set (even empty) by the publisher (scripts/lib/site-build.mjs): its builds keep what the next one needs.
        const publication = process.env.PUBLISH_PREVIOUS_BUILD;
        const { pages, downloads, ms, delta } = await updateSearchIndex(fileURLToPath(dir), {
          previous: publication || undefined,
          isKept,
          keepState: publication !== undefined,
        });
        logger.info(
          delta === null
            ? `índice de busca: ${pages} páginas e ${downloads} downloads em ${Math.round(ms)} ms`
            : `índice de busca: ${delta} página(s) diferente(s) do índice base, em ${Math.round(ms)} ms`,
        );
      },
    },
  };
}

/** What a build keeps of its index for the next one (a dotfile: never served). */
const STATE_FILE = '.search-index.json';
/** The delta grows until it holds this share of the base's pages (or MIN_DELTA_LIMIT), then the whole index is made again. */
const DELTA_SHARE = 0.1;
const MIN_DELTA_LIMIT = 200;
/** The marker of an indexed page (BaseLayout's `searchType`). */
const INDEXED = 'data-pagefind-body';
/** Changes that make the whole index again: a new format of this state. */
const STATE_VERSION = 1;

/**
 * @typedef {{ inputs: string, base: Record<string, { id: string, hash: string }>,
 *             pages: Record<string, string> }} SearchState
 *   `base`: each page of the base index, by URL, with its Pagefind id and its file's hash
 *   `pages`: each indexed page of the build, by URL, with its file's hash
 */

/** @param {string | Buffer} data */
const sha1 = (data) => createHash('sha1').update(data).digest('base64url');

/** A page's URL as Pagefind gives it: `blog/x/index.html` → `/blog/x/`. @param {string} file relative, with / */
export function pageUrl(file) {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/** What the whole index depends on besides the pages. */
async function indexInputs() {
  const [datasheets, software] = await Promise.all([readContent('datasheets.json'), readContent('software.json')]);
  // Its package.json is not exported: it is found one folder above the package's entry module.
  const manifest = fileURLToPath(new URL('../package.json', import.meta.resolve('pagefind')));
  const { version } = JSON.parse(await readFile(manifest, 'utf8'));
  return sha1(JSON.stringify([STATE_VERSION, version, datasheets, software, DELTA_SHARE]));
}

/** @param {string} name */
function readContent(name) {
  return readFile(fileURLToPath(new URL(`../content/${name}`, import.meta.url)), 'utf8');
}

/** @param {string} file @returns {Promise<SearchState | null>} */
async function readState(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The HTML files of a build, relative with `/`, the search's own folders left out. @param {string} outDir */
async function htmlFiles(outDir) {
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${SEARCH_BASE_DIR}/`) && !file.startsWith(`${SEARCH_DELTA_DIR}/`));
}

/**
 * Indexes a built site: the pages that differ from the base index of `previous` (the live
 * build) into a delta index, or the whole site when there is no base to build on.
 * @param {string} outDir the build's folder
 * @param {{ previous?: string, isKept?: (file: string) => boolean, keepState?: boolean }} [options]
 *   `keepState`: write what the next build needs to index only what changed (a publication)
 * @returns {Promise<{ pages: number, downloads: number, ms: number, delta: number | null }>}
 *   `delta`: the pages of the delta index, or null when the whole index was made
 */
export async function updateSearchIndex(outDir, { previous, isKept = () => false, keepState = false } = {}) {
  const started = performance.now();
  if (!keepState) return { ...(await writeWholeIndex(outDir)), delta: null };
  const inputs = await indexInputs();
  const before = previous ? await readState(path.join(previous, STATE_FILE)) : null;
  /** @type {Record<string, string>} */
  const pages = {};
  /** Indexed pages whose file is not known from the previous build: URL → file. @type {Map<string, string>} */
  const files = new Map();
  const buffer = Buffer.allocUnsafe(READ_CHUNK);
  for (const file of await htmlFiles(outDir)) {
    const url = pageUrl(file);
    const known = before?.pages[url];
    if (known && isKept(path.join(outDir, file))) {
      pages[url] = known;
      continue;
    }
    const digest = await indexedDigest(path.join(outDir, file), buffer);
    if (!digest) continue;
    pages[url] = digest;
    files.set(url, file);
  }
  const base = before?.inputs === inputs ? before.base : null;
  const changed = base ? Object.keys(pages).filter((url) => base[url]?.hash !== pages[url]) : [];
  const gone = base ? Object.keys(base).filter((url) => !(url in pages)) : [];
  const limit = Math.max(MIN_DELTA_LIMIT, Math.round(DELTA_SHARE * Object.keys(base ?? {}).length));
  if (!base || !previous || changed.length > limit) {
    const made = await writeWholeIndex(outDir);
    const ids = await pageIds(path.join(outDir, SEARCH_BASE_DIR));
    /** @type {SearchState['base']} */
    const next = {};
    for (const [url, hash] of Object.entries(pages)) {
      const id = ids.get(url);
      if (id) next[url] = { id, hash };
    }
    await writeFile(path.join(outDir, STATE_FILE), JSON.stringify({ inputs, base: next, pages }));
    return { ...made, ms: performance.now() - started, delta: null };
  }
  await linkTree(path.join(previous, SEARCH_BASE_DIR), path.join(outDir, SEARCH_BASE_DIR));
  const delta = path.join(outDir, SEARCH_DELTA_DIR);
  await rm(delta, { recursive: true, force: true });
  if (changed.length) {
    await writeIndex(delta, async (index) => {
      for (const url of changed) {
        const file = files.get(url) ?? indexFileOf(url);
        const content = await readFile(path.join(outDir, file), 'utf8');
        const added = await index.addHTMLFile({ sourcePath: file, content });
        if (added.errors.length) throw new Error(added.errors.join('; '));
      }
    });
  }
  // Pagefind names a page by what it indexed: a page whose file changed outside its indexed
  // text (a related article's card) keeps its id, and the dialog shows that id once.
  const deltaIds = changed.length ? await pageIds(delta) : new Map();
  const superseded = [...changed, ...gone].flatMap((url) =>
    base[url] && deltaIds.get(url) !== base[url].id ? [base[url].id] : [],
  );
  await writeDelta(outDir, changed.length, superseded);
  await writeFile(path.join(outDir, STATE_FILE), JSON.stringify({ inputs, base, pages }));
  return { pages: Object.keys(pages).length, downloads: 0, ms: performance.now() - started, delta: changed.length };
}

/**
 * The delta's list: how many pages it holds (the dialog merges it only when some) and the
 * base's results to drop.
 * @param {string} outDir @param {number} pages @param {string[]} superseded
 */
async function writeDelta(outDir, pages, superseded) {
  const folder = path.join(outDir, SEARCH_DELTA_DIR);
  if (!pages) await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, SEARCH_SUPERSEDED_FILE), JSON.stringify({ paginas: pages, substituidos: superseded }));
}

/** How much of a page is read at a time. */
const READ_CHUNK = 256 * 1024;

/**
 * A page file's digest, or null when it is not indexed (no INDEXED marker). Read in
 * chunks into one buffer: a whole index reads every page (12,000 at 10,000 posts) at the
 * end of a build, on top of what the build still holds, and reading each page whole kept
 * a build above 2 GB.
 * @param {string} file @param {Buffer} buffer
 */
async function indexedDigest(file, buffer) {
  const hash = createHash('sha1');
  const handle = await open(file, 'r');
  let indexed = false;
  // The marker may straddle two chunks: the end of one is searched with the start of the next.
  let tail = Buffer.alloc(0);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      if (!indexed) {
        indexed = chunk.includes(INDEXED) || Buffer.concat([tail, chunk.subarray(0, INDEXED.length)]).includes(INDEXED);
        tail = Buffer.from(chunk.subarray(Math.max(0, bytesRead - INDEXED.length)));
      }
    }
  } finally {
    await handle.close();
  }
  return indexed ? hash.digest('base64url') : null;
}

/** The file of a page known by its URL (`/blog/x/` → `blog/x/index.html`). @param {string} url */
function indexFileOf(url) {
  return url.endsWith('/') ? `${url.slice(1)}index.html` : url.slice(1);
}

/**
 * Each page's Pagefind id in an index, by URL: the names of its fragment files (each a
 * compressed JSON with the page's URL), as the reader's results carry them (`id`).
 * @param {string} indexDir
 * @returns {Promise<Map<string, string>>}
 */
async function pageIds(indexDir) {
  /** @type {Map<string, string>} */
  const ids = new Map();
  const folder = path.join(indexDir, 'fragment');
  const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.pf_fragment'));
  await eachLimited(names, 32, async (name) => {
    const text = gunzipSync(await readFile(path.join(folder, name))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{')));
    if (typeof fragment.url === 'string') ids.set(fragment.url, name.replace(/\.pf_fragment$/, ''));
  });
  return ids;
}

/**
 * Makes a Pagefind index into `output` with what `fill` adds.
 * @param {string} output
 * @param {(index: import('pagefind').PagefindIndex) => Promise<void>} fill
 */
async function writeIndex(output, fill) {
  const { createIndex, close } = await import('pagefind');
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'pt' });
    if (!index) throw new Error(errors.join('; '));
    await fill(index);
    await rm(output, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath: output });
    if (written.errors.length) throw new Error(written.errors.join('; '));
    // Pagefind also writes its ready-made interfaces; the dialog is ours (src/islands/SiteSearch.tsx).
    for (const unused of UNUSED_FILES) await rm(path.join(output, unused), { force: true });
  } finally {
    await close();
  }
}

/**
 * Indexes a whole built site into its pagefind/ folder (bench/search.mjs calls it too).
 * @param {string} outDir the build's folder
 * @returns {Promise<{ pages: number, downloads: number, ms: number }>}
 */
export async function writeWholeIndex(outDir) {
  const started = performance.now();
  let pages = 0;
  let downloads = 0;
  await writeIndex(path.join(outDir, SEARCH_BASE_DIR), async (index) => {
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length) throw new Error(added.errors.join('; '));
    pages = added.page_count;
    for (const record of await downloadRecords()) {
      const result = await index.addCustomRecord(record);
      if (result.errors.length) throw new Error(result.errors.join('; '));
      downloads++;
    }
  });
  // No delta: the dialog's read of its list finds it empty (a missing file would be a 404 in the console).
  await writeDelta(outDir, 0, []);
  return { pages, downloads, ms: performance.now() - started };
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
      JSON.parse(await readContent(name))
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
