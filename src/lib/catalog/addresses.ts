/**
 * A product's address, and the old addresses of renamed products the site redirects
 * (301, through src/pages/enderecos-movidos.json.ts). Pure: no content collection read here.
 */
import { RESERVED_PRODUCT_SLUGS } from '../../../shared/catalog.js';
import type { MovedPage } from '../cms/page-links';

export function productHref(productId: string): string {
  return `/produtos/${productId}`;
}

/**
 * The old addresses of renamed products, each to the product's page: never one another
 * product has, nor one listed twice (the server refuses both, pb_hooks/lib/catalog/catalog.js;
 * this keeps a build of other data safe).
 * @example movedProducts([{ id: 'opx1002', data: { oldSlugs: ['opx1001b'] } }]) // [{ from: '/produtos/opx1001b', to: '/produtos/opx1002' }]
 */
export function movedProducts(products: readonly { id: string; data: { oldSlugs: readonly string[] } }[]): MovedPage[] {
  const taken = new Set([...RESERVED_PRODUCT_SLUGS, ...products.map((product) => product.id)]);
  const moved: MovedPage[] = [];
  for (const product of products) {
    for (const old of product.data.oldSlugs) {
      if (taken.has(old)) continue;
      taken.add(old);
      moved.push({ from: productHref(old), to: productHref(product.id) });
    }
  }
  return moved;
}
