/** Editing a page: its SEO fields (title, meta title, meta description) and status; name and slug are shown, not edited. */
import Typography from '@mui/material/Typography';
import {
  DeleteButton,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRecordContext,
} from 'react-admin';
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

function PageTitle() {
  const record = useRecordContext();
  return <span>Editar página: {record ? String(record.name) : ''}</span>;
}

export default function PageEdit() {
  return (
    <Edit
      title={<PageTitle />}
      mutationMode="pessimistic"
      redirect="list"
      transform={(values: PageFormValues) => toPageUpdateBody(values)}
    >
      <SimpleForm toolbar={<PageToolbar />} sx={{ maxWidth: 760 }} warnWhenUnsavedChanges>
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
    </Edit>
  );
}
