import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./SubscriberList')),
  recordRepresentation: (record: RaRecord) => String(record.email ?? record.id),
};
