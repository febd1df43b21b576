/**
 * The site search's results as the dialog shows them (src/islands/SiteSearch.tsx): the
 * types of the index (BaseLayout's `searchType`, and 'Downloads'), grouping in that order,
 * excerpts split into plain and highlighted text (so the island renders them as text,
 * never as HTML), and the status line.
 */
import { formatNumber } from './format';
import { SEARCH_TYPES } from '../config/search-index.mjs';

export interface ExcerptSegment {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  url: string;
  title: string;
  type: string;
  excerpt: ExcerptSegment[];
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

/** The status line under the field, read by screen readers. */
export function resultsText(query: string, total: number): string {
  if (!query.trim()) return 'Digite o que procura: um produto, um modelo, um sensor, um protocolo.';
  if (total === 0) return `Nenhum resultado para “${query.trim()}”.`;
  return `${formatNumber(total)} ${total === 1 ? 'resultado' : 'resultados'} para “${query.trim()}”.`;
}
