import { ROLE_LABELS, ROLES } from '../../lib/permissions';

export const ROLE_CHOICES = ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

/** The spec's "secure input" limit for full names. */
export const FULL_NAME_MAX = 100;
