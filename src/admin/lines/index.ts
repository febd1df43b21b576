/** 'Linhas': the catalogue's product lines (src/admin/catalog/, rules in shared/catalog.js). */
import CategoryIcon from '@mui/icons-material/Category';
import type { RaRecord } from 'react-admin';
import { catalogScreens } from '../catalog';

export default {
  icon: CategoryIcon,
  ...catalogScreens('lines'),
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
