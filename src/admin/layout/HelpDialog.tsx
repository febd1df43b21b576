import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useGetList } from 'react-admin';
import { site } from '../../config/site';
import { ROLE_LABELS } from '../../lib/permissions';

const ROLE_HELP = {
  admin: 'gerencia usuários, configurações, auditoria e backups, além de tudo o que o editor faz.',
  editor: 'cria, edita, publica e exclui posts e páginas, envia e exclui mídia e lê as mensagens de contato.',
  author: 'escreve posts como rascunho (um editor publica) e envia mídia.',
} as const;

/** 'Ajuda': what each role can do and whom to ask. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The contact e-mail staff set in Configurações, as the site shows it; src/config/site.ts's until it loads.
  const { data } = useGetList<{ id: string; value: string }>(
    'settings',
    // Sorted by key: the settings table has no `created` (the provider's default order).
    { filter: { key: 'contact_email' }, pagination: { page: 1, perPage: 1 }, sort: { field: 'key', order: 'ASC' } },
    { enabled: open, staleTime: 60_000 },
  );
  const email = data?.[0]?.value.trim() || site.email;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="help-title">
      <DialogTitle id="help-title">Ajuda</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>O que cada função pode fazer no painel:</Typography>
        <ul>
          {(Object.keys(ROLE_HELP) as (keyof typeof ROLE_HELP)[]).map((role) => (
            <li key={role}>
              <strong>{ROLE_LABELS[role]}</strong>: {ROLE_HELP[role]}
            </li>
          ))}
        </ul>
        <Typography>
          Precisa de outra permissão ou encontrou um problema? Fale com um administrador ou escreva para{' '}
          <a href={`mailto:${email}`}>{email}</a>.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
