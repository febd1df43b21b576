import { describe, expect, test } from 'vitest';
import { menuLinks, seedMenus } from '../../src/lib/site/menus';

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
    expect(menus.header.links).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Loja', href: 'https://loja.operium.com.br', external: true },
      { label: 'Quem Somos', href: '/quem-somos' },
      { label: 'Produtos', href: '/produtos' },
      { label: 'Projetos Sob Medida', href: '/projetos-sob-medida' },
      { label: 'Blog', href: '/blog' },
      { label: 'DataSheets', href: '/referencias/datasheets' },
      { label: 'Softwares', href: '/referencias/softwares' },
      { label: 'Contato', href: '/contato' },
    ]);
    expect(menus.footer_links).toEqual({
      title: 'Links rápidos',
      links: [
        { label: 'Quem Somos', href: '/quem-somos' },
        { label: 'Produtos', href: '/produtos' },
        { label: 'Projetos Sob Medida', href: '/projetos-sob-medida' },
        { label: 'Catálogo Digital', href: '/catalogo-digital' },
        { label: 'Política de Privacidade', href: '/politica-privacidade' },
      ],
    });
    expect(menus.footer_resources).toEqual({
      title: 'Recursos',
      links: [
        { label: 'Blog', href: '/blog' },
        { label: 'Clientes', href: '/clientes' },
        { label: 'Contato', href: '/contato' },
      ],
    });
  });
});
