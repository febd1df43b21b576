/**
 * Editing one of the site's menus: its column title (the footer's columns) and its
 * links, in order (react-admin's list, whose arrows move a link up or down, by mouse
 * or keyboard). A link goes to a page chosen by name (it follows the page when its
 * address changes) or to an address: a path of the site or an https:// address.
 * The server refuses a page that no longer exists or a path the site does not serve.
 * 'Histórico' lists its versions; restoring one brings its links back.
 */
import Alert from '@mui/material/Alert';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  FormDataConsumer,
  maxLength,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { MENU_LIMITS } from '../../../shared/menus.js';
import { EditWithHistory } from '../revisions/EditWithHistory';
import { menuDefinition, toMenuBody, validateMenu, type MenuFormValues } from './menuRules';

const pageName = (record: RaRecord) =>
  `${String(record.name)}${record.status === 'published' ? '' : ' (rascunho: fora do site até ser publicada)'}`;

function MenuForm() {
  const record = useRecordContext();
  const definition = menuDefinition(record?.key);
  return (
    <SimpleForm
      validate={(values) => validateMenu(values as MenuFormValues)}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
        Cada link leva a uma página do site (escolha pelo nome) ou a um endereço. Use as setas para mudar a ordem. As mudanças
        aparecem no site na próxima publicação.
      </Alert>
      {definition?.hasTitle && <TextInput source="title" validate={maxLength(MENU_LIMITS.titleMax)} fullWidth />}
      <ArrayInput source="items" helperText={`Até ${MENU_LIMITS.maxItems} links.`}>
        <SimpleFormIterator
          inline
          disableClear
          getItemLabel={(index) => `${index + 1}.`}
          sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 } }}
        >
          <TextInput
            source="label"
            label="resources.menus.fields.item_label"
            helperText={false}
            validate={maxLength(MENU_LIMITS.labelMax)}
            sx={{ minWidth: 200 }}
          />
          <FormDataConsumer>
            {({ scopedFormData }) =>
              (scopedFormData as { url?: string } | undefined)?.url ? null : (
                <ReferenceInput source="page" reference="pages" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
                  <AutocompleteInput
                    label="resources.menus.fields.item_page"
                    optionText={pageName}
                    helperText={false}
                    sx={{ minWidth: 240 }}
                    parse={(value: string | null) => value ?? ''}
                  />
                </ReferenceInput>
              )
            }
          </FormDataConsumer>
          <FormDataConsumer>
            {({ scopedFormData }) =>
              (scopedFormData as { page?: string } | undefined)?.page ? null : (
                <TextInput
                  source="url"
                  label="resources.menus.fields.item_url"
                  helperText="/produtos ou https://…"
                  validate={maxLength(MENU_LIMITS.urlMax)}
                  sx={{ minWidth: 220 }}
                />
              )
            }
          </FormDataConsumer>
          <BooleanInput source="new_tab" label="resources.menus.fields.item_new_tab" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export default function MenuEdit() {
  return (
    <EditWithHistory
      resource="menus"
      title={(record) => `Menu: ${menuDefinition(record.key)?.label ?? String(record.key)}`}
      // The `updated` the form was loaded with: a save over someone else's is refused (409).
      transform={(values) => ({ ...toMenuBody(values as MenuFormValues), updated: values.updated })}
    >
      <MenuForm />
    </EditWithHistory>
  );
}
