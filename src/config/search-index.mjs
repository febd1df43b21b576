// Where the site search's index lives in a build, for the indexer
// (src/integrations/site-search.mjs) and the dialog that reads it (src/lib/search-engine.ts).

/** The index's folder. */
export const SEARCH_BASE_DIR = 'busca';
/** In it: the manifest, read first (never kept by caches: it changes with each publication). */
export const SEARCH_MANIFEST_FILE = 'indice.json';
/** In it: the term chunks, named by their content. */
export const SEARCH_TERMS_DIR = 'termos';
/** In it: one file per page (URL, title, type, text), named by its content. */
export const SEARCH_PAGES_DIR = 'paginas';

/** The index's types, in the order the dialog groups them (src/lib/site-search.ts); the search bench asks for them too. */
export const SEARCH_TYPES = /** @type {const} */ (['Produtos', 'Artigos', 'Páginas', 'Downloads']);

/** The format of the index's files: the manifest says it, and the reader reads only its own. */
export const SEARCH_INDEX_FORMAT = 1;
/** Characters of a page file's id in the manifest (base64url of its SHA-1): 60 bits, no collision among 10,000 pages. */
export const SEARCH_ID_LENGTH = 10;
