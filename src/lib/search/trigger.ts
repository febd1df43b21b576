/**
 * What opens the site search, shared by its client directive (src/lib/search/directive.ts,
 * written into every page, so it stays tiny) and its island (src/islands/SiteSearch.tsx).
 */

/** On the header's 'Buscar' button and any other control that opens the search. */
export const SEARCH_OPEN_ATTRIBUTE = 'data-search-open';
/** On a form (the not-found page's) whose `q` field is searched when sent. */
export const SEARCH_FORM_ATTRIBUTE = 'data-search-form';
/** The event that asks the hydrated island to open, with `detail.query`. */
export const SEARCH_OPEN_EVENT = 'operium:search-open';

/** Segments of an address that say nothing about what was looked for. */
const NOISE = new Set(['blog', 'produtos', 'produto', 'pagina', 'linha', 'referencias', 'index', 'html', 'htm', 'php', 'www']);

/**
 * The words of an address, to search for what a not-found page was asked for.
 * @example queryFromPath('/blog/calibracao-sensor/') // 'calibracao sensor'
 */
export function queryFromPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the raw address.
  }
  const words = path
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 1 && !NOISE.has(word) && !/^\d+$/.test(word));
  return [...new Set(words)].join(' ').slice(0, 100);
}

/** Whether a key press opens the search: Ctrl+K (⌘K on a Mac), or '/' when not typing in a field. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as HTMLElement | null;
  const typing = target?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
  return !typing;
}
