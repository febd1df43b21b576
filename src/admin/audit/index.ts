import { lazy } from 'react';

export default {
  list: lazy(() => import('./AuditList')),
};
