/** 'Softwares': the catalogue's software downloads (src/admin/catalog/, rules in shared/catalog.js). */
import TerminalIcon from '@mui/icons-material/Terminal';
import type { RaRecord } from 'react-admin';
import { catalogScreens } from '../catalog';

export default {
  icon: TerminalIcon,
  ...catalogScreens('software'),
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
