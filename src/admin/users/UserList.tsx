/**
 * Users (admin only): newest first, with role badge, an active switch per row
 * (updates is_active only; the server ends that person's sessions), created
 * date, filters and the edit dialog.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import { useState } from 'react';
import {
  CreateButton,
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useNotify,
  useUpdate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { RoleBadge } from '../common/RoleBadge';
import { useActor } from '../common/useActor';
import { ROLE_CHOICES } from './choices';
import { UserEditDialog } from './UserEditDialog';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';
import { ROLE_LABELS, isRole } from '../../lib/permissions';

/** Columns typed for PocketBase records (every row has an id). */
const Col = DataTable.Col<RaRecord>;

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar por nome" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} emptyText="Todas" alwaysOn />,
  <NullableBooleanInput
    key="is_active"
    source="is_active"
    label="resources.users.filters.is_active"
    nullLabel="Todos"
    trueLabel="Ativos"
    falseLabel="Inativos"
    alwaysOn
  />,
];

const nameOf = (record: RaRecord) => String(record.full_name || record.email);
const roleLabel = (role: unknown) => (isRole(role) ? ROLE_LABELS[role] : String(role));

function ActiveSwitch({ record }: { record: RaRecord }) {
  const notify = useNotify();
  const { actor } = useActor();
  const [update, { isPending }] = useUpdate();
  const isSelf = actor?.id === record.id;
  const toggle = () =>
    update(
      'users',
      { id: record.id, data: { is_active: !record.is_active }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('resources.users.notifications.updated', { type: 'success', messageArgs: { smart_count: 1 } }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  const control = (
    <Switch
      checked={Boolean(record.is_active)}
      onChange={toggle}
      onClick={(event) => event.stopPropagation()}
      disabled={isPending || isSelf}
      slotProps={{ input: { 'aria-label': `Ativo: ${nameOf(record)}` } }}
    />
  );
  if (!isSelf) return control;
  return (
    <Tooltip title="Você não pode desativar a própria conta.">
      <span>{control}</span>
    </Tooltip>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton label="Novo Usuário" />
    </TopToolbar>
  );
}

export default function UserList() {
  const [editing, setEditing] = useState<Identifier | null>(null);
  return (
    <>
      <List
        {...listLoadErrorProps()}
        title="Usuários"
        sort={{ field: 'created', order: 'DESC' }}
        filters={filters}
        actions={<ListActions />}
      >
        <UserTable onEdit={setEditing} />
      </List>
      <UserEditDialog id={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function EditUserButton({ record, onEdit }: { record: RaRecord; onEdit: (id: Identifier) => void }) {
  return (
    <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(record.id)} aria-label={`Editar ${nameOf(record)}`}>
      Editar
    </Button>
  );
}

function UserTable({ onEdit }: { onEdit: (id: Identifier) => void }) {
  if (usePhone()) {
    return (
      <SimpleList
        rowClick={false}
        primaryText={(record) => nameOf(record)}
        secondaryText={(record) => `${record.email} · ${roleLabel(record.role)}`}
        tertiaryText={(record) => (record.is_active ? 'Ativo' : 'Inativo')}
        rightIcon={(record) => (
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <ActiveSwitch record={record} />
            <EditUserButton record={record} onEdit={onEdit} />
          </Stack>
        )}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={false}>
      <Col source="full_name" />
      <Col source="email" />
      <Col source="role" render={(record) => <RoleBadge role={record.role} />} />
      <Col source="is_active" render={(record) => <ActiveSwitch record={record} />} />
      <Col source="created">
        <DateTimeField source="created" showTime={false} />
      </Col>
      <Col label="admin.list.actions" disableSort render={(record) => <EditUserButton record={record} onEdit={onEdit} />} />
    </DataTable>
  );
}
