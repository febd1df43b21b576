/**
 * The site search's reader: Pagefind's module from the built site (/busca/, written by
 * src/integrations/site-search.mjs), loaded on the first search, and the searches the
 * dialog (src/islands/SiteSearch.tsx) runs with it, answered as SearchHits.
 */
import { SEARCH_BASE_DIR } from '../../config/search-index.mjs';
import { SEARCH_TYPES, bestPartial, excerptSegments, partialQueries, type SearchHit } from '../../lib/search/results';

/**
 * Results shown at first and added by each 'Mostrar mais resultados' (the best ones, by
 * Pagefind's ranking): each needs its own small fetch for its excerpt.
 */
export const PAGE_SIZE = 10;
/** Shown for a type that has results but none among the best ones. */
const PER_MISSING_TYPE = 3;

export interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string> }>;
}
interface PagefindAnswer {
  results: PagefindResult[];
  /** Results per value of each filter: here, per type. */
  filters?: Record<string, Record<string, number>>;
}
interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  search: (term: string, options?: { filters?: Record<string, string> }) => Promise<PagefindAnswer>;
  destroy: () => Promise<void>;
}

let engine: Promise<Pagefind> | undefined;

/** Pagefind's module, fetched from the built site (never bundled); the browser keeps it once loaded. */
const pagefindModule = () => import(/* @vite-ignore */ `/${SEARCH_BASE_DIR}/pagefind.js`) as Promise<Pagefind>;

/** Pagefind's reader, ready to search, loaded on the first search. */
function loadPagefind(): Promise<Pagefind> {
  engine ??= (async () => {
    const pagefind = await pagefindModule();
    // On the page's thread: a worker copies every result of a search across, and later
    // frees them with one message per result, which delayed searches (bench/search.mjs).
    await pagefind.options({ excerptLength: 24, noWorker: true });
    await pagefind.init();
    // The filter index (a small file): with it, each answer counts its results per type.
    await pagefind.filters();
    return pagefind;
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}

/** Drops the reader's state: the next search reads the index's entry again. */
export async function reloadPagefind() {
  engine = undefined;
  await pagefindModule()
    .then((pagefind) => pagefind.destroy())
    .catch(() => undefined);
}

/**
 * Runs `work` with the reader; should it fail, once more with the index's entry read again:
 * a publication since it was read may have replaced the files it names.
 */
async function withReader<T>(work: (reader: Pagefind) => Promise<T>): Promise<T> {
  try {
    return await work(await loadPagefind());
  } catch {
    await reloadPagefind();
    return work(await loadPagefind());
  }
}

/** The shown form of Pagefind results: each one's page data (its excerpt is a small fetch). */
export async function hitsOf(results: PagefindResult[]): Promise<SearchHit[]> {
  const data = await Promise.all(results.map((result) => result.data()));
  return data.map((item) => ({
    url: item.url,
    title: item.meta.title ?? item.url,
    type: item.meta.type ?? 'Páginas',
    excerpt: excerptSegments(item.excerpt),
  }));
}

/**
 * Partial results, when no page has every word of `asked`: one search per word left out
 * (src/lib/search/results.ts), the best pages of all, each with the word it lacks.
 */
async function partialHits(reader: Pagefind, asked: string): Promise<SearchHit[]> {
  const found = await Promise.all(
    partialQueries(asked).map(async ({ missing, query }) => ({ missing, results: (await reader.search(query)).results })),
  );
  const best = bestPartial(found, PAGE_SIZE);
  const hits = await hitsOf(best.map(({ result }) => result));
  return hits.map((hit, index) => ({ ...hit, missing: best[index]?.missing }));
}

/**
 * A search of the words `asked`: every result (`results`, for 'Mostrar mais resultados'),
 * the first PAGE_SIZE shown plus a few of each type missing among them (`shown`), or, when
 * no page has every word, the partial results (`partial`).
 */
export function findHits(asked: string): Promise<{ results: PagefindResult[]; shown: SearchHit[]; partial: SearchHit[] }> {
  return withReader(async (reader) => {
    const answer = await reader.search(asked);
    if (!answer.results.length) return { results: [], shown: [], partial: await partialHits(reader, asked) };
    const first = await hitsOf(answer.results.slice(0, PAGE_SIZE));
    // Every type with results shows some: a protocol named in many downloads still lists
    // the products that have it (each type is a filter of the index).
    const counts = answer.filters?.type ?? {};
    const missing = SEARCH_TYPES.filter((type) => (counts[type] ?? 0) > 0 && !first.some((hit) => hit.type === type));
    const extra = await Promise.all(
      missing.map(async (type) => hitsOf((await reader.search(asked, { filters: { type } })).results.slice(0, PER_MISSING_TYPE))),
    );
    return { results: answer.results, shown: [...first, ...extra.flat()], partial: [] };
  });
}
