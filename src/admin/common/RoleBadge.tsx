import Chip from '@mui/material/Chip';
import { ROLE_LABELS, isRole } from '../../lib/permissions';

/** The role badge's colour, strongest for the most powerful role: admin destructive, editor default, author secondary. */
const COLORS = { admin: 'error', editor: 'primary', author: 'default' } as const;

export function RoleBadge({ role, size = 'small' }: { role: string; size?: 'small' | 'medium' }) {
  if (!isRole(role)) return null;
  return <Chip label={ROLE_LABELS[role]} color={COLORS[role]} size={size} variant={role === 'author' ? 'outlined' : 'filled'} />;
}
