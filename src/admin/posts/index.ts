import ArticleIcon from '@mui/icons-material/Article';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: ArticleIcon,
  list: lazy(() => import('./PostList')),
  create: lazy(() => import('./PostCreate')),
  edit: lazy(() => import('./PostEdit')),
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
} satisfies Partial<ResourceProps>;
