// @ts-check
import { createHash } from 'node:crypto';
import { SEARCH_ID_LENGTH, SEARCH_INDEX_FORMAT, SEARCH_TYPES } from '../config/search-index.mjs';
import { textTokens } from '../lib/search-text.mjs';

/**
 * The site search's index as files (src/integrations/site-search.mjs writes them; the
 * dialog reads them with src/lib/search-engine.ts):
 * - the manifest (SEARCH_MANIFEST_FILE): each page's file id and type, and where each
 *   range of terms is;
 * - term chunks: each term with the pages that have it and each page's impact, the
 *   BM25 score of the term in that page computed here, once, so that a query only adds
 *   impacts and keeps the best pages, and a word in all 10,000 articles costs a sum over
 *   10,000 numbers instead of Pagefind's scoring of every match at query time;
 * - page files (written by the caller): a page's URL, title, type and text, fetched for
 *   the results shown (title and excerpt).
 * Chunks and page files are named by their content, so a CDN may keep them for good.
 */

/** @typedef {import('./search-pages.mjs').SearchDoc} SearchDoc */
/**
 * @typedef {{ version: number, types: readonly string[], ids: string, pageTypes: string,
 *             chunks: [first: string, file: string][], bundles: [id: string, first: number][] }} SearchManifest
 *   `ids`: each page's file id, SEARCH_ID_LENGTH characters each, in page order;
 *   `pageTypes`: each page's type, one digit each (an index into `types`);
 *   `chunks`: each chunk's first term and file, in term order;
 *   `bundles`: the page files that hold several pages (an array of them, consecutive in
 *   page order from `first`) instead of one
 */
/** @typedef {[term: string, gaps: number[], impacts: number[]][]} TermChunk page numbers as gaps from the previous one */

/** Longer words (a pasted hash or blob) are not indexed: no one searches them, and a chunk's first term is in the manifest. */
const MAX_TERM_LENGTH = 40;
/** A chunk closes past this many bytes: a query fetches one chunk per word (two at a range's edge). */
const CHUNK_BYTES = 12 * 1024;
/** BM25's term saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/** Impacts are stored as integers: hundredths. */
const IMPACT_SCALE = 100;

/** @param {string} text */
export const contentId = (text) => createHash('sha1').update(text).digest('base64url').slice(0, SEARCH_ID_LENGTH);

/** A page's file: what the dialog shows of it. @param {SearchDoc} doc */
export const pageFile = (doc) => JSON.stringify(doc);

/**
 * @typedef {{ length: number, terms: string[], weights: number[] }} TermVector
 *   a page's words counted: each term with its weight summed over the page (a heading's
 *   word counts as many mentions as its weight), and how many words it has
 */

/** A page's term vector, from its text. @param {SearchDoc} doc @returns {TermVector} */
export function termVector(doc) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  let length = 0;
  for (const [weight, text] of doc.segments) {
    for (const token of textTokens(text)) {
      length++;
      for (const form of token.forms) {
        if (form.length <= MAX_TERM_LENGTH) weights.set(form, (weights.get(form) ?? 0) + weight);
      }
    }
  }
  return { length, terms: [...weights.keys()], weights: [...weights.values()] };
}

/**
 * Builds an index page by page (a page's text need not stay in memory once added), then
 * its manifest and term chunks.
 */
export function createIndexBuilder() {
  /** @type {Map<string, { pages: number[], weights: number[] }>} */
  const postings = new Map();
  /** @type {number[]} */
  const lengths = [];
  /** @type {string[]} */
  const ids = [];
  /** @type {string[]} */
  const types = [];
  return {
    /** @param {TermVector} vector @param {string} id its page file's id @param {string} type */
    add(vector, id, type) {
      const page = ids.length;
      ids.push(id);
      types.push(type);
      lengths.push(vector.length);
      vector.terms.forEach((term, i) => {
        let posting = postings.get(term);
        if (!posting) postings.set(term, (posting = { pages: [], weights: [] }));
        posting.pages.push(page);
        posting.weights.push(vector.weights[i] ?? 0);
      });
    },
    /** How many pages were added: the next one's number. */
    size: () => ids.length,
    /**
     * The term chunks of the pages added, made one at a time as they are iterated (a whole
     * index is ~10 MB of chunks at 10,000 posts, made at the end of a build that still
     * holds the rest), then the manifest, which lists them.
     * @param {SearchManifest['bundles']} bundles the page files holding several pages, each with its first page
     */
    files(bundles) {
      /** @type {SearchManifest['chunks']} */
      const ranges = [];
      return {
        chunks: termChunks(postings, lengths, ranges),
        /** @returns {SearchManifest} once every chunk was iterated */
        manifest: () => manifestOf(ids, types, ranges, bundles),
      };
    },
  };
}

/**
 * The chunks of the index's terms, in term order, each range added to `ranges`.
 * @param {Map<string, { pages: number[], weights: number[] }>} postings
 * @param {number[]} lengths each page's words
 * @param {SearchManifest['chunks']} ranges
 * @returns {Generator<{ name: string, content: string }>}
 */
function* termChunks(postings, lengths, ranges) {
  const count = lengths.length;
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, count) || 1;
  /** @type {string[]} */
  let entries = [];
  let first = '';
  let bytes = 0;
  const close = () => {
    const content = `[${entries.join(',')}]`;
    const name = `${contentId(content)}.json`;
    ranges.push([first, name]);
    entries = [];
    bytes = 0;
    return { name, content };
  };
  for (const term of [...postings.keys()].sort()) {
    const { pages, weights } = /** @type {{ pages: number[], weights: number[] }} */ (postings.get(term));
    const idf = Math.log(1 + (count - pages.length + 0.5) / (pages.length + 0.5));
    const impacts = pages.map((page, i) => {
      const tf = weights[i] ?? 0;
      const score = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * (lengths[page] ?? 0)) / average));
      return Math.max(1, Math.round(score * IMPACT_SCALE));
    });
    const gaps = pages.map((page, i) => (i === 0 ? page : page - (pages[i - 1] ?? 0)));
    const entry = JSON.stringify([term, gaps, impacts]);
    if (!entries.length) first = term;
    entries.push(entry);
    bytes += entry.length;
    if (bytes >= CHUNK_BYTES) yield close();
  }
  if (entries.length) yield close();
}

/**
 * @param {string[]} ids each page's file id
 * @param {string[]} types each page's type
 * @param {SearchManifest['chunks']} ranges
 * @param {SearchManifest['bundles']} bundles
 * @returns {SearchManifest}
 */
function manifestOf(ids, types, ranges, bundles) {
  const typeIndex = (/** @type {string} */ type) => {
    const index = SEARCH_TYPES.indexOf(/** @type {(typeof SEARCH_TYPES)[number]} */ (type));
    return index < 0 ? SEARCH_TYPES.indexOf('Páginas') : index;
  };
  return {
    version: SEARCH_INDEX_FORMAT,
    types: SEARCH_TYPES,
    ids: ids.join(''),
    pageTypes: types.map(typeIndex).join(''),
    chunks: ranges,
    bundles,
  };
}
