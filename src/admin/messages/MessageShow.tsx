/**
 * One contact message. Opening it marks it read (once; the toggle can mark it
 * unread again). Reply by e-mail, back to the list, delete with confirmation.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ReplyIcon from '@mui/icons-material/Reply';
import { useEffect, useRef } from 'react';
import {
  DeleteButton,
  FunctionField,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useRefresh,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { hasMachineLabel, interestLabel, volumeLabel } from './choices';
import { ReadToggleButton } from './ReadToggle';

/** Marks the message read the first time it is shown unread. */
function MarkReadOnOpen() {
  const record = useRecordContext();
  const [update] = useUpdate();
  const refresh = useRefresh();
  const done = useRef(false);
  useEffect(() => {
    if (!record || done.current) return;
    done.current = true;
    if (!record.read)
      // Then reload: a read of the record that started before the update must not
      // leave the screen showing it unread.
      update(
        'messages',
        { id: record.id, data: { read: true }, previousData: record },
        { mutationMode: 'pessimistic', onSuccess: () => refresh() },
      );
  }, [record, update, refresh]);
  return null;
}

function ReplyButton() {
  const record = useRecordContext();
  if (!record?.email) return null;
  const subject = encodeURIComponent('Re: seu contato');
  return (
    <Button href={`mailto:${record.email}?subject=${subject}`} startIcon={<ReplyIcon />}>
      Responder por e-mail
    </Button>
  );
}

function ToggleFromContext() {
  const record = useRecordContext();
  return <ReadToggleButton record={record} />;
}

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="Voltar" />
      <ToggleFromContext />
      <ReplyButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle="Excluir mensagem"
        confirmContent="Tem certeza que deseja excluir esta mensagem?"
      />
    </TopToolbar>
  );
}

export default function MessageShow() {
  return (
    <Show title="Mensagem de contato" actions={<Actions />}>
      <MarkReadOnOpen />
      <SimpleShowLayout>
        <FunctionField source="created" render={(record: RaRecord) => formatDateTime(record.created, { seconds: true })} />
        <TextField source="name" />
        <FunctionField source="email" render={(record: RaRecord) => <a href={`mailto:${record.email}`}>{record.email}</a>} />
        <FunctionField
          source="phone"
          render={(record: RaRecord) => <a href={`tel:${String(record.phone).replace(/[^\d+]/g, '')}`}>{record.phone}</a>}
        />
        <TextField source="company" />
        <FunctionField source="has_machine" render={(record: RaRecord) => hasMachineLabel(record.has_machine)} />
        <FunctionField source="volume" render={(record: RaRecord) => volumeLabel(record.volume)} />
        <FunctionField source="interest" render={(record: RaRecord) => interestLabel(record.interest)} />
        <FunctionField
          source="message"
          render={(record: RaRecord) => (
            <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
              {record.message}
            </Box>
          )}
        />
        <FunctionField source="read" render={(record: RaRecord) => (record.read ? 'Sim' : 'Não')} />
      </SimpleShowLayout>
    </Show>
  );
}
