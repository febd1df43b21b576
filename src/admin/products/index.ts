/** 'Produtos': the catalogue's products (src/admin/catalog/, rules in shared/catalog.js). */
import MemoryIcon from '@mui/icons-material/Memory';
import type { RaRecord } from 'react-admin';
import { catalogScreens } from '../catalog';

export default {
  icon: MemoryIcon,
  ...catalogScreens('products'),
  recordRepresentation: (record: RaRecord) => `${String(record.model ?? '')} – ${String(record.name ?? '')}`,
};
