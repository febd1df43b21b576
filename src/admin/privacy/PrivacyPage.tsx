/**
 * 'Privacidade' (admins only): data-subject requests (LGPD art. 18). Given an e-mail it
 * shows what the system holds about it (contact messages, comments, the newsletter
 * subscription, a staff account; analytics holds none), 'Exportar' downloads it as
 * JSON in the screen's words (facts.ts) and 'Excluir dados' erases it after a confirmation that asks what to do with
 * the comments' text. Below, the recent requests (privacy_requests): who, when, what
 * and how many records, never the e-mail. The e-mail only travels in the JSON body of
 * the POSTs (the data provider's privacy* methods): never in an address, never stored
 * by the panel.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { isEmail } from '../../lib/forms/public-forms';
import { canAccessArea } from '../access';
import { AccessDenied } from '../common/AccessDenied';
import { EMAIL_HTML_INPUT } from '../common/emailInput';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useActor } from '../common/useActor';
import { useAdminDataProvider } from '../dataProvider';
import { fieldMessages, reasonOf } from '../errors';
import { Spinner } from '../layout/AccessGate';
import {
  EXPORT_FILENAME,
  RECEIVED_LABEL,
  commentFacts,
  messageFacts,
  personalDataFile,
  receivedFacts,
  staffFacts,
  subscriptionFacts,
} from './facts';
import {
  actionLabel,
  countsText,
  erasureText,
  hasErasable,
  holdingsCounts,
  type CommentText,
  type PrivacyHoldings,
  type PrivacyRequest,
} from './summary';

const EMAIL_MESSAGE = 'Informe um e-mail válido.';
const CHOICE_MESSAGE = 'Escolha o que fazer com o texto dos comentários.';
const RECENT = 20;
const REQUESTS_PARAMS = { sort: { field: 'created', order: 'DESC' as const }, pagination: { page: 1, perPage: RECENT } };

/** Long values (e-mails, messages) wrap instead of pushing a phone's page sideways. */
const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

const screenMoment = (value: unknown) => formatDateTime(value);

/** Label and value pairs as a description list: two columns on wider screens, one on a phone. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== '' && value !== null && value !== undefined);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.5 },
        m: 0,
      }}
    >
      {shown.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600, mt: { xs: 0.75, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', ...WRAP }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One kind of record held: a titled section with its count, its items or a sentence saying there is none. */
function Group({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  empty: string;
  children?: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`privacy-${id}`} data-group={id} sx={{ minWidth: 0 }}>
      <Typography id={`privacy-${id}`} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {count === undefined ? title : `${title} (${count})`}
      </Typography>
      {children ?? <Typography color="text.secondary">{empty}</Typography>}
    </Box>
  );
}

/** Records of one kind, each in its own outlined box. */
function Items({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Stack>
  );
}

function Item({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      {children}
    </Paper>
  );
}

function Holdings({ held }: { held: PrivacyHoldings }) {
  const { contactMessages, comments, newsletter, staffAccount, notes } = held;
  return (
    <Stack spacing={3}>
      <Group id="messages" title="Mensagens de contato" count={contactMessages.length} empty="Nenhuma mensagem de contato.">
        {contactMessages.length ? (
          <Items>
            {contactMessages.map((message) => (
              <Item key={message.id}>
                <Facts items={messageFacts(message, screenMoment)} />
              </Item>
            ))}
          </Items>
        ) : null}
      </Group>
      <Group id="comments" title="Comentários" count={comments.length} empty="Nenhum comentário.">
        {comments.length ? (
          <Items>
            {comments.map((comment) => (
              <Item key={comment.id}>
                <Facts items={commentFacts(comment, screenMoment)} />
              </Item>
            ))}
          </Items>
        ) : null}
      </Group>
      <Group id="newsletter" title="Newsletter" empty="Nenhuma inscrição na newsletter.">
        {newsletter ? (
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Facts
              items={[
                ...subscriptionFacts(newsletter, screenMoment),
                [
                  RECEIVED_LABEL,
                  newsletter.received?.length
                    ? newsletter.received
                        .map((item) => {
                          const [title, sent] = receivedFacts(item, screenMoment).map(([, value]) => value);
                          return `${title} (${sent})`;
                        })
                        .join('; ')
                    : 'nenhum',
                ],
              ]}
            />
          </Paper>
        ) : null}
      </Group>
      <Group id="staff" title="Conta da equipe" empty="Nenhuma conta da equipe com este e-mail.">
        {staffAccount ? (
          <Stack spacing={1}>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Facts items={staffFacts(staffAccount)} />
            </Paper>
            {notes.staff ? <Alert severity="warning">{notes.staff}</Alert> : null}
          </Stack>
        ) : null}
      </Group>
      <Group id="analytics" title="Analytics" empty="">
        <Alert severity="info">{notes.analytics}</Alert>
      </Group>
    </Stack>
  );
}

