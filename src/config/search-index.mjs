// Where the site search's index lives in a build, for the indexer
// (src/integrations/site-search.mjs) and the dialog that reads it (src/islands/SiteSearch.tsx).

/** The base index: the whole site, as last indexed whole. */
export const SEARCH_BASE_DIR = 'pagefind';
/** The index of the pages that differ from the base since then. */
export const SEARCH_DELTA_DIR = 'pagefind-novos';
/** In the delta's folder: how many pages it holds and the base's pages it replaces (and the pages gone), by Pagefind id. */
export const SEARCH_SUPERSEDED_FILE = 'substituidos.json';

/** The index's types, in the order the dialog groups them (src/lib/site-search.ts); the search bench asks for them too. */
export const SEARCH_TYPES = /** @type {const} */ (['Produtos', 'Artigos', 'Páginas', 'Downloads']);
