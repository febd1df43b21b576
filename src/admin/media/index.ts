import PermMediaIcon from '@mui/icons-material/PermMedia';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** Mídia: the library grid with its upload dialog (uploads, alt text and deletion happen in place). */
export default {
  icon: PermMediaIcon,
  list: lazy(() => import('./MediaList')),
  recordRepresentation: 'original_filename',
} satisfies Partial<ResourceProps>;
