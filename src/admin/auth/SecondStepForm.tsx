/**
 * The code step of a two-step sign-in ('Código de verificação'): used by the login
 * screen after the password and by Perfil after a password change. The code field is
 * numeric and offered by the phone's keyboard from the e-mail (autocomplete
 * "one-time-code"); wrong tries are counted per code as the server counts them, and a
 * spent code asks for a new one.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { useAdminAuth } from '../authProvider';
import { Toast } from '../common/Toast';
import { reasonOf } from '../errors';
import { CODE_LENGTH, CODE_TEXTS, EXPIRED_MESSAGE, MAX_CODE_TRIES, cleanCode, type SecondStep } from './secondStep';

const statusOf = (error: unknown) => (error as { status?: number })?.status ?? 0;
const serverMessage = (error: unknown) => String((error as { response?: { message?: unknown } })?.response?.message ?? '');

export function SecondStepForm({
  step,
  onStep,
  verify,
  onExpired,
  onBack,
  backLabel = 'Voltar',
}: {
  step: SecondStep;
  /** A new code was sent: the step to use from now on. */
  onStep: (step: SecondStep) => void;
  /** Checks the code (throws the server's refusal). */
  verify: (code: string) => Promise<void>;
  /** The MFA session is over: back to the password. */
  onExpired: (message: string) => void;
  onBack: () => void;
  backLabel?: string;
}) {
  const auth = useAdminAuth();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tries, setTries] = useState(0);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const spent = tries >= MAX_CODE_TRIES;
  // After a refusal the field is emptied and focused again, ready for the next try.
  // A spent code leaves only 'Reenviar código' to do: the focus goes there.
  const field = useRef<HTMLInputElement>(null);
  const resendButton = useRef<HTMLButtonElement>(null);
  const refocus = (onResend = false) => window.setTimeout(() => (onResend ? resendButton.current : field.current)?.focus(), 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return setError(CODE_TEXTS.incomplete);
    setBusy(true);
    setError(null);
    try {
      await verify(code);
    } catch (failure) {
      const status = statusOf(failure);
      const message = serverMessage(failure);
      if (message === EXPIRED_MESSAGE) return onExpired(message);
      let nowSpent = false;
      if (status === 429) setError(CODE_TEXTS.held);
      else if (status === 400 && message === CODE_TEXTS.spent) {
        nowSpent = true;
        setTries(MAX_CODE_TRIES);
        setError(CODE_TEXTS.spent);
      } else if (status === 400) {
        const next = tries + 1;
        nowSpent = next >= MAX_CODE_TRIES;
        setTries(next);
        setError(nowSpent ? CODE_TEXTS.spent : CODE_TEXTS.wrong(MAX_CODE_TRIES - next));
      } else setError(reasonOf(failure));
      setCode('');
      refocus(nowSpent);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      onStep(await auth.resendCode(step));
      setTries(0);
      setCode('');
      refocus();
      notify(<Toast title="Código reenviado" description={CODE_TEXTS.resent} />, { type: 'success' });
    } catch (failure) {
      if (serverMessage(failure) === EXPIRED_MESSAGE) return onExpired(EXPIRED_MESSAGE);
      setError(reasonOf(failure));
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Código de verificação">
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label="Código de verificação"
        name="code"
        value={code}
        onChange={(event) => setCode(cleanCode(event.target.value))}
        autoFocus
        inputRef={field}
        required
        disabled={spent}
        helperText={CODE_TEXTS.sent(step.email)}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            pattern: '[0-9]*',
            maxLength: CODE_LENGTH,
            spellCheck: false,
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy || spent}>
        {busy ? 'Verificando...' : 'Verificar'}
      </Button>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button ref={resendButton} variant={spent ? 'contained' : 'outlined'} onClick={resend} disabled={resending}>
          {resending ? 'Enviando...' : 'Reenviar código'}
        </Button>
        <Button onClick={onBack}>{backLabel}</Button>
      </Stack>
    </Stack>
  );
}
