/**
 * The site search's results as the dialog shows them (src/islands/SiteSearch.tsx): the
 * types of the index (BaseLayout's `searchType`, and 'Downloads'), grouping in that order,
 * excerpts split into plain and highlighted text (so the island renders them as text,
 * never as HTML), and the status line.
 */
import { formatNumber } from '../format';
import { SEARCH_TYPES } from '../../config/search-index.mjs';

export interface ExcerptSegment {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  url: string;
  title: string;
  type: string;
  excerpt: ExcerptSegment[];
  /** A partial result's word that its page lacks (the query's other words are all in it). */
  missing?: string;
}

export { SEARCH_TYPES };
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchGroup {
  type: SearchType;
  hits: SearchHit[];
}

/** Hits grouped by type, in SEARCH_TYPES order, each group in the index's order (best first). */
export function groupHits(hits: readonly SearchHit[]): SearchGroup[] {
  return SEARCH_TYPES.map((type) => ({ type, hits: hits.filter((hit) => (hit.type || 'Páginas') === type) })).filter(
    (group) => group.hits.length > 0,
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Pagefind's excerpt (escaped text with `<mark>` around the words found) as segments.
 * @example excerptSegments('a <mark>PT100</mark> &amp; b') // [{ text: 'a ', mark: false }, { text: 'PT100', mark: true }, { text: ' & b', mark: false }]
 */
export function excerptSegments(excerpt: string): ExcerptSegment[] {
  const segments: ExcerptSegment[] = [];
  let marked = false;
  for (const part of excerpt.split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) segments.push({ text: decodeEntities(part.replace(/<[^>]*>/g, '')), mark: marked });
  }
  return segments;
}

/**
 * The searches asked when no page has every word of a query: each leaves one word out, so
 * the pages with all the other words are found (Pagefind finds only pages with every word).
 * @example partialQueries('fonte chaveada 48V') // [{ missing: 'fonte', query: 'chaveada 48V' }, { missing: 'chaveada', query: 'fonte 48V' }, { missing: '48V', query: 'fonte chaveada' }]
 */
export function partialQueries(query: string): { missing: string; query: string }[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return [];
  return words.map((missing, index) => ({ missing, query: words.filter((_, other) => other !== index).join(' ') }));
}

/**
 * The best of the partial searches' results: each page once, under its best score (a page
 * found without either of two words is listed for the one that scores it higher).
 * @param found each partial search's word left out and its results, best first
 */
export function bestPartial<T extends { id: string; score: number }>(
  found: readonly { missing: string; results: readonly T[] }[],
  limit: number,
): { missing: string; result: T }[] {
  const best = new Map<string, { missing: string; result: T }>();
  for (const { missing, results } of found) {
    for (const result of results.slice(0, limit)) {
      const known = best.get(result.id);
      if (!known || result.score > known.result.score) best.set(result.id, { missing, result });
    }
  }
  return [...best.values()].sort((a, b) => b.result.score - a.result.score).slice(0, limit);
}

/**
 * The status line under the field, read by screen readers.
 * @param partial the partial results shown when no page has every word
 */
export function resultsText(query: string, total: number, partial = 0): string {
  if (!query.trim()) return 'Digite o que procura: um produto, um modelo, um sensor, um protocolo.';
  if (total === 0 && partial > 0)
    return `Nenhuma página tem todas as palavras de “${query.trim()}”: ${formatNumber(partial)} ${partial === 1 ? 'resultado parcial' : 'resultados parciais'}.`;
  if (total === 0) return `Nenhum resultado para “${query.trim()}”.`;
  return `${formatNumber(total)} ${total === 1 ? 'resultado' : 'resultados'} para “${query.trim()}”.`;
}
