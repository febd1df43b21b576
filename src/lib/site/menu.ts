/** A menu as the site's chrome shows it (the header, the footer's columns). */
import { getEntry } from 'astro:content';
import type { MenuKey, SiteMenu } from './menus';

/** The menu's title and links (src/lib/cms/pieces.ts menusLoader); none if the CMS has lost it. */
export async function getMenu(key: MenuKey): Promise<SiteMenu> {
  const entry = await getEntry('cmsMenus', key);
  return entry ? entry.data : { title: '', links: [] };
}
