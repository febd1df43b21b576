import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: PeopleIcon,
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  recordRepresentation: (record: RaRecord) => String(record.full_name || record.email || record.id),
} satisfies Partial<ResourceProps>;
