import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useEffect, useState } from 'react';
import { useAdminAuth } from '../authProvider';
import { countResults, pendingResults, runChecks, type CheckResult, type CheckStatus } from './validationChecks';

const BADGES: Record<CheckStatus, { label: string; color: 'default' | 'success' | 'error' | 'warning' }> = {
  pending: { label: 'Pendente', color: 'default' },
  pass: { label: 'Aprovado', color: 'success' },
  fail: { label: 'Reprovado', color: 'error' },
  warning: { label: 'Aviso', color: 'warning' },
};

/** Runs the checks on load and on demand; the dashboard shares the results with the system status. */
export function useValidationChecks() {
  const [results, setResults] = useState<CheckResult[]>(pendingResults);
  const [running, setRunning] = useState(true);
  const [round, setRound] = useState(0);
  const auth = useAdminAuth();

  useEffect(() => {
    let current = true;
    const context = {
      origin: window.location.origin,
      fetch: window.fetch.bind(window),
      sessionAccepted: () => auth.verifySession(),
    };
    void runChecks(context, (result) => {
      if (current) setResults((items) => items.map((item) => (item.id === result.id ? result : item)));
    }).then(() => {
      if (current) setRunning(false);
    });
    return () => {
      current = false;
    };
  }, [round, auth]);

  const rerun = () => {
    setResults(pendingResults());
    setRunning(true);
    setRound((value) => value + 1);
  };
  return { results, running, rerun };
}

interface Props {
  checks: ReturnType<typeof useValidationChecks>;
  /** The last publication failed: the site is not what the panel holds, whatever the checks say. */
  publicationFailed: boolean;
}

export function ValidationReport({ checks, publicationFailed }: Props) {
  const { results, running, rerun } = checks;
  const counts = countResults(results);
  return (
    <Card component="section" aria-labelledby="validation-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Typography id="validation-title" component="h2" variant="h6">
            Relatório de validação
          </Typography>
          <Button startIcon={<RefreshIcon />} onClick={rerun} disabled={running} variant="outlined" size="small">
            {running ? 'Verificando...' : 'Executar novamente'}
          </Button>
        </Stack>
        <Stack direction="row" spacing={3} sx={{ mb: 2 }} aria-label="Resumo das verificações">
          {[
            ['Aprovados', counts.pass],
            ['Reprovados', counts.fail],
            ['Avisos', counts.warning],
            ['Total', counts.total],
          ].map(([label, value]) => (
            <Box key={label}>
              <Typography sx={{ fontWeight: 700 }} variant="h5" component="p" data-counter={label}>
                {value}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
            </Box>
          ))}
        </Stack>
        {!running && counts.fail === 0 && publicationFailed ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-validation="publication-failed">
            As verificações passaram, mas a última publicação do site não foi concluída: os visitantes ainda veem a versão
            anterior. Veja o quadro “Publicação do site”.
          </Alert>
        ) : null}
        {!running && counts.fail === 0 && !publicationFailed ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            Todas as verificações essenciais passaram: o site e o painel estão funcionando.
          </Alert>
        ) : null}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {results.map((result) => (
            <Box component="li" key={result.id} data-check={result.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" label={BADGES[result.status].label} color={BADGES[result.status].color} />
                <Typography sx={{ fontWeight: 600 }}>{result.title}</Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {result.message}
              </Typography>
              {result.details?.length ? (
                <Typography variant="caption" color="text.secondary" component="p">
                  {result.details.join(' · ')}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
