import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: FormatQuoteIcon,
  list: lazy(() => import('./TestimonialList')),
  create: lazy(() => import('./TestimonialCreate')),
  edit: lazy(() => import('./TestimonialEdit')),
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
} satisfies Partial<ResourceProps>;
