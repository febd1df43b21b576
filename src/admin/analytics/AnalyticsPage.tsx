/**
 * 'Analytics' (admins and editors): the site's own, cookieless statistics
 * (pb_hooks/lib/analytics/analytics.js) for 7, 30 or 90 days: visitors and page views over time,
 * top pages and products, sources, devices, events, which pages lead to a quote, and
 * the addresses that led to the not-found page (how editors find broken links).
 * Read through the simple-REST provider as one record per period (`analytics/7`).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { downloadCSV, useGetOne } from 'react-admin';
import { AccessDenied } from '../common/AccessDenied';
import { visuallyHidden } from '../common/visuallyHidden';
import { useActor } from '../common/useActor';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { usePhone } from '../common/usePhone';
import { canAccessArea } from '../access';
import { Spinner } from '../layout/AccessGate';
import { reasonOf } from '../errors';
import { exportFileName, toCsv, type CsvColumn } from '../audit/csv';
import { formatNumber } from '../../lib/format';
import { EVENT_LABELS, dayLabel, percent, type AnalyticsSummary } from './summary';

const PERIODS = ['7', '30', '90'] as const;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card sx={{ flex: '1 1 160px' }} component="section" aria-label={label}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-value>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

interface Column<Row> extends CsvColumn<Row> {
  numeric?: boolean;
}

/**
 * A titled table with its CSV export. On a phone each row is a short list instead (its
 * first column, then 'header: value'): a table of four columns there either squeezes
 * its text to a few letters a line or hides its last column.
 */
