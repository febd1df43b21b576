/**
 * The targets of PocketBase's e-mails (templates in pb_migrations/*_app_settings.js):
 * /admin/reset-password?token=, /admin/verify-email?token=,
 * /admin/confirm-email-change?token=. Each takes the token from the link.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useAdminAuth } from '../authProvider';
import { AdminLink } from '../common/AdminLink';
import { reasonOf } from '../errors';
import { AuthCard } from './AuthCard';
import { AuthForm, AuthPasswordInput, FormError, setFormError, useAuthForm } from './AuthForm';
import { signUpPasswordError } from './passwordRules';

const MISSING_TOKEN = 'O link está incompleto. Abra o link recebido por e-mail novamente ou peça um novo.';

function BackToLogin({ label = 'Ir para o login' }: { label?: string }) {
  return (
    <Button component={AdminLink} to="/login" variant="contained" sx={{ mt: 3 }}>
      {label}
    </Button>
  );
}

/** A link without its token says so at once, in the form's message. */
function useMissingToken<T extends FieldValues>(form: UseFormReturn<T>, token: string) {
  useEffect(() => {
    if (!token) setFormError(form, MISSING_TOKEN);
  }, [form, token]);
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAdminAuth();
  const form = useAuthForm({ password: '', confirmation: '' }, (values) =>
    signUpPasswordError(values.password, values.confirmation),
  );
  const { isSubmitting } = form.formState;
  const [done, setDone] = useState(false);
  useMissingToken(form, token);

  const submit = async ({ password, confirmation }: { password: string; confirmation: string }) => {
    try {
      await auth.confirmPasswordReset(token, password, confirmation);
      setDone(true);
    } catch (failure) {
      const invalidToken = (failure as { response?: { data?: { token?: unknown } } }).response?.data?.token;
      setFormError(
        form,
        invalidToken ? 'Este link de redefinição é inválido ou expirou. Peça um novo na tela de login.' : reasonOf(failure),
      );
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
      <AuthForm form={form} label="Redefinir senha" onSubmit={submit}>
        <FormError />
        <AuthPasswordInput source="password" label="admin.auth.new_password" autoComplete="new-password" />
        <AuthPasswordInput source="confirmation" label="admin.auth.new_confirmation" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting || !token}>
          {isSubmitting ? 'Salvando...' : 'Redefinir senha'}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAdminAuth();
  const [state, setState] = useState<'pending' | 'done' | 'failed'>(token ? 'pending' : 'failed');
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    auth
      .confirmVerification(token)
      .then(() => setState('done'))
      .catch(() => setState('failed'));
  }, [token, auth]);
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
  const auth = useAdminAuth();
  const form = useAuthForm({ password: '' });
  const password = useWatch({ control: form.control, name: 'password' });
  const { isSubmitting } = form.formState;
  const [done, setDone] = useState(false);
  useMissingToken(form, token);
  const submit = async (values: { password: string }) => {
    try {
      await auth.confirmEmailChange(token, values.password);
      setDone(true);
    } catch (failure) {
      setFormError(form, reasonOf(failure));
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
      <AuthForm form={form} label="Confirmar novo e-mail" onSubmit={submit}>
        <FormError />
        <AuthPasswordInput source="password" label="ra.auth.password" autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting || !token || !password}>
          {isSubmitting ? 'Confirmando...' : 'Confirmar'}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
