/** 'Datasheets': the catalogue's datasheets (src/admin/catalog/, rules in shared/catalog.js). */
import DescriptionIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';
import { catalogScreens } from '../catalog';

export default {
  icon: DescriptionIcon,
  ...catalogScreens('datasheets'),
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
