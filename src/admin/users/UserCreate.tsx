/**
 * A new staff account, created by an admin: active with the chosen role (author by
 * default). Its password is random, generated here, and shown once in a dialog;
 * PocketBase also sends the person a password-reset e-mail so they choose their
 * own (when mail is configured; a failure there does not undo the account).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useRef, useState } from 'react';
import {
  BooleanInput,
  Create,
  email,
  maxLength,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { secureInput, temporaryPassword } from '../auth/passwordRules';
import { useAdminAuth } from '../authProvider';
import { FULL_NAME_MAX, ROLE_CHOICES } from './choices';

interface Created {
  name: string;
  email: string;
  password: string;
}

function TemporaryPasswordDialog({ created, onClose }: { created: Created | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open={created !== null} aria-labelledby="temporary-password-title" maxWidth="sm" fullWidth>
      <DialogTitle id="temporary-password-title">Usuário criado com sucesso!</DialogTitle>
      {created ? (
        <DialogContent>
          <Typography gutterBottom>
            Conta de <strong>{created.name}</strong> ({created.email}) criada.
          </Typography>
          <Typography component="p" variant="subtitle2" sx={{ mt: 2 }} id="temporary-password-label">
            Senha temporária
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              component="code"
              aria-labelledby="temporary-password-label"
              data-testid="temporary-password"
              sx={{ fontSize: '1.25rem', px: 1.5, py: 0.5, bgcolor: 'action.hover', borderRadius: 1, userSelect: 'all' }}
            >
              {created.password}
            </Box>
            <Tooltip title={copied ? 'Copiada!' : 'Copiar senha'}>
              <IconButton onClick={copy} aria-label="Copiar senha temporária">
                <ContentCopyIcon />
              </IconButton>
            </Tooltip>
          </Box>
          <Alert severity="warning" sx={{ mt: 2 }}>
            Esta senha será exibida apenas uma vez. Entregue-a à pessoa por um canal seguro. Também enviamos um e-mail para que
            ela defina a própria senha (quando o envio de e-mails está configurado).
          </Alert>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Concluir
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const auth = useAdminAuth();
  const password = useRef('');
  const [created, setCreated] = useState<Created | null>(null);

  return (
    <>
      <Create
        title="Novo Usuário"
        redirect={false}
        transform={(data: RaRecord) => {
          password.current = temporaryPassword();
          return {
            full_name: secureInput(String(data.full_name ?? ''), FULL_NAME_MAX),
            email: String(data.email ?? '').trim(),
            role: data.role,
            is_active: Boolean(data.is_active),
            // An account an admin creates has a confirmed e-mail: the admin vouches for it.
            verified: true,
            password: password.current,
            passwordConfirm: password.current,
          };
        }}
        mutationOptions={{
          onSuccess: (record: RaRecord) => {
            notify('resources.users.notifications.created', { type: 'success', messageArgs: { smart_count: 1 } });
            setCreated({
              name: String(record.full_name || record.email),
              email: String(record.email),
              password: password.current,
            });
            password.current = '';
            auth.requestPasswordReset(String(record.email)).catch(() => undefined);
          },
          // The error toast ('Erro ao criar usuário: …'), also when a field is refused (shown on it too).
          onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
        }}
      >
        <SimpleForm defaultValues={{ role: 'author', is_active: true }} warnWhenUnsavedChanges>
          <TextInput source="full_name" validate={[required(), maxLength(FULL_NAME_MAX)]} fullWidth />
          <TextInput source="email" type="email" validate={[required(), email('E-mail inválido.')]} fullWidth />
          <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
          <BooleanInput source="is_active" />
          <Typography variant="body2" color="text.secondary">
            Uma senha temporária aleatória será gerada e exibida uma única vez após a criação.
          </Typography>
        </SimpleForm>
      </Create>
      <TemporaryPasswordDialog
        created={created}
        onClose={() => {
          setCreated(null);
          redirect('list', 'users');
        }}
      />
    </>
  );
}
