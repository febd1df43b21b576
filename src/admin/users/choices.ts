import { ROLE_LABELS, ROLES } from '../../lib/permissions';

export const ROLE_CHOICES = ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

/** The "secure input" limit for full names (the server's, in pb_hooks/lib/auth/accounts.js). */
export const FULL_NAME_MAX = 100;
