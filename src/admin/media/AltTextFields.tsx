/**
 * The alternative-text question for one image: 'Texto alternativo' (required) or
 * 'Imagem decorativa (sem texto alternativo)'. Controlled; used by the upload dialog,
 * the edit dialog and the editor's image picker and paste prompt.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { ALT_TEXT_MAX, altChoiceError, type AltChoice } from './altText';

export function AltTextFields({
  value,
  onChange,
  showError = false,
  disabled = false,
  autoFocus = false,
  inputRef,
}: {
  value: AltChoice;
  onChange: (value: AltChoice) => void;
  /** Show the refusal when neither is given (after an attempt to send). */
  showError?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement | HTMLInputElement>;
}) {
  const error = showError ? altChoiceError(value) : null;
  const help = value.decorative
    ? 'Leitores de tela vão ignorar a imagem.'
    : `Descreva a imagem para quem não pode vê-la (${value.alt.length}/${ALT_TEXT_MAX}).`;
  return (
    <Stack spacing={0.5}>
      <TextField
        fullWidth
        multiline
        minRows={1}
        size="small"
        label="Texto alternativo"
        required={!value.decorative}
        autoFocus={autoFocus}
        inputRef={inputRef}
        disabled={disabled || value.decorative}
        value={value.decorative ? '' : value.alt}
        error={Boolean(error)}
        helperText={error ?? help}
        onChange={(event) => onChange({ ...value, alt: event.target.value })}
        slotProps={{ htmlInput: { maxLength: ALT_TEXT_MAX } }}
      />
      <FormControlLabel
        disabled={disabled}
        control={
          <Checkbox
            size="small"
            checked={value.decorative}
            onChange={(event) => onChange({ ...value, decorative: event.target.checked })}
          />
        }
        label="Imagem decorativa (sem texto alternativo)"
      />
    </Stack>
  );
}
