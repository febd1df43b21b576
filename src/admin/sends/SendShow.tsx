/**
 * One newsletter send: its progress while it runs (polled every 2 s), its counts, who
 * started it, 'Cancelar envio', and the addresses that failed with the reason: a pt-BR
 * summary for everyone, the server's own words under it for admins (the API sends
 * error_detail to them only: pb_hooks/lib/newsletter/send.js).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  Pagination,
  ReferenceField,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { SiteLink } from '../common/SiteLink';
import { useMutationOnce } from '../common/useMutationOnce';
import { useAdminDataProvider } from '../dataProvider';
import { SendStatusChip } from './SendList';
import { isRunning, progressPercent, progressText } from './sendStatus';

const Col = DataTable.Col<RaRecord>;

function Progress() {
  const send = useRecordContext();
  if (!send) return null;
  const percent = progressPercent(send);
  return (
    <Box sx={{ maxWidth: 560 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Progresso do envio"
        sx={{ height: 8, borderRadius: 1, mb: 1 }}
      />
      <Typography variant="body2" role="status" data-testid="send-progress">
        {progressText(send)} ({percent}%)
      </Typography>
    </Box>
  );
}

function CancelButton() {
  const send = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  const cancelSend = useMutationOnce({
    mutationKey: ['newsletter-send-cancel', String(send?.id)],
    mutationFn: (id: string) => dataProvider.cancelNewsletterSend(id),
  });
  if (!send || !isRunning(send)) return null;
  const cancel = () =>
    cancelSend.mutate(String(send.id), {
      onSuccess: () => notify('Envio cancelado. Quem não recebeu pode receber num próximo envio deste post.', { type: 'info' }),
      onError: (failure) =>
        notify((failure as { response?: { message?: string } })?.response?.message || 'Não foi possível cancelar o envio.', {
          type: 'error',
        }),
      onSettled: () => refresh(),
    });
  return (
    <Button color="warning" variant="outlined" onClick={cancel} disabled={cancelSend.isPending}>
      Cancelar envio
    </Button>
  );
}

/** The mail server's own words about a failure, when the API sent them (admins). */
function ErrorDetail({ detail }: { detail: unknown }) {
  if (!detail) return null;
  return (
    <Typography variant="body2" component="div" sx={{ mt: 0.5, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      Detalhe técnico: {String(detail)}
    </Typography>
  );
}

function Waiting() {
  const send = useRecordContext();
  if (!send?.error) return null;
  return (
    <Alert severity={send.status === 'failed' ? 'error' : 'warning'}>
      {String(send.error)}
      <ErrorDetail detail={send.error_detail} />
    </Alert>
  );
}

/** The addresses that failed, with the reason (scrolls in its own box on a phone). */
function Failures() {
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Falhas
      </Typography>
      <ReferenceManyField
        reference="deliveries"
        target="send"
        filter={{ status: 'failed' }}
        sort={{ field: 'updated', order: 'DESC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25]} />}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          empty={
            <Typography variant="body2" color="text.secondary">
              Nenhuma falha.
            </Typography>
          }
        >
          <Col source="subscriber" render={() => <ReferenceField source="subscriber" reference="newsletter" link={false} />} />
          <Col
            source="error"
            render={(record) => (
              <>
                {String(record.error)}
                <ErrorDetail detail={record.error_detail} />
              </>
            )}
          />
          <Col source="attempts" />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}

function SendTitle() {
  const send = useRecordContext();
  return <>Envio: {String(send?.post_title ?? '')}</>;
}

export default function SendShow() {
  return (
    <Show
      title={<SendTitle />}
      actions={false}
      queryOptions={{ refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false) }}
    >
      <SimpleShowLayout>
        <Heading />
        <Waiting />
        <Progress />
        <CancelButton />
        <TextField source="subject" />
        <TextField source="requested_by_name" />
        <DateOf source="created" />
        <DateOf source="started_at" />
        <DateOf source="finished_at" />
        <Failures />
      </SimpleShowLayout>
    </Show>
  );
}

/** The post, its status and 'Ver no site'. */
function Heading() {
  const send = useRecordContext();
  if (!send) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2">
        {String(send.post_title)}
      </Typography>
      <SendStatusChip status={String(send.status)} />
      {send.post_url ? <SiteLink path={new URL(String(send.post_url)).pathname} title={String(send.post_title)} /> : null}
    </Stack>
  );
}

function DateOf({ source }: { source: string; label?: string }) {
  const send = useRecordContext();
  return <Typography variant="body2">{send?.[source] ? formatDateTime(send[source]) : '—'}</Typography>;
}
