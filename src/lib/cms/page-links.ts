/**
 * Where the site links to the pages staff publish, kept apart from the content
 * collections (src/lib/cms/pages.ts) so it can be tested: a page's path and its old
 * addresses' redirects (the menus are src/lib/site/menus.ts).
 */
import { SEARCH_BASE_DIR } from '../../config/search-index.mjs';

/** What these rules read of a published page (src/lib/cms/content-rules.ts pageSchema). */
export interface LinkedPage {
  slug: string;
  name: string;
  is_homepage: boolean;
  old_slugs: string[];
}

/** Path of a CMS page: the home page, or /{slug}. */
export function pathOf(page: Pick<LinkedPage, 'slug' | 'is_homepage'>): string {
  return page.is_homepage ? '/' : `/${page.slug}`;
}

/**
 * The slugs a page cannot have because a code route serves /{slug}, given the route
 * files of src/pages (as import.meta.glob lists them from there, e.g. './blog/index.astro'):
 * a file at the top (not a [parameter]) or a folder's index, plus the search index's
 * folder (a page there would be deleted by the index). A folder without an index serves
 * only deeper addresses (src/pages/contato/enviado.astro leaves /contato to its page).
 * shared/content-rules.json's builtInSlugs lists the same for the server.
 * @example routeSlugs(['./blog/index.astro', './contato/enviado.astro', './rss.xml.ts']) // ['blog', 'rss.xml', 'busca']
 */
export function routeSlugs(routeFiles: readonly string[]): string[] {
  const slugs = new Set<string>();
  for (const route of routeFiles) {
    const parts = route.replace(/^\.\//, '').split('/');
    const name = parts.length === 1 ? parts[0]! : parts.length === 2 && /^index\.[a-z]+$/.test(parts[1]!) ? parts[0]! : '';
    if (name && !name.startsWith('[')) slugs.add(name.replace(/\.(astro|ts|md|mdx)$/, ''));
  }
  return [...slugs, SEARCH_BASE_DIR];
}

export interface MovedPage {
  from: string;
  to: string;
}

/**
 * The old addresses of pages with a route of their own, each to its page's address:
 * never one a page or a built-in route serves, nor one listed twice (the server
 * refuses both, pb_hooks/lib/pages/pages.js; this keeps a build of other data safe).
 * @example movedPages([{ slug: 'sobre', old_slugs: ['quem'], ... }], []) // [{ from: '/quem', to: '/sobre' }]
 */
export function movedPages(own: readonly LinkedPage[], reserved: Iterable<string>): MovedPage[] {
  const taken = new Set([...reserved, ...own.map((page) => page.slug)]);
  const moved: MovedPage[] = [];
  for (const page of own) {
    for (const old of page.old_slugs) {
      if (taken.has(old)) continue;
      taken.add(old);
      moved.push({ from: `/${old}`, to: pathOf(page) });
    }
  }
  return moved;
}
