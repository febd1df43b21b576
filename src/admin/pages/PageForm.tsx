/**
 * The page form shared by create and edit: name, slug (follows the name until edited;
 * on a published page a new slug keeps the old address as a redirect), the SEO title
 * and meta description, the menus the page appears in, its typed sections
 * (src/admin/pages/sections/), status, and 'Pré-visualizar'. An edit keeps
 * unsaved changes in this browser (src/admin/revisions/LocalCopyGuard.tsx).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  DeleteButton,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  maxValue,
  minLength,
  minValue,
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
import { MENU_ORDER_MAX, PAGE_DELETE_CONFIRMATION, PAGE_STATUS_CHOICES, publishError, type PageFormValues } from './pageRules';

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

/** Where the page's link shows: the top menu, the footer, and its place among the pages there. */
function MenuInputs() {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3, width: '100%' }}>
      <BooleanInput source="in_header" helperText={false} />
      <BooleanInput source="in_footer" helperText={false} />
      <NumberInput
        source="menu_order"
        min={0}
        max={MENU_ORDER_MAX}
        step={1}
        validate={[minValue(0), maxValue(MENU_ORDER_MAX)]}
        helperText="Menor primeiro, depois dos links fixos do site."
        sx={{ maxWidth: 260 }}
      />
    </Box>
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
              in_header: false,
              in_footer: false,
              menu_order: 0,
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
      <MenuInputs />
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
