/** Query helpers over the product collections, so pages stay thin. */
import { getCollection, getEntries, getEntry, type CollectionEntry } from 'astro:content';
import type { MovedPage } from '../cms/page-links';
import { movedProducts, productHref } from './addresses';
import type { Crumb } from '../site/structured-data';

export type Line = CollectionEntry<'lines'>;
export type Product = CollectionEntry<'products'>;

/** The sentence shown for a line without a long description. */
export const LINE_FALLBACK_DESCRIPTION =
  'Conheça os produtos desta linha e fale com nossa equipe para escolher a melhor opção para o seu projeto.';

/** The line /produtos shows (also for an unknown legacy `?category=` value). */
export const DEFAULT_LINE = 'ops';

/** A product line with its products, in display order. */
export interface LineSummary {
  id: string;
  data: Line['data'];
  products: Product[];
  productCount: number;
  /** The product listing filtered to this line. */
  href: string;
}

/**
 * Each line's prebuilt listing page. The default line has one too, besides being what
 * /produtos shows: a breadcrumb names the line with an address of its own, never the
 * catalogue's.
 */
export function lineHref(lineId: string): string {
  return `/produtos/linha/${encodeURIComponent(lineId)}`;
}

export { productHref };

/** The renamed products' old addresses in this build. */
export async function getMovedProducts(): Promise<MovedPage[]> {
  return movedProducts(await getCollection('products'));
}

export async function getLineSummaries(): Promise<LineSummary[]> {
  const [lines, products] = await Promise.all([getCollection('lines'), getCollection('products')]);
  return lines
    .sort((a, b) => a.data.order - b.data.order)
    .map((line) => {
      const own = products.filter((product) => product.data.line.id === line.id).sort((a, b) => a.data.order - b.data.order);
      return { id: line.id, data: line.data, products: own, productCount: own.length, href: lineHref(line.id) };
    });
}

export async function getProducts(): Promise<Product[]> {
  const [lines, products] = await Promise.all([getCollection('lines'), getCollection('products')]);
  const lineOrder = new Map(lines.map((line) => [line.id, line.data.order]));
  return products.sort(
    (a, b) => (lineOrder.get(a.data.line.id) ?? 0) - (lineOrder.get(b.data.line.id) ?? 0) || a.data.order - b.data.order,
  );
}

/** Everything a product page shows besides the product itself. */
export async function getProductContext(product: Product) {
  const [line, related, datasheet] = await Promise.all([
    getEntry(product.data.line),
    getEntries(product.data.related),
    product.data.datasheet ? getEntry(product.data.datasheet) : Promise.resolve(undefined),
  ]);
  if (!line) throw new Error(`linha ${product.data.line.id} do produto ${product.id} não existe`);
  return { line, related, datasheet, trail: productTrail(product, line) };
}

/** The product page's breadcrumb trail (shown, and given to search engines). */
export function productTrail(product: Product, line: Line): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Produtos', path: '/produtos' },
    { name: line.data.name, path: lineHref(line.id) },
    { name: product.data.model, path: productHref(product.id) },
  ];
}

export async function getDatasheets() {
  return (await getCollection('datasheets')).sort((a, b) => a.data.order - b.data.order);
}
