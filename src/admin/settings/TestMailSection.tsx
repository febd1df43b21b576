/**
 * 'Enviar e-mail de teste' on the Integrações tab: one e-mail through the saved SMTP
 * settings to a staff address (the admin's own by default; the server refuses others:
 * pb_hooks/lib/mail/mail-test.js), then the server's answer in pt-BR, with its own words
 * under 'Resposta do servidor'. With unsaved mail settings it asks for a save first:
 * the test would not test what the form shows.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { useMutation } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useGetIdentity } from 'react-admin';
import { EMAIL_HTML_INPUT } from '../common/emailInput';
import { useAdminDataProvider, type TestMailAnswer } from '../dataProvider';
import { fieldMessages, reasonOf } from '../errors';

export function TestMailSection({ unsaved, disabled }: { unsaved: boolean; disabled: boolean }) {
  const dataProvider = useAdminDataProvider();
  const { identity } = useGetIdentity();
  const [typed, setTyped] = useState<string | null>(null);
  const to = typed ?? String(identity?.email ?? '');
  const test = useMutation<TestMailAnswer, unknown, string>({ mutationFn: (address) => dataProvider.sendTestMail(address) });
  const send = () => {
    if (!unsaved && !test.isPending) test.mutate(to.trim());
  };
  // Enter in this field sends the test, not the settings form around it.
  const enter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    send();
  };
  const refused = test.error ? fieldMessages(test.error).to : undefined;
  const answer = test.data;

  return (
    <Box component="section" aria-labelledby="settings-test-mail" sx={{ maxWidth: 720, mt: 4 }}>
      <Typography id="settings-test-mail" component="h2" variant="h6" gutterBottom>
        E-mail de teste
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Envia um e-mail pelas configurações salvas e mostra a resposta do servidor. Só vai para e-mails de contas ativas da
        equipe.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <TextField
          id="settings-test-mail-to"
          label="Enviar para"
          type="email"
          value={to}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={enter}
          error={Boolean(refused)}
          helperText={refused ?? 'Padrão: o seu e-mail.'}
          autoComplete="off"
          disabled={disabled}
          slotProps={{ htmlInput: EMAIL_HTML_INPUT }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button
          type="button"
          variant="outlined"
          startIcon={<SendIcon />}
          onClick={send}
          disabled={disabled || unsaved || test.isPending}
          sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
        >
          {test.isPending ? 'Enviando...' : 'Enviar e-mail de teste'}
        </Button>
      </Stack>
      {unsaved ? (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          Salve as alterações antes de testar: o teste usa as configurações salvas.
        </Typography>
      ) : null}
      <Box role="status" aria-live="polite" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
        {answer?.sent ? <Alert severity="success">{answer.message}</Alert> : null}
        {answer && !answer.sent ? (
          <Alert severity="error">
            {answer.message}
            <Box component="details" sx={{ mt: 1 }}>
              <summary>Resposta do servidor</summary>
              <Box component="code" sx={{ display: 'block', mt: 0.5, whiteSpace: 'pre-wrap' }}>
                {answer.detail}
              </Box>
            </Box>
          </Alert>
        ) : null}
        {test.error && !refused ? <Alert severity="error">Não foi possível enviar o teste: {reasonOf(test.error)}</Alert> : null}
      </Box>
    </Box>
  );
}
