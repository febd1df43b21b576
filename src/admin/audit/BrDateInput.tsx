/**
 * A day filter typed as 'dd/mm/aaaa', whatever the browser's language: a native date
 * input shows the browser's own format (mm/dd/yyyy in an English browser). The filter
 * changes only when the text is a whole, real day (or empty); until then the text is
 * kept as typed, and a wrong date says so.
 */
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { brDay, inputDay, maskBrDay, parseBrDay } from './dateRange';

interface Props {
  source: string;
  label?: string;
  /** From the day ('YYYY-MM-DD') to the stored bound (PocketBase's UTC date). */
  toBound: (day: string) => string | null;
  alwaysOn?: boolean;
}

export function BrDateInput({ source, label, toBound }: Props) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  const stored = brDay(inputDay(field.value));
  const [text, setText] = useState(stored);
  const [wrong, setWrong] = useState(false);

  // A filter cleared or set elsewhere ('Limpar filtros', the address) shows here
  // (state adjusted while rendering, as React advises instead of an effect).
  const [shown, setShown] = useState(stored);
  if (stored !== shown) {
    setShown(stored);
    setText(stored);
  }

  const change = (raw: string) => {
    const next = maskBrDay(raw);
    setText(next);
    setWrong(false);
    if (next === '') field.onChange('');
    else {
      const day = parseBrDay(next);
      if (day) field.onChange(toBound(day) ?? '');
    }
  };

  return (
    <TextField
      id={id}
      label={translate(label ?? `resources.audit.fields.${source}`)}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={() => setWrong(text !== '' && !parseBrDay(text))}
      placeholder="dd/mm/aaaa"
      error={wrong}
      helperText={wrong ? 'Data inválida: use dd/mm/aaaa.' : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' } }}
      size="small"
      variant="filled"
      // react-admin's filter bar hides helper texts; this one says why the date is refused.
      sx={{ width: 170, '& .MuiFormHelperText-root.Mui-error': { display: 'block' } }}
    />
  );
}
