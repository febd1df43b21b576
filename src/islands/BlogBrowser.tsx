import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import ArticleList from './ArticleList';
import {
  ALL_CATEGORIES,
  BLOG_CATEGORIES,
  filterFromSearch,
  filterToSearch,
  matches,
  type ArticleSummary,
  type BlogFilter,
} from '../lib/blog/filter';

interface Props {
  /** Number of this static page. */
  page: number;
  total: number;
  pageSize: number;
  /**
   * This page's cards (an ArticleList), rendered by the page as plain HTML: the
   * island does not hydrate them, and shows them until it takes the list over.
   */
  children: ReactNode;
}

const DEFAULT_FILTER: BlogFilter = { category: ALL_CATEGORIES, query: '' };
/** Fired on this window when the island rewrites the query string. */
const URL_CHANGE = 'blog-filter-change';
/** The blog's JSON pages and search index, built by src/pages/blog/dados. */
const BLOG_DATA = '/blog/dados';

/**
 * The page's query string, kept current on back/forward and on the island's own
 * rewrites. Empty while rendering on the server and on the first (hydrating)
 * render, so the markup matches the prebuilt HTML; read from the URL right after.
 */
function useLocationSearch(): string {
  const [search, setSearch] = useState('');
  useEffect(() => {
    const read = () => setSearch(window.location.search);
    read();
    window.addEventListener('popstate', read);
    window.addEventListener(URL_CHANGE, read);
    return () => {
      window.removeEventListener('popstate', read);
      window.removeEventListener(URL_CHANGE, read);
    };
  }, []);
  return search;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The blog list: category buttons, search, cards and "Carregar mais artigos".
 * Without filters it pages through small JSON files; a filter or a search loads the
 * compact index of all articles once. The filter lives in the URL (?categoria=,
 * ?busca=), so a filtered view can be shared and survives a reload. Without
 * JavaScript the cards of the page and a link to the next page remain.
 */
export default function BlogBrowser({ page, total, pageSize, children }: Props) {
  // The filter lives in the URL.
  const search = useLocationSearch();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  /** This page's cards and the pages added after them; null while only the page's own are shown. */
  const [pages, setPages] = useState<ArticleSummary[] | null>(null);
  const [nextPage, setNextPage] = useState(page + 1);
  const [index, setIndex] = useState<ArticleSummary[] | null>(null);
  const [visible, setVisible] = useState(pageSize);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const searchId = useId();

  const filtering = filter.category !== ALL_CATEGORIES || filter.query.trim() !== '';

  // A filter needs the index of every article; fetch it once, on first need.
  useEffect(() => {
    if (!filtering || index) return;
    let cancelled = false;
    getJson<ArticleSummary[]>(`${BLOG_DATA}/indice.json`)
      .then((all) => !cancelled && setIndex(all))
      .catch(() => !cancelled && setError('Não foi possível carregar a busca. Verifique sua conexão e tente novamente.'));
    return () => {
      cancelled = true;
    };
  }, [filtering, index]);

  const update = (next: BlogFilter) => {
    setVisible(pageSize);
    window.history.replaceState(null, '', `${window.location.pathname}${filterToSearch(next)}`);
    window.dispatchEvent(new Event(URL_CHANGE));
  };

  const results = useMemo(
    () => (filtering && index ? index.filter((article) => matches(article, filter)) : []),
    [filtering, index, filter],
  );
  const shown = filtering ? results.slice(0, visible) : pages;
  // Articles up to the end of what is shown; a static page is full unless it is the last.
  const listed = pages ? (page - 1) * pageSize + pages.length : page * pageSize;
  const hasMore = filtering ? visible < results.length : listed < total;

  async function loadMore() {
    if (loading) return; // a second click while a page is on its way
    setError('');
    if (filtering) {
      setVisible((current) => current + pageSize);
      return;
    }
    setLoading(true);
    try {
      // The first time, this page's own cards come along (the island has only their HTML).
      const [own, more] = await Promise.all([
        pages ?? getJson<ArticleSummary[]>(`${BLOG_DATA}/pagina-${page}.json`),
        getJson<ArticleSummary[]>(`${BLOG_DATA}/pagina-${nextPage}.json`),
      ]);
      setPages([...own, ...more]);
      setNextPage((current) => current + 1);
    } catch {
      setError('Não foi possível carregar mais artigos. Tente novamente.');
    } finally {
      setLoading(false);
    }
  }

  return (
    <div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label="Categorias" className="flex flex-wrap gap-2">
          {[ALL_CATEGORIES, ...BLOG_CATEGORIES].map((category) => {
            const active = filter.category === category;
            return (
              <button
                key={category}
                type="button"
                aria-pressed={active}
                onClick={() => update({ ...filter, category })}
                className={`rounded-full px-4 py-2 text-sm font-semibold transition ${
                  active ? 'bg-brand-700 text-white' : 'bg-slate-100 text-ink hover:bg-slate-200'
                }`}
              >
                {category}
              </button>
            );
          })}
        </div>
        <div className="w-full lg:w-80">
          <label htmlFor={searchId} className="sr-only">
            Buscar artigos
          </label>
          <input
            id={searchId}
            type="search"
            placeholder="Buscar artigos..."
            value={filter.query}
            onChange={(event) => update({ ...filter, query: event.target.value })}
            className="w-full rounded-lg border border-slate-300 px-4 py-2 text-ink placeholder:text-slate-500"
          />
        </div>
      </div>

      <p className="sr-only" aria-live="polite">
        {filtering && index ? `${results.length} artigo(s) encontrado(s)` : ''}
      </p>

      {filtering && index && results.length === 0 ? (
        <div className="mt-12 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-xl font-bold text-ink">Nenhum artigo encontrado</h2>
          <p className="mt-2 text-muted">Não encontramos artigos correspondentes à sua busca.</p>
          <button
            type="button"
            onClick={() => update(DEFAULT_FILTER)}
            className="mt-5 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Limpar filtros
          </button>
        </div>
      ) : shown ? (
        <ArticleList articles={shown} lcpFirst={page === 1} busy={loading || (filtering && !index)} />
      ) : (
        children
      )}

      {error && (
        <p role="alert" className="mt-6 text-center text-sm text-red-700">
          {error}
        </p>
      )}

      {hasMore && !(filtering && !index) && (
        <div className="mt-10 text-center">
          <a
            href={`/blog/pagina/${nextPage}`}
            onClick={(event) => {
              event.preventDefault();
              void loadMore();
            }}
            aria-disabled={loading}
            className="inline-flex rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {loading ? 'Carregando...' : 'Carregar mais artigos'}
          </a>
        </div>
      )}
    </div>
  );
}
