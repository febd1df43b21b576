/**
 * /admin/register: the spec's separate registration screen (its own 6-character
 * rule and texts; the server still applies the 8-character rule and says so).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { AdminLink } from '../common/AdminLink';
import { reasonOf } from '../errors';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { registerFormError } from './passwordRules';
import { signUp } from './signUp';

export function RegisterPage() {
  const [fields, setFields] = useState({ name: '', email: '', password: '', confirmation: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = registerFormError(fields);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await signUp(fields);
      setDone(true);
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      setError(status ? reasonOf(failure) : 'Erro ao fazer registro');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Registro Concluído!">
        <Alert severity="success" sx={{ mb: 2 }}>
          Registro realizado com sucesso!
        </Alert>
        <Typography>
          Verifique seu e-mail para confirmar o cadastro. Um administrador também precisa ativar sua conta antes do primeiro
          acesso.
        </Typography>
        <Button component={AdminLink} to="/login" variant="contained" sx={{ mt: 3 }}>
          Ir para o login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Criar conta" subtitle="Cadastre-se para acessar o painel administrativo.">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Registro">
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          label="Nome"
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={set('name')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField label="E-mail" type="email" name="email" autoComplete="email" value={fields.email} onChange={set('email')} />
        <PasswordInput
          label="Senha"
          name="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={set('password')}
        />
        <PasswordInput
          label="Confirmar senha"
          name="confirmation"
          autoComplete="new-password"
          value={fields.confirmation}
          onChange={set('confirmation')}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Registrando...' : 'Registrar'}
        </Button>
      </Stack>
      <Typography sx={{ mt: 3 }}>
        Já tem uma conta?{' '}
        <Link component={AdminLink} to="/login">
          Fazer login
        </Link>
      </Typography>
    </AuthCard>
  );
}
