/**
 * The site search's reader (the dialog's, src/islands/SiteSearch.tsx, and the search
 * bench's): it fetches the manifest of the index the build writes
 * (src/integrations/search-index-files.mjs), then for each query only the term chunks its
 * words need, adds the precomputed impacts of the pages that have every word, and keeps
 * them best first, with counts per type. The page files of the results shown give their
 * title and an excerpt around the words found.
 */
import {
  SEARCH_ID_LENGTH,
  SEARCH_INDEX_FORMAT,
  SEARCH_MANIFEST_FILE,
  SEARCH_PAGES_DIR,
  SEARCH_TERMS_DIR,
} from '../config/search-index.mjs';
import type { SearchManifest, TermChunk } from '../integrations/search-index-files.mjs';
import type { SearchDoc } from '../integrations/search-pages.mjs';
import { MIN_PREFIX_LENGTH, WORD, fold, queryTerms, tokenForms } from './search-text.mjs';

/** Words in an excerpt. */
const EXCERPT_WORDS = 24;
/** Page files kept in memory: a result seen again (typing on, back to a word) fetches nothing. */
const PAGES_KEPT = 200;

export interface SearchAnswer {
  /** The pages found, best first (page numbers of the index). */
  pages: number[];
  /** Pages found per type. */
  counts: Record<string, number>;
  /** The index's terms that matched: what an excerpt highlights. */
  terms: Set<string>;
}

export interface ExcerptSegment {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  url: string;
  title: string;
  type: string;
  excerpt: ExcerptSegment[];
}

interface Postings {
  pages: Int32Array;
  impacts: Float32Array;
}

export interface SearchEngine {
  search: (text: string) => Promise<SearchAnswer>;
  /** A page's type, known without fetching it. */
  typeOf: (page: number) => string;
  /** A page as a result shows it, with its excerpt around `terms`. */
  hit: (page: number, terms: Set<string>) => Promise<SearchHit>;
}

/** A chunk's terms, each decoded (page numbers from their gaps) only when a query needs it. */
class Chunk {
  private readonly raw: Map<string, [number[], number[]]>;
  private readonly decoded = new Map<string, Postings>();
  constructor(data: TermChunk) {
    this.raw = new Map(data.map(([term, gaps, impacts]) => [term, [gaps, impacts]]));
  }
  terms(): IterableIterator<string> {
    return this.raw.keys();
  }
  postings(term: string): Postings | undefined {
    let postings = this.decoded.get(term);
    const raw = this.raw.get(term);
    if (!postings && raw) {
      const [gaps, impacts] = raw;
      const pages = new Int32Array(gaps.length);
      let page = 0;
      for (let i = 0; i < gaps.length; i++) {
        page += gaps[i] ?? 0;
        pages[i] = page;
      }
      postings = { pages, impacts: Float32Array.from(impacts) };
      this.decoded.set(term, postings);
    }
    return postings;
  }
}

