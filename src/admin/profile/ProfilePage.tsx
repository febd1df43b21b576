/**
 * 'Perfil': the signed-in staff member's own name and avatar, a password change
 * (the server ends other sessions; we sign in again with the new password, and with
 * the e-mailed code when the account has two steps), an e-mail change (confirmed
 * through the link PocketBase sends to the new address) and the switch 'Verificação
 * em duas etapas' (each account's own; always on for admins).
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useGetIdentity, useNotify, useRefresh } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PasswordInput } from '../auth/PasswordInput';
import { secureInput, signUpPasswordError } from '../auth/passwordRules';
import { FULL_NAME_MAX } from '../../../shared/accounts.js';
import { RoleBadge } from '../common/RoleBadge';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useMutationOnce } from '../common/useMutationOnce';
import { useAdminAuth } from '../authProvider';
import { reasonOf } from '../errors';
import type { SecondStep } from '../auth/secondStep';
import { SecondStepForm } from '../auth/SecondStepForm';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

function useIdentityRefresh() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    refresh();
  };
}

function ProfileDetails() {
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const refreshIdentity = useIdentityRefresh();
  const auth = useAdminAuth();
  const [name, setName] = useState(() => String(auth.ownRecord()?.full_name ?? ''));
  const [avatar, setAvatar] = useState<File | null>(null);
  /** The avatar refused before sending. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutationOnce({
    mutationKey: ['profile', 'details'],
    mutationFn: (body: FormData) => auth.updateProfile(body),
  });
  const error = invalid ?? (save.error ? `Erro ao atualizar perfil: ${reasonOf(save.error)}` : null);
  const busy = save.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(null);
    save.reset();
    if (avatar && !AVATAR_TYPES.includes(avatar.type)) return setInvalid('O avatar deve ser uma imagem JPEG, PNG, GIF ou WebP.');
    if (avatar && avatar.size > AVATAR_MAX_BYTES) return setInvalid('O avatar deve ter no máximo 2 MB.');
    if (!auth.ownRecord()) return;
    const body = new FormData();
    body.append('full_name', secureInput(name, FULL_NAME_MAX));
    if (avatar) body.append('avatar', avatar);
    save.mutate(body, {
      onSuccess: () => {
        setAvatar(null);
        refreshIdentity();
        notify('Perfil atualizado com sucesso!', { type: 'success' });
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="profile-details">
      <CardContent>
        <Typography id="profile-details" component="h2" variant="h6" gutterBottom>
          Dados pessoais
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar src={identity?.avatar} alt="" sx={{ width: 64, height: 64 }}>
            {identity?.fullName?.charAt(0).toUpperCase()}
          </Avatar>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{identity?.fullName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {String(identity?.email ?? '')}
            </Typography>
            <RoleBadge role={String(identity?.role ?? '')} />
          </Box>
        </Stack>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Dados pessoais">
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            label="Nome completo"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button component="label" variant="outlined">
            {avatar ? `Avatar: ${avatar.name}` : 'Escolher avatar'}
            <input hidden type="file" accept={AVATAR_TYPES.join(',')} onChange={(e) => setAvatar(e.target.files?.[0] ?? null)} />
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Salvando...' : 'Salvar perfil'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function PasswordChange() {
  const notify = useNotify();
  const auth = useAdminAuth();
  const [fields, setFields] = useState({ current: '', password: '', confirmation: '' });
  /** What the form refuses before sending. */
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutationOnce({
    mutationKey: ['profile', 'password'],
    mutationFn: ({ current, password, confirmation }: typeof fields) => auth.changePassword(current, password, confirmation),
  });
  const wrongCurrent = (change.error as { response?: { data?: { oldPassword?: unknown } } } | null)?.response?.data?.oldPassword;
  const error =
    problem ??
    (change.error ? (wrongCurrent ? 'A senha atual está incorreta.' : `Erro ao alterar senha: ${reasonOf(change.error)}`) : null);
  const busy = change.isPending;
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((value) => ({ ...value, [name]: event.target.value }));

  // After a change, an account with two steps signs in again with the e-mailed code.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const notifyChanged = () => notify('Senha alterada com sucesso!', { type: 'success' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = fields.current ? signUpPasswordError(fields.password, fields.confirmation) : 'Informe a senha atual.';
    setProblem(refused);
    change.reset();
    if (refused || !auth.ownRecord()) return;
    change.mutate(fields, {
      onSuccess: (step) => {
        setFields({ current: '', password: '', confirmation: '' });
        if (step) setSecondStep(step);
        else notifyChanged();
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="profile-password">
      <CardContent>
        <Typography id="profile-password" component="h2" variant="h6" gutterBottom>
          Alterar senha
        </Typography>
        {secondStep ? (
          <Stack spacing={2}>
            <Alert severity="info">
              Senha alterada. Para continuar conectado, digite o código de verificação que enviamos para o seu e-mail.
            </Alert>
            <SecondStepForm
              step={secondStep}
              onStep={setSecondStep}
              verify={async (code) => {
                await auth.completeSecondStep(secondStep, code);
                setSecondStep(null);
                notifyChanged();
              }}
              onExpired={() => auth.endSession()}
              onBack={() => auth.endSession()}
              backLabel="Sair e entrar de novo"
            />
          </Stack>
        ) : (
          <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Alterar senha">
            {error ? <Alert severity="error">{error}</Alert> : null}
            <PasswordInput label="Senha atual" autoComplete="current-password" value={fields.current} onChange={set('current')} />
            <PasswordInput label="Nova senha" autoComplete="new-password" value={fields.password} onChange={set('password')} />
            <PasswordInput
              label="Confirmar nova senha"
              autoComplete="new-password"
              value={fields.confirmation}
              onChange={set('confirmation')}
            />
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Salvando...' : 'Alterar senha'}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function EmailChange() {
  const notify = useNotify();
  const auth = useAdminAuth();
  const [email, setEmail] = useState('');
  const request = useMutationOnce({
    mutationKey: ['profile', 'email'],
    mutationFn: (address: string) => auth.requestEmailChange(address),
  });
  const error = request.error ? `Erro ao solicitar troca de e-mail: ${reasonOf(request.error)}` : null;
  const busy = request.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email, {
      onSuccess: () => {
        setEmail('');
        notify('Enviamos um link de confirmação para o novo e-mail.', { type: 'success' });
      },
    });
  };
  return (
    <Card component="section" aria-labelledby="profile-email">
      <CardContent>
        <Typography id="profile-email" component="h2" variant="h6" gutterBottom>
          Alterar e-mail
        </Typography>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Alterar e-mail">
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            label="Novo e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value.replace(/\s/g, ''))}
          />
          <Button type="submit" variant="outlined" disabled={busy || !email}>
            {busy ? 'Enviando...' : 'Enviar link de confirmação'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * 'Verificação em duas etapas': after the password, sign-in asks for a code sent by
 * e-mail. Editors and authors choose; admins always have it (the server refuses
 * turning it off). Until e-mail is configured, sign-in asks only the password.
 */
function TwoStepSwitch() {
  const notify = useNotify();
  const auth = useAdminAuth();
  const record = auth.ownRecord();
  const isAdmin = record?.role === 'admin';
  const [enabled, setEnabled] = useState(() => Boolean(record?.two_step));
  const mail = useQuery({ queryKey: ['mail-enabled'], queryFn: () => auth.mailEnabled() });
  const turn = useMutationOnce({
    mutationKey: ['profile', 'two-step'],
    mutationFn: (next: boolean) => auth.setTwoStep(next),
  });
  const error = turn.error ? `Erro ao alterar a verificação em duas etapas: ${reasonOf(turn.error)}` : null;
  const busy = turn.isPending;

  const change = (next: boolean) =>
    turn.mutate(next, {
      onSuccess: () => {
        setEnabled(next);
        notify(next ? 'Verificação em duas etapas ligada.' : 'Verificação em duas etapas desligada.', { type: 'success' });
      },
    });

  return (
    <Card component="section" aria-labelledby="profile-two-step">
      <CardContent>
        <Typography id="profile-two-step" component="h2" variant="h6" gutterBottom>
          Verificação em duas etapas
        </Typography>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary" id="profile-two-step-about">
            Depois da senha, o login pede um código de 6 dígitos enviado para o seu e-mail, válido por 5 minutos. Quem descobrir a
            sua senha ainda não consegue entrar.
          </Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <FormControlLabel
            control={
              <Switch
                checked={isAdmin || enabled}
                disabled={isAdmin || busy}
                onChange={(event) => change(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'profile-two-step-about profile-two-step-note' } }}
              />
            }
            label="Pedir um código por e-mail ao entrar"
          />
          <Typography variant="body2" color="text.secondary" id="profile-two-step-note">
            {isAdmin
              ? 'Obrigatória para administradores: não pode ser desligada.'
              : 'Se perder o acesso ao seu e-mail, um administrador cria para você uma conta nova, com outro e-mail, em Usuários.'}
          </Typography>
          {mail.data === false ? (
            <Alert severity="info" data-mail="off">
              O envio de e-mails ainda não está configurado: até lá, o login pede só a senha.
            </Alert>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function ProfilePage() {
  useDocumentTitle('Perfil');
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Typography sx={{ fontWeight: 700 }} component="h1" variant="h4" gutterBottom>
        Perfil
      </Typography>
      <Stack spacing={2}>
        <ProfileDetails />
        <PasswordChange />
        <TwoStepSwitch />
        <EmailChange />
      </Stack>
    </Box>
  );
}
