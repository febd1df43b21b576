import { useCallback, useEffect, useState } from 'react';

export interface LineChoice {
  id: string;
  name: string;
  iconText: string;
  color: string;
  productCount: number;
}

interface Props {
  lines: LineChoice[];
  defaultLine: string;
}

/** Reads `?category=` and falls back to the default line for missing or unknown values. */
function lineFromUrl(lines: LineChoice[], fallback: string): string {
  const value = new URLSearchParams(window.location.search).get('category');
  return lines.some((line) => line.id === value) ? (value as string) : fallback;
}

/**
 * The category cards of /produtos. The selection lives in the URL (`?category=`),
 * so it can be shared and the back button works. The line panels are static HTML
 * (`[data-line-panel]`); this island only shows the selected one. It hydrates at load
 * (`client:load`), not when seen: a page reloaded further down must still show the
 * URL's line.
 */
export default function LineSelector({ lines, defaultLine }: Props) {
  const [selected, setSelected] = useState(defaultLine);

  const show = useCallback((lineId: string) => {
    document.querySelectorAll<HTMLElement>('[data-line-panel]').forEach((panel) => {
      panel.hidden = panel.dataset.linePanel !== lineId;
    });
    setSelected(lineId);
  }, []);

  useEffect(() => {
    const sync = () => show(lineFromUrl(lines, defaultLine));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [lines, defaultLine, show]);

  const choose = (lineId: string) => {
    if (lineId === selected) return;
    const url = new URL(window.location.href);
    url.searchParams.set('category', lineId);
    window.history.pushState({ category: lineId }, '', url);
    show(lineId);
  };

  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Linhas de produtos">
      {lines.map((line) => {
        const active = line.id === selected;
        return (
          <li key={line.id}>
            <a
              href={`/produtos?category=${line.id}`}
              aria-current={active ? 'true' : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                choose(line.id);
              }}
              className={`flex h-full items-center gap-3 rounded-xl border-2 bg-white p-4 text-left transition hover:shadow-md ${
                active ? 'border-brand-700 shadow-md' : 'border-slate-200'
              }`}
            >
              <span
                aria-hidden="true"
                className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-lg font-bold text-white"
                style={{ backgroundColor: line.color }}
              >
                {line.iconText}
              </span>
              <span>
                <span className="block font-semibold text-ink">{line.name}</span>
                <span className="block text-sm text-muted">
                  {line.productCount} {line.productCount === 1 ? 'produto' : 'produtos'}
                </span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
