/**
 * The moderation queue (admins and editors): comments newest first, pending by
 * default; approve, reject, mark as spam or delete several at once (react-admin's
 * undoable actions: done at once on screen, 'Desfazer' for a few seconds). On a phone the
 * table becomes react-admin's SimpleList, one card per comment.
 */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  BulkDeleteButton,
  BulkUpdateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { Spinner } from '../layout/AccessGate';
import { COMMENT_STATUS_CHOICES, commentStatusLabel, type CommentStatus } from './choices';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';

const Col = DataTable.Col<RaRecord>;

const EXCERPT = 120;
const excerpt = (text: unknown) => {
  const value = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return value.length > EXCERPT ? `${value.slice(0, EXCERPT - 1)}…` : value;
};

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar comentários" alwaysOn />,
  <SelectInput key="status" source="status" choices={COMMENT_STATUS_CHOICES} emptyText="Todos" alwaysOn />,
];

const STATUS_COLOR: Record<CommentStatus, 'warning' | 'success' | 'default' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'default',
  spam: 'error',
};

export function StatusChip({ status }: { status: unknown }) {
  return <Chip size="small" label={commentStatusLabel(status)} color={STATUS_COLOR[status as CommentStatus] ?? 'default'} />;
}

/** The article a comment is on, opening its public page. */
function ArticleLink({ record }: { record: RaRecord }) {
  return (
    <Link
      href={`/blog/${encodeURIComponent(String(record.article))}`}
      target="_blank"
      rel="noopener"
      onClick={(event) => event.stopPropagation()}
    >
      {String(record.article_title || record.article)}
    </Link>
  );
}

function BulkActions() {
  const moderation: { status: CommentStatus; label: string }[] = [
    { status: 'approved', label: 'Aprovar' },
    { status: 'rejected', label: 'Rejeitar' },
    { status: 'spam', label: 'Marcar como spam' },
  ];
  return (
    <>
      {moderation.map(({ status, label }) => (
        <BulkUpdateButton key={status} label={label} data={{ status }} />
      ))}
      <BulkDeleteButton />
    </>
  );
}

const empty = (
  <Typography sx={{ p: 3 }} color="text.secondary">
    Nenhum comentário encontrado.
  </Typography>
);

function CommentTable() {
  const { isPending } = useListContext();
  const phone = usePhone();
  if (isPending) return <Spinner label="Carregando comentários..." />;
  if (phone) {
    return (
      <SimpleList
        primaryText={(record) => `${String(record.name)} · ${commentStatusLabel(record.status)}`}
        secondaryText={(record) => excerpt(record.body)}
        tertiaryText={(record) => formatDateTime(record.created)}
        linkType="edit"
        empty={empty}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={<BulkActions />} rowClick="edit" empty={empty}>
      <Col source="status" render={(record) => <StatusChip status={record.status} />} />
      <Col source="article_title" render={(record) => <ArticleLink record={record} />} />
      <Col source="name" />
      <Col source="email" />
      <Col source="body" disableSort render={(record) => excerpt(record.body)} />
      <Col source="created" render={(record) => formatDateTime(record.created)} />
    </DataTable>
  );
}

export default function CommentList() {
  return (
    <List
      {...listLoadErrorProps()}
      title="Comentários"
      sort={{ field: 'created', order: 'DESC' }}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      exporter={false}
      empty={false}
    >
      <CommentTable />
    </List>
  );
}
