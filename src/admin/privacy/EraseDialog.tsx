import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useRef, useState } from 'react';
import type { CommentText, PrivacyHoldings } from './summary';
import { WRAP } from './wrap';

const CHOICE_MESSAGE = 'Escolha o que fazer com o texto dos comentários.';

/**
 * The confirmation before an erasure: what happens, that it cannot be undone and, when
 * comments are held, the required choice for their text (nothing preselected).
 */
export function EraseDialog({
  open,
  email,
  held,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  email: string;
  held: PrivacyHoldings;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (commentText: CommentText) => void;
}) {
  const [choice, setChoice] = useState<CommentText | ''>('');
  const [choiceError, setChoiceError] = useState(false);
  const firstChoice = useRef<HTMLInputElement>(null);
  const comments = held.comments.length;
  const confirm = () => {
    // With no comment held there is no text to decide on: 'remove' covers one that arrives meanwhile.
    if (comments === 0) return onConfirm('remove');
    if (!choice) {
      setChoiceError(true);
      firstChoice.current?.focus();
      return;
    }
    onConfirm(choice);
  };

  const messages = held.contactMessages.length;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="privacy-erase-title"
      aria-describedby="privacy-erase-text"
      fullWidth
      maxWidth="sm"
      // The page moves focus itself: back to 'Excluir dados' or to the erasure's summary.
      disableRestoreFocus
    >
      <DialogTitle id="privacy-erase-title">Excluir dados pessoais?</DialogTitle>
      <DialogContent>
        <DialogContentText id="privacy-erase-text" component="div" sx={WRAP}>
          <Typography gutterBottom>
            Os dados pessoais de <strong>{email}</strong> serão excluídos:
          </Typography>
          <Box component="ul" sx={{ mt: 0, pl: 3 }}>
            {messages ? (
              <li>
                {messages === 1 ? '1 mensagem de contato será apagada.' : `${messages} mensagens de contato serão apagadas.`}
              </li>
            ) : null}
            {held.newsletter ? <li>A inscrição na newsletter será apagada.</li> : null}
            {comments ? (
              <li>
                {comments === 1 ? 'O comentário ficará anônimo' : `Os ${comments} comentários ficarão anônimos`} (“Visitante”, sem
                e-mail), com o texto mantido ou removido, como você escolher abaixo.
              </li>
            ) : null}
            {comments ? (
              <li>
                As entradas do log de auditoria desses comentários perdem os dados pessoais; o log guarda só que houve uma
                exclusão, quem a fez e quando.
              </li>
            ) : null}
          </Box>
        </DialogContentText>
        {held.notes.staff ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {held.notes.staff}
          </Alert>
        ) : null}
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>Esta ação não pode ser desfeita.</strong> Os backups antigos ainda guardam estes dados até saírem da rotação.
        </Alert>
        {comments ? (
          <FormControl component="fieldset" required error={choiceError}>
            <FormLabel component="legend" id="privacy-comment-text">
              Texto dos comentários
            </FormLabel>
            <RadioGroup
              name="commentText"
              value={choice}
              aria-labelledby="privacy-comment-text"
              aria-required="true"
              aria-invalid={choiceError || undefined}
              aria-describedby={choiceError ? 'privacy-comment-text-error' : undefined}
              onChange={(event) => {
                setChoice(event.target.value as CommentText);
                setChoiceError(false);
              }}
            >
              <FormControlLabel
                value="keep"
                control={<Radio slotProps={{ input: { ref: firstChoice } }} />}
                label="Manter o texto dos comentários"
              />
              <FormControlLabel value="remove" control={<Radio />} label="Remover o texto dos comentários" />
            </RadioGroup>
            {choiceError ? <FormHelperText id="privacy-comment-text-error">{CHOICE_MESSAGE}</FormHelperText> : null}
          </FormControl>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancelar
        </Button>
        <Button color="error" variant="contained" startIcon={<DeleteForeverIcon />} onClick={confirm} disabled={busy}>
          {busy ? 'Excluindo...' : 'Excluir definitivamente'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
