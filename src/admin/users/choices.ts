import { ROLE_LABELS, ROLES } from '../../lib/permissions';

export const ROLE_CHOICES = ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

/** The "secure input" limit for full names (shared/accounts.js, which the server applies too). */
export { FULL_NAME_MAX } from '../../../shared/accounts.js';
