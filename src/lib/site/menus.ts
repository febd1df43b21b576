/**
 * The site's menus as links (the header and the footer's two columns): from the
 * menus staff edit in 'Menu' (pb_migrations/1795311000_menus.js, shared/menus.js), or,
 * in a build without a CMS, from the menus of a fresh install (shared/site-menus.json).
 * Pure: the benchmark's copy of the site imports it too; the pages read a menu through
 * getMenu (src/lib/site/menu.ts).
 */
import type { NavLink } from '../../config/navigation';
import seed from '../../../shared/site-menus.json';

export type MenuKey = 'header' | 'footer_links' | 'footer_resources';

export interface MenuItemRecord {
  label: string;
  page: string;
  url: string;
  new_tab: boolean;
}

export interface MenuRecord {
  key: MenuKey;
  title: string;
  items: MenuItemRecord[];
}

/** What a link to a page needs: its record id and its address. */
export interface LinkablePage {
  id: string;
  slug: string;
  is_homepage: boolean;
}

export interface SiteMenu {
  title: string;
  links: NavLink[];
}

/**
 * A menu's links: a page item links to the page's address while the page is published
 * (an unpublished or deleted page's item is left out: the site has nothing there), an
 * address item to its address.
 * @example menuLinks([{ label: 'Sobre', page: 'p1', url: '', new_tab: false }], [{ id: 'p1', slug: 'sobre', is_homepage: false }]) // [{ label: 'Sobre', href: '/sobre' }]
 */
export function menuLinks(items: readonly MenuItemRecord[], published: readonly LinkablePage[]): NavLink[] {
  const byId = new Map(published.map((page) => [page.id, page]));
  const links: NavLink[] = [];
  for (const item of items) {
    let href = item.url;
    if (item.page) {
      const page = byId.get(item.page);
      if (!page) continue;
      href = page.is_homepage ? '/' : `/${page.slug}`;
    }
    links.push(item.new_tab ? { label: item.label, href, external: true } : { label: item.label, href });
  }
  return links;
}

/** The menus of a fresh install (the benchmark's copy of the site shows them): every path as it is written. */
export function seedMenus(): Record<MenuKey, SiteMenu> {
  const menus = {} as Record<MenuKey, SiteMenu>;
  for (const menu of seed.menus) {
    menus[menu.key as MenuKey] = {
      title: menu.title,
      links: menu.items.map((item) =>
        'new_tab' in item && item.new_tab
          ? { label: item.label, href: item.path, external: true }
          : { label: item.label, href: item.path },
      ),
    };
  }
  return menus;
}
