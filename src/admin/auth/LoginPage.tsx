/**
 * /admin/login: one card with three tabs (Login, Cadastro, Recuperar).
 * Sign-in goes through react-admin's useLogin, sign-up and recovery through the
 * auth provider's own methods; the forms are AuthForm's. Already signed in → the dashboard.
 * An account with two steps is asked, after the password, for the code sent by e-mail
 * (SecondStepForm) in place of the tabs.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useAdminAuth } from '../authProvider';
import { useAdminPath } from '../common/AdminLink';
import { Toast } from '../common/Toast';
import { reasonOf } from '../errors';
import { takeSignOutReason } from '../session';
import { AuthCard } from './AuthCard';
import { AuthForm, AuthPasswordInput, AuthTextInput, FormError, noSpaces, useAuthForm } from './AuthForm';
import { attemptsLabel, initialAttempts, nextAttempts, type AttemptsState } from './loginAttempts';
import { signUpPasswordError } from './passwordRules';
import { PasswordChecklist } from './PasswordChecklist';
import { SignUpNotice, signedUpText, useSignUpFacts } from './SignUpNotice';
import { CodeNotSent, isSecondStepRequired, type SecondStep } from './secondStep';
import { SecondStepForm } from './SecondStepForm';

type TabName = 'login' | 'signup' | 'recover';
const TABS: { name: TabName; label: string }[] = [
  { name: 'login', label: 'Login' },
  { name: 'signup', label: 'Cadastro' },
  { name: 'recover', label: 'Recuperar' },
];

const statusOf = (error: unknown) => (error as { status?: number })?.status ?? 0;

/** Where a tab hands over an account that needs the code too. */
type OnSecondStep = (step: SecondStep) => void;

function LoginTab({ onSecondStep }: { onSecondStep: OnSecondStep }) {
  const login = useLogin();
  const notify = useNotify();
  const form = useAuthForm({ email: '', password: '' });
  const [email, password] = useWatch({ control: form.control, name: ['email', 'password'] });
  const { isSubmitting } = form.formState;
  const [attempts, setAttempts] = useState<AttemptsState>(initialAttempts);

  const submit = async (values: { email: string; password: string }) => {
    try {
      await login(values);
      setAttempts(nextAttempts(attempts, 'success'));
      notify(<Toast title="Login realizado com sucesso!" description="Redirecionando..." />, { type: 'success' });
    } catch (error) {
      if (isSecondStepRequired(error) || error instanceof CodeNotSent) {
        // The password was right: the hint counter starts over; the code has its own limits.
        setAttempts(nextAttempts(attempts, 'success'));
        if (isSecondStepRequired(error)) return onSecondStep(error.secondStep);
        notify(<Toast title="Erro no login" description={reasonOf(error.reason)} />, { type: 'error' });
        return;
      }
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
    }
  };

  return (
    <AuthForm form={form} label="Entrar" onSubmit={submit}>
      {attempts.blocked ? (
        <Alert severity="error">
          <AlertTitle>Conta temporariamente bloqueada por segurança.</AlertTitle>
          Muitas tentativas de login. Tente novamente em 15 minutos. Para entrar agora, redefina sua senha na aba
          &apos;Recuperar&apos;.
        </Alert>
      ) : attempts.failures > 0 ? (
        <Alert severity="warning">{attemptsLabel(attempts)}</Alert>
      ) : null}
      <AuthTextInput source="email" label="ra.auth.email" type="email" autoComplete="username" required parse={noSpaces} />
      <AuthPasswordInput source="password" label="ra.auth.password" autoComplete="current-password" required />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting || !email || !password}>
        {isSubmitting ? 'Entrando...' : 'Entrar'}
      </Button>
    </AuthForm>
  );
}

const EMPTY_SIGN_UP = { full_name: '', email: '', password: '', confirmation: '' };

/** The first account's sign-up: it is the panel's administrator, active at once. */
export const FIRST_ADMIN_TEXT = 'Você é o primeiro usuário do painel: sua conta de administrador já está ativa e você já entrou.';

function SignUpTab({ onSecondStep }: { onSecondStep: OnSecondStep }) {
  const notify = useNotify();
  const login = useLogin();
  const auth = useAdminAuth();
  const facts = useSignUpFacts();
  const form = useAuthForm(EMPTY_SIGN_UP, (values) => signUpPasswordError(values.password, values.confirmation));
  const { isSubmitting } = form.formState;

  const submit = async (values: typeof EMPTY_SIGN_UP) => {
    try {
      const { activeAdmin } = await auth.signUp({ ...values, name: values.full_name });
      if (activeAdmin) {
        notify(<Toast title="Conta de administrador criada!" description={FIRST_ADMIN_TEXT} />, {
          type: 'success',
          autoHideDuration: 8000,
        });
        // With e-mail already configured (by an operator), even the first admin gives the code.
        await login({ email: values.email, password: values.password }).catch((error: unknown) => {
          if (isSecondStepRequired(error)) return onSecondStep(error.secondStep);
          throw error;
        });
        return;
      }
      notify(<Toast title="Cadastro realizado com sucesso!" description={signedUpText(facts.mailEnabled)} />, {
        type: 'success',
        autoHideDuration: 8000,
      });
      form.reset(EMPTY_SIGN_UP);
      facts.refresh();
    } catch (failure) {
      // The server never says an e-mail is taken (a registered one is answered as a sign-up that worked).
      notify(<Toast title="Erro no cadastro" description={reasonOf(failure)} />, { type: 'error' });
    }
  };

  return (
    <AuthForm form={form} label="Cadastro" onSubmit={submit}>
      <AuthTextInput
        source="full_name"
        label="admin.auth.full_name"
        autoComplete="name"
        required
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <AuthTextInput source="email" label="ra.auth.email" type="email" autoComplete="email" required />
      <AuthPasswordInput source="password" label="ra.auth.password" autoComplete="new-password" required />
      <PasswordChecklist control={form.control} name="password" />
      <AuthPasswordInput source="confirmation" label="admin.auth.confirmation" autoComplete="new-password" required />
      <FormError />
      <SignUpNotice />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Criando...' : 'Criar Conta'}
      </Button>
    </AuthForm>
  );
}

