/**
 * Editing a page: its SEO fields (title, meta title, meta description) and status;
 * name and slug are shown, not edited. Its 'Histórico' beside it, and the same guards
 * as a post's: no silent overwrite, unsaved changes kept in this browser.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
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
import { RevisionHistory } from '../revisions/RevisionHistory';
import { VersionedEdit } from '../revisions/VersionedEdit';
import { MetaDescriptionInput } from './MetaDescriptionInput';
import { PAGE_DELETE_CONFIRMATION, PAGE_STATUS_CHOICES, toPageUpdateBody, type PageFormValues } from './pageRules';

function PageSummary() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-page-summary>
      <strong>{String(record.name)}</strong> · /{String(record.slug)}
    </Typography>
  );
}

function PageToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle="Excluir página" confirmContent={PAGE_DELETE_CONFIRMATION} />
    </Toolbar>
  );
}

function PageEditView() {
  const record = useRecordContext();
  const [tab, setTab] = useState<'page' | 'history'>('page');
  if (!record) return null;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={`Editar página: ${String(record.name)}`} />
      <Tabs value={tab} onChange={(_event, value: 'page' | 'history') => setTab(value)} aria-label="Seções da página">
        <Tab value="page" label="Conteúdo" id="aba-conteudo" aria-controls="painel-conteudo" />
        <Tab value="history" label="Histórico" id="aba-historico" aria-controls="painel-historico" />
      </Tabs>
      <Box role="tabpanel" id="painel-conteudo" aria-labelledby="aba-conteudo" hidden={tab !== 'page'}>
        <SimpleForm toolbar={<PageToolbar />} sx={{ maxWidth: 760 }} warnWhenUnsavedChanges>
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
          <SelectInput source="status" choices={PAGE_STATUS_CHOICES} validate={required()} />
        </SimpleForm>
      </Box>
      <Box role="tabpanel" id="painel-historico" aria-labelledby="aba-historico" hidden={tab !== 'history'}>
        {tab === 'history' ? <RevisionHistory resource="pages" /> : null}
      </Box>
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
