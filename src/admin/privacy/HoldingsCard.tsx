import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import type { ReactNode, Ref } from 'react';
import { Holdings } from './Holdings';
import { hasErasable, type PrivacyAction, type PrivacyHoldings } from './summary';
import { WRAP } from './wrap';

/** 'Dados de …': what is held about the e-mail, with 'Exportar' and 'Excluir dados' (its dialog is `children`). */
export function HoldingsCard({
  email,
  held,
  busy,
  onExport,
  onErase,
  resultsRef,
  eraseButtonRef,
  children,
}: {
  email: string;
  held: PrivacyHoldings;
  busy: PrivacyAction | null;
  onExport: () => void;
  onErase: () => void;
  resultsRef: Ref<HTMLHeadingElement>;
  eraseButtonRef: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby="privacy-results">
      <CardContent>
        <Typography
          id="privacy-results"
          component="h2"
          variant="h6"
          tabIndex={-1}
          ref={resultsRef}
          sx={{ ...WRAP, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
        >
          Dados de {email}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} disabled={busy !== null}>
            {busy === 'export' ? 'Exportando...' : 'Exportar'}
          </Button>
          <Button
            color="error"
            variant="contained"
            startIcon={<DeleteForeverIcon />}
            ref={eraseButtonRef}
            onClick={onErase}
            disabled={busy !== null || !hasErasable(held)}
          >
            Excluir dados
          </Button>
        </Stack>
        {!hasErasable(held) ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Nada a excluir: não há mensagens de contato, comentários nem inscrição na newsletter com este e-mail.
          </Typography>
        ) : null}
        <Holdings held={held} />
      </CardContent>
      {children}
    </Card>
  );
}
