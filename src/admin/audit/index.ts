import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

export default {
  icon: HistoryIcon,
  list: lazy(() => import('./AuditList')),
} satisfies Partial<ResourceProps>;
