import { useEffect, useId, useRef, useState } from 'react';
import { icons } from '../../../../src/components/ui/icons';
import type { NavLink } from '../../../../src/config/navigation';

interface Props {
  links: NavLink[];
  cta: NavLink;
  /** The current path, to mark the active entry. */
  currentPath: string;
}

/**
 * The collapsible menu of small screens: a disclosure button (aria-expanded)
 * controlling a panel of links. Escape closes it and gives focus back to the button.
 *
 * The site uses src/components/layout/MobileMenu.astro (no React); this version is
 * the client-rendered peer of the benchmark (bench/lighthouse.mjs), kept in step with it.
 */
export default function MobileMenu({ links, cta, currentPath }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="xl:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded-lg p-2 text-ink hover:bg-slate-100"
      >
        <svg viewBox="0 0 24 24" fill="currentColor" className="h-6 w-6" aria-hidden="true" focusable="false">
          <path d={open ? icons.close : icons.menu} />
        </svg>
        <span className="sr-only">{open ? 'Fechar menu' : 'Abrir menu'}</span>
      </button>
      <div
        id={panelId}
        ref={panelRef}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg"
      >
        <nav aria-label="Menu principal (celular)">
          <ul className="mx-auto max-w-7xl space-y-1 px-4 py-4">
            {links.map((link) => {
              const current = !link.external && (link.href === '/' ? currentPath === '/' : currentPath.startsWith(link.href));
              return (
                <li key={link.href}>
                  <a
                    href={link.href}
                    {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                    className={`block rounded-lg px-3 py-2 text-base font-medium ${current ? 'bg-brand-50 text-brand-700' : 'text-ink hover:bg-slate-100'}`}
                  >
                    {link.label}
                    {link.external && <span className="sr-only"> (abre em nova aba)</span>}
                  </a>
                </li>
              );
            })}
            <li className="pt-2">
              <a
                href={cta.href}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded-lg bg-chat-600 px-3 py-2 text-center text-base font-semibold text-white hover:bg-chat-700"
              >
                {cta.label}
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
