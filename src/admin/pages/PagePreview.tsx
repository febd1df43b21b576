/**
 * The page as the site will show it, beside its form: rendered by the site's own
 * components in the publisher (usePagePreview.ts) while the editor types, in the site's
 * frame (src/admin/common/SitePreview.tsx). A click on a section opens that section's
 * card in the form (`onSection`); links and buttons in the preview go nowhere, as it is a
 * picture of the page to edit, not the site to browse.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { SitePreviewFrame } from '../common/SitePreview';
import { sectionsOf, type PageFormValues } from './pageRules';
import { clickedSectionId, usePagePreview } from './usePagePreview';

/** What a section shows under the pointer: it can be clicked to edit. */
const EDITABLE_STYLE = `
  [data-page-preview] [data-section-id] { cursor: pointer; }
  [data-page-preview] [data-section-id]:hover { outline: 2px dashed #2563eb; outline-offset: -2px; }
`;

export function LivePagePreview({ height, onSection }: { height: number | string; onSection: (id: string) => void }) {
  const [name, title, description, content] = useWatch({ name: ['name', 'title', 'meta_description', 'content'] }) as [
    string | undefined,
    string | undefined,
    string | undefined,
    PageFormValues['content'],
  ];
  const preview = usePagePreview({
    // As the page's route names it (src/pages/[...page].astro).
    name: (name ?? '').trim() || (title ?? '').trim() || 'Sem nome',
    description: (description ?? '').trim(),
    sections: sectionsOf(content),
  });

  const click = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    const id = clickedSectionId(event, event.currentTarget);
    if (id) onSection(id);
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {preview.loading ? 'Atualizando a pré-visualização…' : 'Clique numa seção para editá-la.'}
        </Typography>
      </Box>
      {preview.loading && <LinearProgress aria-hidden sx={{ position: 'absolute', left: 0, right: 0, top: 24, height: 2 }} />}
      {preview.error && (
        <Typography role="alert" variant="body2" sx={{ mb: 1, p: 1, borderRadius: 1, bgcolor: 'warning.light' }}>
          {preview.error}
        </Typography>
      )}
      <SitePreviewFrame title="Pré-visualização da página" height={height}>
        <style>{preview.css + EDITABLE_STYLE}</style>
        {/* The publisher's HTML: the site's components, their Markdown through the site's sanitizing pipeline. */}
        <main data-page-preview onClick={click} dangerouslySetInnerHTML={{ __html: preview.html }} />
      </SitePreviewFrame>
    </Box>
  );
}
