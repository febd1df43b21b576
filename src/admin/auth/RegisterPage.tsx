/**
 * /admin/register: the separate registration screen, with the server's own
 * password rule (pb_hooks/lib/auth/accounts.js) shown as it is typed, not a shorter one the
 * server would refuse, and the server's refusals in pt-BR.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { useAdminAuth, type SignUpFields } from '../authProvider';
import { AdminLink } from '../common/AdminLink';
import { reasonOf } from '../errors';
import { AuthCard } from './AuthCard';
import { AuthForm, AuthPasswordInput, AuthTextInput, FormError, setFormError, useAuthForm } from './AuthForm';
import { registerFormError } from './passwordRules';
import { PasswordChecklist } from './PasswordChecklist';
import { SignUpNotice, signedUpText, useSignUpFacts } from './SignUpNotice';
import { FIRST_ADMIN_TEXT } from './LoginPage';
import { Toast } from '../common/Toast';

export function RegisterPage() {
  const auth = useAdminAuth();
  const form = useAuthForm<SignUpFields>({ name: '', email: '', password: '', confirmation: '' }, registerFormError);
  const { isSubmitting } = form.formState;
  const [done, setDone] = useState(false);
  const login = useLogin();
  const notify = useNotify();
  const facts = useSignUpFacts();

  const submit = async (fields: SignUpFields) => {
    try {
      const { activeAdmin } = await auth.signUp(fields);
      if (activeAdmin) {
        notify(<Toast title="Conta de administrador criada!" description={FIRST_ADMIN_TEXT} />, {
          type: 'success',
          autoHideDuration: 8000,
        });
        await login({ email: fields.email, password: fields.password });
        return;
      }
      setDone(true);
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      setFormError(form, status ? reasonOf(failure) : 'Erro ao fazer registro');
    }
  };

  if (done) {
    return (
      <AuthCard title="Registro Concluído!">
        <Alert severity="success" sx={{ mb: 2 }}>
          Registro realizado com sucesso!
        </Alert>
        <Typography>{signedUpText(facts.mailEnabled)}</Typography>
        <Button component={AdminLink} to="/login" variant="contained" sx={{ mt: 3 }}>
          Ir para o login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Criar conta" subtitle="Cadastre-se para acessar o painel administrativo.">
      <AuthForm form={form} label="Registro" onSubmit={submit}>
        <FormError />
        <AuthTextInput source="name" label="admin.auth.name" autoComplete="name" slotProps={{ htmlInput: { maxLength: 100 } }} />
        <AuthTextInput source="email" label="ra.auth.email" type="email" autoComplete="email" />
        <AuthPasswordInput source="password" label="ra.auth.password" autoComplete="new-password" />
        <PasswordChecklist control={form.control} name="password" />
        <AuthPasswordInput source="confirmation" label="admin.auth.confirmation" autoComplete="new-password" />
        <SignUpNotice />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Registrando...' : 'Registrar'}
        </Button>
      </AuthForm>
      <Typography sx={{ mt: 3 }}>
        Já tem uma conta?{' '}
        <Link component={AdminLink} to="/login">
          Fazer login
        </Link>
      </Typography>
    </AuthCard>
  );
}
