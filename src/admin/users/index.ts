import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  recordRepresentation: (record: RaRecord) => String(record.full_name || record.email || record.id),
};
