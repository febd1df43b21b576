import { useEffect } from 'react';

/**
 * The panel's own title (src/pages/admin/index.astro), read once when the admin loads,
 * before any screen has put its name in front of it.
 */
const PANEL_TITLE = typeof document === 'undefined' ? '' : document.title;

/**
 * The tab's title while a screen is open: '<screen> · ' before the panel's own title, so
 * a tab and a screen reader name the screen; the panel's title comes back when the screen
 * closes. Every screen's heading sets it (layout/ScreenTitle.tsx); screens with a heading
 * of their own call it directly. An empty name leaves the title alone.
 * @example useDocumentTitle('Privacidade') // 'Privacidade · Painel Administrativo | Operium'
 */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    if (!screen) return;
    const title = `${screen} · ${PANEL_TITLE}`;
    document.title = title;
    return () => {
      // Another screen may have named the tab meanwhile: only our own title is taken back.
      if (document.title === title) document.title = PANEL_TITLE;
    };
  }, [screen]);
}
