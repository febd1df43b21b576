import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: HandshakeIcon,
  list: lazy(() => import('./PartnerList')),
  create: lazy(() => import('./PartnerCreate')),
  edit: lazy(() => import('./PartnerEdit')),
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
} satisfies Partial<ResourceProps>;
