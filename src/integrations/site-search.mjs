// @ts-check
import { createHash } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_BASE_DIR, SEARCH_MANIFEST_FILE, SEARCH_PAGES_DIR, SEARCH_TERMS_DIR } from '../config/search-index.mjs';
import { eachLimited } from './hard-links.mjs';
import { contentId, createIndexBuilder, pageFile, termVector } from './search-index-files.mjs';
import { BODY_ATTRIBUTE, pageDoc } from './search-pages.mjs';
import { cleanText } from '../lib/search-text.mjs';

/** @typedef {import('./search-pages.mjs').SearchDoc} SearchDoc */
/** @typedef {import('./search-index-files.mjs').TermVector} TermVector */

/**
 * The site search (issue #38):
 * - `client:search` (src/lib/search-directive.ts): the dialog's island hydrates only when
 *   opened, so pages load nothing for the search before that;
 * - after every build (each publication included), the finished pages are indexed into a
 *   static index the dialog reads with no server (src/integrations/search-index-files.mjs,
 *   read by src/lib/search-engine.ts): the pages whose <main> carries `data-search-body`
 *   (BaseLayout's `searchType`, src/integrations/search-pages.mjs), and the datasheets and
 *   software downloads of src/content as records of their own, linked to their files.
 *   pt stemming, accents optional (src/lib/search-text.mjs).
 * Why our own index and not Pagefind: docs/busca.md.
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
        // The render's garbage collected first where the process allows it (the publisher's
        // build worker, scripts/lib/build-worker.mjs, runs with --expose-gc): the index then
        // reuses that memory instead of raising the build's peak on top of it.
        globalThis.gc?.();
        const { pages, read, downloads, ms } = await updateSearchIndex(fileURLToPath(dir), {
          previous: publication || undefined,
          isKept,
          keepState: publication !== undefined,
        });
        logger.info(`índice de busca: ${pages} páginas (${read} lidas do HTML) e ${downloads} downloads em ${Math.round(ms)} ms`);
      },
    },
  };
}

/** What a build keeps of its index for the next one (a dotfile: never served). */
const STATE_FILE = '.search-index.json';
/** A new format of this state or of the page files: every page is read again. */
const STATE_FORMAT = 3;
/** The modules whose rules shape what a page's state holds (its text, its terms). */
const RULE_MODULES = ['./search-pages.mjs', './search-index-files.mjs', '../lib/search-text.mjs', '../lib/search-query.mjs'];

/**
 * What a page's saved terms depend on besides its HTML: the state's format, the text
 * rules' source and the stemmer's version. Any change reads every page again; otherwise
 * pages kept from the live build would keep terms made by the old rules, and the dialog
 * would ask for terms they no longer have.
 */
async function rulesVersion() {
  const sources = await Promise.all(RULE_MODULES.map((module) => readFile(new URL(module, import.meta.url), 'utf8')));
  // Its package.json is not exported: it is found one folder above the entry module.
  const stemmer = await readFile(new URL('../package.json', import.meta.resolve('@orama/stemmers/portuguese')), 'utf8');
  const hash = createHash('sha1');
  for (const part of [String(STATE_FORMAT), ...sources, JSON.parse(stemmer).version]) hash.update(part).update('\0');
  return hash.digest('base64url');
}

/**
 * @typedef {{ hash: string, id: string, type: string, length: number, terms: string, weights: string }} PageState
 *   `hash`: the page's HTML file's; `id`: its page file's; `terms` and `weights`: its term
 *   vector, space-separated (terms are letters and digits only)
 * @typedef {{ version: string, pages: Record<string, PageState> }} SearchState
 *   `version`: rulesVersion(); `pages`: each indexed page of the build, by URL
 */

