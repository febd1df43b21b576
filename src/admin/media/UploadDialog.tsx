/**
 * 'Upload de Mídia': a drop zone (or the file picker), the chosen files each with a
 * remove action, and 'Enviar Arquivos'. Each image shows its preview and asks its
 * alternative text, or the decorative mark, before anything is sent (UploadFields,
 * useUploadBatch: the client checks, then one create per file; the server checks again).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNotify, useRefresh } from 'react-admin';
import { uploadedMessage } from './fileRules';
import { UploadFields } from './UploadFields';
import { useUploadBatch } from './useUploadBatch';

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const batch = useUploadBatch();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const close = () => {
    if (batch.uploading) return;
    batch.reset();
    onClose();
  };

  const upload = async () => {
    const result = await batch.send();
    if (!result) return;
    if (result.sent.length > 0) refresh();
    if (result.failures.length === 0) {
      notify(uploadedMessage(result.sent.length), { type: 'success' });
      batch.reset();
      onClose();
      return;
    }
    notify(result.failures[0]!.message, { type: 'error' });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby="media-upload-title">
      <DialogTitle id="media-upload-title">Upload de Mídia</DialogTitle>
      <DialogContent>
        <UploadFields batch={batch} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={batch.uploading}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={upload} disabled={batch.files.length === 0 || batch.uploading}>
          {batch.uploading ? 'Enviando...' : 'Enviar Arquivos'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
