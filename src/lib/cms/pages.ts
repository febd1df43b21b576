/**
 * Pages staff publish in the admin (the cmsPages collection, empty when the build
 * reads no CMS). A page whose slug names a built-in route (or the home page)
 * overrides that route's title and description; any other page is rendered at
 * /{slug} by src/pages/[page].astro, its old slugs redirect there
 * (src/pages/enderecos-movidos.json.ts), and it may have a link in the header and the
 * footer (src/lib/cms/page-links.ts).
 */
import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import { SEARCH_BASE_DIR } from '../../config/search-index.mjs';
import { movedPages, pathOf, type MovedPage } from './page-links';

export type CmsPage = CollectionEntry<'cmsPages'>['data'];

/** The published pages, by slug. */
export async function getCmsPages(): Promise<CmsPage[]> {
  const pages = await getCollection('cmsPages');
  return pages.map((page) => page.data).sort((a, b) => (a.slug < b.slug ? -1 : 1));
}

/** A published page's body, rendered by the site's Markdown pipeline when it was loaded (src/lib/cms/loaders.ts). */
export async function renderPage(slug: string) {
  const entry = await getEntry('cmsPages', slug);
  if (!entry) throw new Error(`Página do CMS não encontrada: ${slug}`);
  return render(entry);
}

export interface SeoOverride {
  /** The whole `<title>` (the SEO title), also the title shown when shared. */
  title?: string;
  description?: string;
}

/** The CMS's title and description for a built route, if a published page sets them. */
export function seoOverrideFor(pathname: string, pages: CmsPage[]): SeoOverride | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const page = pages.find((candidate) => pathOf(candidate) === path);
  if (!page) return undefined;
  return {
    title: page.title || undefined,
    description: page.meta_description || undefined,
  };
}

/**
 * Splits the published pages into those rendered as their own page and those whose
 * path a built-in route already serves (the route wins; the page only lends its SEO).
 */
export function ownPages(reservedSegments: Iterable<string>, pages: CmsPage[]) {
  const reserved = new Set(reservedSegments);
  const own: CmsPage[] = [];
  const overrides: CmsPage[] = [];
  for (const page of pages) (page.is_homepage || reserved.has(page.slug) ? overrides : own).push(page);
  return { own, overrides };
}

/**
 * The first path segments the site's own routes take, given the route files of
 * src/pages (as import.meta.glob lists them from there, e.g. './blog/[slug].astro'),
 * and the search index's folder: a page there would be deleted by the index.
 */
function reservedSegments(routeFiles: readonly string[]): string[] {
  const reserved = routeFiles.map((route) =>
    route
      .replace(/^\.\//, '')
      .split('/')[0]!
      .replace(/\.(astro|ts|md|mdx)$/, ''),
  );
  return [...reserved, SEARCH_BASE_DIR];
}

/**
 * The published pages that get a route of their own (see reservedSegments). A page
 * whose first path segment a built-in route already serves is left out, with a build
 * warning: that route keeps its content and takes the page's SEO.
 */
export async function getOwnPages(routeFiles: readonly string[]): Promise<CmsPage[]> {
  const { own, overrides } = ownPages(reservedSegments(routeFiles), await getCmsPages());
  const shadowed = overrides.filter((page) => !page.is_homepage).map((page) => page.slug);
  if (shadowed.length)
    console.warn(`[páginas do CMS] ${shadowed.join(', ')}: rota já existe no site; a página só define título e descrição dela.`);
  return own;
}

/** The moved pages of the build (see movedPages), given the route files of src/pages. */
export async function getMovedPages(routeFiles: readonly string[]): Promise<MovedPage[]> {
  const reserved = reservedSegments(routeFiles);
  return movedPages(ownPages(reserved, await getCmsPages()).own, reserved);
}
