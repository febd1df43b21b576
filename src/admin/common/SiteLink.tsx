/**
 * 'Ver no site': an article or page as the public site shows it, in a new tab. The
 * admin lives on the site's own origin (under /admin), so the address is the path.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { RaRecord } from 'react-admin';
import { visuallyHidden } from './visuallyHidden';

export function SiteLink({ path, title }: { path: string; title: string }) {
  return (
    <Link
      href={path}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => event.stopPropagation()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Ver no site
      <Box component="span" sx={visuallyHidden}>
        : {title} (abre em nova aba)
      </Box>
    </Link>
  );
}

/** A CMS post's address on the site (src/pages/blog/[slug].astro), whatever its status. */
export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}

/** Where a CMS post is on the site, when the public can see it (published, or scheduled and due). */
export function postPath(record: RaRecord | undefined, now = Date.now()): string | null {
  if (!record?.slug) return null;
  const due =
    record.status === 'scheduled' && record.published_at && Date.parse(String(record.published_at).replace(' ', 'T')) <= now;
  return record.status === 'published' || due ? blogPostPath(String(record.slug)) : null;
}

/** Where a CMS page is on the site, when published. */
export function pagePath(record: RaRecord | undefined): string | null {
  if (!record?.slug || record.status !== 'published') return null;
  return record.is_homepage ? '/' : `/${String(record.slug)}`;
}
