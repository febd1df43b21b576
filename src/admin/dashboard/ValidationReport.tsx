import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useAdminDataProvider } from '../dataProvider';
import { CHECKS, countResults, pendingResults, type CheckStatus } from './validationChecks';

const BADGES: Record<CheckStatus, { label: string; color: 'default' | 'success' | 'error' | 'warning' }> = {
  pending: { label: 'Pendente', color: 'default' },
  pass: { label: 'Aprovado', color: 'success' },
  fail: { label: 'Reprovado', color: 'error' },
  warning: { label: 'Aviso', color: 'warning' },
};

/** Each check is a query of its own, so its result shows as soon as it is in. */
const CHECK_KEY = 'validation-check';

/** Runs the checks on load and on demand; the dashboard shares the results with the system status. */
export function useValidationChecks() {
  const dataProvider = useAdminDataProvider();
  const queryClient = useQueryClient();
  const checks = useQueries({
    queries: CHECKS.map(({ id }) => ({
      queryKey: [CHECK_KEY, id],
      queryFn: () => dataProvider.validationCheck(id),
      // Run on each visit of the dashboard and on demand ('Executar novamente'), not on focus.
      gcTime: 0,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    })),
  });
  const pending = pendingResults();
  return {
    results: checks.map((check, index) => check.data ?? pending[index]!),
    running: checks.some((check) => check.isFetching),
    // Back to 'Pendente' while the checks run again.
    rerun: () => void queryClient.resetQueries({ queryKey: [CHECK_KEY] }),
  };
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
