/**
 * Asks the alternative text (or the decorative mark) of one image before it is
 * uploaded or inserted: a pasted or dropped file (askAltText) or a library image that
 * has none (MediaPickerDialog).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { AltTextFields } from './AltTextFields';
import { altChoiceError, EMPTY_CHOICE, type AltChoice } from './altText';
import { rememberDataProvider } from './mediaPick';
import { useObjectUrl } from './useObjectUrl';

/** The form inside the dialog, also used as a step of MediaPickerDialog. */
export function AltTextForm({
  src,
  name,
  initial = EMPTY_CHOICE,
  busy = false,
  submitLabel,
  onSubmit,
  onCancel,
  cancelLabel = 'Cancelar',
  titleId,
}: {
  src: string | undefined;
  name: string;
  initial?: AltChoice;
  busy?: boolean;
  submitLabel: string;
  onSubmit: (choice: AltChoice) => void;
  onCancel: () => void;
  cancelLabel?: string;
  titleId: string;
}) {
  const [choice, setChoice] = useState(initial);
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!altChoiceError(choice)) onSubmit(choice);
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>Texto alternativo da imagem</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, wordBreak: 'break-word' }}>
          Descreva <strong>{name}</strong> para quem usa leitor de tela, ou marque-a como decorativa.
        </DialogContentText>
        {src ? (
          <Box
            component="img"
            src={src}
            alt={`Prévia de ${name}`}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 200, mx: 'auto', mb: 2, borderRadius: 1 }}
          />
        ) : null}
        <AltTextFields value={choice} onChange={setChoice} showError={tried} disabled={busy} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * A dialog asking the alternative text of an image file; `onAnswer(null)` when
 * cancelled. Mount it while the question is open.
 */
export function AltTextPrompt({ file, onAnswer }: { file: File; onAnswer: (answer: AltChoice | null) => void }) {
  const titleId = useId();
  const src = useObjectUrl(file);
  const dataProvider = useDataProvider();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useEffect(() => rememberDataProvider(dataProvider), [dataProvider]);
  return (
    <Dialog open onClose={() => onAnswer(null)} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby={titleId}>
      <AltTextForm
        src={src}
        name={file.name}
        titleId={titleId}
        submitLabel="Inserir imagem"
        onSubmit={(choice) => onAnswer({ alt: choice.decorative ? '' : choice.alt.trim(), decorative: choice.decorative })}
        onCancel={() => onAnswer(null)}
      />
    </Dialog>
  );
}

/**
 * `askAltText(file)` for code that awaits the answer (a paste or drop handler); render
 * `dialog` somewhere in the component.
 * @example
 * const { askAltText, dialog } = useAskAltText();
 * const answer = await askAltText(file); // { alt, decorative } or null when cancelled
 */
export function useAskAltText(): {
  askAltText: (file: File) => Promise<AltChoice | null>;
  dialog: ReactNode;
} {
  type Question = { file: File; resolve: (answer: AltChoice | null) => void };
  const [question, setQuestion] = useState<Question | null>(null);
  const open = useRef<Question | null>(null);
  const askAltText = (file: File) =>
    new Promise<AltChoice | null>((resolve) => {
      open.current?.resolve(null); // a new question cancels an open one
      open.current = { file, resolve };
      setQuestion(open.current);
    });
  const dialog = question ? (
    <AltTextPrompt
      key={`${question.file.name}-${question.file.lastModified}`}
      file={question.file}
      onAnswer={(answer) => {
        question.resolve(answer);
        open.current = null;
        setQuestion(null);
      }}
    />
  ) : null;
  return { askAltText, dialog };
}
