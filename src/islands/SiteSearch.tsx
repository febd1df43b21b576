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
import { PENDING_QUERY_ATTRIBUTE } from '../lib/search-directive';
import { SEARCH_OPEN_EVENT } from '../lib/search-trigger';
import { excerptSegments, groupHits, resultsText, type SearchHit } from '../lib/site-search';

/** How many results are shown (the best ones, by Pagefind's ranking). */
const MAX_RESULTS = 20;

interface PagefindResult {
  data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string> }>;
}
interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  debouncedSearch: (term: string, options?: object, debounceMs?: number) => Promise<{ results: PagefindResult[] } | null>;
}

let pagefind: Promise<Pagefind> | undefined;

/** Pagefind's runtime, fetched from the built site on the first search (never bundled). */
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (async () => {
    const url = '/pagefind/pagefind.js';
    const module = (await import(/* @vite-ignore */ url)) as Pagefind;
    await module.options({ excerptLength: 24 });
    await module.init();
    return module;
  })();
  pagefind.catch(() => (pagefind = undefined));
  return pagefind;
}

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
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const searchId = useRef(0);
  const titleId = useId();
  const statusId = useId();

  const search = useCallback(async (term: string) => {
    const id = ++searchId.current;
    if (!term.trim()) {
      setHits([]);
      setState('idle');
      return;
    }
    setState('loading');
    try {
      const engine = await loadPagefind();
      const found = await engine.debouncedSearch(term, {}, 150);
      if (found === null || id !== searchId.current) return; // a newer search replaced this one
      const data = await Promise.all(found.results.slice(0, MAX_RESULTS).map((result) => result.data()));
      if (id !== searchId.current) return;
      setHits(
        data.map((item) => ({
          url: item.url,
          title: item.meta.title ?? item.url,
          type: item.meta.type ?? 'Páginas',
          excerpt: item.excerpt,
        })),
      );
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

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? [])];

  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // A search field's own Esc only clears it; here it closes the dialog, as everywhere else in it.
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.current?.close();
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      links()[0]?.focus();
    }
  };
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) field.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };

  const groups = groupHits(hits);
  const status =
    state === 'failed'
      ? 'A busca não está disponível agora. Tente novamente em instantes.'
      : state === 'loading' && hits.length === 0
        ? 'Buscando...'
        : resultsText(query, state === 'done' || state === 'loading' ? hits.length : 0);

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
        </div>
      </div>
    </dialog>
  );
}
