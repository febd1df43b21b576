/**
 * The site search's state: the query, the results shown, 'Mostrar mais resultados' and
 * the status line. Searches run through the reader (pagefind.ts); a newer search
 * replaces one still running.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { searchQuery } from '../../lib/search/query.mjs';
import { resultsText, type SearchHit } from '../../lib/search/results';
import { PAGE_SIZE, findHits, hitsOf, reloadPagefind, type PagefindResult } from './pagefind';
import { resultLinks } from './ResultLink';

export type SearchState = 'idle' | 'loading' | 'done' | 'failed';

/** `list` holds the result links: the first one 'Mostrar mais resultados' added takes the focus. */
export function useSiteSearch(list: RefObject<HTMLElement | null>) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [found, setFound] = useState<PagefindResult[]>([]);
  /** Shown when no page has every word: the best pages without one of them. */
  const [partial, setPartial] = useState<SearchHit[]>([]);
  /** How many of `found` were shown (the per-type extras are not counted). */
  const [cursor, setCursor] = useState(0);
  const [state, setState] = useState<SearchState>('idle');
  const searchId = useRef(0);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The result to focus once rendered: the first one 'Mostrar mais resultados' added. */
  const focusAfterRender = useRef<string | null>(null);

  /** Searches `term`, after `pause` ms of no typing. */
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
      const { results, shown, partial } = await findHits(searchQuery(term));
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
  }, [hits, list]);

  const status =
    state === 'failed'
      ? 'A busca não está disponível agora. Tente novamente em instantes.'
      : state === 'loading'
        ? 'Buscando...'
        : state === 'done'
          ? resultsText(query, found.length, partial.length)
          : resultsText(query, 0);

  return { query, setQuery, search, hits, partial, hasMore: state === 'done' && found.length > cursor, showMore, status };
}
