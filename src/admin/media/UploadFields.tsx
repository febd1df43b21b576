/**
 * The upload step's content: a drop zone (or the file picker), the refusals, and the
 * chosen files, each with a remove action; an image shows its preview and asks its
 * alternative text (or the decorative mark) before anything is sent. State and sending
 * live in useUploadBatch.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { AltTextFields } from './AltTextFields';
import { ACCEPT_ATTRIBUTE, MAX_FILES } from './fileRules';
import type { ChosenFile, UploadBatch } from './useUploadBatch';
import { useObjectUrl } from './useObjectUrl';
import { formatBytes } from '../../lib/format';

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';

function Preview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return (
    <Box
      sx={{
        width: 64,
        height: 64,
        flexShrink: 0,
        borderRadius: 1,
        bgcolor: 'action.hover',
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {url ? (
        <Box
          component="img"
          src={url}
          alt={`Prévia de ${file.name}`}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </Box>
  );
}

function ChosenItem({
  item,
  batch,
  inputRef,
}: {
  item: ChosenFile;
  batch: UploadBatch;
  inputRef: (element: HTMLTextAreaElement | HTMLInputElement | null) => void;
}) {
  const nameId = useId();
  const { file } = item;
  return (
    <ListItem disableGutters sx={{ display: 'block', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        {item.image ? <Preview file={file} /> : <InsertDriveFileIcon color="action" sx={{ fontSize: 40, mx: 1.5 }} aria-hidden />}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={nameId} variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {file.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatBytes(file.size)}
          </Typography>
        </Box>
        <IconButton aria-label={`Remover ${file.name}`} disabled={batch.uploading} onClick={() => batch.remove(file)}>
          <CloseIcon />
        </IconButton>
      </Box>
      {item.image ? (
        <Box role="group" aria-labelledby={nameId} sx={{ mt: 1.5 }}>
          <AltTextFields
            value={item.choice}
            onChange={(choice) => batch.describe(file, choice)}
            showError={batch.asked > 0}
            disabled={batch.uploading}
            inputRef={inputRef}
          />
        </Box>
      ) : null}
    </ListItem>
  );
}

/**
 * @param imagesOnly the file picker offers images only, one at a time (the editor's picker)
 */
export function UploadFields({ batch, imagesOnly = false }: { batch: UploadBatch; imagesOnly?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const fields = useRef(new Map<File, HTMLTextAreaElement | HTMLInputElement>());
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const { uploading } = batch;

  // A refused send moves the focus to the first image still undescribed.
  useEffect(() => {
    if (batch.asked === 0) return;
    const first = batch.undescribed[0];
    if (first) fields.current.get(first.file)?.focus();
    // Only on a new refusal, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batch.asked]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) batch.choose(event.dataTransfer.files);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  };

  return (
    <>
      {/* Named by its visible text (WCAG 2.5.3), the limits as its description. */}
      <Box
        role="button"
        tabIndex={0}
        aria-describedby={hintId}
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
          p: { xs: 2, sm: 4 },
          textAlign: 'center',
          cursor: uploading ? 'default' : 'pointer',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <CloudUploadIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>
          {dragging
            ? 'Solte os arquivos aqui'
            : imagesOnly
              ? 'Arraste e solte uma imagem aqui, ou clique para selecionar'
              : 'Arraste e solte arquivos aqui, ou clique para selecionar'}
        </Typography>
        <input
          ref={input}
          type="file"
          multiple={!imagesOnly}
          hidden
          accept={imagesOnly ? IMAGE_ACCEPT : ACCEPT_ATTRIBUTE}
          data-testid="media-file-input"
          onChange={(event) => {
            batch.choose(event.target.files);
            event.target.value = '';
          }}
        />
      </Box>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
        {imagesOnly
          ? 'JPEG, PNG, GIF ou WebP · até 10 MB'
          : `Imagens (JPEG, PNG, GIF, WebP), PDF, TXT, DOC e DOCX · até 10 MB por arquivo · até ${MAX_FILES} arquivos por envio`}
      </Typography>

      {batch.refusals.length > 0 ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {batch.refusals.map((refusal) => (
            <div key={refusal.name}>
              <strong>{refusal.name}</strong>: {refusal.message}
            </div>
          ))}
        </Alert>
      ) : null}

      {batch.files.length > 0 ? (
        <List aria-label="Arquivos selecionados" dense sx={{ mt: 1 }}>
          {batch.files.map((item) => (
            <ChosenItem
              key={`${item.file.name}-${item.file.size}-${item.file.lastModified}`}
              item={item}
              batch={batch}
              inputRef={(element) => {
                if (element) fields.current.set(item.file, element);
                else fields.current.delete(item.file);
              }}
            />
          ))}
        </List>
      ) : null}
    </>
  );
}
