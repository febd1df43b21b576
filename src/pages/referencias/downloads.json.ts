import type { APIRoute } from 'astro';
import { getDatasheets } from '../../lib/catalog/catalog';
import { getSoftwareGroups } from '../../lib/site/content';

/**
 * The datasheets and software downloads, as /referencias/datasheets and
 * /referencias/softwares list them: src/integrations/site-search.mjs reads this file
 * after the build to index each download as a record of its own, linked to its file
 * (the collections come from the CMS, which an integration cannot read).
 */
export const GET: APIRoute = async () => {
  const datasheets = (await getDatasheets()).map(({ data }) => ({
    name: data.name,
    description: data.description,
    url: data.url,
  }));
  const software = (await getSoftwareGroups()).flatMap((group) =>
    group.items.map(({ data }) => ({ name: data.name, description: data.description, url: data.url, category: data.category })),
  );
  return new Response(JSON.stringify({ datasheets, software }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
