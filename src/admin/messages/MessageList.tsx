/**
 * Contact messages stored by the public form (admins and editors): newest first,
 * unread in bold, filters (text, read state, interest), read/unread toggle per
 * row, CSV export of everything that matches. The header bell opens this list
 * with the filter {"read": false}.
 */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { type CsvColumn } from '../audit/csv';
import { formatDateTime } from '../../lib/format';
import { ExportAllButton } from '../audit/ExportAllButton';
import { Spinner } from '../layout/AccessGate';
import { hasMachineLabel, INTEREST_CHOICES, interestLabel, volumeLabel } from './choices';
import { ReadToggleIcon } from './ReadToggle';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';

/** Columns typed for PocketBase records (every row has an id). */
const Col = DataTable.Col<RaRecord>;

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar mensagens" alwaysOn />,
  <NullableBooleanInput
    key="read"
    source="read"
    label="resources.messages.filters.read"
    nullLabel="Todas"
    trueLabel="Lidas"
    falseLabel="Não lidas"
    alwaysOn
  />,
  <SelectInput key="interest" source="interest" choices={INTEREST_CHOICES} emptyText="Todos" alwaysOn />,
];

const CSV_COLUMNS: CsvColumn<RaRecord>[] = [
  { header: 'Recebida em', value: (row) => formatDateTime(row.created, { seconds: true }) },
  { header: 'Nome', value: (row) => row.name },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Telefone', value: (row) => row.phone },
  { header: 'Empresa', value: (row) => row.company },
  { header: 'Possui máquina', value: (row) => hasMachineLabel(row.has_machine) },
  { header: 'Volume', value: (row) => volumeLabel(row.volume) },
  { header: 'Interesse', value: (row) => interestLabel(row.interest) },
  { header: 'Mensagem', value: (row) => row.message },
  { header: 'Lida', value: (row) => Boolean(row.read) },
];

function Actions() {
  return (
    <TopToolbar>
      <ExportAllButton columns={CSV_COLUMNS} filePrefix="mensagens-de-contato" />
    </TopToolbar>
  );
}

const emptyMessages = (
  <Typography sx={{ p: 3 }} color="text.secondary">
    Nenhuma mensagem encontrada.
  </Typography>
);

function MessageTable() {
  const { isPending } = useListContext();
  const phone = usePhone();
  if (isPending) return <Spinner label="Carregando mensagens..." />;
  if (phone) {
    return (
      <SimpleList
        primaryText={(record) => `${record.read ? '' : 'Não lida · '}${record.name}`}
        secondaryText={(record) => `${interestLabel(record.interest)}${record.company ? ` · ${record.company}` : ''}`}
        tertiaryText={(record) => formatDateTime(record.created)}
        rowSx={(record) => ({ fontWeight: record.read ? 400 : 600 })}
        linkType="show"
        empty={emptyMessages}
      />
    );
  }
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick="show"
      rowSx={(record) => ({ '& td': { fontWeight: record.read ? 400 : 600 } })}
      empty={emptyMessages}
    >
      <Col
        source="read"
        label="resources.messages.fields.read_state"
        render={(record) =>
          record.read ? (
            <Chip size="small" label="Lida" variant="outlined" />
          ) : (
            <Chip size="small" label="Não lida" color="primary" />
          )
        }
      />
      <Col source="created" render={(record) => formatDateTime(record.created, { seconds: true })} />
      <Col source="name" />
      <Col source="email" />
      <Col source="company" />
      <Col source="interest" render={(record) => interestLabel(record.interest)} />
      <Col label="admin.list.actions" disableSort render={(record) => <ReadToggleIcon record={record} />} />
    </DataTable>
  );
}

export default function MessageList() {
  return (
    <List
      {...listLoadErrorProps()}
      title="Mensagens de contato"
      sort={{ field: 'created', order: 'DESC' }}
      filters={filters}
      actions={<Actions />}
      empty={false}
    >
      <MessageTable />
    </List>
  );
}
