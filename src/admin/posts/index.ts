import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./PostList')),
  create: lazy(() => import('./PostCreate')),
  edit: lazy(() => import('./PostEdit')),
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
