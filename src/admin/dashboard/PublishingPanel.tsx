/**
 * 'Publicação do site': the live build (time, duration, pages), a build in progress
 * with its stage, the records the live build left out (each with why and a link to
 * fix it), the last failure with its log, and 'Publicar agora'. Reads the
 * `site-builds` resource (restDataProvider.ts; the rows the publisher reports
 * through pb_hooks/publish.pb.js); 'Publicar agora' creates one.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PublishIcon from '@mui/icons-material/Publish';
import { Link, useCreate, useGetList, useNotify } from 'react-admin';
import { reasonOf } from '../errors';
import { useActor } from '../common/useActor';
import { can } from '../../lib/permissions';
import { formatDateTime, formatSeconds } from '../../lib/format';
import type { LeftOut, SiteBuild } from './publication';

const KIND: Record<LeftOut['collection'], string> = {
  posts: 'Post',
  pages: 'Página',
  public_site_settings: 'Configuração',
  comments: 'Comentário',
};

/** Where staff fix a left-out record. */
const editPath = (record: LeftOut) =>
  record.collection === 'public_site_settings' ? '/settings' : `/${record.collection}/${encodeURIComponent(record.id)}`;

/** The records the live build left out, each with why and where to fix it. */
function LeftOutList({ records }: { records: LeftOut[] }) {
  return (
    <Alert severity="warning" data-build="left-out" sx={{ mt: 2 }}>
      <AlertTitle>
        {records.length === 1
          ? '1 registro ficou fora da última publicação'
          : `${records.length} registros ficaram fora da última publicação`}
      </AlertTitle>
      O restante do site foi publicado. Corrija e salve de novo para publicar:
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {records.map((record) => (
          <li key={`${record.collection}:${record.id}`}>
            {KIND[record.collection]} <Link to={editPath(record)}>{record.label || record.id}</Link>: {record.reason}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

const dateTime = (value: string) => formatDateTime(value, { seconds: true }) || '–';

/** The newest build in one of these states; `running` asks for a refresh every 2 s instead of 15 s. */
function useLatestBuild(states: SiteBuild['state'][], running: boolean, enabled: boolean) {
  return useGetList<SiteBuild>(
    'site-builds',
    { filter: { state: states }, sort: { field: 'created', order: 'DESC' }, pagination: { page: 1, perPage: 1 } },
    // While a build runs its stage shows as it changes; the first query sees that itself.
    { enabled, refetchInterval: (query) => (running || query.state.data?.data.length ? 2_000 : 15_000) },
  );
}

/**
 * The build in progress, the live one and the last failure still news (newer than the
 * live build). `enabled` is false for those who may not publish (and may not read builds).
 */
export function usePublicationState(enabled = true) {
  const running = useLatestBuild(['building', 'queued'], false, enabled);
  const current = running.data?.[0];
  const succeeded = useLatestBuild(['success'], Boolean(current), enabled);
  const failed = useLatestBuild(['failed'], Boolean(current), enabled);
  const queries = [running, succeeded, failed];
  const live = succeeded.data?.[0];
  const failure = failed.data?.[0] && live && failed.data[0].created < live.created ? undefined : failed.data?.[0];
  return {
    current,
    live,
    failure,
    isPending: enabled && queries.some((query) => query.isPending),
    error: queries.find((query) => query.error)?.error,
  };
}

/** A failed publication in an editor's words; the build's technical log only for admins. */
function FailureNotice({ failure, showLog }: { failure: SiteBuild; showLog: boolean }) {
  return (
    <Alert severity="error" data-build="failure">
      <AlertTitle>A última publicação não foi concluída ({dateTime(failure.finished_at)})</AlertTitle>O site continua no ar com a
      versão anterior: o que foi salvo depois dela ainda não aparece para os visitantes. Tente “Publicar agora”; se não der certo,
      avise um administrador.
      {showLog ? (
        <Box component="details" sx={{ mt: 1 }}>
          <summary>Ver registro técnico (para administradores)</summary>
          <Box
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', fontSize: '0.75rem', maxHeight: 320, overflow: 'auto', bgcolor: 'grey.100', p: 1 }}
          >
            {failure.log.split('\n').slice(-60).join('\n')}
          </Box>
        </Box>
      ) : null}
    </Alert>
  );
}

export function PublishingPanel() {
  const notify = useNotify();
  const { actor } = useActor();
  const { current, live, failure, isPending, error } = usePublicationState();

  const [create, { isPending: isPublishing }] = useCreate<SiteBuild>();
  const publish = () =>
    create(
      'site-builds',
      { data: {} },
      {
        onSuccess: () => notify('Publicação solicitada. O site será atualizado em instantes.', { type: 'success' }),
        onError: (reason) => notify(`Erro ao publicar: ${reasonOf(reason)}`, { type: 'error' }),
      },
    );

  return (
    <Card component="section" aria-labelledby="publishing-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Typography id="publishing-title" component="h2" variant="h6">
            Publicação do site
          </Typography>
          <Button variant="contained" startIcon={<PublishIcon />} onClick={publish} disabled={isPublishing}>
            {isPublishing ? 'Solicitando...' : 'Publicar agora'}
          </Button>
        </Stack>
        {isPending ? <Typography color="text.secondary">Carregando publicação...</Typography> : null}
        {error ? <Alert severity="error">{`Erro ao carregar a publicação: ${reasonOf(error)}`}</Alert> : null}
        {current ? (
          <Box data-build="current" sx={{ mb: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {current.state === 'queued' ? 'Publicação na fila' : 'Publicando o site...'}
            </Typography>
            <LinearProgress aria-label="Progresso da publicação" sx={{ my: 1 }} />
            <Typography variant="body2" color="text.secondary">
              {current.progress || 'Aguardando'}
              {current.pages ? ` · ${current.pages} páginas geradas` : ''}
            </Typography>
          </Box>
        ) : null}
        {live ? (
          <Box data-build="live" sx={{ mb: failure ? 2 : 0 }}>
            <Typography variant="body2">
              <strong>No ar desde:</strong> {dateTime(live.finished_at)} · <strong>Duração:</strong>{' '}
              {formatSeconds(live.duration_ms)}
              {live.mode === 'local' ? (
                <>
                  {' '}
                  · <strong>Páginas:</strong> {live.pages}
                </>
              ) : (
                ' · via webhook de deploy'
              )}
            </Typography>
            {live.left_out?.length ? <LeftOutList records={live.left_out} /> : null}
          </Box>
        ) : !isPending && !current ? (
          <Typography variant="body2" color="text.secondary">
            Nenhuma publicação registrada ainda.
          </Typography>
        ) : null}
        {failure ? <FailureNotice failure={failure} showLog={can(actor, 'admin')} /> : null}
      </CardContent>
    </Card>
  );
}
