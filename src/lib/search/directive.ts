/**
 * `client:search` (registered by src/integrations/site-search.mjs): the site search's
 * island hydrates only when a visitor opens it, by the header's 'Buscar' button, Ctrl+K
 * or '/', or the not-found page's form. Astro writes this code into the page itself, so
 * until then a page loads nothing for the search: neither the island, React nor the index.
 * Each opening is handed to the island through SEARCH_OPEN_EVENT and a pending query kept
 * on the island's element, which it reads once it has mounted.
 */
import type { ClientDirective } from 'astro';
import { SEARCH_FORM_ATTRIBUTE, SEARCH_OPEN_ATTRIBUTE, SEARCH_OPEN_EVENT, isSearchShortcut, queryFromPath } from './trigger';

/** Where the query waits while the island hydrates (read by src/islands/SiteSearch.tsx). */
export const PENDING_QUERY_ATTRIBUTE = 'data-search-pending';

const searchDirective: ClientDirective = (load, _options, island) => {
  let hydration: Promise<void> | undefined;
  const open = (query: string) => {
    island.setAttribute(PENDING_QUERY_ATTRIBUTE, query);
    hydration ??= load().then((run) => run());
    void hydration.then(() => window.dispatchEvent(new CustomEvent(SEARCH_OPEN_EVENT, { detail: { query } })));
  };

  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.(`[${SEARCH_OPEN_ATTRIBUTE}]`);
    if (!opener) return;
    event.preventDefault();
    open(opener.getAttribute(SEARCH_OPEN_ATTRIBUTE) ?? '');
  });
  document.addEventListener('keydown', (event) => {
    if (!isSearchShortcut(event)) return;
    event.preventDefault();
    open('');
  });
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${SEARCH_FORM_ATTRIBUTE}]`)) {
    const field = form.elements.namedItem('q');
    if (field instanceof HTMLInputElement && !field.value) field.value = queryFromPath(window.location.pathname);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      open(field instanceof HTMLInputElement ? field.value : '');
    });
    form.hidden = false;
  }
};

export default searchDirective;
