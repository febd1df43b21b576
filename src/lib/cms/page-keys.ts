/**
 * Cache keys for Astro's incremental build (experimental.incrementalBuild): a page
 * from getStaticPaths() is copied from the previous build when its key and its code
 * are unchanged. A key is a digest of every piece of content the page shows: what
 * every page shares (in the layout, the public settings and the CMS pages' SEO and
 * their links in the header and footer; the catalogue and copy kept in git), plus
 * the page's own records. Astro itself covers the code and the MDX bodies a page
 * renders. So a page put in or taken out of a menu renders every page again.
 */
import { createHash } from 'node:crypto';
import { getCollection, type CollectionKey } from 'astro:content';

/** The collections the layout or any non-blog page reads: everything but the articles. */
const SHARED: CollectionKey[] = [
  'cmsSettings',
  'cmsPages',
  'lines',
  'products',
  'datasheets',
  'partners',
  'software',
  'testimonials',
  'faq',
  'customHardware',
  'signatures',
  'legal',
  'home',
  'about',
  'contact',
];

/** A short digest of JSON-able values. */
export function digest(...parts: unknown[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(JSON.stringify(part) ?? 'undefined').update('\0');
  return hash.digest('base64url');
}

let shared: Promise<string> | undefined;

/** The digest of what every page shares; computed once per build. */
export function sharedKey(): Promise<string> {
  shared ??= (async () => {
    const collections = await Promise.all(
      SHARED.map(async (name) =>
        // In id order: the store's order may differ between builds of the same content.
        (await getCollection(name))
          .map((entry) => [entry.id, entry.data, entry.body])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      ),
    );
    return digest(collections);
  })();
  return shared;
}
