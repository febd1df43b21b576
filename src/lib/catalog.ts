/** Query helpers over the product collections, so pages stay thin. */
import { getCollection, type CollectionEntry } from 'astro:content';

export type Line = CollectionEntry<'lines'>;

/** A product line with the number of products it holds, in display order. */
export interface LineSummary {
  id: string;
  data: Line['data'];
  productCount: number;
  /** The product listing filtered to this line. */
  href: string;
}

export function lineHref(lineId: string): string {
  return `/produtos?category=${encodeURIComponent(lineId)}`;
}

export async function getLineSummaries(): Promise<LineSummary[]> {
  const [lines, products] = await Promise.all([getCollection('lines'), getCollection('products')]);
  return lines
    .sort((a, b) => a.data.order - b.data.order)
    .map((line) => ({
      id: line.id,
      data: line.data,
      productCount: products.filter((product) => product.data.line.id === line.id).length,
      href: lineHref(line.id),
    }));
}

export async function getPartners() {
  const partners = await getCollection('partners');
  return partners.sort((a, b) => a.data.order - b.data.order);
}
