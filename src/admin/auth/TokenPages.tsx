/**
 * The targets of PocketBase's e-mails (templates in pb_migrations/*_app_settings.js):
 * /admin/reset-password?token=, /admin/verify-email?token=,
 * /admin/confirm-email-change?token=. Each takes the token from the link.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdminLink } from '../common/AdminLink';
import { reasonOf } from '../errors';
import { pb } from '../pocketbase';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { signUpPasswordError } from './passwordRules';

const MISSING_TOKEN = 'O link está incompleto. Abra o link recebido por e-mail novamente ou peça um novo.';

function BackToLogin({ label = 'Ir para o login' }: { label?: string }) {
  return (
    <Button component={AdminLink} to="/login" variant="contained" sx={{ mt: 3 }}>
      {label}
    </Button>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = signUpPasswordError(password, confirmation);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await pb.collection('users').confirmPasswordReset(token, password, confirmation);
      setDone(true);
    } catch (failure) {
      const invalidToken = (failure as { response?: { data?: { token?: unknown } } }).response?.data?.token;
      setError(
        invalidToken ? 'Este link de redefinição é inválido ou expirou. Peça um novo na tela de login.' : reasonOf(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Senha redefinida!">
        <Alert severity="success">Sua senha foi alterada. Entre com a nova senha.</Alert>
        <BackToLogin />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para sua conta.">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Redefinir senha">
        {error ? <Alert severity="error">{error}</Alert> : null}
        <PasswordInput
          label="Nova senha"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordInput
          label="Confirmar nova senha"
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || !token}>
          {busy ? 'Salvando...' : 'Redefinir senha'}
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'pending' | 'done' | 'failed'>(token ? 'pending' : 'failed');
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    pb.collection('users')
      .confirmVerification(token)
      .then(() => setState('done'))
      .catch(() => setState('failed'));
  }, [token]);
  return (
    <AuthCard title="Confirmação de e-mail">
      {state === 'pending' ? <Typography role="status">Confirmando seu e-mail...</Typography> : null}
      {state === 'done' ? (
        <Alert severity="success">
          E-mail confirmado! Se sua conta já foi ativada por um administrador, você já pode entrar.
        </Alert>
      ) : null}
      {state === 'failed' ? <Alert severity="error">Este link de confirmação é inválido ou expirou.</Alert> : null}
      {state !== 'pending' ? <BackToLogin label="Ir para o painel" /> : null}
    </AuthCard>
  );
}

export function ConfirmEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await pb.collection('users').confirmEmailChange(token, password);
      pb.authStore.clear();
      setDone(true);
    } catch (failure) {
      setError(reasonOf(failure));
    } finally {
      setBusy(false);
    }
  };
  if (done) {
    return (
      <AuthCard title="E-mail alterado!">
        <Alert severity="success">Seu novo e-mail foi confirmado. Entre novamente com ele.</Alert>
        <BackToLogin />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirmar novo e-mail" subtitle="Digite sua senha para confirmar a troca de e-mail.">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Confirmar novo e-mail">
        {error ? <Alert severity="error">{error}</Alert> : null}
        <PasswordInput
          label="Senha"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || !token || !password}>
          {busy ? 'Confirmando...' : 'Confirmar'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
