/**
 * The site search dialog: products, articles, pages and downloads, from the static
 * index the build writes with Pagefind (/pagefind/, src/integrations/site-search.mjs),
 * so it works on any static host and asks the API nothing. Hydrated only when opened
 * (`client:search`, src/lib/search-directive.ts); the index loads on that first opening.
 *
 * A native modal <dialog> (focus kept inside, Esc closes, focus returns to the opener),
 * a search field, and the results as links grouped by type under headings; ↓ and ↑ move
 * between the field and the results, and the count is announced as the results change.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { icons } from '../components/ui/icons';
import { SEARCH_BASE_DIR, SEARCH_DELTA_DIR, SEARCH_SUPERSEDED_FILE } from '../config/search-index.mjs';
import { PENDING_QUERY_ATTRIBUTE } from '../lib/search-directive';
import { searchQuery } from '../lib/search-query.mjs';
import { SEARCH_OPEN_EVENT } from '../lib/search-trigger';
import { SEARCH_TYPES, excerptSegments, groupHits, resultsText, type SearchHit } from '../lib/site-search';

/**
 * Results shown at first and added by each 'Mostrar mais resultados' (the best ones, by
 * Pagefind's ranking): each needs its own small fetch for its excerpt, and ten keep the
 * answer under 100 ms (bench/search.mjs).
 */
const PAGE_SIZE = 10;

interface PagefindResult {
  /** The page's id in its index: what the delta's list of superseded pages names. */
  id: string;
  data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string> }>;
}
interface PagefindAnswer {
  results: PagefindResult[];
  /** Results per value of each filter: here, per type. */
  filters?: Record<string, Record<string, number>>;
}
interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  mergeIndex: (path: string) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  search: (term: string, options?: { filters?: Record<string, string> }) => Promise<PagefindAnswer>;
  debouncedSearch: (term: string, options?: object, debounceMs?: number) => Promise<PagefindAnswer | null>;
}

/** Shown for a type that has results but none among the best ones. */
const PER_MISSING_TYPE = 3;

/** Pagefind, and the base index's results that the delta replaces (their ids). */
interface SearchEngine {
  pagefind: Pagefind;
  superseded: Set<string>;
}

let engine: Promise<SearchEngine> | undefined;

/**
 * Pagefind's runtime, fetched from the built site on the first search (never bundled),
 * with the index of the pages changed since the base index merged in
 * (src/integrations/site-search.mjs).
 */
function loadPagefind(): Promise<SearchEngine> {
  engine ??= (async () => {
    const url = `/${SEARCH_BASE_DIR}/pagefind.js`;
    const [pagefind, delta] = await Promise.all([
      import(/* @vite-ignore */ url) as Promise<Pagefind>,
      fetch(`/${SEARCH_DELTA_DIR}/${SEARCH_SUPERSEDED_FILE}`).then((response) =>
        response.ok ? (response.json() as Promise<{ paginas?: number; substituidos?: string[] }>) : null,
      ),
    ]);
    // On the page's thread, not Pagefind's worker: the worker copies every result of a
    // search across (10,000 for a word in every article) and later frees them with one
    // message per result, and that queue delayed a search by 1 to 3 s (bench/search.mjs).
    await pagefind.options({ excerptLength: 24, noWorker: true });
    if (delta?.paginas) await pagefind.mergeIndex(`/${SEARCH_DELTA_DIR}/`);
    await pagefind.init();
    // The filter index (a small file): with it, each answer counts its results per type.
    await pagefind.filters();
    return { pagefind, superseded: new Set(delta?.substituidos ?? []) };
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}

/**
 * An answer's results without the base's versions of pages the delta replaced, each page
 * once (a page whose indexed text did not change has the same id in both indexes).
 */
function current(answer: PagefindAnswer, superseded: Set<string>): PagefindResult[] {
  const seen = new Set<string>();
  return answer.results.filter((result) => {
    if (superseded.has(result.id) || seen.has(result.id)) return false;
    seen.add(result.id);
    return true;
  });
}

/** The shown form of Pagefind results: each one's page data (its excerpt is a small fetch). */
async function hitsOf(results: PagefindResult[]): Promise<SearchHit[]> {
  const data = await Promise.all(results.map((result) => result.data()));
  return data.map((item) => ({
    url: item.url,
    title: item.meta.title ?? item.url,
    type: item.meta.type ?? 'Páginas',
    excerpt: item.excerpt,
  }));
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

export default function SiteSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [found, setFound] = useState<PagefindResult[]>([]);
  /** How many of `found` were shown (the per-type extras are not counted). */
  const [cursor, setCursor] = useState(0);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const searchId = useRef(0);
  /** The result to focus once rendered: the first one 'Mostrar mais resultados' added. */
  const focusAfterRender = useRef<string | null>(null);
  const titleId = useId();
  const statusId = useId();

  const search = useCallback(async (term: string) => {
    const id = ++searchId.current;
    if (!term.trim()) {
      setHits([]);
      setFound([]);
      setState('idle');
      return;
    }
    setState('loading');
    try {
      const { pagefind: engine, superseded } = await loadPagefind();
      const asked = searchQuery(term);
      const answer = await engine.debouncedSearch(asked, {}, 150);
      if (answer === null || id !== searchId.current) return; // a newer search replaced this one
      const results = current(answer, superseded);
      let first = await hitsOf(results.slice(0, PAGE_SIZE));
      // Every type with results shows some: a protocol named in many downloads still lists
      // the products that have it (each type is a filter of the index).
      const counts = answer.filters?.type ?? {};
      const missing = SEARCH_TYPES.filter((type) => (counts[type] ?? 0) > 0 && !first.some((hit) => hit.type === type));
      if (missing.length) {
        const more = await Promise.all(
          missing.map(async (type) =>
            hitsOf(current(await engine.search(asked, { filters: { type } }), superseded).slice(0, PER_MISSING_TYPE)),
          ),
        );
        first = [...first, ...more.flat()];
      }
      if (id !== searchId.current) return;
      setFound(results);
      setCursor(PAGE_SIZE);
      setHits(first);
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

  const showMore = async () => {
    const id = searchId.current;
    const shownUrls = new Set(hits.map((hit) => hit.url));
    const next = (await hitsOf(found.slice(cursor, cursor + PAGE_SIZE))).filter((hit) => !shownUrls.has(hit.url));
    if (id !== searchId.current) return;
    setCursor(cursor + PAGE_SIZE);
    setHits((shown) => [...shown, ...next]);
    // Focus goes to the first new result, where the reader continues.
    focusAfterRender.current = next[0]?.url ?? null;
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
        : resultsText(query, state === 'done' ? found.length : 0);

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
                void search(event.target.value);
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
                    <a
                      href={hit.url}
                      data-result
                      {...(/^https?:\/\//.test(hit.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      className="block rounded-lg px-2 py-2 hover:bg-slate-100 focus:bg-brand-50 focus:outline-2 focus:outline-brand-700"
                    >
                      <span className="block font-semibold text-ink">
                        {hit.title}
                        {/^https?:\/\//.test(hit.url) ? <span className="sr-only"> (abre em nova aba)</span> : null}
                      </span>
                      <span className="mt-0.5 block text-sm break-words text-muted">
                        {excerptSegments(hit.excerpt).map((segment, index) =>
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
                  </li>
                ))}
              </ul>
            </section>
          ))}
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
