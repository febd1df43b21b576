/**
 * The details of one audit row: its ids in full, then the old and new values
 * side by side, one line per field, with the fields that changed highlighted.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { RaRecord } from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { diffValues, formatValue, type FieldChange } from './diff';
import { actionLabel, TABLE_LABELS } from './labels';

const CHANGE_LABELS: Record<FieldChange, string> = {
  added: 'novo',
  removed: 'removido',
  changed: 'alterado',
  same: '',
};

function Value({ value, present }: { value: unknown; present: boolean }) {
  if (!present) return <Typography color="text.disabled">—</Typography>;
  return (
    <Box
      component="pre"
      sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {formatValue(value) || '""'}
    </Box>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {value || '—'}
      </Box>
    </>
  );
}

export function AuditDetails({ record, onClose }: { record: RaRecord | null; onClose: () => void }) {
  const diff = record ? diffValues(record.old_values, record.new_values) : [];
  const changed = diff.filter((entry) => entry.change === 'changed').length;
  return (
    <Dialog open={record !== null} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="audit-details-title">
      <DialogTitle id="audit-details-title">Detalhes do log de auditoria</DialogTitle>
      {record ? (
        <DialogContent dividers>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mt: 0, mb: 2 }}
          >
            <Meta label="Data/Hora" value={formatDateTime(record.created, { seconds: true })} />
            <Meta label="Ação" value={actionLabel(record.action)} />
            <Meta label="Tabela" value={`${TABLE_LABELS[record.table_name] ?? ''} (${record.table_name})`} />
            <Meta label="ID do log" value={String(record.id)} />
            <Meta label="ID do registro" value={record.record_id} />
            <Meta label="ID do usuário" value={record.user} />
            <Meta label="Usuário" value={record.actor} />
            <Meta label="IP" value={record.ip} />
            <Meta label="Navegador (user agent)" value={record.user_agent} />
          </Box>
          {record.action === 'UPDATE' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {changed === 1 ? '1 campo alterado' : `${changed} campos alterados`} (destacados).
            </Typography>
          ) : null}
          <Table size="small" aria-label="Valores antigos e novos">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '20%' }}>Campo</TableCell>
                <TableCell sx={{ width: '40%' }}>Valores antigos</TableCell>
                <TableCell sx={{ width: '40%' }}>Valores novos</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {diff.map((entry) => (
                <TableRow
                  key={entry.field}
                  data-field={entry.field}
                  data-change={entry.change}
                  sx={
                    entry.change === 'changed'
                      ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.18) }
                      : entry.change === 'same'
                        ? undefined
                        : { bgcolor: 'action.hover' }
                  }
                >
                  <TableCell sx={{ verticalAlign: 'top', fontFamily: 'monospace' }}>
                    {entry.field}
                    {entry.change !== 'same' ? (
                      <Chip
                        size="small"
                        label={CHANGE_LABELS[entry.change]}
                        sx={{ ml: 1 }}
                        color={entry.change === 'changed' ? 'warning' : 'default'}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Value value={entry.before} present={entry.hasBefore} />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Value value={entry.after} present={entry.hasAfter} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
