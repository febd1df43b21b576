/**
 * Newsletter subscribers (admins and editors read; only admins remove): newest
 * first, each with its double opt-in status, search by e-mail, a status filter, CSV
 * export of everything that matches.
 */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  DeleteButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { canAccessArea } from '../access';
import { type CsvColumn } from '../audit/csv';
import { formatDateTime } from '../../lib/format';
import { ExportAllButton } from '../audit/ExportAllButton';
import { useActor } from '../common/useActor';
import { Spinner } from '../layout/AccessGate';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';
import { SUBSCRIPTION_STATUS_CHOICES, subscriptionStatusLabel, type SubscriptionStatus } from './status';

/** Columns typed for PocketBase records (every row has an id). */
const Col = DataTable.Col<RaRecord>;

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar por e-mail" alwaysOn />,
  <SelectInput key="status" source="status" choices={SUBSCRIPTION_STATUS_CHOICES} emptyText="Todas" alwaysOn />,
];

const STATUS_COLOR: Record<SubscriptionStatus, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  confirmed: 'success',
  unsubscribed: 'default',
};

function StatusChip({ status }: { status: unknown }) {
  return (
    <Chip
      size="small"
      label={subscriptionStatusLabel(status)}
      color={STATUS_COLOR[status as SubscriptionStatus] ?? 'default'}
      data-status={String(status)}
    />
  );
}

const CSV_COLUMNS: CsvColumn<RaRecord>[] = [
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Situação', value: (row) => subscriptionStatusLabel(row.status) },
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
        secondaryText={(record) => `${subscriptionStatusLabel(record.status)} · ${String(record.source)}`}
        tertiaryText={(record) => formatDateTime(record.created)}
        rightIcon={canDelete ? remove : undefined}
        empty={emptySubscribers}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={false} empty={emptySubscribers}>
      <Col source="email" />
      <Col source="status" render={(record) => <StatusChip status={record.status} />} />
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