/** What 'Recuperar' can truthfully say: the server never tells whether an e-mail has an account. */
const RESET_SENT_TEXT = 'Se houver uma conta com este e-mail, enviaremos um link de recuperação.';
const MAIL_OFF_TEXT =
  'O envio de e-mails ainda não está configurado neste painel, então o link de recuperação não pode ser enviado. ' +
  'Peça a um administrador para redefinir sua senha em Usuários.';

function RecoverTab() {
  const notify = useNotify();
  const auth = useAdminAuth();
  const form = useAuthForm({ email: '' });
  const email = useWatch({ control: form.control, name: 'email' });
  const { isSubmitting } = form.formState;
  const mail = useQuery({ queryKey: ['mail-enabled'], queryFn: () => auth.mailEnabled() });
  const mailOff = mail.data === false;
  const submit = async (values: { email: string }) => {
    try {
      await auth.requestPasswordReset(values.email);
      notify(<Toast title="Pedido recebido" description={RESET_SENT_TEXT} />, { type: 'success' });
    } catch (error) {
      notify(<Toast title="Erro ao enviar e-mail" description={reasonOf(error)} />, { type: 'error' });
    }
  };
  return (
    <AuthForm form={form} label="Recuperar senha" onSubmit={submit}>
      {mailOff ? (
        <Alert severity="warning" data-mail="off">
          {MAIL_OFF_TEXT}
        </Alert>
      ) : null}
      <AuthTextInput source="email" label="ra.auth.email" type="email" autoComplete="email" required parse={noSpaces} />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting || !email || mailOff || mail.isPending}>
        {isSubmitting ? 'Enviando...' : 'Enviar Link de Recuperação'}
      </Button>
    </AuthForm>
  );
}

/** The code step in place of the tabs; a right code signs in as the password would have. */
function CodeStep({ step, onStep, onDone }: { step: SecondStep; onStep: OnSecondStep; onDone: (notice?: string) => void }) {
  const login = useLogin();
  const notify = useNotify();
  return (
    <Box component="section" aria-labelledby="second-step-title">
      <Typography id="second-step-title" component="h2" variant="h6" gutterBottom>
        Verificação em duas etapas
      </Typography>
      <SecondStepForm
        step={step}
        onStep={onStep}
        verify={async (code) => {
          await login({ secondStep: step, code });
          notify(<Toast title="Login realizado com sucesso!" description="Redirecionando..." />, { type: 'success' });
        }}
        onExpired={(message) => onDone(message)}
        onBack={() => onDone()}
        backLabel="Voltar ao login"
      />
    </Box>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const [tab, setTab] = useState<TabName>('login');
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const [stepNotice, setStepNotice] = useState<string | null>(null);
  const notify = useNotify();
  const [signOutReason] = useState(takeSignOutReason);
  const sessionEnded = signOutReason === 'expired';

  const auth = useAdminAuth();
  useEffect(() => {
    if (auth.session().valid) navigate(adminPath('/'), { replace: true });
  }, [navigate, adminPath, auth]);
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
      {secondStep ? (
        <CodeStep
          step={secondStep}
          onStep={setSecondStep}
          onDone={(notice) => {
            setSecondStep(null);
            setStepNotice(notice ?? null);
            setTab('login');
          }}
        />
      ) : (
        <>
          {stepNotice ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {stepNotice}
            </Alert>
          ) : null}
          <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="fullWidth" sx={{ mb: 3 }}>
            {TABS.map(({ name, label }) => (
              <Tab key={name} value={name} label={label} id={`tab-${name}`} aria-controls={`panel-${name}`} />
            ))}
          </Tabs>
          {TABS.map(({ name }) => (
            <Box key={name} role="tabpanel" id={`panel-${name}`} aria-labelledby={`tab-${name}`} hidden={tab !== name}>
              {tab === name ? (
                name === 'login' ? (
                  <LoginTab onSecondStep={setSecondStep} />
                ) : name === 'signup' ? (
                  <SignUpTab onSecondStep={setSecondStep} />
                ) : (
                  <RecoverTab />
                )
              ) : null}
            </Box>
          ))}
        </>
      )}
      <Box sx={{ mt: 3 }}>
        <Link href="/">Voltar ao site</Link>
      </Box>
    </AuthCard>
  );
}
