import { usePermissions } from 'react-admin';
import type { Actor } from '../../lib/permissions';

/** The signed-in staff member as src/lib/permissions.ts sees them (null while loading). */
export function useActor(): { actor: Actor | null; isPending: boolean } {
  const { permissions, isPending } = usePermissions<Actor | null>();
  return { actor: permissions ?? null, isPending };
}
