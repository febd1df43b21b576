/**
 * 'Privacidade' (admins only): data-subject requests (LGPD art. 18). Given an e-mail it
 * shows what the system holds about it (contact messages, comments, the newsletter
 * subscription, a staff account; analytics holds none), 'Exportar' downloads it as
 * JSON in the screen's words (facts.ts) and 'Excluir dados' erases it after a confirmation that asks what to do with
 * the comments' text. Below, the recent requests (privacy_requests): who, when, what
 * and how many records, never the e-mail. The e-mail only travels in the JSON body of
 * the POSTs (the data provider's privacy* methods, called through react-query's
 * mutations, common/useMutationOnce.ts): never in an address, never stored by the panel.
 *
 * This file holds the screen's state and focus; each part of the screen is a file of
 * this folder (SearchCard, HoldingsCard with Holdings, EraseDialog, RecentRequests).
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { isEmail } from '../../lib/forms/public-forms';
import { canAccessArea } from '../access';
import { AccessDenied } from '../common/AccessDenied';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useMutationOnce } from '../common/useMutationOnce';
import { useActor } from '../common/useActor';
import { useAdminDataProvider } from '../dataProvider';
import { fieldMessages, reasonOf } from '../errors';
import { Spinner } from '../layout/AccessGate';
import { downloadFile } from './download';
import { EraseDialog } from './EraseDialog';
import { EXPORT_FILENAME, personalDataFile } from './facts';
import { HoldingsCard } from './HoldingsCard';
import { RecentRequests, useRecentRequests } from './RecentRequests';
import { SearchCard } from './SearchCard';
import { countsText, erasureText, holdingsCounts, type CommentText, type PrivacyHoldings } from './summary';
import { WRAP } from './wrap';

const EMAIL_MESSAGE = 'Informe um e-mail válido.';

type FocusTarget = 'email' | 'results' | 'erasure' | 'erase-button';

function PrivacyView() {
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const requests = useRecentRequests();
  const refetchRequests = () => void requests.refetch();

  const lookupRequest = useMutationOnce({
    mutationKey: ['privacy', 'lookup'],
    mutationFn: (address: string) => dataProvider.privacyLookup(address),
  });
  const exportRequest = useMutationOnce({
    mutationKey: ['privacy', 'export'],
    mutationFn: (address: string) => dataProvider.privacyExport(address),
  });
  const eraseRequest = useMutationOnce({
    mutationKey: ['privacy', 'erase'],
    mutationFn: ({ address, commentText }: { address: string; commentText: CommentText }) =>
      dataProvider.privacyErase(address, commentText),
  });
  const busy = lookupRequest.isPending ? 'lookup' : exportRequest.isPending ? 'export' : eraseRequest.isPending ? 'erase' : null;

  const [input, setInput] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  /** The result shown, with its e-mail: exports and erasures act on it, not on what the field holds now. */
  const [shown, setShown] = useState<{ email: string; held: PrivacyHoldings } | null>(null);
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  /** Each opening of the confirmation is a new dialog: nothing chosen, no error. */
  const [openings, setOpenings] = useState(0);
  const [erasure, setErasure] = useState<{ text: string; staff: string } | null>(null);

  // A refusal of the e-mail itself shows at the field (fieldError); any other under the search.
  const lookupFailure = lookupRequest.error;
  const lookupError =
    lookupFailure && !fieldMessages(lookupFailure).email ? `Não foi possível buscar os dados: ${reasonOf(lookupFailure)}` : null;
  const eraseError = eraseRequest.error ? `Não foi possível excluir os dados: ${reasonOf(eraseRequest.error)}` : null;

  const emailRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const erasureRef = useRef<HTMLDivElement>(null);
  const eraseButtonRef = useRef<HTMLButtonElement>(null);
  // Focus moves after the render that shows its target.
  const [focus, setFocus] = useState<{ target: FocusTarget } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const targets = { email: emailRef, results: resultsRef, erasure: erasureRef, 'erase-button': eraseButtonRef };
    targets[focus.target].current?.focus();
  }, [focus]);

  const lookup = (address: string, then: FocusTarget) => {
    setStatus('Buscando...');
    lookupRequest.mutate(address, {
      onSuccess: (result) => {
        setShown({ email: address, held: result });
        setStatus(`Resultado para ${address}: ${countsText(holdingsCounts(result), 'nenhum dado pessoal encontrado')}.`);
        setFocus({ target: then });
      },
      onError: (failure) => {
        const field = fieldMessages(failure).email;
        setShown(null);
        setStatus('');
        if (field) setFieldError(field);
        setFocus({ target: !field && then === 'erasure' ? 'erasure' : 'email' });
      },
      onSettled: refetchRequests,
    });
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const address = input.trim().toLowerCase();
    if (!isEmail(address)) {
      setFieldError(EMAIL_MESSAGE);
      setFocus({ target: 'email' });
      return;
    }
    setFieldError(null);
    setErasure(null);
    setShown(null);
    lookup(address, 'results');
  };

  const download = (email: string) =>
    exportRequest.mutate(email, {
      onSuccess: (exported) => {
        downloadFile(
          new Blob([JSON.stringify(personalDataFile(exported), null, 2)], { type: 'application/json' }),
          EXPORT_FILENAME,
        );
        notify(`Arquivo ${EXPORT_FILENAME} baixado.`, { type: 'success' });
      },
      onError: (failure) => notify(`Não foi possível exportar os dados: ${reasonOf(failure)}`, { type: 'error' }),
      onSettled: refetchRequests,
    });

  const erase = (email: string, commentText: CommentText) =>
    eraseRequest.mutate(
      { address: email, commentText },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setErasure({ text: erasureText(result.erased, commentText), staff: result.notes.staff });
          // What is left (nothing, or a staff account): the summary keeps the focus.
          lookup(email, 'erasure');
        },
      },
    );

  return (
    <Stack spacing={2} sx={{ py: 2, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }} gutterBottom>
          Privacidade
        </Typography>
        <Typography color="text.secondary">
          Pedidos de titulares de dados (LGPD, art. 18): veja tudo o que o site guarda sobre um e-mail, exporte esses dados em
          JSON ou exclua-os.
        </Typography>
      </Box>

      <SearchCard
        input={input}
        onInput={(value) => {
          setInput(value);
          if (fieldError) setFieldError(null);
        }}
        fieldError={fieldError}
        onSubmit={search}
        busy={busy}
        status={status}
        error={lookupError}
        emailRef={emailRef}
      />

      {erasure ? (
        <Alert severity="success" role="status" tabIndex={-1} ref={erasureRef} sx={WRAP}>
          <AlertTitle>Dados excluídos</AlertTitle>
          {erasure.text}
          {erasure.staff ? <Box sx={{ mt: 1 }}>{erasure.staff}</Box> : null}
        </Alert>
      ) : null}

      {shown ? (
        <HoldingsCard
          email={shown.email}
          held={shown.held}
          busy={busy}
          onExport={() => download(shown.email)}
          onErase={() => {
            eraseRequest.reset();
            setOpenings((count) => count + 1);
            setConfirming(true);
          }}
          resultsRef={resultsRef}
          eraseButtonRef={eraseButtonRef}
        >
          <EraseDialog
            key={openings}
            open={confirming}
            email={shown.email}
            held={shown.held}
            busy={busy === 'erase'}
            error={eraseError}
            onCancel={() => {
              setConfirming(false);
              setFocus({ target: 'erase-button' });
            }}
            onConfirm={(commentText) => erase(shown.email, commentText)}
          />
        </HoldingsCard>
      ) : null}

      <RecentRequests requests={requests} />
    </Stack>
  );
}

export default function PrivacyPage() {
  const { actor, isPending } = useActor();
  useDocumentTitle('Privacidade');
  if (isPending) return <Spinner />;
  if (!canAccessArea(actor, 'privacy', 'list')) return <AccessDenied area="privacy" />;
  return (
    <>
      <PrivacyView />
    </>
  );
}
