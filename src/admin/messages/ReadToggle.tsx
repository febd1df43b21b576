/** Marks a contact message read or unread (editors and admins). */
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import Button from '@mui/material/Button';
import { useNotify, useUpdate, type RaRecord } from 'react-admin';

function useToggleRead(record: RaRecord | undefined) {
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const toggle = () => {
    if (!record) return;
    update(
      'messages',
      { id: record.id, data: { read: !record.read }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(record.read ? 'Mensagem marcada como não lida.' : 'Mensagem marcada como lida.', { type: 'success' }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return { toggle, isPending };
}

export function ReadToggleIcon({ record }: { record: RaRecord }) {
  const { toggle, isPending } = useToggleRead(record);
  const label = record.read ? `Marcar como não lida: ${record.name}` : `Marcar como lida: ${record.name}`;
  return (
    <Tooltip title={record.read ? 'Marcar como não lida' : 'Marcar como lida'}>
      <span>
        <IconButton
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            toggle();
          }}
          disabled={isPending}
          aria-label={label}
        >
          {record.read ? <MarkEmailUnreadIcon fontSize="small" /> : <MarkEmailReadIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function ReadToggleButton({ record }: { record: RaRecord | undefined }) {
  const { toggle, isPending } = useToggleRead(record);
  if (!record) return null;
  return (
    <Button onClick={toggle} disabled={isPending} startIcon={record.read ? <MarkEmailUnreadIcon /> : <MarkEmailReadIcon />}>
      {record.read ? 'Marcar como não lida' : 'Marcar como lida'}
    </Button>
  );
}