/** Index of the last chunk whose first term is at most `term` (chunks in term order). */
function chunkAt(chunks: SearchManifest['chunks'], term: string): number {
  let low = 0;
  let high = chunks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((chunks[middle]?.[0] ?? '') <= term) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The reader of the index at `base` (e.g. '/busca').
 * @param load fetches a file of the index as JSON (the browser's fetch, or a file read in tests)
 */
export async function openSearch(base: string, load: (url: string) => Promise<unknown>): Promise<SearchEngine> {
  const manifest = (await load(`${base}/${SEARCH_MANIFEST_FILE}`)) as SearchManifest;
  if (manifest.version !== SEARCH_INDEX_FORMAT)
    throw new Error(`search index format ${manifest.version}, expected ${SEARCH_INDEX_FORMAT}`);
  const total = manifest.pageTypes.length;
  /** A file of the index, fetched once (again after a failure). */
  const once = <T>(cache: Map<string, Promise<T>>, key: string, fetchFile: () => Promise<T>): Promise<T> => {
    let loaded = cache.get(key);
    if (!loaded) {
      loaded = fetchFile();
      loaded.catch(() => cache.delete(key));
      cache.set(key, loaded);
    }
    return loaded;
  };
  const chunks = new Map<string, Promise<Chunk>>();
  const chunk = (index: number) => {
    const name = manifest.chunks[index]?.[1] ?? '';
    return once(chunks, name, () => load(`${base}/${SEARCH_TERMS_DIR}/${name}`).then((data) => new Chunk(data as TermChunk)));
  };
  const typeOf = (page: number) => manifest.types[manifest.pageTypes.charCodeAt(page) - 48] ?? 'Páginas';

  /** The chunks a form's terms may be in: its own, and the next ones while their terms extend it ('sens' → 'sensor'). */
  const chunksOf = (form: string): number[] => {
    if (!manifest.chunks.length) return [];
    const from = chunkAt(manifest.chunks, form);
    const found = [from];
    if (form.length < MIN_PREFIX_LENGTH) return found;
    for (let next = from + 1; (manifest.chunks[next]?.[0] ?? '').startsWith(form); next++) found.push(next);
    return found;
  };

  /** A word's score in each page: the best of its forms, a longer term found by a prefix counting less. */
  function wordScores(forms: string[], loaded: Map<number, Chunk>, matched: Set<string>): Float32Array | null {
    const scores = new Float32Array(total);
    let any = false;
    for (const form of forms) {
      const prefix = form.length >= MIN_PREFIX_LENGTH;
      for (const index of chunksOf(form)) {
        const terms = loaded.get(index);
        if (!terms) continue;
        for (const term of terms.terms()) {
          if (term !== form && !(prefix && term.startsWith(form))) continue;
          const postings = terms.postings(term);
          if (!postings) continue;
          matched.add(term);
          any = true;
          const factor = form.length / term.length;
          const { pages, impacts } = postings;
          for (let i = 0; i < pages.length; i++) {
            const page = pages[i] ?? 0;
            const score = (impacts[i] ?? 0) * factor;
            if (score > (scores[page] ?? 0)) scores[page] = score;
          }
        }
      }
    }
    return any ? scores : null;
  }

  async function search(text: string): Promise<SearchAnswer> {
    const asked = queryTerms(text);
    const terms = new Set<string>();
    const empty: SearchAnswer = { pages: [], counts: {}, terms };
    if (!asked.length) return empty;
    // Every chunk the words need, fetched at once.
    const needed = [...new Set(asked.flat().flatMap(chunksOf))];
    const loaded = new Map(await Promise.all(needed.map(async (index) => [index, await chunk(index)] as const)));
    const scores = asked.map((forms) => wordScores(forms, loaded, terms));
    if (scores.some((score) => score === null)) return empty;
    const [first, ...rest] = scores as Float32Array[];
    const totals = new Float32Array(total);
    const pages: number[] = [];
    for (let page = 0; page < total; page++) {
      let sum = first?.[page] ?? 0;
      if (!sum) continue;
      for (const other of rest) {
        const score = other[page] ?? 0;
        if (!score) {
          sum = 0;
          break;
        }
        sum += score;
      }
      if (!sum) continue;
      totals[page] = sum;
      pages.push(page);
    }
    pages.sort((a, b) => (totals[b] ?? 0) - (totals[a] ?? 0) || a - b);
    const counts: Record<string, number> = {};
    for (const page of pages) {
      const type = typeOf(page);
      counts[type] = (counts[type] ?? 0) + 1;
    }
    return { pages, counts, terms };
  }

  /** The page files that hold several pages (all of a small type), by id, with their first page. */
  const bundleStarts = new Map(manifest.bundles);
  const bundles = new Map<string, Promise<SearchDoc[]>>();
  const pageFileOf = (id: string) => load(`${base}/${SEARCH_PAGES_DIR}/${id}.json`);
  const bundle = (id: string) => once(bundles, id, () => pageFileOf(id) as Promise<SearchDoc[]>);
  const docs = new Map<string, Promise<SearchDoc>>();
  const doc = (id: string) => {
    const loaded = once(docs, id, () => pageFileOf(id) as Promise<SearchDoc>);
    // The most recent last: the first is the one dropped.
    docs.delete(id);
    docs.set(id, loaded);
    if (docs.size > PAGES_KEPT) docs.delete(docs.keys().next().value ?? '');
    return loaded;
  };

  async function hit(page: number, terms: Set<string>): Promise<SearchHit> {
    const id = manifest.ids.slice(page * SEARCH_ID_LENGTH, (page + 1) * SEARCH_ID_LENGTH);
    const first = bundleStarts.get(id);
    const found = first === undefined ? await doc(id) : (await bundle(id))[page - first];
    if (!found) throw new Error(`page ${page} missing from ${id}`);
    const { url, title, type, segments } = found;
    const text = segments.map(([, segment]) => segment).join(' ');
    return { url, title, type, excerpt: excerpt(text, terms) };
  }

  return { search, typeOf, hit };
}

/**
 * The EXCERPT_WORDS words of `text` with the most words found, those marked.
 * @example excerpt('Leia a calibração do sensor', new Set(['sensor'])) // [{ text: 'Leia a calibração do ', mark: false }, { text: 'sensor', mark: true }]
 */
export function excerpt(text: string, terms: Set<string>): ExcerptSegment[] {
  // A word's terms are worked out only when its first letter could begin one of `terms`
  // (a code's parts are always worked out): most words of a page are skipped.
  const initials = new Set([...terms].map((term) => term[0]));
  const tokens: { start: number; end: number }[] = [];
  const found: boolean[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    tokens.push({ start: match.index, end: match.index + word.length });
    const possible = /[-./]/.test(word) || initials.has(fold(word[0] ?? '').toLowerCase());
    found.push(possible && tokenForms(word).some((form) => terms.has(form)));
  }
  // The window (ending at `bestEnd`) with the most words found, then moved so that they
  // sit in its middle, with text on both sides.
  let bestEnd = Math.min(tokens.length, EXCERPT_WORDS) - 1;
  let bestCount = 0;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (found[i]) count++;
    if (i >= EXCERPT_WORDS && found[i - EXCERPT_WORDS]) count--;
    if (count > bestCount) {
      bestCount = count;
      bestEnd = i;
    }
  }
  let best = 0;
  if (bestCount > 0) {
    const inWindow = found.slice(Math.max(0, bestEnd - EXCERPT_WORDS + 1), bestEnd + 1);
    const firstFound = bestEnd - inWindow.length + 1 + inWindow.indexOf(true);
    const middle = Math.floor((firstFound + bestEnd) / 2);
    best = Math.max(0, Math.min(tokens.length - EXCERPT_WORDS, middle - Math.floor(EXCERPT_WORDS / 2)));
  }
  const last = Math.min(tokens.length, best + EXCERPT_WORDS) - 1;
  if (last < 0) return text ? [{ text: text.slice(0, 200), mark: false }] : [];
  const segments: ExcerptSegment[] = [];
  // The whole text's edges when the excerpt reaches them (a sentence's last stop stays).
  let at = best === 0 ? 0 : (tokens[best]?.start ?? 0);
  const end = last === tokens.length - 1 ? text.length : (tokens[last]?.end ?? text.length);
  const push = (piece: string, mark: boolean) => {
    const previous = segments[segments.length - 1];
    if (previous && previous.mark === mark) previous.text += piece;
    else if (piece) segments.push({ text: piece, mark });
  };
  if (best > 0) push('… ', false);
  for (let i = best; i <= last; i++) {
    const token = tokens[i];
    if (!token) continue;
    push(text.slice(at, token.start), false);
    push(text.slice(token.start, token.end), Boolean(found[i]));
    at = token.end;
  }
  push(text.slice(at, end), false);
  if (last < tokens.length - 1) push(' …', false);
  return segments;
}
