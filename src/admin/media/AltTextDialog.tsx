/** A small dialog that edits a file's alternative text (saved through the data provider). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { secureInput } from '../auth/passwordRules';
import type { MediaRecord } from './types';

/** The `alt_text` field's limit in the schema. */
const ALT_TEXT_MAX = 300;

export function AltTextDialog({ record, onClose }: { record: MediaRecord; onClose: () => void }) {
  const notify = useNotify();
  const [value, setValue] = useState(record.alt_text ?? '');
  const [update, { isPending }] = useUpdate<MediaRecord>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update(
      'media',
      { id: record.id, data: { alt_text: secureInput(value, ALT_TEXT_MAX) }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.media.notifications.updated', { type: 'success' });
          onClose();
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  };

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="media-alt-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="media-alt-title">Texto alternativo</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label="Texto alternativo"
            helperText={`Descreve a imagem para leitores de tela e buscadores (${value.length}/${ALT_TEXT_MAX}).`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ALT_TEXT_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
