import type { SearchHit } from '../../lib/search/results';

/** The result links of the dialog (ResultLink's `data-result`), in the order they show. */
export const resultLinks = (root: HTMLElement | null) => [...(root?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? [])];

/**
 * A result: its title, its excerpt with the words found marked, and for a partial result
 * the query's words with the one its page lacks struck through (`words`).
 */
export function ResultLink({ hit, words = [] }: { hit: SearchHit; words?: string[] }) {
  const external = /^https?:\/\//.test(hit.url);
  return (
    <a
      href={hit.url}
      data-result
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="block rounded-lg px-2 py-2 hover:bg-slate-100 focus:bg-brand-50 focus:outline-2 focus:outline-brand-700"
    >
      <span className="block font-semibold text-ink">
        {hit.title}
        {external ? <span className="sr-only"> (abre em nova aba)</span> : null}
      </span>
      {hit.missing ? (
        <span className="mt-0.5 block text-xs text-muted">
          <span aria-hidden="true">
            {words.map((word, index) => (
              <span key={index}>
                {index ? ' ' : ''}
                {word === hit.missing ? <s>{word}</s> : word}
              </span>
            ))}
          </span>
          <span className="sr-only">sem a palavra “{hit.missing}”</span>
        </span>
      ) : null}
      <span className="mt-0.5 block text-sm break-words text-muted">
        {hit.excerpt.map((segment, index) =>
          segment.mark ? (
            <mark key={index} className="rounded bg-amber-100 px-0.5 text-ink">
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </span>
    </a>
  );
}
