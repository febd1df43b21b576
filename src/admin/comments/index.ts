import CommentIcon from '@mui/icons-material/Comment';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: CommentIcon,
  list: lazy(() => import('./CommentList')),
  edit: lazy(() => import('./CommentEdit')),
  recordRepresentation: (record: RaRecord) => `Comentário de ${String(record.name ?? record.id)}`,
} satisfies Partial<ResourceProps>;
