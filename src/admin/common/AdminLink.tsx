/**
 * Links inside the admin: react-admin mounts under /admin (its basename), and
 * react-router's Link does not add it; these do.
 */
import { forwardRef, useCallback } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useBasename } from 'react-admin';

/** `/posts/create` → `/admin/posts/create`. */
export function useAdminPath(): (path: string) => string {
  const basename = useBasename();
  return useCallback((path: string) => `${basename}${path.startsWith('/') ? path : `/${path}`}`, [basename]);
}

export const AdminLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function AdminLink({ to, ...props }, ref) {
  const adminPath = useAdminPath();
  return <Link ref={ref} to={adminPath(to)} {...props} />;
});
