import { describe, expect, test } from 'vitest';
import { menuLinks, seedMenus } from '../../src/lib/site/menus';
import { mainNav, footerQuickLinks, footerResources } from '../../src/config/navigation';

const pages = [
  { id: 'home', slug: 'inicio', is_homepage: true },
  { id: 'about', slug: 'quem-somos', is_homepage: false },
];

describe('menuLinks', () => {
  test('a page item links to the published page, the home page to /', () => {
    expect(
      menuLinks(
        [
          { label: 'Início', page: 'home', url: '', new_tab: false },
          { label: 'Sobre', page: 'about', url: '', new_tab: false },
        ],
        pages,
      ),
    ).toEqual([
      { label: 'Início', href: '/' },
      { label: 'Sobre', href: '/quem-somos' },
    ]);
  });

  test('an item whose page is not published is left out; an address keeps its new tab', () => {
    expect(
      menuLinks(
        [
          { label: 'Rascunho', page: 'draft', url: '', new_tab: false },
          { label: 'Loja', page: '', url: 'https://loja.operium.com.br', new_tab: true },
          { label: 'Blog', page: '', url: '/blog', new_tab: false },
        ],
        pages,
      ),
    ).toEqual([
      { label: 'Loja', href: 'https://loja.operium.com.br', external: true },
      { label: 'Blog', href: '/blog' },
    ]);
  });
});

describe('seedMenus', () => {
  test("a fresh install's menus are the links the site had in code", () => {
    const menus = seedMenus();
    expect(menus.header.links).toEqual(mainNav);
    expect(menus.footer_links).toEqual({ title: 'Links rápidos', links: footerQuickLinks });
    expect(menus.footer_resources).toEqual({ title: 'Recursos', links: footerResources });
  });
});
