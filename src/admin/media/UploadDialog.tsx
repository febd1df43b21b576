/**
 * 'Upload de Mídia': a drop zone (or the file picker), the chosen files each with a
 * remove action, and 'Enviar Arquivos'. Files are checked here first (size, type,
 * count; the spec's messages), then each one is created through the data provider
 * as multipart form data, one after the other; the server checks them again.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ACCEPT_ATTRIBUTE, MAX_FILES, checkFiles, uploadedMessage } from './fileRules';
import { formatBytes } from '../../lib/format';

interface Refusal {
  name: string;
  message: string;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []).filter((file) => !files.some((current) => sameFile(current, file)));
    const { accepted, rejected } = checkFiles(chosen, files.length);
    setFiles((current) => [...current, ...accepted]);
    setRefusals(rejected.map(({ file, errors }) => ({ name: file.name, message: errors.join(' · ') })));
  };

  const close = () => {
    if (uploading) return;
    setFiles([]);
    setRefusals([]);
    setDragging(false);
    onClose();
  };

  const upload = async () => {
    if (files.length === 0 || uploading) return;
    setUploading(true);
    setRefusals([]);
    const failed: File[] = [];
    const failures: Refusal[] = [];
    let sent = 0;
    for (const file of files) {
      try {
        await dataProvider.create('media', { data: { file } });
        sent += 1;
      } catch (error) {
        failed.push(file);
        failures.push({ name: file.name, message: error instanceof Error ? error.message : String(error) });
      }
    }
    setUploading(false);
    if (sent > 0) refresh();
    if (failures.length === 0) {
      notify(uploadedMessage(sent), { type: 'success' });
      setFiles([]);
      onClose();
      return;
    }
    // Keep what failed in the list, so it can be removed or tried again.
    setFiles(failed);
    setRefusals(failures);
    notify(failures[0]!.message, { type: 'error' });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="media-upload-title">
      <DialogTitle id="media-upload-title">Upload de Mídia</DialogTitle>
      <DialogContent>
        <Box
          role="button"
          tabIndex={0}
          aria-label="Selecionar arquivos para enviar"
          aria-disabled={uploading}
          data-dragging={dragging || undefined}
          onClick={() => !uploading && input.current?.click()}
          onKeyDown={onKeyDown}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            if (!dragging && !uploading) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            borderRadius: 2,
            p: 4,
            textAlign: 'center',
            cursor: uploading ? 'default' : 'pointer',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <CloudUploadIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>
            {dragging ? 'Solte os arquivos aqui' : 'Arraste e solte arquivos aqui, ou clique para selecionar'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Imagens (JPEG, PNG, GIF, WebP), PDF, TXT, DOC e DOCX · até 10 MB por arquivo · até {MAX_FILES} arquivos por envio
          </Typography>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={ACCEPT_ATTRIBUTE}
            data-testid="media-file-input"
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
          />
        </Box>

        {refusals.length > 0 ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {refusals.map((refusal) => (
              <div key={refusal.name}>
                <strong>{refusal.name}</strong>: {refusal.message}
              </div>
            ))}
          </Alert>
        ) : null}

        {files.length > 0 ? (
          <List aria-label="Arquivos selecionados" dense sx={{ mt: 1 }}>
            {files.map((file) => (
              <ListItem
                key={`${file.name}-${file.size}-${file.lastModified}`}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remover ${file.name}`}
                    disabled={uploading}
                    onClick={() => setFiles((current) => current.filter((item) => item !== file))}
                  >
                    <CloseIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={file.name} secondary={formatBytes(file.size)} />
              </ListItem>
            ))}
          </List>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={uploading}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={upload} disabled={files.length === 0 || uploading}>
          {uploading ? 'Enviando...' : 'Enviar Arquivos'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
