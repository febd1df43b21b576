/**
 * /admin/login: the spec's card with three tabs (Login, Cadastro, Recuperar).
 * Sign-in goes through react-admin's useLogin (our auth provider); sign-up and
 * recovery call PocketBase directly. Already signed in → the dashboard.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useAdminPath } from '../common/AdminLink';
import { Toast } from '../common/Toast';
import { reasonOf } from '../errors';
import { pb } from '../pocketbase';
import { takeSignOutReason } from '../session';
import { AuthCard } from './AuthCard';
import { attemptsLabel, initialAttempts, nextAttempts, type AttemptsState } from './loginAttempts';
import { PasswordInput } from './PasswordInput';
import { signUpPasswordError } from './passwordRules';
import { signUp } from './signUp';

type TabName = 'login' | 'signup' | 'recover';
const TABS: { name: TabName; label: string }[] = [
  { name: 'login', label: 'Login' },
  { name: 'signup', label: 'Cadastro' },
  { name: 'recover', label: 'Recuperar' },
];

const statusOf = (error: unknown) => (error as { status?: number })?.status ?? 0;

function LoginTab() {
  const login = useLogin();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState<AttemptsState>(initialAttempts);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await login({ email, password });
      setAttempts(nextAttempts(attempts, 'success'));
      notify(<Toast title="Login realizado com sucesso!" description="Redirecionando..." />, { type: 'success' });
    } catch (error) {
      const status = statusOf(error);
      if (status === 429) {
        setAttempts(nextAttempts(attempts, 'blocked'));
        notify(
          <Toast title="Muitas tentativas de login" description="Sua conta foi temporariamente bloqueada por segurança." />,
          {
            type: 'error',
          },
        );
      } else if (status === 400) {
        setAttempts(nextAttempts(attempts, 'failure'));
        notify(<Toast title="Erro no login" description="E-mail ou senha incorretos." />, { type: 'error' });
      } else {
        notify(<Toast title="Erro no login" description={status ? reasonOf(error) : 'Erro interno do servidor'} />, {
          type: 'error',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Entrar">
      {attempts.blocked ? (
        <Alert severity="error">
          <AlertTitle>Conta temporariamente bloqueada por segurança.</AlertTitle>
          Muitas tentativas de login. Tente novamente em 15 minutos. Para entrar agora, redefina sua senha na aba
          &apos;Recuperar&apos;.
        </Alert>
      ) : attempts.failures > 0 ? (
        <Alert severity="warning">{attemptsLabel(attempts)}</Alert>
      ) : null}
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value.replace(/\s/g, ''))}
      />
      <PasswordInput
        label="Senha"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy || !email || !password}>
        {busy ? 'Entrando...' : 'Entrar'}
      </Button>
    </Stack>
  );
}

function SignUpTab() {
  const notify = useNotify();
  const [fields, setFields] = useState({ fullName: '', email: '', password: '', confirmation: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = signUpPasswordError(fields.password, fields.confirmation);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await signUp({ ...fields, name: fields.fullName });
      notify(
        <Toast
          title="Cadastro realizado com sucesso!"
          description="Verifique seu e-mail para confirmar a conta. Um administrador precisa ativá-la antes do primeiro acesso."
        />,
        { type: 'success', autoHideDuration: 8000 },
      );
      setFields({ fullName: '', email: '', password: '', confirmation: '' });
    } catch (failure) {
      // The server never says an e-mail is taken (a registered one is answered as a sign-up that worked).
      notify(<Toast title="Erro no cadastro" description={reasonOf(failure)} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Cadastro">
      <TextField
        label="Nome completo"
        name="full_name"
        autoComplete="name"
        required
        value={fields.fullName}
        onChange={set('fullName')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={fields.email}
        onChange={set('email')}
      />
      <PasswordInput
        label="Senha"
        name="password"
        autoComplete="new-password"
        required
        value={fields.password}
        onChange={set('password')}
      />
      <PasswordInput
        label="Confirmar senha"
        name="confirmation"
        autoComplete="new-password"
        required
        value={fields.confirmation}
        onChange={set('confirmation')}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Alert severity="info">
        O primeiro usuário cadastrado se torna administrador automaticamente. Use uma senha forte, com pelo menos 8 caracteres.
      </Alert>
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Criando...' : 'Criar Conta'}
      </Button>
    </Stack>
  );
}

function RecoverTab() {
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await pb.collection('users').requestPasswordReset(email.trim());
      notify(<Toast title="E-mail enviado!" description="Verifique sua caixa de entrada para redefinir a senha." />, {
        type: 'success',
      });
    } catch (error) {
      notify(<Toast title="Erro ao enviar e-mail" description={reasonOf(error)} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Recuperar senha">
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value.replace(/\s/g, ''))}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy || !email}>
        {busy ? 'Enviando...' : 'Enviar Link de Recuperação'}
      </Button>
    </Stack>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [tab, setTab] = useState<TabName>('login');
  const notify = useNotify();
  const [signOutReason] = useState(takeSignOutReason);
  const sessionEnded = signOutReason === 'expired';

  useEffect(() => {
    if (pb.authStore.isValid) navigate(adminPath('/'), { replace: true });
  }, [navigate, adminPath]);
  useEffect(() => {
    if (signOutReason === 'logout')
      notify(<Toast title="Logout realizado" description="Você foi desconectado com sucesso." />, { type: 'info' });
  }, [signOutReason, notify]);

  return (
    <AuthCard title="Área Administrativa" subtitle="Entre com sua conta da equipe.">
      {sessionEnded ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Sessão expirada</AlertTitle>
          Por segurança, sua sessão foi encerrada.
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="fullWidth" sx={{ mb: 3 }}>
        {TABS.map(({ name, label }) => (
          <Tab key={name} value={name} label={label} id={`tab-${name}`} aria-controls={`panel-${name}`} />
        ))}
      </Tabs>
      {TABS.map(({ name }) => (
        <Box key={name} role="tabpanel" id={`panel-${name}`} aria-labelledby={`tab-${name}`} hidden={tab !== name}>
          {tab === name ? name === 'login' ? <LoginTab /> : name === 'signup' ? <SignUpTab /> : <RecoverTab /> : null}
        </Box>
      ))}
      <Box sx={{ mt: 3 }}>
        <Link href="/">Voltar ao site</Link>
      </Box>
    </AuthCard>
  );
}
