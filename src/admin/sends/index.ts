import OutgoingMailIcon from '@mui/icons-material/Outbox';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

/** 'Envios': the newsletter sends (read-only; a send starts from a post's 'Enviar newsletter'). */
export default {
  icon: OutgoingMailIcon,
  list: lazy(() => import('./SendList')),
  show: lazy(() => import('./SendShow')),
  recordRepresentation: (record: RaRecord) => String(record.post_title ?? record.id),
} satisfies Partial<ResourceProps>;
