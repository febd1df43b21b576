/**
 * The site search's results as the dialog shows them (src/islands/SiteSearch.tsx): the
 * types of the index (BaseLayout's `searchType`, and 'Downloads'), grouping in that order,
 * and the status line.
 */
import { formatNumber } from './format';
import { SEARCH_TYPES } from '../config/search-index.mjs';
import type { SearchHit } from './search-engine';

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

/** The status line under the field, read by screen readers. */
export function resultsText(query: string, total: number): string {
  if (!query.trim()) return 'Digite o que procura: um produto, um modelo, um sensor, um protocolo.';
  if (total === 0) return `Nenhum resultado para “${query.trim()}”.`;
  return `${formatNumber(total)} ${total === 1 ? 'resultado' : 'resultados'} para “${query.trim()}”.`;
}
