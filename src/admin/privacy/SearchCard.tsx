import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { FormEvent, Ref } from 'react';
import { EMAIL_HTML_INPUT } from '../common/emailInput';
import type { PrivacyAction } from './summary';
import { WRAP } from './wrap';

/** 'Buscar dados de um titular': the e-mail field, the search's status line and its error. */
export function SearchCard({
  input,
  onInput,
  fieldError,
  onSubmit,
  busy,
  status,
  error,
  emailRef,
}: {
  input: string;
  onInput: (value: string) => void;
  fieldError: string | null;
  onSubmit: (event: FormEvent) => void;
  busy: PrivacyAction | null;
  status: string;
  error: string | null;
  emailRef: Ref<HTMLInputElement>;
}) {
  return (
    <Card component="section" aria-labelledby="privacy-search">
      <CardContent>
        <Typography id="privacy-search" component="h2" variant="h6" gutterBottom>
          Buscar dados de um titular
        </Typography>
        <Stack
          component="form"
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="privacy-search"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        >
          <TextField
            id="privacy-email"
            label="E-mail do titular"
            type="email"
            name="email"
            value={input}
            onChange={(event) => onInput(event.target.value)}
            error={fieldError !== null}
            helperText={fieldError ?? 'A busca não diferencia maiúsculas de minúsculas.'}
            required
            inputRef={emailRef}
            autoComplete="off"
            slotProps={{ htmlInput: EMAIL_HTML_INPUT }}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            disabled={busy !== null}
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
          >
            {busy === 'lookup' ? 'Buscando...' : 'Buscar'}
          </Button>
        </Stack>
        <Typography role="status" variant="body2" sx={{ mt: 1, ...WRAP }} data-privacy-status>
          {status}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
