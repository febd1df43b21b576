/** 'Perguntas frequentes' (editors and admins): the questions every `faq` section shows, in order. */
import { CreateButton, DataTable, DeleteButton, EditButton, List, SimpleList, TopToolbar } from 'react-admin';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';

export default function FaqList() {
  const phone = usePhone();
  return (
    <List
      {...listLoadErrorProps()}
      title="Perguntas frequentes"
      sort={{ field: 'order', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton label="Nova pergunta" />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => String(record.question)}
          secondaryText={(record) => `Ordem ${record.order}`}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="order" />
          <DataTable.Col source="question" />
          <DataTable.Col label="admin.list.actions" disableSort align="right">
            <EditButton />
            <DeleteButton
              mutationMode="pessimistic"
              confirmTitle="Excluir pergunta"
              confirmContent="A pergunta sai do site na próxima publicação. Esta ação não pode ser desfeita."
            />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
