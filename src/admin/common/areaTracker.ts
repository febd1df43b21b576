/**
 * react-admin answers a refused route by navigating to /access-denied, which loses
 * the area the person tried to open. The layout records the last area visited so
 * the denied screen can name it with its own text (access.ts).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useBasename } from 'react-admin';

let lastArea: string | null = null;

/** The first path segment under the admin's basename: /admin/posts/abc → posts. */
export function areaOfPath(pathname: string, basename: string): string {
  return pathname.slice(basename.length).replace(/^\/+/, '').split('/')[0] ?? '';
}

export function useTrackArea() {
  const { pathname } = useLocation();
  const basename = useBasename();
  useEffect(() => {
    const area = areaOfPath(pathname, basename);
    if (area !== 'access-denied') lastArea = area;
  }, [pathname, basename]);
}

export function lastVisitedArea(): string | null {
  return lastArea;
}
