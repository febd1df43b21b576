/**
 * The shared rules of sections and menus (shared/page-sections.js, shared/menus.js)
 * against the inputs an attacker or a slip would send: links that leave the site while
 * looking like paths, a section type that is not a string, a "__proto__" key, a huge list.
 */
import { describe, expect, test } from 'vitest';
import { SECTION_LINK_PATTERN, sectionImages, sectionProblems } from '../../shared/page-sections.js';
import { MENU_URL_PATTERN, menuItemProblems } from '../../shared/menus.js';

const faq = (extra: Record<string, unknown> = {}) => ({ id: 'abcd', type: 'faq', title: 'Dúvidas', ...extra });

describe('links', () => {
  test.each(['/contato', '/produtos/linha/ops#x', '#faq', 'https://loja.operium.com.br'])(
    '%s is a link a section may take',
    (link) => {
      expect(new RegExp(SECTION_LINK_PATTERN).test(link)).toBe(true);
    },
  );

  test.each([
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'http://exemplo.com.br',
    ' /contato',
  ])('%s is refused: it leaves the site or runs script', (link) => {
    expect(new RegExp(SECTION_LINK_PATTERN).test(link)).toBe(false);
    expect(new RegExp(MENU_URL_PATTERN).test(link)).toBe(false);
  });

  test('a menu item with a protocol-relative address is refused in pt-BR', () => {
    expect(menuItemProblems([{ id: 'item1', label: 'Fora', page: '', url: '//evil.example', new_tab: false }])).toEqual([
      'Item 1 (“Fora”): use um caminho do site (/produtos) ou um endereço https://.',
    ]);
  });
});

describe('sections', () => {
  test('a valid section has no problem', () => {
    expect(sectionProblems([faq()])).toEqual([]);
  });

  test('only a string names a type', () => {
    expect(sectionProblems([faq({ type: ['faq'] })])).toEqual(['Seção 1: tipo de seção desconhecido “faq”.']);
    expect(sectionProblems([faq({ type: '__proto__' })])).toEqual(['Seção 1: tipo de seção desconhecido “__proto__”.']);
  });

  test('a "__proto__" key is an unknown field, not a way to fill required ones', () => {
    const section = JSON.parse('{"id":"abcd","type":"faq","__proto__":{"title":"Dúvidas"}}') as object;
    expect(sectionProblems([section])).toEqual([
      'Seção 1 (Perguntas frequentes): campo desconhecido “__proto__”.',
      'Seção 1 (Perguntas frequentes): Título: preencha este campo.',
    ]);
  });

  test('past 40 sections the list is refused at once, whatever it holds', () => {
    expect(sectionProblems(new Array(100_000).fill(0))).toEqual(['A página tem 100000 seções; o máximo é 40.']);
  });
});

describe('sectionImages', () => {
  test('lists each image field’s Mídia id with its section, field and the name a problem gives it', () => {
    const sections = [
      { id: 'texto1', type: 'text', title: 'Sem imagem', body: '![x](/api/files/media/abc123def456ghi/x.png)' },
      { id: 'topo1', type: 'hero', title: 'Controladores', image: ' abc123def456ghi ', image_alt: 'Placa' },
      { id: 'topo2', type: 'hero', title: 'Sem imagem', image: '' },
    ];
    expect(sectionImages(sections)).toEqual([
      {
        section: 'topo1',
        field: 'image',
        id: 'abc123def456ghi',
        name: 'Seção 2 (Destaque principal): Imagem (vazia: a ilustração do controlador)',
      },
    ]);
  });

  test('finds none in what is no list of sections, in unknown types or in non-sections', () => {
    expect(sectionImages('topo')).toEqual([]);
    expect(sectionImages(null)).toEqual([]);
    expect(sectionImages([null, 'hero', { type: ['hero'], image: 'abc123def456ghi' }, { type: '__proto__' }])).toEqual([]);
  });
});
