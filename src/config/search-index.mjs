// Where the site search's index lives in a build, for the indexer
// (src/integrations/site-search.mjs) and the dialog that reads it (src/islands/SiteSearch.tsx).

/** Pagefind's folder: its reader (pagefind.js) and index. */
export const SEARCH_BASE_DIR = 'busca';

/** The index's types, in the order the dialog groups them (src/lib/search/results.ts); the search bench asks for them too. */
export const SEARCH_TYPES = /** @type {const} */ (['Produtos', 'Artigos', 'Páginas', 'Downloads']);
