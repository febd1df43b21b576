/** A page's status in pt-BR: Rascunho or Publicada. */
import Chip from '@mui/material/Chip';
import { PAGE_STATUS_LABELS, type PageStatus } from './pageRules';

export function PageStatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={PAGE_STATUS_LABELS[status as PageStatus] ?? status}
      color={status === 'published' ? 'success' : 'default'}
      variant={status === 'published' ? 'filled' : 'outlined'}
      data-status={status}
    />
  );
}
