import DescriptionIcon from '@mui/icons-material/Description';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: DescriptionIcon,
  list: lazy(() => import('./PageList')),
  create: lazy(() => import('./PageCreate')),
  edit: lazy(() => import('./PageEdit')),
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
} satisfies Partial<ResourceProps>;
