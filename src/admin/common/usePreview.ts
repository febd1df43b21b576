/**
 * The preview of a body as the site will publish it: rendered by the site's own
 * Markdown pipeline on the server (POST /api/site/preview, pb_hooks/preview.pb.js),
 * asked for once the text has been still for a moment, the newest answer winning.
 */
import { useEffect, useState } from 'react';
import { useAdminDataProvider } from '../dataProvider';
import { reasonOf } from '../errors';

/** How long the text must stay unchanged before a preview is asked for. */
const QUIET_MS = 400;

export interface Preview {
  html: string;
  /** A pt-BR reason when the preview could not be made. */
  error: string | null;
  loading: boolean;
}

export function usePreview(markdown: string, enabled = true): Preview {
  const dataProvider = useAdminDataProvider();
  // The last answer and the text it answers; loading while that is not the text shown now.
  const [answer, setAnswer] = useState<{ markdown: string | null; html: string; error: string | null }>({
    markdown: null,
    html: '',
    error: null,
  });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const timer = setTimeout(() => {
      dataProvider.renderPreview(markdown).then(
        ({ html }) => current && setAnswer({ markdown, html, error: null }),
        (error: unknown) => current && setAnswer((previous) => ({ ...previous, markdown, error: reasonOf(error) })),
      );
    }, QUIET_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [markdown, enabled, dataProvider]);
  return { html: answer.html, error: answer.error, loading: enabled && answer.markdown !== markdown };
}
