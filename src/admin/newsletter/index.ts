import SubscriptionsIcon from '@mui/icons-material/MarkEmailRead';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: SubscriptionsIcon,
  list: lazy(() => import('./SubscriberList')),
  recordRepresentation: (record: RaRecord) => String(record.email ?? record.id),
} satisfies Partial<ResourceProps>;
