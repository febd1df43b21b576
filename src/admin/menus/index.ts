import MenuIcon from '@mui/icons-material/Menu';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';
import { menuDefinition } from './menuRules';

export default {
  icon: MenuIcon,
  list: lazy(() => import('./MenuList')),
  edit: lazy(() => import('./MenuEdit')),
  recordRepresentation: (record: RaRecord) => menuDefinition(record.key)?.label ?? String(record.key ?? ''),
} satisfies Partial<ResourceProps>;
