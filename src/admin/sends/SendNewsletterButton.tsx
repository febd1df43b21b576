/**
 * 'Enviar newsletter' on a live post (CMS or git): a dialog with who receives it,
 * 'Enviar teste para mim' (to the signed-in staff member) and the send itself, which
 * runs in the background (server/newsletter) and opens its progress in 'Envios'.
 * The server decides everything shown here (pb_hooks/lib/newsletter/send.js).
 */
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAdminDataProvider } from '../dataProvider';
import { formatNumber } from '../../lib/format';
import { AdminLink, useAdminPath } from '../common/AdminLink';
import { useMutationOnce } from '../common/useMutationOnce';
import { audienceText } from './sendStatus';

const messageOf = (error: unknown) =>
  (error as { response?: { message?: string } })?.response?.message ||
  'Não foi possível falar com o servidor. Tente novamente em instantes.';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Follows a test send until it leaves the queue (a few seconds). */
async function testOutcome(
  dataProvider: ReturnType<typeof useAdminDataProvider>,
  id: string,
): Promise<{ ok: boolean; error?: string; to?: string }> {
  for (let i = 0; i < 60; i++) {
    const { data: send } = await dataProvider.getOne('sends', { id });
    if (send.status === 'done') return { ok: true, to: String(send.test_to) };
    if (send.status === 'failed') return { ok: false, error: String(send.error) };
    await wait(1000);
  }
  return { ok: false, error: 'O teste ainda está na fila. Confira sua caixa de entrada em alguns minutos.' };
}

export function SendNewsletterButton({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const dataProvider = useAdminDataProvider();
  const adminPath = useAdminPath();
  const titleId = useId();

  // Asked again each time the dialog opens: the counts change as people subscribe.
  const audienceQuery = useQuery({
    queryKey: ['newsletter-audience', slug],
    queryFn: () => dataProvider.newsletterAudience(slug),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const audience = open ? (audienceQuery.data ?? null) : null;
  const loadError = audienceQuery.error ? messageOf(audienceQuery.error) : '';

  const testSend = useMutationOnce({
    mutationKey: ['newsletter-send', slug, 'test'],
    mutationFn: async () => testOutcome(dataProvider, (await dataProvider.startNewsletterSend(slug, { test: true })).id),
  });
  const startSend = useMutationOnce({
    mutationKey: ['newsletter-send', slug],
    mutationFn: () => dataProvider.startNewsletterSend(slug),
  });
  const busy = testSend.isPending ? 'test' : startSend.isPending ? 'send' : '';
  const tested = testSend.data;
  const notice = tested?.ok ? `Teste enviado para ${tested.to}.` : '';
  const failure = startSend.error ?? testSend.error;
  const error = failure ? messageOf(failure) : tested && !tested.ok ? `O teste não foi enviado: ${tested.error}` : '';

  const openDialog = () => {
    testSend.reset();
    startSend.reset();
    setOpen(true);
  };

  const sendTest = () => {
    startSend.reset();
    testSend.mutate();
  };

  const send = () => {
    // A failed test's error gives way to the send's; a sent test's notice stays.
    if (!tested?.ok) testSend.reset();
    startSend.mutate(undefined, {
      onSuccess: ({ id }) => {
        setOpen(false);
        navigate(adminPath(`/sends/${id}/show`));
      },
    });
  };

  const ready = audience?.live && audience.mailReady && !audience.running;
  return (
    <>
      <Button size="small" startIcon={<SendIcon />} onClick={openDialog}>
        Enviar newsletter
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Enviar newsletter</DialogTitle>
        <DialogContent>
          {!audience && !loadError ? <CircularProgress size={24} aria-label="Carregando inscritos..." /> : null}
          {audience && !audience.live ? (
            <Alert severity="info">
              Este post ainda não está no ar. Publique-o e aguarde a publicação do site terminar para enviá-lo.
            </Alert>
          ) : null}
          {audience?.live ? (
            <>
              <DialogContentText sx={{ mb: 1 }}>
                <strong>{audience.title}</strong>
              </DialogContentText>
              <DialogContentText data-testid="newsletter-audience">{audienceText(audience)}</DialogContentText>
              <DialogContentText variant="body2" sx={{ mt: 1 }}>
                O e-mail leva o título, o resumo e o link do post, a imagem de capa quando o post tem uma (a capa desenhada a
                partir do título não vai), e o link para cancelar a inscrição.
              </DialogContentText>
            </>
          ) : null}
          {audience && audience.live && !audience.mailReady ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              Configure o envio de e-mail em{' '}
              <Link component={AdminLink} to="/settings">
                Configurações › Integrações
              </Link>{' '}
              antes de enviar a newsletter.
            </Alert>
          ) : null}
          {audience?.running ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              Esta newsletter já está sendo enviada.{' '}
              <Link component={AdminLink} to={`/sends/${audience.running}/show`}>
                Acompanhar o envio
              </Link>
            </Alert>
          ) : null}
          {notice ? (
            <Alert severity="success" sx={{ mt: 2 }} role="status">
              {notice}
            </Alert>
          ) : null}
          {error || loadError ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {error || loadError}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setOpen(false)} disabled={Boolean(busy)}>
            Cancelar
          </Button>
          <Button onClick={sendTest} disabled={!ready || Boolean(busy)}>
            {busy === 'test' ? 'Enviando teste...' : 'Enviar teste para mim'}
          </Button>
          <Button variant="contained" onClick={send} disabled={!ready || !audience?.toSend || Boolean(busy)}>
            {busy === 'send'
              ? 'Iniciando envio...'
              : audience?.toSend
                ? `Enviar para ${formatNumber(audience.toSend)} ${audience.toSend === 1 ? 'inscrito' : 'inscritos'}`
                : 'Enviar'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
