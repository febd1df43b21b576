import MailIcon from '@mui/icons-material/Mail';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: MailIcon,
  list: lazy(() => import('./MessageList')),
  show: lazy(() => import('./MessageShow')),
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
} satisfies Partial<ResourceProps>;
