/**
 * The site search dialog: products, articles, pages and downloads, from the static
 * index the build writes with Pagefind (/busca/, src/integrations/site-search.mjs),
 * so it works on any static host and asks the API nothing. Hydrated only when opened
 * (`client:search`, src/lib/search/directive.ts); the index loads on that first opening.
 *
 * A native modal <dialog> (focus kept inside, Esc closes, focus returns to the opener),
 * a search field, and the results as links grouped by type under headings; ↓ and ↑ move
 * between the field and the results, and the count is announced as the results change.
 *
 * This file is the dialog; beside it in site-search/: the reader and its searches
 * (pagefind.ts), the search's state (useSiteSearch.ts) and the results (ResultList.tsx,
 * ResultLink.tsx).
 */
import { useCallback, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { PENDING_QUERY_ATTRIBUTE } from '../lib/search/directive';
import { SEARCH_OPEN_EVENT } from '../lib/search/trigger';
import { Icon } from './site-search/Icon';
import { resultLinks } from './site-search/ResultLink';
import { ResultList } from './site-search/ResultList';
import { useSiteSearch } from './site-search/useSiteSearch';

/** The pause in typing before a search: each search fetches the excerpts of its results. */
const TYPING_PAUSE_MS = 120;

export default function SiteSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const { query, setQuery, search, hits, partial, hasMore, showMore, status } = useSiteSearch(list);
  const titleId = useId();
  const statusId = useId();

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
    [search, setQuery],
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
        <ResultList
          idPrefix={titleId}
          query={query}
          hits={hits}
          partial={partial}
          hasMore={hasMore}
          onShowMore={() => void showMore()}
          onKeyDown={onListKey}
          listRef={list}
        />
      </div>
    </dialog>
  );
}