function DataCard<Row>({
  id,
  title,
  rows,
  columns,
  empty = 'Nada registrado no período.',
}: {
  id: string;
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  empty?: string;
}) {
  const exportCsv = () => downloadCSV('\uFEFF' + toCsv(rows, columns), exportFileName(`analytics-${id}`));
  const phone = usePhone();
  const shown = (row: Row, column: Column<Row>) => {
    const value = column.value(row);
    return typeof value === 'number' ? formatNumber(value) : String(value ?? '');
  };
  return (
    <Card component="section" aria-labelledby={`analytics-${id}`} sx={{ flex: '1 1 420px', minWidth: 0 }} data-table={id}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography id={`analytics-${id}`} component="h2" variant="h6">
            {title}
          </Typography>
          <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!rows.length}>
            CSV
            <Box component="span" sx={visuallyHidden}>
              : {title}
            </Box>
          </Button>
        </Stack>
        {rows.length && phone ? (
          <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((row, index) => (
              <Box
                component="li"
                key={index}
                sx={{ py: 1, borderTop: index ? 1 : 0, borderColor: 'divider', overflowWrap: 'anywhere' }}
              >
                <Typography sx={{ fontWeight: 600 }}>{shown(row, columns[0]!)}</Typography>
                {columns.slice(1).map((column) => (
                  <Typography key={column.header} variant="body2">
                    {column.header}: {shown(row, column)}
                  </Typography>
                ))}
              </Box>
            ))}
          </Box>
        ) : rows.length ? (
          // `contain: inline-size`: a wide table scrolls in its box instead of widening the page
          // (its width would otherwise count in the layout's minimum width).
          <Box sx={{ overflowX: 'auto', contain: 'inline-size' }} tabIndex={0} role="region" aria-label={`${title} (tabela)`}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.header} align={column.numeric ? 'right' : 'left'}>
                      {column.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => (
                  <TableRow key={index}>
                    {columns.map((column) => {
                      const value = column.value(row);
                      return (
                        <TableCell
                          key={column.header}
                          align={column.numeric ? 'right' : 'left'}
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          {typeof value === 'number' ? formatNumber(value) : String(value ?? '')}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : (
          <Typography color="text.secondary">{empty}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

function VisitsChart({ summary }: { summary: AnalyticsSummary }) {
  const data = summary.daily.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <Card component="section" aria-labelledby="analytics-chart" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="analytics-chart" component="h2" variant="h6" gutterBottom>
          Visitantes e visualizações por dia
        </Typography>
        <Box
          sx={{ height: 280 }}
          role="img"
          aria-label={`Gráfico de ${summary.daily.length} dias: ${formatNumber(summary.visitors)} visitantes e ${formatNumber(summary.pageviews)} visualizações no total. Os números de cada dia estão na tabela "Por dia".`}
          data-chart="visits"
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="visitors" name="Visitantes" stroke="#0b3d6e" strokeWidth={2} dot={false} />
              <Line type="monotone" dataKey="pageviews" name="Visualizações" stroke="#15803d" strokeWidth={2} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

function AnalyticsView() {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('7');
  const { data: summary, isPending, error, refetch } = useGetOne<AnalyticsSummary>('analytics', { id: period });
  return (
    <Box sx={{ py: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          Analytics
        </Typography>
        <ToggleButtonGroup
          value={period}
          exclusive
          size="small"
          aria-label="Período"
          onChange={(_, value: (typeof PERIODS)[number] | null) => value && setPeriod(value)}
        >
          {PERIODS.map((days) => (
            <ToggleButton
              key={days}
              value={days}
              // MUI's default greys fall below WCAG AA contrast.
              sx={{
                color: 'text.primary',
                '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.contrastText', bgcolor: 'primary.main' },
              }}
            >
              {days} dias
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Estatísticas do próprio site, sem cookies e só de quem aceitou a análise no aviso de cookies. Cada dia conta os visitantes
        daquele dia: ninguém é seguido de um dia para o outro.
      </Typography>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          }
        >
          {`Erro ao carregar as estatísticas: ${reasonOf(error)}`}
        </Alert>
      ) : null}
      {isPending ? <Spinner label="Carregando estatísticas..." /> : null}
      {summary ? (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Stat label="Visitantes" value={formatNumber(summary.visitors)} />
            <Stat label="Visualizações" value={formatNumber(summary.pageviews)} />
            <Stat label="Taxa de rejeição" value={percent(summary.bounce_rate)} />
            <Stat label="Taxa de conversão" value={percent(summary.conversion_rate)} />
          </Stack>
          <VisitsChart summary={summary} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 2 }}>
            <DataCard
              id="paginas"
              title="Páginas mais vistas"
              rows={summary.pages}
              columns={[
                { header: 'Página', value: (row) => row.path },
                { header: 'Título', value: (row) => row.title },
                { header: 'Visualizações', value: (row) => row.pageviews, numeric: true },
                { header: 'Visitantes', value: (row) => row.visitors, numeric: true },
              ]}
            />
            <DataCard
              id="produtos"
              title="Produtos mais vistos"
              rows={summary.products}
              columns={[
                { header: 'Produto', value: (row) => row.title || row.path },
                { header: 'Visualizações', value: (row) => row.pageviews, numeric: true },
                { header: 'Visitantes', value: (row) => row.visitors, numeric: true },
              ]}
            />
            <DataCard
              id="conversoes"
              title="Conversões por página"
              rows={summary.conversions}
              columns={[
                { header: 'Página', value: (row) => row.path },
                { header: 'Ação', value: (row) => EVENT_LABELS[row.event] ?? row.event },
                { header: 'Quantidade', value: (row) => row.count, numeric: true },
              ]}
              empty="Nenhum pedido de orçamento, clique no WhatsApp ou mensagem no período."
            />
            <DataCard
              id="eventos"
              title="Eventos"
              rows={summary.events}
              columns={[
                { header: 'Evento', value: (row) => EVENT_LABELS[row.name] ?? row.name },
                { header: 'Quantidade', value: (row) => row.count, numeric: true },
                { header: 'Visitantes', value: (row) => row.visitors, numeric: true },
              ]}
            />
            <DataCard
              id="nao-encontradas"
              title="Páginas não encontradas"
              rows={summary.not_found}
              columns={[
                { header: 'Endereço pedido', value: (row) => row.path },
                { header: 'Página de origem', value: (row) => row.referrer || 'Acesso direto' },
                { header: 'Visitas', value: (row) => row.count, numeric: true },
              ]}
              empty="Ninguém chegou a um endereço inexistente no período."
            />
            <DataCard
              id="origens"
              title="Origens"
              rows={summary.referrers}
              columns={[
                { header: 'Origem', value: (row) => row.source },
                { header: 'Visitantes', value: (row) => row.visitors, numeric: true },
              ]}
            />
            <DataCard
              id="dispositivos"
              title="Dispositivos"
              rows={summary.devices}
              columns={[
                {
                  header: 'Dispositivo',
                  value: (row) => ({ mobile: 'Celular', tablet: 'Tablet', desktop: 'Computador' })[row.device] ?? row.device,
                },
                { header: 'Visitantes', value: (row) => row.visitors, numeric: true },
              ]}
            />
            <DataCard
              id="dias"
              title="Por dia"
              rows={[...summary.daily].reverse()}
              columns={[
                { header: 'Dia', value: (row) => dayLabel(row.date) },
                { header: 'Visitantes', value: (row) => row.visitors, numeric: true },
                { header: 'Visualizações', value: (row) => row.pageviews, numeric: true },
              ]}
            />
          </Stack>
        </>
      ) : null}
    </Box>
  );
}

export default function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const { actor, isPending } = useActor();
  if (isPending) return <Spinner />;
  if (!canAccessArea(actor, 'analytics', 'list')) return <AccessDenied area="analytics" />;
  return (
    <>
      <AnalyticsView />
    </>
  );
}
