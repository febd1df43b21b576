/**
 * 'Publicação do site': the live build (time, duration, pages), a build in progress
 * with its stage, the last failure with its log, and 'Publicar agora'. Reads the
 * `site_builds` rows the publisher reports through pb_hooks/publish.pb.js.
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { useNotify } from 'react-admin';
import { reasonOf } from '../errors';
import { pb } from '../pocketbase';

interface SiteBuild extends RecordModel {
  state: 'queued' | 'building' | 'success' | 'failed';
  mode: 'local' | 'deploy-hook';
  reasons: string[] | null;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  pages: number;
  progress: string;
  log: string;
}

const dateTime = (value: string) => (value ? new Date(value.replace(' ', 'T')).toLocaleString('pt-BR') : '–');
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;

async function latestBuilds(): Promise<{ current?: SiteBuild; live?: SiteBuild; failure?: SiteBuild }> {
  const builds = pb.collection('site_builds');
  const first = async (filter: string) =>
    (await builds.getList<SiteBuild>(1, 1, { filter, sort: '-created', requestKey: null })).items[0];
  const [current, live, failure] = await Promise.all([
    first('state = "building" || state = "queued"'),
    first('state = "success"'),
    first('state = "failed"'),
  ]);
  // A failure older than the live build is history, not news.
  const staleFailure = failure && live && failure.created < live.created;
  return { current, live, failure: staleFailure ? undefined : failure };
}

export function PublishingPanel() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const builds = useQuery({
    queryKey: ['site-builds'],
    queryFn: latestBuilds,
    refetchInterval: (query) => (query.state.data?.current ? 2_000 : 15_000),
  });
  const publish = useMutation({
    mutationFn: () => pb.send('/api/site/publish', { method: 'POST', requestKey: null }),
    onSuccess: () => {
      notify('Publicação solicitada. O site será atualizado em instantes.', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['site-builds'] });
    },
    onError: (error) => notify(`Erro ao publicar: ${reasonOf(error)}`, { type: 'error' }),
  });
  const { current, live, failure } = builds.data ?? {};

  return (
    <Card component="section" aria-labelledby="publishing-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Typography id="publishing-title" component="h2" variant="h6">
            Publicação do site
          </Typography>
          <Button variant="contained" startIcon={<PublishIcon />} onClick={() => publish.mutate()} disabled={publish.isPending}>
            {publish.isPending ? 'Solicitando...' : 'Publicar agora'}
          </Button>
        </Stack>
        {builds.isPending ? <Typography color="text.secondary">Carregando publicação...</Typography> : null}
        {builds.error ? <Alert severity="error">{`Erro ao carregar a publicação: ${reasonOf(builds.error)}`}</Alert> : null}
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
              <strong>No ar desde:</strong> {dateTime(live.finished_at)} · <strong>Duração:</strong> {seconds(live.duration_ms)}
              {live.mode === 'local' ? (
                <>
                  {' '}
                  · <strong>Páginas:</strong> {live.pages}
                </>
              ) : (
                ' · via webhook de deploy'
              )}
            </Typography>
          </Box>
        ) : !builds.isPending && !current ? (
          <Typography variant="body2" color="text.secondary">
            Nenhuma publicação registrada ainda.
          </Typography>
        ) : null}
        {failure ? (
          <Alert severity="error" data-build="failure">
            <AlertTitle>Última publicação falhou ({dateTime(failure.finished_at)})</AlertTitle>O site no ar continua sendo a
            versão anterior.
            <Box component="details" sx={{ mt: 1 }}>
              <summary>Ver registro do build</summary>
              <Box
                component="pre"
                sx={{ whiteSpace: 'pre-wrap', fontSize: '0.75rem', maxHeight: 320, overflow: 'auto', bgcolor: 'grey.100', p: 1 }}
              >
                {failure.log.split('\n').slice(-60).join('\n')}
              </Box>
            </Box>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
