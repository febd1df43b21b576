/**
 * The renamed pages' and products' old addresses and their new ones, for the `_redirects`
 * manifest (src/integrations/redirects.mjs reads this file and takes it out of the build).
 */
import type { APIRoute } from 'astro';
import { getMovedProducts } from '../lib/catalog/catalog';
import { getMovedPages } from '../lib/cms/pages';

export const GET: APIRoute = async () =>
  new Response(
    JSON.stringify([
      ...(await getMovedPages(Object.keys(import.meta.glob('./**/*.{astro,ts,md,mdx}')))),
      ...(await getMovedProducts()),
    ]),
  );
