import QuizIcon from '@mui/icons-material/Quiz';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';

export default {
  icon: QuizIcon,
  list: lazy(() => import('./FaqList')),
  create: lazy(() => import('./FaqCreate')),
  edit: lazy(() => import('./FaqEdit')),
  recordRepresentation: (record: RaRecord) => String(record.question ?? ''),
} satisfies Partial<ResourceProps>;
