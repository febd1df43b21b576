import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./MessageList')),
  show: lazy(() => import('./MessageShow')),
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
