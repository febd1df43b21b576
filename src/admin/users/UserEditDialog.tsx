/**
 * The user edit dialog: full name, role and the active switch, nothing else.
 * Only those three fields are sent. Admins cannot change their own role or
 * deactivate themselves here (the server also keeps the last active admin).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  BooleanInput,
  EditBase,
  Form,
  maxLength,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useNotify,
  type Identifier,
} from 'react-admin';
import { secureInput } from '../auth/passwordRules';
import { useActor } from '../common/useActor';
import { FULL_NAME_MAX, ROLE_CHOICES } from './choices';

export function UserEditDialog({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  const notify = useNotify();
  const { actor } = useActor();
  const isSelf = id !== null && actor?.id === id;
  return (
    <Dialog open={id !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="user-edit-title">
      {id !== null ? (
        <EditBase
          resource="users"
          id={id}
          mutationMode="pessimistic"
          redirect={false}
          transform={(data) =>
            isSelf
              ? { full_name: secureInput(String(data.full_name ?? ''), FULL_NAME_MAX) }
              : {
                  full_name: secureInput(String(data.full_name ?? ''), FULL_NAME_MAX),
                  role: data.role,
                  is_active: Boolean(data.is_active),
                }
          }
          mutationOptions={{
            onSuccess: () => {
              notify('resources.users.notifications.updated', { type: 'success', messageArgs: { smart_count: 1 } });
              onClose();
            },
            // The error toast ('Erro ao atualizar usuário: …'), e.g. the last active admin's rule.
            onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
          }}
        >
          <Form>
            <DialogTitle id="user-edit-title">Editar Usuário</DialogTitle>
            <DialogContent>
              {isSelf ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  Você não pode alterar a própria função nem desativar a própria conta.
                </Alert>
              ) : null}
              <TextInput source="full_name" validate={[required(), maxLength(FULL_NAME_MAX)]} fullWidth />
              <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} disabled={isSelf} fullWidth />
              <BooleanInput source="is_active" disabled={isSelf} />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancelar</Button>
              <SaveButton label="Salvar" />
            </DialogActions>
          </Form>
        </EditBase>
      ) : null}
    </Dialog>
  );
}
