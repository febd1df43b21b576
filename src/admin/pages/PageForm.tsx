/**
 * The page form shared by create and edit: name, slug (follows the name until edited;
 * on a published page a new slug keeps the old address as a redirect), the SEO title
 * and meta description, its typed sections (src/admin/pages/sections/) and status: as a
 * post's, 'Agendada' asks for a future date-time (published then by the server's minute
 * job) and 'Em revisão' carries a note for the editor or admin who checks the page.
 * 'Pré-visualizar' shows the page as the site will (PagePreview.tsx) beside the form on
 * a wide screen, in a dialog on a narrower one, following the typing; a click on a
 * section there opens its card. An edit keeps unsaved changes in this browser
 * (src/admin/revisions/LocalCopyGuard.tsx).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  DeleteButton,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  minLength,
  required,
  useRecordContext,
} from 'react-admin';
import { slugify } from '../../../shared/slug.js';
import { pagePath } from '../common/SiteLink';
import { LiveSiteLink, PublicationStatus } from '../common/PublicationStatus';
import { ScheduleInput } from '../posts/ScheduleInput';
import { SlugInput } from '../posts/SlugInput';
import { LocalCopyGuard } from '../revisions/LocalCopyGuard';
import { MetaDescriptionInput } from './MetaDescriptionInput';
import { LivePagePreview } from './PagePreview';
import { OpenSectionContext, type OpenSectionRequest } from './sections/openSection';
import { SectionsInput } from './sections/SectionsInput';
import { PreviewDialog } from '../common/SitePreview';
import { usePhone } from '../common/usePhone';
import { PAGE_DELETE_CONFIRMATION, PAGE_STATUS_CHOICES, publishError, type PageFormValues } from './pageRules';

function PageSummary() {
  const record = useRecordContext();
  const path = pagePath(record);
  if (!record || !path) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-page-summary>
      No site: {path} · <LiveSiteLink path={path} title={String(record.name)} />
    </Typography>
  );
}

/** 'Em revisão': the note for the editor or admin who checks the page before it goes public. */
function ReviewNoteInput() {
  const status = useWatch({ name: 'status' });
  if (status !== 'review') return null;
  return (
    <TextInput
      source="review_note"
      multiline
      minRows={2}
      validate={maxLength(2000)}
      fullWidth
      helperText="O que quem revisar deve conferir. A nota some quando a página é publicada ou agendada."
    />
  );
}

function PageToolbar({ canDelete }: { canDelete: boolean }) {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      {canDelete && <PublicationStatus path={pagePath(record)} />}
      {canDelete && (
        <DeleteButton mutationMode="pessimistic" confirmTitle="Excluir página" confirmContent={PAGE_DELETE_CONFIRMATION} />
      )}
    </Toolbar>
  );
}

/** The form and the preview side by side from this width up (a laptop's 1366 px leaves each about 540 px). */
const useWide = () => useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'));

export function PageForm({ isNew }: { isNew: boolean }) {
  const record = useRecordContext();
  const published = record?.status === 'published';
  const wide = useWide();
  const phone = usePhone();
  const [previewing, setPreviewing] = useState(false);
  const [opened, setOpened] = useState<OpenSectionRequest | null>(null);
  const beside = previewing && wide;
  // A click in the preview: that section's card opens (the dialog closes to show it).
  const openSection = (id: string) => {
    setOpened((previous) => ({ id, serial: (previous?.serial ?? 0) + 1 }));
    if (!wide) setPreviewing(false);
  };
  return (
    <OpenSectionContext.Provider value={opened}>
      <SimpleForm
        toolbar={<PageToolbar canDelete={!isNew} />}
        defaultValues={
          isNew
            ? {
                status: 'draft',
                content: { sections: [] },
              }
            : undefined
        }
        sx={{ maxWidth: beside ? 'none' : 960 }}
        warnWhenUnsavedChanges
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: beside ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
            gap: 3,
            width: '100%',
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0 }}>
            {!isNew && <LocalCopyGuard resource="pages" />}
            {!isNew && <PageSummary />}
            <Button
              startIcon={previewing ? <VisibilityOffIcon /> : <VisibilityIcon />}
              onClick={() => setPreviewing(!previewing)}
              aria-expanded={previewing}
              sx={{ mb: 1 }}
            >
              {previewing && wide ? 'Ocultar pré-visualização' : 'Pré-visualizar'}
            </Button>
            <TextInput source="name" validate={[required(), minLength(2), maxLength(120)]} fullWidth />
            <SlugInput
              from="name"
              follow={isNew || (record?.status === 'draft' && record.slug === slugify(String(record.name ?? '')))}
              max={120}
              {...(published ? { helperText: 'Pode ser editado; o endereço antigo continua levando a esta página.' } : {})}
            />
            <TextInput
              source="title"
              validate={maxLength(120)}
              fullWidth
              helperText="Título exibido nos buscadores e na aba do navegador."
            />
            <MetaDescriptionInput />
            <SectionsInput />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
              <SelectInput
                source="status"
                choices={PAGE_STATUS_CHOICES}
                validate={[required(), (_value: unknown, values: PageFormValues) => publishError(values) ?? undefined]}
                sx={{ minWidth: 220 }}
              />
              <ScheduleInput helperText="Data e hora (horário de Brasília) em que a página será publicada." />
            </Box>
            <ReviewNoteInput />
          </Box>
          {beside && (
            // Stays in view while the editor scrolls through the sections (under the app bar).
            <Box component="aside" aria-label="Pré-visualização" sx={{ position: 'sticky', top: 64, minWidth: 0 }}>
              <LivePagePreview height="calc(100vh - 150px)" onSection={openSection} />
            </Box>
          )}
        </Box>
        <PreviewDialog open={previewing && !wide} onClose={() => setPreviewing(false)}>
          {previewing && !wide && <LivePagePreview height={phone ? 'calc(100vh - 190px)' : 640} onSection={openSection} />}
        </PreviewDialog>
      </SimpleForm>
    </OpenSectionContext.Provider>
  );
}
