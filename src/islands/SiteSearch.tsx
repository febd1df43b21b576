/**
 * The site search dialog: products, articles, pages and downloads, from the static
 * index the build writes with Pagefind (/busca/, src/integrations/site-search.mjs),
 * so it works on any static host and asks the API nothing. Hydrated only when opened
 * (`client:search`, src/lib/search/directive.ts); the index loads on that first opening.
 *
 * A native modal <dialog> (focus kept inside, Esc closes, focus returns to the opener),
 * a search field, and the results as links grouped by type under headings; ↓ and ↑ move
 * between the field and the results, and the count is announced as the results change.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { icons } from '../components/ui/icons';
import { SEARCH_BASE_DIR } from '../config/search-index.mjs';
import { PENDING_QUERY_ATTRIBUTE } from '../lib/search/directive';
import { searchQuery } from '../lib/search/query.mjs';
import { SEARCH_OPEN_EVENT } from '../lib/search/trigger';
import {
  SEARCH_TYPES,
  bestPartial,
  excerptSegments,
  groupHits,
  partialQueries,
  resultsText,
  type SearchHit,
} from '../lib/search/results';

/**
 * Results shown at first and added by each 'Mostrar mais resultados' (the best ones, by
 * Pagefind's ranking): each needs its own small fetch for its excerpt.
 */
const PAGE_SIZE = 10;
/** Shown for a type that has results but none among the best ones. */
const PER_MISSING_TYPE = 3;
/** The pause in typing before a search: each search fetches the excerpts of its results. */
const TYPING_PAUSE_MS = 120;

