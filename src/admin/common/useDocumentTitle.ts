import { useEffect } from 'react';

/**
 * The tab's title while a screen is open: '<screen> · ' before the panel's own title
 * (src/pages/admin/index.astro), so a tab and a screen reader name the screen; the
 * panel's title comes back when the screen closes.
 * @example useDocumentTitle('Privacidade') // 'Privacidade · Painel Administrativo | Operium'
 */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    const panel = document.title;
    document.title = `${screen} · ${panel}`;
    return () => {
      document.title = panel;
    };
  }, [screen]);
}
