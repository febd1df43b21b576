import type { KeyboardEvent, Ref } from 'react';
import { searchQuery } from '../../lib/search/query.mjs';
import { groupHits, type SearchHit } from '../../lib/search/results';
import { ResultLink } from './ResultLink';

/**
 * The results under the search field: grouped by type under headings, then the partial
 * results (each with the query's words, the one its page lacks struck through), then
 * 'Mostrar mais resultados' while there are more.
 */
export function ResultList({
  idPrefix,
  query,
  hits,
  partial,
  hasMore,
  onShowMore,
  onKeyDown,
  listRef,
}: {
  /** Makes the headings' ids unique on the page. */
  idPrefix: string;
  query: string;
  hits: SearchHit[];
  partial: SearchHit[];
  hasMore: boolean;
  onShowMore: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  listRef: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={listRef} className="flex-1 overflow-y-auto px-2 pb-4" onKeyDown={onKeyDown}>
      {groupHits(hits).map((group) => (
        <section key={group.type} aria-labelledby={`${idPrefix}-${group.type}`} className="mt-3">
          <h3 id={`${idPrefix}-${group.type}`} className="px-2 text-xs font-bold tracking-wide text-muted uppercase">
            {group.type}
          </h3>
          <ul className="mt-1">
            {group.hits.map((hit) => (
              <li key={hit.url}>
                <ResultLink hit={hit} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {partial.length ? (
        <section aria-labelledby={`${idPrefix}-parciais`} className="mt-3">
          <h3 id={`${idPrefix}-parciais`} className="px-2 text-xs font-bold tracking-wide text-muted uppercase">
            Resultados parciais
          </h3>
          <ul className="mt-1">
            {partial.map((hit) => (
              <li key={hit.url}>
                <ResultLink hit={hit} words={searchQuery(query).split(/\s+/)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          onClick={onShowMore}
          className="mx-2 mt-3 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Mostrar mais resultados
        </button>
      ) : null}
    </div>
  );
}
