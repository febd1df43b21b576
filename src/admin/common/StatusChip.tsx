/**
 * A post's or page's workflow status as a chip: the same colour for each status in
 * both lists, the label in the resource's words (a post 'Publicado', a página 'Publicada').
 */
import Chip from '@mui/material/Chip';

const STATUS_COLORS: Record<string, 'default' | 'success' | 'info' | 'warning'> = {
  draft: 'default',
  review: 'warning',
  published: 'success',
  scheduled: 'info',
};

export function StatusChip({ status, label }: { status: string; label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      color={STATUS_COLORS[status] ?? 'default'}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      data-status={status}
    />
  );
}
