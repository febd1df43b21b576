/** 'Depoimentos' (editors and admins): the customer testimonials, by page and order. */
import {
  CreateButton,
  DataTable,
  DeleteButton,
  EditButton,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { TESTIMONIAL_GROUPS } from '../../../shared/page-sections.js';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';

const PAGE_CHOICES = TESTIMONIAL_GROUPS.map((group) => ({ id: group.value, name: group.label }));
const pageLabel = (record: RaRecord) => TESTIMONIAL_GROUPS.find((group) => group.value === record.page)?.label ?? '';
const filters = [<SelectInput key="page" source="page" choices={PAGE_CHOICES} alwaysOn />];

export default function TestimonialList() {
  const phone = usePhone();
  return (
    <List
      {...listLoadErrorProps()}
      title="Depoimentos"
      sort={{ field: 'order', order: 'ASC' }}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton label="Novo depoimento" />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => String(record.name)}
          secondaryText={(record) => `${pageLabel(record)} · ${record.order}`}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="company" />
          <DataTable.Col source="page" render={pageLabel} />
          <DataTable.Col source="order" />
          <DataTable.Col label="admin.list.actions" disableSort align="right">
            <EditButton />
            <DeleteButton
              mutationMode="pessimistic"
              confirmTitle="Excluir depoimento"
              confirmContent="O depoimento sai do site na próxima publicação. Esta ação não pode ser desfeita."
            />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
