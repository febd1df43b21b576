/**
 * Where the site links to published CMS pages (src/lib/cms/page-links.ts): the old
 * addresses' redirects and the pages' links in the header and the footer.
 */
import { describe, expect, test } from 'vitest';
import { menuLinks, movedPages, type LinkedPage } from '../../src/lib/cms/page-links';

const page = (slug: string, fields: Partial<LinkedPage> = {}): LinkedPage => ({
  slug,
  name: slug,
  is_homepage: false,
  old_slugs: [],
  in_header: false,
  in_footer: false,
  menu_order: 0,
  ...fields,
});

describe('movedPages', () => {
  test('each old slug goes to its page, once', () => {
    expect(movedPages([page('parceiros', { old_slugs: ['parceria', 'programa'] })], ['blog'])).toEqual([
      { from: '/parceria', to: '/parceiros' },
      { from: '/programa', to: '/parceiros' },
    ]);
  });

  test('never an address a page or a built-in route serves, nor one twice', () => {
    const pages = [page('a', { old_slugs: ['b', 'blog', 'x'] }), page('b', { old_slugs: ['x', 'a'] })];
    expect(movedPages(pages, ['blog'])).toEqual([{ from: '/x', to: '/a' }]);
  });
});

describe('menuLinks', () => {
  const pages = [
    page('servicos', { name: 'Serviços', in_header: true, in_footer: true, menu_order: 2 }),
    page('parceiros', { name: 'Parceiros', in_footer: true, menu_order: 1 }),
    page('garantia', { name: 'Garantia', in_footer: true, menu_order: 1 }),
    page('inicio', { name: 'Início', is_homepage: true, in_header: true, menu_order: 5 }),
    page('rascunho', { name: 'Fora dos menus' }),
  ];

  test('the pages of each place, lowest order first, then by name', () => {
    expect(menuLinks(pages, 'footer')).toEqual([
      { label: 'Garantia', href: '/garantia' },
      { label: 'Parceiros', href: '/parceiros' },
      { label: 'Serviços', href: '/servicos' },
    ]);
    expect(menuLinks(pages, 'header')).toEqual([
      { label: 'Serviços', href: '/servicos' },
      { label: 'Início', href: '/' },
    ]);
  });
});
