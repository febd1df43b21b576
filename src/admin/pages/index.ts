import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./PageList')),
  create: lazy(() => import('./PageCreate')),
  edit: lazy(() => import('./PageEdit')),
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
