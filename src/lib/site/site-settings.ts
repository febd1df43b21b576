/**
 * The business identity as the built pages show it: src/config/site.ts's defaults,
 * with the public settings staff edit in the admin over them (the cmsSettings
 * collection, empty when the build reads no CMS). Server-side only: islands and the
 * admin, which cannot read collections, import the defaults from src/config/site.ts.
 */
import { getCollection } from 'astro:content';
import { siteWith, type Site } from '../../config/site';

export async function getSite(): Promise<Site> {
  const settings = await getCollection('cmsSettings');
  return siteWith(Object.fromEntries(settings.map(({ data }) => [data.key, data.value])));
}
