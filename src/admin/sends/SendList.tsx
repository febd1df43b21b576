/**
 * 'Envios': the history of newsletter sends (editors and admins), newest first, with
 * their counts; a running send's row updates until it ends.
 */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataTable, List, SimpleList, useListContext, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';
import { Spinner } from '../layout/AccessGate';
import { SEND_STATUS_LABELS, isRunning, progressText } from './sendStatus';

const Col = DataTable.Col<RaRecord>;

export function SendStatusChip({ status }: { status: string }) {
  const color = status === 'done' ? 'success' : status === 'failed' ? 'error' : status === 'sending' ? 'info' : 'default';
  return <Chip size="small" color={color} label={SEND_STATUS_LABELS[status] ?? status} />;
}

const empty = (
  <Typography sx={{ p: 3 }} color="text.secondary">
    Nenhuma newsletter enviada ainda. Envie um post publicado pelo botão 'Enviar newsletter' na tela do post.
  </Typography>
);

function SendTable() {
  const { isPending } = useListContext();
  const phone = usePhone();
  if (isPending) return <Spinner label="Carregando envios..." />;
  if (phone) {
    return (
      <SimpleList
        linkType="show"
        primaryText={(record) => String(record.post_title)}
        secondaryText={(record) => `${SEND_STATUS_LABELS[record.status] ?? record.status} · ${progressText(record)}`}
        tertiaryText={(record) => formatDateTime(record.created)}
        empty={empty}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick="show" empty={empty}>
      <Col source="post_title" />
      <Col source="status" render={(record) => <SendStatusChip status={String(record.status)} />} />
      <Col source="sent" label="resources.sends.fields.progress" disableSort render={(record) => progressText(record)} />
      <Col source="requested_by_name" />
      <Col source="created" render={(record) => formatDateTime(record.created)} />
      <Col source="finished_at" render={(record) => (record.finished_at ? formatDateTime(record.finished_at) : '—')} />
    </DataTable>
  );
}

export default function SendList() {
  return (
    <List
      {...listLoadErrorProps()}
      title="Envios da newsletter"
      filter={{ kind: 'post' }}
      sort={{ field: 'created', order: 'DESC' }}
      exporter={false}
      actions={false}
      empty={false}
      queryOptions={{ refetchInterval: (query) => (query.state.data?.data.some(isRunning) ? 2000 : false) }}
    >
      <SendTable />
    </List>
  );
}
