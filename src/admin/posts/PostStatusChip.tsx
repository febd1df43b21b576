/** A post's status in pt-BR: Rascunho, Em revisão, Publicado, Agendado. */
import Chip from '@mui/material/Chip';
import { statusLabel, type PostStatus } from './postRules';

const STATUS_COLORS: Record<PostStatus, 'default' | 'success' | 'info' | 'warning'> = {
  draft: 'default',
  review: 'warning',
  published: 'success',
  scheduled: 'info',
};

export function PostStatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      color={STATUS_COLORS[status as PostStatus] ?? 'default'}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      data-status={status}
    />
  );
}