/** A page's URL from its file: `blog/x/index.html` → `/blog/x/`. @param {string} file relative, with / */
export function pageUrl(file) {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/** @param {string} name */
function readContent(name) {
  return readFile(fileURLToPath(new URL(`../content/${name}`, import.meta.url)), 'utf8');
}

/** @param {string} file @returns {Promise<any>} */
async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The HTML files of a build, relative with `/`, in URL order. @param {string} outDir */
async function htmlFiles(outDir) {
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${SEARCH_BASE_DIR}/`))
    .sort();
}

/**
 * Types whose pages share one page file per type: the catalogue's products, the site's
 * pages and the downloads are tens, not thousands, and a search showing 3 of each type
 * besides the best articles fetches one file per type (once) instead of one per result.
 */
const BUNDLED_TYPES = new Set(['Produtos', 'Páginas', 'Downloads']);

/** How many pages are read at once, and term chunks written. */
const BATCH = 64;

/**
 * Indexes a built site into its SEARCH_BASE_DIR. A page whose file is the same as in
 * `previous` (the live build) is not read again: its term vector is in the live build's
 * state and its page file is linked from there, so a publication reads only the pages
 * that changed. (The impacts are computed again each time: they depend on every page.)
 * @param {string} outDir the build's folder
 * @param {{ previous?: string, isKept?: (file: string) => boolean, keepState?: boolean }} [options]
 *   `isKept`: whether a page file is the live build's own (src/integrations/kept-pages.mjs);
 *   `keepState`: write what the next build needs (a publication)
 * @returns {Promise<{ pages: number, read: number, downloads: number, ms: number }>}
 *   `read`: the pages read from their HTML (the others came from the previous build)
 */
export async function updateSearchIndex(outDir, { previous, isKept = () => false, keepState = false } = {}) {
  const started = performance.now();
  /** @type {SearchState | null} */
  const state = previous ? await readJson(path.join(previous, STATE_FILE)) : null;
  const version = await rulesVersion();
  /** @type {Record<string, PageState>} */
  const before = state?.version === version ? state.pages : {};
  const root = path.join(outDir, SEARCH_BASE_DIR);
  const oldRoot = previous ? path.join(previous, SEARCH_BASE_DIR) : null;
  await rm(root, { recursive: true, force: true });
  await mkdir(path.join(root, SEARCH_PAGES_DIR), { recursive: true });
  await mkdir(path.join(root, SEARCH_TERMS_DIR), { recursive: true });

  const files = await htmlFiles(outDir);
  const builder = createIndexBuilder();
  /** @type {Record<string, PageState>} */
  const pages = {};
  let read = 0;
  /** @param {string} id */
  const pageFilePath = (id) => `${SEARCH_PAGES_DIR}/${id}.json`;
  /** A file of the index named by its content (relative to its folder): linked from the live build, or written. @param {string} file @param {string} content */
  const writeNamed = (file, content) => linkOrWrite(oldRoot && path.join(oldRoot, file), path.join(root, file), content);
  /** A page's term vector as the state keeps it. @param {PageState} known @returns {TermVector} */
  const savedVector = (known) => ({
    length: known.length,
    terms: known.terms ? known.terms.split(' ') : [],
    weights: known.weights ? known.weights.split(' ').map(Number) : [],
  });
  /**
   * A page in the index, and in the state when it is a page of this build (a download's
   * `hash` is null). Its terms are its state's in the live build (`known`, whose strings
   * the new state keeps as they are), or else its text's.
   * @param {string} url @param {string | null} hash @param {string} id @param {string} type
   * @param {{ known: PageState } | { doc: SearchDoc }} source
   */
  const add = (url, hash, id, type, source) => {
    const vector = 'known' in source ? savedVector(source.known) : termVector(source.doc);
    builder.add(vector, id, type);
    if (hash === null) return;
    pages[url] =
      'known' in source
        ? { ...source.known, hash, id, type }
        : { hash, id, type, length: vector.length, terms: vector.terms.join(' '), weights: vector.weights.join(' ') };
  };
  /** Pages of the bundled types, kept until the end, by type. @type {Map<string, { doc: SearchDoc, hash: string | null, known: PageState | null }[]>} */
  const held = new Map();
  /** @param {SearchDoc} doc @param {string | null} hash @param {PageState | null} known */
  const hold = (doc, hash, known) => {
    const list = held.get(doc.type) ?? [];
    held.set(doc.type, list);
    list.push({ doc, hash, known });
  };
  /** The live build's bundles, each as its pages by URL. @type {Map<string, Promise<Map<string, SearchDoc>>>} */
  const oldBundles = new Map();
  /** @param {string} id */
  const oldBundle = (id) => {
    let found = oldBundles.get(id);
    if (!found) {
      found = readJson(path.join(/** @type {string} */ (oldRoot), pageFilePath(id))).then(
        (docs) => new Map(Array.isArray(docs) ? docs.map((/** @type {SearchDoc} */ doc) => [doc.url, doc]) : []),
      );
      oldBundles.set(id, found);
    }
    return found;
  };
  // In batches, added in URL order: a page's text is dropped once it is in the index (a
  // whole index reads 12,000 pages at 10,000 posts, at the end of a build that still holds the rest).
  for (let at = 0; at < files.length; at += BATCH) {
    const batch = await Promise.all(
      files.slice(at, at + BATCH).map(async (file) => {
        const url = pageUrl(file);
        const known = before[url];
        const full = path.join(outDir, file);
        const hash = known && isKept(full) ? known.hash : await indexedDigest(full, Buffer.allocUnsafe(READ_CHUNK));
        if (!hash) return null;
        // Unchanged since the live build: its terms from the state, its text from the live
        // build's files (should they miss it, the page is read again below).
        if (known?.hash === hash && oldRoot) {
          if (BUNDLED_TYPES.has(known.type)) {
            const doc = (await oldBundle(known.id)).get(url);
            if (doc) return { url, hash, known, doc };
          } else {
            const file = pageFilePath(known.id);
            const linked = await link(path.join(oldRoot, file), path.join(root, file)).then(
              () => true,
              () => false,
            );
            if (linked) return { url, hash, known, doc: null };
          }
        }
        const found = pageDoc(await readFile(full, 'utf8'));
        if (!found) return null;
        read++;
        return { url, hash, known: null, doc: { url, ...found } };
      }),
    );
    /** @type {Promise<void>[]} */
    const writes = [];
    for (const item of batch) {
      if (!item) continue;
      const { url, hash, known, doc } = item;
      if (doc && BUNDLED_TYPES.has(doc.type)) hold(doc, hash, known);
      else if (known) add(url, hash, known.id, known.type, { known });
      else if (doc) {
        const content = pageFile(doc);
        const id = contentId(content);
        add(url, hash, id, doc.type, { doc });
        writes.push(writeNamed(pageFilePath(id), content));
      }
    }
    await Promise.all(writes);
  }
  // Downloads are not pages of this build: in the index, not in the state.
  const downloads = await downloadDocs();
  for (const doc of downloads) hold(doc, null, null);
  /** @type {[id: string, first: number][]} */
  const bundles = [];
  for (const [type, list] of held) {
    const content = JSON.stringify(list.map(({ doc }) => doc));
    const id = contentId(content);
    bundles.push([id, builder.size()]);
    for (const { doc, hash, known } of list) add(doc.url, hash, id, type, known ? { known } : { doc });
    await writeNamed(pageFilePath(id), content);
  }
  const index = builder.files(bundles);
  // Made as they are written, BATCH at a time: the chunks are never all in memory.
  await eachLimited(index.chunks, BATCH, ({ name, content }) => writeNamed(`${SEARCH_TERMS_DIR}/${name}`, content));
  await writeFile(path.join(root, SEARCH_MANIFEST_FILE), JSON.stringify(index.manifest()));
  if (keepState) await writeFile(path.join(outDir, STATE_FILE), JSON.stringify({ version, pages }));
  return { pages: Object.keys(pages).length, read, downloads: downloads.length, ms: performance.now() - started };
}

/**
 * A file named by its content: linked from the previous build when it is there (the same
 * bytes, and the compression step knows it), written otherwise.
 * @param {string | null} previous @param {string} target @param {string} content
 */
async function linkOrWrite(previous, target, content) {
  if (previous) {
    try {
      await link(previous, target);
      return;
    } catch {
      // Not in the previous build: written below.
    }
  }
  await writeFile(target, content);
}

/** A download's name weighs as a heading does on a page. */
const DOWNLOAD_NAME_WEIGHT = 7;
/** How much of a page is read at a time. */
const READ_CHUNK = 256 * 1024;

/**
 * A page file's digest, or null when it is not indexed (no BODY_ATTRIBUTE marker). Read in
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
        indexed =
          chunk.includes(BODY_ATTRIBUTE) ||
          Buffer.concat([tail, chunk.subarray(0, BODY_ATTRIBUTE.length)]).includes(BODY_ATTRIBUTE);
        tail = Buffer.from(chunk.subarray(Math.max(0, bytesRead - BODY_ATTRIBUTE.length)));
      }
    }
  } finally {
    await handle.close();
  }
  return indexed ? hash.digest('base64url') : null;
}

/** Datasheets and software downloads: one record each, found by name and description. @returns {Promise<SearchDoc[]>} */
async function downloadDocs() {
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
    title: `${item.name} (${kind})`,
    type: 'Downloads',
    segments: [
      [DOWNLOAD_NAME_WEIGHT, cleanText(item.name)],
      [1, cleanText(`${kind}. ${item.description}`)],
    ],
  }));
}
