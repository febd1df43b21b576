/** 'Parceiros' (editors and admins): the partners every `partners` section shows, with their logos, in order. */
import { CreateButton, DataTable, DeleteButton, EditButton, List, SimpleList, TopToolbar } from 'react-admin';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';
import { PartnerLogo } from './PartnerLogo';

export default function PartnerList() {
  const phone = usePhone();
  return (
    <List
      {...listLoadErrorProps()}
      title="Parceiros"
      sort={{ field: 'order', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton label="Novo parceiro" />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
    >
      {phone ? (
        <SimpleList
          leftIcon={(record) => <PartnerLogo record={record} small />}
          primaryText={(record) => String(record.name)}
          secondaryText={(record) => `${String(record.kind)} · ${record.order}`}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="logo" disableSort render={(record) => <PartnerLogo record={record} />} />
          <DataTable.Col source="name" />
          <DataTable.Col source="full_name" />
          <DataTable.Col source="kind" />
          <DataTable.Col source="order" />
          <DataTable.Col label="admin.list.actions" disableSort align="right">
            <EditButton />
            <DeleteButton
              mutationMode="pessimistic"
              confirmTitle="Excluir parceiro"
              confirmContent="O parceiro sai do site na próxima publicação. Esta ação não pode ser desfeita."
            />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
