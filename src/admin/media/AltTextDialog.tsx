/**
 * A small dialog that edits a file's alternative text (saved through the data
 * provider). An image is described or marked decorative (altText.ts); a document's
 * description is optional. Admins and editors also see where the file is used.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { AltTextFields } from './AltTextFields';
import { ALT_TEXT_MAX, altChoiceError, altFields, type AltChoice } from './altText';
import { isImage } from './fileRules';
import { MediaUsageSection } from './MediaUsage';
import type { MediaRecord } from './types';

export function AltTextDialog({
  record,
  showUsage,
  onClose,
}: {
  record: MediaRecord;
  /** 'Onde é usado' (admins and editors: it names drafts). */
  showUsage: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const image = isImage(record.mime_type);
  const [choice, setChoice] = useState<AltChoice>({ alt: record.alt_text ?? '', decorative: Boolean(record.decorative) });
  const [tried, setTried] = useState(false);
  const [update, { isPending }] = useUpdate<MediaRecord>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (image && altChoiceError(choice)) return;
    const data = image ? altFields(choice) : { alt_text: altFields({ ...choice, decorative: false }).alt_text };
    update(
      'media',
      { id: record.id, data, previousData: record },
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
        <DialogContent sx={{ pt: '8px !important' }}>
          {image ? (
            <AltTextFields value={choice} onChange={setChoice} showError={tried} disabled={isPending} autoFocus />
          ) : (
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label="Texto alternativo"
              helperText={`Descreve o arquivo para leitores de tela e buscadores (${choice.alt.length}/${ALT_TEXT_MAX}).`}
              value={choice.alt}
              onChange={(event) => setChoice({ ...choice, alt: event.target.value })}
              slotProps={{ htmlInput: { maxLength: ALT_TEXT_MAX } }}
            />
          )}
          {showUsage ? (
            <Box sx={{ mt: 2 }}>
              <MediaUsageSection id={record.id} />
            </Box>
          ) : null}
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
