/**
 * Cache keys for Astro's incremental build (experimental.incrementalBuild): a page
 * from getStaticPaths() is copied from the previous build when its key and its code
 * are unchanged. A key is a digest of every piece of content the page shows: what
 * every page shares (in the layout, the public settings and the pages' links in the
 * header and footer; the texts kept in git), plus the page's own records. Astro itself
 * covers the code and the MDX bodies a page renders. So a page put in or taken out of a
 * menu renders every page again, a page's sections only that page, and a product its
 * own page, the pages that show it among their related products and its line's (productKey, lineKey).
 */
import { createHash } from 'node:crypto';
import { getCollection, getEntries, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import type { CmsPage } from './pages';
import type { SectionType } from './sections';

/** The collections the layout reads, and the git texts only a deploy changes. */
const SHARED: CollectionKey[] = ['cmsSettings', 'cmsMenus', 'signatures', 'legal'];

/** What the layout and the redirects read of the pages: their names and addresses. */
const pageLinkFields = ({ slug, name, is_homepage, old_slugs }: CmsPage) => ({ slug, name, is_homepage, old_slugs });

/** The collections a section type shows besides its own fields (src/components/sections/). */
const SECTION_READS: Partial<Record<SectionType, CollectionKey[]>> = {
  product_lines: ['lines', 'products'],
  partners: ['partners'],
  testimonials: ['testimonials'],
  faq: ['faq'],
};

/** A collection's entries in id order: the store's order may differ between builds of the same content. */
async function entriesOf(name: CollectionKey) {
  return (await getCollection(name))
    .map((entry) => [entry.id, entry.data, entry.body])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
}

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
    const collections = await Promise.all(SHARED.map(entriesOf));
    const links = (await getCollection('cmsPages'))
      .map((entry) => pageLinkFields(entry.data))
      .sort((a, b) => a.slug.localeCompare(b.slug));
    return digest(collections, links);
  })();
  return shared;
}

/** A page's key: what every page shares, the page's record (its sections' HTML too) and what its section types read. */
export async function pageKey(page: CmsPage): Promise<string> {
  const reads = [...new Set(page.sections.flatMap((section) => SECTION_READS[section.type] ?? []))].sort();
  const entry = await getEntry('cmsPages', page.slug);
  return digest(await sharedKey(), page, entry?.rendered ?? null, reads, await Promise.all(reads.map(entriesOf)));
}

/**
 * What a related product's card shows: ProductCard.astro without its specifications
 * (RelatedProducts.astro), so a specification edited changes no other product's page.
 */
const relatedCard = ({ id, data }: CollectionEntry<'products'>) => [id, data.model, data.name, data.description, data.images[0]];

/**
 * The key of a product's page: what every page shares, the product, and what its page
 * shows of others: its line (badge, trail), its datasheet and its related products'
 * cards (src/components/products/ProductDetail.astro). A product edited renders its own
 * page and, when its card changed, those that list it among their related products, not
 * every product's.
 */
export async function productKey(product: CollectionEntry<'products'>): Promise<string> {
  const [line, datasheet, related] = await Promise.all([
    getEntry(product.data.line),
    product.data.datasheet ? getEntry(product.data.datasheet) : Promise.resolve(undefined),
    getEntries(product.data.related),
  ]);
  const view = (entry: { id: string; data: unknown } | undefined) => (entry ? [entry.id, entry.data] : null);
  return digest(await sharedKey(), view(product), view(line), view(datasheet), related.map(relatedCard));
}

/**
 * The key of a line's page (/produtos/linha/…): what every page shares, every line as
 * its menu shows it (name, icon, colour, how many products) and the selected line's
 * products' cards. A product edited renders its own line's page, and the others only
 * when a line's count changes.
 */
export async function lineKey(
  lines: readonly { id: string; data: unknown; productCount: number }[],
  selected: { products: readonly { id: string; data: unknown }[] },
): Promise<string> {
  return digest(
    await sharedKey(),
    lines.map((line) => [line.id, line.data, line.productCount]),
    selected.products.map((product) => [product.id, product.data]),
  );
}
