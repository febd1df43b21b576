/**
 * The page form shared by create and edit: name, slug (follows the name until edited;
 * on a published page a new slug keeps the old address as a redirect), the SEO title
 * and meta description, the menus the page appears in, its typed sections
 * (src/admin/pages/sections/), status, and 'Pré-visualizar'. An edit keeps
 * unsaved changes in this browser (src/admin/revisions/LocalCopyGuard.tsx).
 */
import Typography from '@mui/material/Typography';
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
import { PreviewButton } from '../common/SitePreview';
import { pagePath } from '../common/SiteLink';
import { LiveSiteLink, PublicationStatus } from '../common/PublicationStatus';
import { SlugInput } from '../posts/SlugInput';
import { LocalCopyGuard } from '../revisions/LocalCopyGuard';
import { MetaDescriptionInput } from './MetaDescriptionInput';
import { PagePreview } from './PagePreview';
import { SectionsInput } from './sections/SectionsInput';
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

export function PageForm({ isNew }: { isNew: boolean }) {
  const record = useRecordContext();
  const published = record?.status === 'published';
  return (
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
      sx={{ maxWidth: 960 }}
      warnWhenUnsavedChanges
    >
      {!isNew && <LocalCopyGuard resource="pages" />}
      {!isNew && <PageSummary />}
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
      <SelectInput
        source="status"
        choices={PAGE_STATUS_CHOICES}
        validate={[required(), (_value: unknown, values: PageFormValues) => publishError(values) ?? undefined]}
      />
      <PreviewButton render={(values, height) => <PagePreview values={values as PageFormValues} height={height} />} />
    </SimpleForm>
  );
}