interface PagefindResult {
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
async function reloadPagefind() {
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
async function hitsOf(results: PagefindResult[]): Promise<SearchHit[]> {
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

/** The result links of the dialog, in the order they show. */
const resultLinks = (root: HTMLElement | null) => [...(root?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? [])];

function Icon({ name, className }: { name: keyof typeof icons; className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <path d={icons[name]} />
    </svg>
  );
}

/**
 * A result: its title, its excerpt with the words found marked, and for a partial result
 * the query's words with the one its page lacks struck through (`words`).
 */
function ResultLink({ hit, words = [] }: { hit: SearchHit; words?: string[] }) {
  const external = /^https?:\/\//.test(hit.url);
  return (
    <a
      href={hit.url}
      data-result
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="block rounded-lg px-2 py-2 hover:bg-slate-100 focus:bg-brand-50 focus:outline-2 focus:outline-brand-700"
    >
      <span className="block font-semibold text-ink">
        {hit.title}
        {external ? <span className="sr-only"> (abre em nova aba)</span> : null}
      </span>
      {hit.missing ? (
        <span className="mt-0.5 block text-xs text-muted">
          <span aria-hidden="true">
            {words.map((word, index) => (
              <span key={index}>
                {index ? ' ' : ''}
                {word === hit.missing ? <s>{word}</s> : word}
              </span>
            ))}
          </span>
          <span className="sr-only">sem a palavra “{hit.missing}”</span>
        </span>
      ) : null}
      <span className="mt-0.5 block text-sm break-words text-muted">
        {hit.excerpt.map((segment, index) =>
          segment.mark ? (
            <mark key={index} className="rounded bg-amber-100 px-0.5 text-ink">
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </span>
    </a>
  );
}

export default function SiteSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [found, setFound] = useState<PagefindResult[]>([]);
  /** Shown when no page has every word: the best pages without one of them. */
  const [partial, setPartial] = useState<SearchHit[]>([]);
  /** How many of `found` were shown (the per-type extras are not counted). */
  const [cursor, setCursor] = useState(0);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const searchId = useRef(0);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The result to focus once rendered: the first one 'Mostrar mais resultados' added. */
  const focusAfterRender = useRef<string | null>(null);
  const titleId = useId();
  const statusId = useId();

  const search = useCallback(async (term: string, pause = 0) => {
    const id = ++searchId.current;
    clearTimeout(typing.current);
    if (!term.trim()) {
      setHits([]);
      setFound([]);
      setPartial([]);
      setState('idle');
      return;
    }
    setState('loading');
    try {
      if (pause) await new Promise((resolve) => (typing.current = setTimeout(resolve, pause)));
      if (id !== searchId.current) return; // a newer search replaced this one
      const asked = searchQuery(term);
      const { results, shown, partial } = await withReader(async (reader) => {
        const answer = await reader.search(asked);
        if (!answer.results.length) return { results: [], shown: [], partial: await partialHits(reader, asked) };
        const first = await hitsOf(answer.results.slice(0, PAGE_SIZE));
        // Every type with results shows some: a protocol named in many downloads still lists
        // the products that have it (each type is a filter of the index).
        const counts = answer.filters?.type ?? {};
        const missing = SEARCH_TYPES.filter((type) => (counts[type] ?? 0) > 0 && !first.some((hit) => hit.type === type));
        const extra = await Promise.all(
          missing.map(async (type) =>
            hitsOf((await reader.search(asked, { filters: { type } })).results.slice(0, PER_MISSING_TYPE)),
          ),
        );
        return { results: answer.results, shown: [...first, ...extra.flat()], partial: [] };
      });
      if (id !== searchId.current) return;
      setFound(results);
      setCursor(PAGE_SIZE);
      setHits(shown);
      setPartial(partial);
      setState('done');
    } catch {
      if (id === searchId.current) setState('failed');
    }
  }, []);

  const open = useCallback(
    (initial: string) => {
      const element = dialog.current;
      if (!element) return;
      if (!element.open) element.showModal();
      setQuery(initial);
      void search(initial);
      field.current?.focus();
      field.current?.select();
    },
    [search],
  );

  useEffect(() => {
    const island = dialog.current?.closest('astro-island');
    const pending = island?.getAttribute(PENDING_QUERY_ATTRIBUTE);
    if (pending !== null && pending !== undefined) {
      island?.removeAttribute(PENDING_QUERY_ATTRIBUTE);
      open(pending);
    }
    const onOpen = (event: Event) => {
      island?.removeAttribute(PENDING_QUERY_ATTRIBUTE);
      open(String((event as CustomEvent<{ query?: string }>).detail?.query ?? ''));
    };
    window.addEventListener(SEARCH_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(SEARCH_OPEN_EVENT, onOpen);
  }, [open]);

  /** 'Mostrar mais resultados' once at a time: a double click adds the next results once. */
  const addingMore = useRef(false);
  const showMore = async () => {
    if (addingMore.current) return;
    addingMore.current = true;
    const id = searchId.current;
    try {
      const more = await hitsOf(found.slice(cursor, cursor + PAGE_SIZE));
      if (id !== searchId.current) return;
      const shownUrls = new Set(hits.map((hit) => hit.url));
      const next = more.filter((hit) => !shownUrls.has(hit.url));
      setCursor(cursor + PAGE_SIZE);
      setHits((shown) => [...shown, ...next]);
      // Focus goes to the first new result, where the reader continues.
      focusAfterRender.current = next[0]?.url ?? null;
    } catch {
      // The index changed since this search (a publication): the search runs again on the new one.
      await reloadPagefind();
      if (id === searchId.current) void search(query);
    } finally {
      addingMore.current = false;
    }
  };

  useEffect(() => {
    const url = focusAfterRender.current;
    if (!url) return;
    focusAfterRender.current = null;
    resultLinks(list.current)
      .find((link) => link.getAttribute('href') === url)
      ?.focus();
  }, [hits]);

  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // A search field's own Esc only clears it; here it closes the dialog, as everywhere else in it.
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.current?.close();
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      resultLinks(list.current)[0]?.focus();
    }
  };
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const all = resultLinks(list.current);
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) field.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };

  const groups = groupHits(hits);
  const status =
    state === 'failed'
      ? 'A busca não está disponível agora. Tente novamente em instantes.'
      : state === 'loading'
        ? 'Buscando...'
        : state === 'done'
          ? resultsText(query, found.length, partial.length)
          : resultsText(query, 0);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-slate-900/50 sm:m-auto sm:h-auto sm:max-h-[85vh] sm:max-w-2xl"
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its panel) closes it.
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className="flex h-full flex-col bg-white sm:max-h-[85vh] sm:rounded-2xl sm:shadow-xl">
        <div className="flex items-center gap-2 border-b border-slate-200 p-3">
          <h2 id={titleId} className="sr-only">
            Buscar no site
          </h2>
          <form role="search" className="flex flex-1 items-center gap-2" onSubmit={(event) => event.preventDefault()}>
            <Icon name="search" className="h-5 w-5 shrink-0 text-muted" />
            <label htmlFor={`${titleId}-q`} className="sr-only">
              Buscar produtos, artigos, páginas e downloads
            </label>
            <input
              ref={field}
              id={`${titleId}-q`}
              type="search"
              name="q"
              value={query}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder="Buscar: PT100, RS485, termopar…"
              aria-describedby={statusId}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-base text-ink focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
              onChange={(event) => {
                setQuery(event.target.value);
                void search(event.target.value, TYPING_PAUSE_MS);
              }}
              onKeyDown={onFieldKey}
            />
          </form>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Fechar
          </button>
        </div>
        <p id={statusId} role="status" className="px-4 pt-3 text-sm text-muted">
          {status}
        </p>
        <div ref={list} className="flex-1 overflow-y-auto px-2 pb-4" onKeyDown={onListKey}>
          {groups.map((group) => (
            <section key={group.type} aria-labelledby={`${titleId}-${group.type}`} className="mt-3">
              <h3 id={`${titleId}-${group.type}`} className="px-2 text-xs font-bold tracking-wide text-muted uppercase">
                {group.type}
              </h3>
              <ul className="mt-1">
                {group.hits.map((hit) => (
                  <li key={hit.url}>
                    <ResultLink hit={hit} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {partial.length ? (
            <section aria-labelledby={`${titleId}-parciais`} className="mt-3">
              <h3 id={`${titleId}-parciais`} className="px-2 text-xs font-bold tracking-wide text-muted uppercase">
                Resultados parciais
              </h3>
              <ul className="mt-1">
                {partial.map((hit) => (
                  <li key={hit.url}>
                    <ResultLink hit={hit} words={searchQuery(query).split(/\s+/)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {state === 'done' && found.length > cursor ? (
            <button
              type="button"
              onClick={() => void showMore()}
              className="mx-2 mt-3 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              Mostrar mais resultados
            </button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
