/**
 * Editing a page: its SEO fields (title, meta title, meta description), its sections
 * (a heading and a body each, in the visual editor) and status; name and slug are
 * shown, not edited. Its 'Histórico' beside it, and the same guards
 * as a post's: no silent overwrite, unsaved changes kept in this browser.
 */
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import {
  DeleteButton,
  SaveButton,
  Title,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRecordContext,
} from 'react-admin';
import { LocalCopyGuard } from '../revisions/LocalCopyGuard';
import { pagePath } from '../common/SiteLink';
import { LiveSiteLink, PublicationStatus } from '../common/PublicationStatus';
import { EditTabs } from '../revisions/EditTabs';
import { VersionedEdit } from '../revisions/VersionedEdit';
import { MetaDescriptionInput } from './MetaDescriptionInput';
import { SectionsInput } from './SectionsInput';
import { PAGE_DELETE_CONFIRMATION, PAGE_STATUS_CHOICES, toPageUpdateBody, publishError, type PageFormValues } from './pageRules';

function PageSummary() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-page-summary>
      <strong>{String(record.name)}</strong> · /{String(record.slug)}
      {pagePath(record) ? (
        <>
          {' · '}
          <LiveSiteLink path={pagePath(record)!} title={String(record.name)} />
        </>
      ) : null}
    </Typography>
  );
}

function PageToolbar() {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <PublicationStatus path={pagePath(record)} />
      <DeleteButton mutationMode="pessimistic" confirmTitle="Excluir página" confirmContent={PAGE_DELETE_CONFIRMATION} />
    </Toolbar>
  );
}

function PageEditView() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={`Editar página: ${String(record.name)}`} />
      <EditTabs resource="pages" label="Seções da página">
        <SimpleForm toolbar={<PageToolbar />} sx={{ maxWidth: 960 }} warnWhenUnsavedChanges>
          <LocalCopyGuard resource="pages" />
          <PageSummary />
          <TextInput
            source="title"
            validate={maxLength(120)}
            fullWidth
            helperText="Título exibido nos buscadores e na aba do navegador."
          />
          <TextInput source="meta_title" validate={maxLength(120)} fullWidth />
          <MetaDescriptionInput />
          <SectionsInput />
          <SelectInput
            source="status"
            choices={PAGE_STATUS_CHOICES}
            validate={[required(), (_value: unknown, values: PageFormValues) => publishError(values) ?? undefined]}
          />
        </SimpleForm>
      </EditTabs>
    </Card>
  );
}

export default function PageEdit() {
  return (
    <VersionedEdit resource="pages" transform={(values) => toPageUpdateBody(values as PageFormValues)}>
      <PageEditView />
    </VersionedEdit>
  );
}
