/**
 * Posts, newest first, paginated, sorted and filtered on the server. Authors see
 * only their own (the server would also list everyone's published posts to them);
 * edit and delete buttons follow the permission table per record. 'Posts excluídos'
 * shows beside 'Novo Post', and on the empty page too (every post deleted).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import {
  CreateButton,
  DataTable,
  DeleteButton,
  EditButton,
  Empty,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { usePhone } from '../common/usePhone';
import { GitArticleList } from './GitArticleList';
import { formatDateTime } from '../../lib/format';
import { Spinner } from '../layout/AccessGate';
import { useActor } from '../common/useActor';
import { AdminLink } from '../common/AdminLink';
import { SiteLink, postPath } from '../common/SiteLink';
import { can } from '../../lib/permissions';
import { CATEGORY_CHOICES, POST_DELETE_CONFIRMATION, POST_STATUS_LABELS } from './postRules';
import { PostStatusChip } from './PostStatusChip';
import { listLoadErrorProps } from '../common/ListLoadError';

const STATUS_FILTER_CHOICES = Object.entries(POST_STATUS_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Buscar posts" />,
  <SelectInput key="status" source="status" choices={STATUS_FILTER_CHOICES} alwaysOn />,
  <SelectInput key="category" source="category" choices={CATEGORY_CHOICES} alwaysOn />,
];

/** The way to the trash, for those who may delete (and so restore) posts. */
function DeletedPostsLink() {
  const { actor } = useActor();
  if (!can(actor, 'delete')) return null;
  return (
    <Button component={AdminLink} to="/deleted-posts" size="small" startIcon={<RestoreFromTrashIcon />}>
      Posts excluídos
    </Button>
  );
}

function PostListActions() {
  return (
    <TopToolbar>
      <DeletedPostsLink />
      <CreateButton label="Novo Post" />
    </TopToolbar>
  );
}

/** react-admin's empty page replaces the list's actions: with every post deleted, the trash must stay reachable. */
function NoPosts() {
  return (
    <Stack sx={{ alignItems: 'center', pb: 3 }}>
      <Empty />
      <DeletedPostsLink />
    </Stack>
  );
}

export default function PostList() {
  const { actor, isPending } = useActor();
  if (isPending) return <Spinner />;
  const onlyOwn = actor?.role === 'author' ? { author: actor.id } : undefined;
  return (
    <>
      <List
        {...listLoadErrorProps()}
        title="Posts"
        sort={{ field: 'created', order: 'DESC' }}
        filter={onlyOwn}
        filters={filters}
        actions={<PostListActions />}
        empty={<NoPosts />}
        exporter={false}
        perPage={25}
      >
        <PostTable />
      </List>
      <GitArticleList />
    </>
  );
}

function PostTable() {
  const phone = usePhone();
  if (phone) {
    return (
      <SimpleList
        primaryText={(record) => String(record.title)}
        secondaryText={(record) =>
          `${POST_STATUS_LABELS[record.status as keyof typeof POST_STATUS_LABELS] ?? record.status} · ${record.category}`
        }
        tertiaryText={(record) =>
          record.published_at
            ? `Publicado em ${formatDateTime(record.published_at)}`
            : `Criado em ${formatDateTime(record.created)}`
        }
        rightIcon={(record) => {
          const path = postPath(record);
          return path ? <SiteLink path={path} title={String(record.title)} /> : null;
        }}
        linkType="edit"
      />
    );
  }
  return (
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="title" />
      <DataTable.Col source="status" render={(record: RaRecord) => <PostStatusChip status={String(record.status)} />} />
      <DataTable.Col source="category" />
      <DataTable.Col source="author_name" />
      <DataTable.Col source="created" cellSx={noWrap}>
        <DateTimeField source="created" />
      </DataTable.Col>
      <DataTable.Col source="published_at" cellSx={noWrap}>
        <DateTimeField source="published_at" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col label="admin.list.actions" disableSort align="right" cellSx={noWrap}>
        <PostSiteLink />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" confirmTitle="Excluir post" confirmContent={POST_DELETE_CONFIRMATION} />
      </DataTable.Col>
    </DataTable>
  );
}

const noWrap = () => ({ whiteSpace: 'nowrap' as const });

function PostSiteLink() {
  const record = useRecordContext();
  const path = postPath(record);
  return path ? <SiteLink path={path} title={String(record?.title ?? '')} /> : null;
}
