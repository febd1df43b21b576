/**
 * The dashboard's card: the last 7 days' visitors as a small line (plain SVG, so the
 * dashboard does not load the charting library) and the way to 'Analytics'.
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import InsightsIcon from '@mui/icons-material/Insights';
import { useGetOne } from 'react-admin';
import { AdminLink } from '../common/AdminLink';
import { formatNumber } from '../../lib/format';
import type { AnalyticsSummary } from './summary';

const WIDTH = 240;
const HEIGHT = 48;

function Sparkline({ values }: { values: number[] }) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : WIDTH;
  const points = values.map(
    (value, index) => `${(index * step).toFixed(1)},${(HEIGHT - 4 - (value / max) * (HEIGHT - 8)).toFixed(1)}`,
  );
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} aria-hidden="true" preserveAspectRatio="none">
      <polyline points={points.join(' ')} fill="none" stroke="#0b3d6e" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

export function VisitorsCard() {
  const { data } = useGetOne<AnalyticsSummary>('analytics', { id: '7' });
  const daily = data?.daily ?? [];
  return (
    <Card component="section" aria-labelledby="visitors-card" sx={{ flex: '1 1 320px' }} data-stat="visitors">
      <CardContent>
        <Typography id="visitors-card" component="h2" variant="h6" gutterBottom>
          Visitantes nos últimos 7 dias
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-value>
          {data ? formatNumber(data.visitors) : '–'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {data
            ? `${formatNumber(data.pageviews)} visualizações · hoje: ${formatNumber(daily.at(-1)?.visitors ?? 0)} visitantes`
            : 'Carregando...'}
        </Typography>
        {daily.length ? <Sparkline values={daily.map((day) => day.visitors)} /> : null}
        <Button component={AdminLink} to="/analytics" variant="outlined" size="small" startIcon={<InsightsIcon />} sx={{ mt: 1 }}>
          Ver analytics
        </Button>
      </CardContent>
    </Card>
  );
}
