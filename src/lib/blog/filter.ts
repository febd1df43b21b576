/**
 * The blog list's filter (the search is case-insensitive and matches the title, the
 * excerpt or any tag; the category must match unless it is Todos), shared by the
 * static page and the browser island.
 */

import { posts } from '../../../shared/content-rules.json';

export const ALL_CATEGORIES = 'Todos';
export type BlogCategory = 'Técnico' | 'Negócios' | 'Casos de Sucesso' | 'Tutoriais';
/**
 * The categories, in the filter's order, from the content rules the server enforces
 * (shared/content-rules.json). JSON gives no literal types; the type above
 * names them for the badge colours, and tests/unit/content-rules.test.ts ties the two.
 */
export const BLOG_CATEGORIES = posts.category.values as readonly BlogCategory[] as readonly [BlogCategory, ...BlogCategory[]];

/** What a card needs, and what the filter looks at. */
export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  category: BlogCategory;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** Formatted for display, e.g. '06 de outubro de 2020'. */
  dateText: string;
  image: { src: string; srcset: string; width: number; height: number; alt: string };
}

export interface BlogFilter {
  category: string;
  query: string;
}

/** Lowercases and strips accents, so 'calibração' matches 'CALIBRACAO'. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** @example matches(article, { category: 'Todos', query: 'esp32' }) */
export function matches(article: Pick<ArticleSummary, 'title' | 'excerpt' | 'tags' | 'category'>, filter: BlogFilter): boolean {
  if (filter.category !== ALL_CATEGORIES && article.category !== filter.category) return false;
  const query = normalizeText(filter.query);
  if (!query) return true;
  return [article.title, article.excerpt, ...article.tags].some((field) => normalizeText(field).includes(query));
}

/** Reads the filter from a URL's query (`categoria`, `busca`), ignoring unknown categories. */
export function filterFromSearch(search: string): BlogFilter {
  const params = new URLSearchParams(search);
  const category = params.get('categoria') ?? ALL_CATEGORIES;
  return {
    category: (BLOG_CATEGORIES as readonly string[]).includes(category) ? category : ALL_CATEGORIES,
    query: params.get('busca') ?? '',
  };
}

/** Writes the filter as a query string ('' for the default view). */
export function filterToSearch(filter: BlogFilter): string {
  const params = new URLSearchParams();
  if (filter.category !== ALL_CATEGORIES) params.set('categoria', filter.category);
  if (filter.query.trim()) params.set('busca', filter.query.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Badge colours per category: Técnico grey, Negócios green, Casos de Sucesso purple, Tutoriais amber. */
export const CATEGORY_BADGE: Record<BlogCategory, string> = {
  Técnico: 'bg-slate-200 text-slate-800',
  Negócios: 'bg-green-100 text-green-800',
  'Casos de Sucesso': 'bg-purple-100 text-purple-800',
  Tutoriais: 'bg-amber-100 text-amber-900',
};
