/**
 * Site pages (admins and editors), newest first, paginated, sorted and filtered on the
 * server; a scheduled page shows when it goes live. Filtered by 'Em revisão', this is
 * where reviewers look (the sidebar's 'Páginas para revisar', src/admin/common/reviewQueue.ts).
 */
import {
  CreateButton,
  DataTable,
  DeleteButton,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useRecordContext,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { SiteLink, pagePath } from '../common/SiteLink';
import { usePhone } from '../common/usePhone';
import { formatDateTime } from '../../lib/format';
import { PAGE_DELETE_CONFIRMATION, PAGE_STATUS_CHOICES, pageStatusLabel } from './pageRules';
import { PageStatusChip } from './PageStatusChip';
import { listLoadErrorProps } from '../common/ListLoadError';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Buscar páginas" />,
  <SelectInput key="status" source="status" choices={PAGE_STATUS_CHOICES} alwaysOn />,
];

const noWrap = () => ({ whiteSpace: 'nowrap' as const });

export default function PageList() {
  return (
    <List
      {...listLoadErrorProps()}
      title="Páginas"
      sort={{ field: 'created', order: 'DESC' }}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton label="Nova Página" />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
    >
      <PageTable />
    </List>
  );
}

function PageTable() {
  if (usePhone()) {
    return (
      <SimpleList
        primaryText={(record) => String(record.name)}
        secondaryText={(record) => `/${record.slug} · ${pageStatusLabel(record.status)}`}
        tertiaryText={(record) =>
          record.status === 'scheduled' ? `Publicar em ${formatDateTime(record.published_at)}` : formatDateTime(record.created)
        }
        rightIcon={(record) => {
          const path = pagePath(record);
          return path ? <SiteLink path={path} title={String(record.name)} /> : null;
        }}
        linkType="edit"
      />
    );
  }
  return (
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="slug" />
      <DataTable.Col source="status" render={(record: RaRecord) => <PageStatusChip status={String(record.status)} />} />
      <DataTable.Col source="created" cellSx={noWrap}>
        <DateTimeField source="created" />
      </DataTable.Col>
      <DataTable.Col source="published_at" label="admin.fields.scheduled_for" cellSx={noWrap}>
        <ScheduledFor />
      </DataTable.Col>
      <DataTable.Col label="admin.list.actions" disableSort align="right" cellSx={noWrap}>
        <PageSiteLink />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" confirmTitle="Excluir página" confirmContent={PAGE_DELETE_CONFIRMATION} />
      </DataTable.Col>
    </DataTable>
  );
}

/** When a scheduled page goes live; nothing for the others (a past schedule is no longer theirs). */
function ScheduledFor() {
  const record = useRecordContext();
  return record?.status === 'scheduled' ? <DateTimeField source="published_at" /> : <span>—</span>;
}

function PageSiteLink() {
  const record = useRecordContext();
  const path = pagePath(record);
  return path ? <SiteLink path={path} title={String(record?.name ?? '')} /> : null;
}