/**
 * The confirmation before an erasure: what happens, that it cannot be undone and, when
 * comments are held, the required choice for their text (nothing preselected).
 */
function EraseDialog({
  open,
  email,
  held,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  email: string;
  held: PrivacyHoldings;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (commentText: CommentText) => void;
}) {
  const [choice, setChoice] = useState<CommentText | ''>('');
  const [choiceError, setChoiceError] = useState(false);
  const firstChoice = useRef<HTMLInputElement>(null);
  const comments = held.comments.length;
  const confirm = () => {
    // With no comment held there is no text to decide on: 'remove' covers one that arrives meanwhile.
    if (comments === 0) return onConfirm('remove');
    if (!choice) {
      setChoiceError(true);
      firstChoice.current?.focus();
      return;
    }
    onConfirm(choice);
  };

  const messages = held.contactMessages.length;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="privacy-erase-title"
      aria-describedby="privacy-erase-text"
      fullWidth
      maxWidth="sm"
      // The page moves focus itself: back to 'Excluir dados' or to the erasure's summary.
      disableRestoreFocus
    >
      <DialogTitle id="privacy-erase-title">Excluir dados pessoais?</DialogTitle>
      <DialogContent>
        <DialogContentText id="privacy-erase-text" component="div" sx={WRAP}>
          <Typography gutterBottom>
            Os dados pessoais de <strong>{email}</strong> serão excluídos:
          </Typography>
          <Box component="ul" sx={{ mt: 0, pl: 3 }}>
            {messages ? (
              <li>
                {messages === 1 ? '1 mensagem de contato será apagada.' : `${messages} mensagens de contato serão apagadas.`}
              </li>
            ) : null}
            {held.newsletter ? <li>A inscrição na newsletter será apagada.</li> : null}
            {comments ? (
              <li>
                {comments === 1 ? 'O comentário ficará anônimo' : `Os ${comments} comentários ficarão anônimos`} (“Visitante”, sem
                e-mail), com o texto mantido ou removido, como você escolher abaixo.
              </li>
            ) : null}
            {comments ? (
              <li>
                As entradas do log de auditoria desses comentários perdem os dados pessoais; o log guarda só que houve uma
                exclusão, quem a fez e quando.
              </li>
            ) : null}
          </Box>
        </DialogContentText>
        {held.notes.staff ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {held.notes.staff}
          </Alert>
        ) : null}
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>Esta ação não pode ser desfeita.</strong> Os backups antigos ainda guardam estes dados até saírem da rotação.
        </Alert>
        {comments ? (
          <FormControl component="fieldset" required error={choiceError}>
            <FormLabel component="legend" id="privacy-comment-text">
              Texto dos comentários
            </FormLabel>
            <RadioGroup
              name="commentText"
              value={choice}
              aria-labelledby="privacy-comment-text"
              aria-required="true"
              aria-invalid={choiceError || undefined}
              aria-describedby={choiceError ? 'privacy-comment-text-error' : undefined}
              onChange={(event) => {
                setChoice(event.target.value as CommentText);
                setChoiceError(false);
              }}
            >
              <FormControlLabel
                value="keep"
                control={<Radio slotProps={{ input: { ref: firstChoice } }} />}
                label="Manter o texto dos comentários"
              />
              <FormControlLabel value="remove" control={<Radio />} label="Remover o texto dos comentários" />
            </RadioGroup>
            {choiceError ? <FormHelperText id="privacy-comment-text-error">{CHOICE_MESSAGE}</FormHelperText> : null}
          </FormControl>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancelar
        </Button>
        <Button color="error" variant="contained" startIcon={<DeleteForeverIcon />} onClick={confirm} disabled={busy}>
          {busy ? 'Excluindo...' : 'Excluir definitivamente'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Who asked: the name kept at the time (the account may be gone since); the server records superusers as 'superuser'. */
function requesterName(request: PrivacyRequest): string {
  if (!request.requested_by && request.requested_by_name === 'superuser') return 'Superusuário';
  return request.requested_by_name || 'Conta removida';
}

/** The latest requests: when, what, who and how many records; never the e-mail (the server never stores it). */
function RecentRequests({ requests }: { requests: ReturnType<typeof useGetList<PrivacyRequest>> }) {
  const items = requests.data ?? [];
  return (
    <Card component="section" aria-labelledby="privacy-requests">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="privacy-requests" component="h2" variant="h6">
            Pedidos recentes
          </Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={() => void requests.refetch()} disabled={requests.isFetching}>
            Atualizar
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Os {RECENT} pedidos mais recentes, com quem os fez e quantos registros envolveram. O e-mail consultado não é guardado.
        </Typography>
        {requests.isPending ? (
          <Typography color="text.secondary">Carregando pedidos...</Typography>
        ) : requests.isError ? (
          <Alert severity="error">Não foi possível carregar os pedidos recentes: {reasonOf(requests.error)}</Alert>
        ) : items.length === 0 ? (
          <Typography color="text.secondary">Nenhum pedido registrado ainda.</Typography>
        ) : (
          <Items>
            {items.map((request) => (
              <Item key={request.id}>
                <Box data-request={request.id}>
                  <Typography sx={{ fontWeight: 600, ...WRAP }}>
                    {actionLabel(request.action)} · {formatDateTime(request.created)}
                  </Typography>
                  <Typography variant="body2" sx={WRAP}>
                    Por {requesterName(request)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={WRAP}>
                    {request.action === 'erase'
                      ? `Excluído: ${countsText(request.counts, 'nada')}`
                      : `Encontrado: ${countsText(request.counts, 'nada')}`}
                  </Typography>
                </Box>
              </Item>
            ))}
          </Items>
        )}
      </CardContent>
    </Card>
  );
}

type FocusTarget = 'email' | 'results' | 'erasure' | 'erase-button';

function PrivacyView() {
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const requests = useGetList<PrivacyRequest>('privacy_requests', REQUESTS_PARAMS);

  const [input, setInput] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  /** The e-mail of the result shown: exports and erasures act on it, not on what the field holds now. */
  const [email, setEmail] = useState('');
  const [held, setHeld] = useState<PrivacyHoldings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<'lookup' | 'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** Each opening of the confirmation is a new dialog: nothing chosen, no error. */
  const [openings, setOpenings] = useState(0);
  const [eraseError, setEraseError] = useState<string | null>(null);
  const [erasure, setErasure] = useState<{ text: string; staff: string } | null>(null);

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

  const lookup = async (address: string, then: FocusTarget) => {
    setBusy('lookup');
    setError(null);
    setStatus('Buscando...');
    try {
      const result = await dataProvider.privacyLookup(address);
      setEmail(address);
      setHeld(result);
      setStatus(`Resultado para ${address}: ${countsText(holdingsCounts(result), 'nenhum dado pessoal encontrado')}.`);
      setFocus({ target: then });
    } catch (failure) {
      const field = fieldMessages(failure).email;
      setHeld(null);
      setStatus('');
      if (field) {
        setFieldError(field);
        setFocus({ target: 'email' });
      } else {
        setError(`Não foi possível buscar os dados: ${reasonOf(failure)}`);
        setFocus({ target: then === 'erasure' ? 'erasure' : 'email' });
      }
    } finally {
      setBusy(null);
      void requests.refetch();
    }
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
    setHeld(null);
    void lookup(address, 'results');
  };

  const download = async () => {
    setBusy('export');
    try {
      const exported = await dataProvider.privacyExport(email);
      const blob = new Blob([JSON.stringify(personalDataFile(exported), null, 2)], { type: 'application/json' });
      const filename = EXPORT_FILENAME;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.hidden = true;
      document.body.appendChild(link);
      link.click();
      link.remove();
      // After the click has handed the file to the browser.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      notify(`Arquivo ${filename} baixado.`, { type: 'success' });
    } catch (failure) {
      notify(`Não foi possível exportar os dados: ${reasonOf(failure)}`, { type: 'error' });
    } finally {
      setBusy(null);
      void requests.refetch();
    }
  };

  const erase = async (commentText: CommentText) => {
    setBusy('erase');
    setEraseError(null);
    try {
      const result = await dataProvider.privacyErase(email, commentText);
      setConfirming(false);
      setErasure({ text: erasureText(result.erased, commentText), staff: result.notes.staff });
      setBusy(null);
      // What is left (nothing, or a staff account): the summary keeps the focus.
      await lookup(email, 'erasure');
    } catch (failure) {
      setEraseError(`Não foi possível excluir os dados: ${reasonOf(failure)}`);
      setBusy(null);
    }
  };

  const cancelErase = () => {
    setConfirming(false);
    setFocus({ target: 'erase-button' });
  };

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

      <Card component="section" aria-labelledby="privacy-search">
        <CardContent>
          <Typography id="privacy-search" component="h2" variant="h6" gutterBottom>
            Buscar dados de um titular
          </Typography>
          <Stack
            component="form"
            onSubmit={search}
            noValidate
            aria-labelledby="privacy-search"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            <TextField
              id="privacy-email"
              label="E-mail do titular"
              type="email"
              name="email"
              value={input}
              onChange={(event) => {
                setInput(event.target.value);
                if (fieldError) setFieldError(null);
              }}
              error={fieldError !== null}
              helperText={fieldError ?? 'A busca não diferencia maiúsculas de minúsculas.'}
              required
              inputRef={emailRef}
              autoComplete="off"
              slotProps={{ htmlInput: EMAIL_HTML_INPUT }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<SearchIcon />}
              disabled={busy !== null}
              sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
            >
              {busy === 'lookup' ? 'Buscando...' : 'Buscar'}
            </Button>
          </Stack>
          <Typography role="status" variant="body2" sx={{ mt: 1, ...WRAP }} data-privacy-status>
            {status}
          </Typography>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {erasure ? (
        <Alert severity="success" role="status" tabIndex={-1} ref={erasureRef} sx={WRAP}>
          <AlertTitle>Dados excluídos</AlertTitle>
          {erasure.text}
          {erasure.staff ? <Box sx={{ mt: 1 }}>{erasure.staff}</Box> : null}
        </Alert>
      ) : null}

      {held ? (
        <Card component="section" aria-labelledby="privacy-results">
          <CardContent>
            <Typography
              id="privacy-results"
              component="h2"
              variant="h6"
              tabIndex={-1}
              ref={resultsRef}
              sx={{ ...WRAP, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
            >
              Dados de {email}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy !== null}>
                {busy === 'export' ? 'Exportando...' : 'Exportar'}
              </Button>
              <Button
                color="error"
                variant="contained"
                startIcon={<DeleteForeverIcon />}
                ref={eraseButtonRef}
                onClick={() => {
                  setEraseError(null);
                  setOpenings((count) => count + 1);
                  setConfirming(true);
                }}
                disabled={busy !== null || !hasErasable(held)}
              >
                Excluir dados
              </Button>
            </Stack>
            {!hasErasable(held) ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Nada a excluir: não há mensagens de contato, comentários nem inscrição na newsletter com este e-mail.
              </Typography>
            ) : null}
            <Holdings held={held} />
          </CardContent>
          <EraseDialog
            key={openings}
            open={confirming}
            email={email}
            held={held}
            busy={busy === 'erase'}
            error={eraseError}
            onCancel={cancelErase}
            onConfirm={(commentText) => void erase(commentText)}
          />
        </Card>
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
