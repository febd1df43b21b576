/**
 * The audit log (admin only): filters by action, table, user and date range,
 * server-side pagination and sort, a details dialog per row and CSV export of
 * every row that matches the filters.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import {
  AutocompleteInput,
  DataTable,
  SimpleList,
  List,
  Pagination,
  ReferenceInput,
  SelectInput,
  TopToolbar,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { Spinner } from '../layout/AccessGate';
import { type CsvColumn } from './csv';
import { formatDateTime } from '../../lib/format';
import { dayEnd, dayStart } from './dateRange';
import { BrDateInput } from './BrDateInput';
import { AuditDetails } from './AuditDetails';
import { ExportAllButton } from './ExportAllButton';
import { ACTION_CHOICES, ACTION_COLORS, actionLabel, countText, shortId, TABLE_CHOICES, TABLE_LABELS } from './labels';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';

/** Columns typed for PocketBase records (every row has an id). */
const Col = DataTable.Col<RaRecord>;

const userName = (user: RaRecord) => String(user.full_name || user.email || user.id);

const filters = [
  <SelectInput key="action" source="action" choices={ACTION_CHOICES} emptyText="Todas" alwaysOn />,
  <SelectInput key="table_name" source="table_name" choices={TABLE_CHOICES} emptyText="Todas" alwaysOn />,
  <ReferenceInput key="user" source="user" reference="users" alwaysOn>
    <AutocompleteInput label="resources.audit.fields.user" optionText={userName} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <BrDateInput key="created_gte" source="created_gte" alwaysOn toBound={dayStart} />,
  <BrDateInput key="created_lte" source="created_lte" alwaysOn toBound={dayEnd} />,
];

const CSV_COLUMNS: CsvColumn<RaRecord>[] = [
  { header: 'Data/Hora', value: (row) => formatDateTime(row.created, { seconds: true }) },
  { header: 'Usuário', value: (row) => row.actor },
  { header: 'ID do usuário', value: (row) => row.user },
  { header: 'Ação', value: (row) => actionLabel(row.action) },
  { header: 'Tabela', value: (row) => row.table_name },
  { header: 'ID do registro', value: (row) => row.record_id },
  { header: 'IP', value: (row) => row.ip },
  { header: 'Valores antigos', value: (row) => row.old_values },
  { header: 'Valores novos', value: (row) => row.new_values },
];

function ClearFiltersButton() {
  const { filterValues, setFilters } = useListContext();
  return (
    <Button
      size="small"
      startIcon={<ClearIcon />}
      onClick={() => setFilters({}, {}, false)}
      disabled={Object.keys(filterValues).length === 0}
    >
      Limpar filtros
    </Button>
  );
}

function AuditActions() {
  return (
    <TopToolbar>
      <ClearFiltersButton />
      <ExportAllButton columns={CSV_COLUMNS} filePrefix="auditoria" />
    </TopToolbar>
  );
}

function CountText() {
  const { total, isPending, error } = useListContext();
  // Without an error, a list with no total is one past the data provider's exact limit.
  const text = isPending || error ? null : countText(total, total === undefined);
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }} role="status" data-testid="audit-count">
      {text}
    </Typography>
  );
}

/** Who acted, as they were named then: a later rename or deletion does not rewrite history. */
function UserCell({ record }: { record: RaRecord }) {
  return <>{record.actor || 'sistema'}</>;
}

function DetailsButton({ record, onOpen }: { record: RaRecord; onOpen: (record: RaRecord) => void }) {
  return (
    <Button
      size="small"
      startIcon={<VisibilityIcon />}
      onClick={() => onOpen(record)}
      aria-label={`Detalhes: ${actionLabel(record.action)} em ${record.table_name} ${shortId(record.record_id)}`}
    >
      Detalhes
    </Button>
  );
}

const tableLabel = (name: string) => TABLE_LABELS[name] ?? name;

const emptyAudit = (
  <Typography sx={{ p: 3 }} color="text.secondary">
    Nenhum log de auditoria encontrado com os filtros aplicados.
  </Typography>
);

function AuditTable() {
  const { isPending } = useListContext();
  const phone = usePhone();
  const [details, setDetails] = useState<RaRecord | null>(null);
  if (isPending) return <Spinner label="Carregando logs de auditoria..." />;
  return (
    <>
      <CountText />
      {phone ? (
        <SimpleList
          rowClick={false}
          primaryText={(record) =>
            `${actionLabel(record.action)} · ${tableLabel(record.table_name)} ${shortId(record.record_id)}`
          }
          secondaryText={(record) => record.actor || 'sistema'}
          tertiaryText={(record) => formatDateTime(record.created, { seconds: true })}
          rightIcon={(record) => <DetailsButton record={record} onOpen={setDetails} />}
          empty={emptyAudit}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} empty={emptyAudit}>
          <Col source="created" render={(record) => formatDateTime(record.created, { seconds: true })} />
          <Col source="user" disableSort render={(record) => <UserCell record={record} />} />
          <Col
            source="action"
            render={(record) => (
              <Chip
                size="small"
                label={actionLabel(record.action)}
                color={ACTION_COLORS[record.action as keyof typeof ACTION_COLORS] ?? 'default'}
                variant="outlined"
              />
            )}
          />
          <Col source="table_name" render={(record) => <span title={record.table_name}>{tableLabel(record.table_name)}</span>} />
          <Col
            source="record_id"
            render={(record) => (
              <Box component="code" title={record.record_id}>
                {shortId(record.record_id)}
              </Box>
            )}
          />
          <Col
            label="admin.list.details"
            disableSort
            render={(record) => <DetailsButton record={record} onOpen={setDetails} />}
          />
        </DataTable>
      )}
      <AuditDetails record={details} onClose={() => setDetails(null)} />
    </>
  );
}

export default function AuditList() {
  return (
    <List
      title="Auditoria"
      sort={{ field: 'created', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={<AuditActions />}
      empty={false}
      {...listLoadErrorProps(<Pagination rowsPerPageOptions={[25, 50, 100, 200]} />)}
    >
      <AuditTable />
    </List>
  );
}
