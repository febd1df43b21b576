/**
 * Newsletter subscribers (admins and editors read; only admins remove): newest
 * first, search by e-mail, CSV export of everything that matches.
 */
import Typography from '@mui/material/Typography';
import { DataTable, DeleteButton, List, SearchInput, SimpleList, TopToolbar, useListContext, type RaRecord } from 'react-admin';
import { canAccessArea } from '../access';
import { type CsvColumn } from '../audit/csv';
import { formatDateTime } from '../../lib/format';
import { ExportAllButton } from '../audit/ExportAllButton';
import { useActor } from '../common/useActor';
import { Spinner } from '../layout/AccessGate';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';

/** Columns typed for PocketBase records (every row has an id). */
const Col = DataTable.Col<RaRecord>;

const filters = [<SearchInput key="q" source="q" placeholder="Buscar por e-mail" alwaysOn />];

const CSV_COLUMNS: CsvColumn<RaRecord>[] = [
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Origem', value: (row) => row.source },
  { header: 'Consentimento em', value: (row) => formatDateTime(row.consented_at, { seconds: true }) },
  { header: 'Inscrito em', value: (row) => formatDateTime(row.created, { seconds: true }) },
];

function Actions() {
  return (
    <TopToolbar>
      <ExportAllButton columns={CSV_COLUMNS} filePrefix="newsletter" />
    </TopToolbar>
  );
}

const emptySubscribers = (
  <Typography sx={{ p: 3 }} color="text.secondary">
    Nenhum inscrito encontrado.
  </Typography>
);

function SubscriberTable() {
  const { isPending } = useListContext();
  const { actor } = useActor();
  const canDelete = canAccessArea(actor, 'newsletter', 'delete');
  const phone = usePhone();
  if (isPending) return <Spinner label="Carregando inscritos..." />;
  const remove = (record: RaRecord) => (
    <DeleteButton
      record={record}
      mutationMode="pessimistic"
      confirmTitle="Remover inscrito"
      confirmContent={`Tem certeza que deseja remover ${record.email} da newsletter?`}
      label="Remover"
    />
  );
  if (phone) {
    return (
      <SimpleList
        rowClick={false}
        primaryText={(record) => String(record.email)}
        secondaryText={(record) => String(record.source)}
        tertiaryText={(record) => formatDateTime(record.created)}
        rightIcon={canDelete ? remove : undefined}
        empty={emptySubscribers}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={false} empty={emptySubscribers}>
      <Col source="email" />
      <Col source="source" />
      <Col source="created" render={(record) => formatDateTime(record.created, { seconds: true })} />
      {canDelete ? <Col label="admin.list.actions" disableSort render={remove} /> : null}
    </DataTable>
  );
}

export default function SubscriberList() {
  return (
    <List
      {...listLoadErrorProps()}
      title="Newsletter"
      sort={{ field: 'created', order: 'DESC' }}
      filters={filters}
      actions={<Actions />}
      empty={false}
    >
      <SubscriberTable />
    </List>
  );
}
