/** A new page: name, slug (from the name until edited), SEO title, meta description, sections and status. */
import { Create, SelectInput, SimpleForm, TextInput, maxLength, minLength, required } from 'react-admin';
import { SlugInput } from '../posts/SlugInput';
import { MetaDescriptionInput } from './MetaDescriptionInput';
import { SectionsInput } from './SectionsInput';
import { PAGE_STATUS_CHOICES, toPageCreateBody, publishError, type PageFormValues } from './pageRules';

export default function PageCreate() {
  return (
    <Create title="Nova Página" redirect="edit" transform={(values: PageFormValues) => toPageCreateBody(values)}>
      <SimpleForm
        defaultValues={{ status: 'draft', content: { sections: [{ heading: '', body: '' }] } }}
        sx={{ maxWidth: 960 }}
        warnWhenUnsavedChanges
      >
        <TextInput source="name" validate={[required(), minLength(2), maxLength(120)]} fullWidth />
        <SlugInput from="name" follow max={120} />
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
      </SimpleForm>
    </Create>
  );
}
