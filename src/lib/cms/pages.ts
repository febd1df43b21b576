/**
 * The site's pages: Home, Quem Somos, Projetos Sob Medida, Clientes, Contato and the
 * pages staff add, all records of the CMS's `pages` collection made of typed sections
 * (the cmsPages collection; a build without a CMS reads the seed, src/lib/cms/loaders.ts).
 * src/pages/[...page].astro renders each at / (the home page) or /{slug}; its old slugs
 * redirect there (src/pages/enderecos-movidos.json.ts); the menus link to it ('Menu',
 * src/lib/site/menu.ts).
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { movedPages, routeSlugs, type MovedPage } from './page-links';
import type { SectionImages } from './section-fields';
import type { Section } from './sections';

export type CmsPage = CollectionEntry<'cmsPages'>['data'];

/** The published pages, by slug. */
export async function getCmsPages(): Promise<CmsPage[]> {
  const pages = await getCollection('cmsPages');
  return pages.map((page) => page.data).sort((a, b) => (a.slug < b.slug ? -1 : 1));
}

/**
 * A published page's sections, with the HTML of their Markdown fields rendered and their
 * Mídia images described when the page was loaded.
 */
export async function getPageSections(
  slug: string,
): Promise<{ sections: Section[]; html: Record<string, Record<string, string>>; images: SectionImages }> {
  const entry = await getEntry('cmsPages', slug);
  if (!entry) throw new Error(`Página do CMS não encontrada: ${slug}`);
  const fields = entry.rendered?.metadata?.fields as Record<string, Record<string, string>> | undefined;
  return { sections: entry.data.sections, html: fields ?? {}, images: entry.data.images };
}

/**
 * Splits the published pages into those rendered at their address and those whose
 * address a code route serves (the server refuses such slugs, pb_hooks/lib/pages/pages.js;
 * a record saved before that rule is left out of the site).
 */
export function ownPages(reservedSegments: Iterable<string>, pages: CmsPage[]) {
  const reserved = new Set(reservedSegments);
  const own: CmsPage[] = [];
  const shadowed: CmsPage[] = [];
  for (const page of pages) (!page.is_homepage && reserved.has(page.slug) ? shadowed : own).push(page);
  return { own, shadowed };
}

/**
 * The published pages that get their address (see routeSlugs, given the route files of
 * src/pages as import.meta.glob lists them from there). A page whose slug a code route
 * serves is left out, with a build warning.
 */
export async function getOwnPages(routeFiles: readonly string[]): Promise<CmsPage[]> {
  const { own, shadowed } = ownPages(routeSlugs(routeFiles), await getCmsPages());
  if (shadowed.length)
    console.warn(
      `[páginas do CMS] ${shadowed.map((page) => page.slug).join(', ')}: o endereço é de uma rota do site; a página não foi gerada.`,
    );
  return own;
}

/** The moved pages of the build (see movedPages), given the route files of src/pages. */
export async function getMovedPages(routeFiles: readonly string[]): Promise<MovedPage[]> {
  const reserved = routeSlugs(routeFiles);
  return movedPages(ownPages(reserved, await getCmsPages()).own, reserved);
}
