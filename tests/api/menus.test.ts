/**
 * The site's menus (pb_hooks/lib/menus/menus.js, shared/menus.js): a fresh install
 * has the header and the two footer columns the site had in code; editors and admins
 * change their items and column titles, and every save is checked — each item a page
 * that exists or a path the site serves, whatever the spelling of the keys sent — and
 * audited; a page a menu links to is kept until it leaves the menu.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { caseVariants } from '../helpers/key-spellings';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const menus = () => s.editor.client.collection('menus');
const menu = (key: string) => s.superuser.collection('menus').getFirstListItem(`key = "${key}"`);

let serial = 0;
async function page(status = 'published'): Promise<RecordModel> {
  const slug = `menu-${Date.now().toString(36)}-${++serial}`;
  return s.editor.client.collection('pages').create({
    name: `Página ${slug}`,
    slug,
    status,
    content: { sections: [{ id: `sec${serial}abcd`, type: 'text', title: 'Título', body: 'Texto.', style: 'plain' }] },
  });
}

/** The pt-BR message a refused save gives on `field`. */
async function refusal(call: Promise<unknown>, field = 'items'): Promise<string> {
  try {
    await call;
  } catch (error) {
    const { status, response } = error as { status: number; response: { data?: Record<string, { message?: string }> } };
    expect(status).toBe(400);
    return String(response.data?.[field]?.message);
  }
  throw new Error('the save was accepted');
}

const item = (extra: Record<string, unknown>) => ({
  id: `it${++serial}abcd`,
  label: 'Link',
  page: '',
  url: '',
  new_tab: false,
  ...extra,
});

describe('a fresh install', () => {
  test('has the header and the footer columns the site showed, in order', async () => {
    const header = await menu('header');
    expect(header.title).toBe('');
    expect((header.items as { label: string }[]).map((entry) => entry.label)).toEqual([
      'Home',
      'Loja',
      'Quem Somos',
      'Produtos',
      'Projetos Sob Medida',
      'Blog',
      'DataSheets',
      'Softwares',
      'Contato',
    ]);
    expect((header.items as { label: string; url: string; new_tab: boolean }[])[1]).toMatchObject({
      url: 'https://loja.operium.com.br',
      new_tab: true,
    });
    const links = await menu('footer_links');
    expect(links.title).toBe('Links rápidos');
    expect((links.items as { label: string }[]).map((entry) => entry.label)).toEqual([
      'Quem Somos',
      'Produtos',
      'Projetos Sob Medida',
      'Catálogo Digital',
      'Política de Privacidade',
    ]);
    const resources = await menu('footer_resources');
    expect(resources.title).toBe('Recursos');
    expect((resources.items as { label: string }[]).map((entry) => entry.label)).toEqual(['Blog', 'Clientes', 'Contato']);
  });

  test('anyone reads the menus; nobody creates or deletes one through the API', async () => {
    expect(await s.anonymous.client.collection('menus').getFullList()).toHaveLength(3);
    const header = await menu('header');
    for (const who of [s.admin, s.editor]) {
      expect(await statusOf(who.client.collection('menus').delete(header.id))).not.toBe(200);
      expect(await statusOf(who.client.collection('menus').create({ key: 'header', items: [] }))).not.toBe(200);
    }
  });
});

describe('editing a menu', () => {
  test('an editor adds a page and an address; the menu reads back as saved and the change is audited', async () => {
    const target = await page();
    const before = await menu('footer_resources');
    const items = [
      ...(before.items as object[]),
      item({ label: 'Nova página', page: target.id }),
      item({ label: 'Linha S', url: '/produtos/linha/ops#x' }),
    ];
    const saved = await menus().update(before.id, { items, title: 'Materiais' });
    expect(saved.items).toEqual(items);
    expect(saved.title).toBe('Materiais');
    const rows = await s.admin.client
      .collection('audit_logs')
      .getFullList({ filter: `record_id = "${before.id}"`, sort: 'created' });
    expect(rows.at(-1)).toMatchObject({ table_name: 'menus', action: 'UPDATE' });
    await menus().update(before.id, { items: before.items, title: before.title });
  });

  test('an author cannot change a menu, whatever the spelling of the keys', async () => {
    const footer = await menu('footer_resources');
    for (const key of ['items', ...caseVariants('items')]) {
      expect(await statusOf(s.author.client.collection('menus').update(footer.id, { [key]: [] }))).not.toBe(200);
    }
    expect((await menu('footer_resources')).items).toEqual(footer.items);
  });

  test('a menu keeps its key', async () => {
    const footer = await menu('footer_resources');
    expect(await statusOf(s.admin.client.collection('menus').update(footer.id, { key: 'footer_links' }))).not.toBe(200);
    // Records take their fields by exact name: another spelling changes nothing.
    for (const key of caseVariants('key')) {
      await statusOf(s.admin.client.collection('menus').update(footer.id, { [key]: 'footer_links' }));
      expect((await menu('footer_resources')).key).toBe('footer_resources');
    }
  });

  test('each broken item is refused in pt-BR, naming the item', async () => {
    const footer = await menu('footer_resources');
    const save = (items: unknown) => menus().update(footer.id, { items });
    const gone = await page();
    await s.editor.client.collection('pages').delete(gone.id);
    const cases: [unknown, RegExp][] = [
      [[item({ label: '', url: '/blog' })], /Item 1: preencha o texto do link/],
      [[item({ label: 'Dois', page: gone.id, url: '/blog' })], /uma página ou um endereço, não os dois/],
      [[item({ label: 'Nenhum' })], /escolha a página ou escreva o endereço/],
      [[item({ label: 'Script', url: 'javascript:alert(1)' })], /use um caminho do site/],
      [[item({ label: 'Inseguro', url: 'http://exemplo.com.br' })], /use um caminho do site/],
      [[item({ label: 'Sumida', page: gone.id })], /a página escolhida não existe mais/],
      [[item({ label: 'Inventada', url: '/nao-existe' })], /o endereço \/nao-existe não é uma página do site/],
      [[item({ label: 'x'.repeat(41), url: '/blog' })], /no máximo 40 caracteres/],
      [[item({ label: 'Duas\nlinhas', url: '/blog' })], /uma linha só/],
      [[item({ label: 'Aba', url: '/blog', new_tab: 'sim' })], /sim ou não/],
      [[item({ label: 'Extra', url: '/blog', LABEL: 'outra' })], /campo desconhecido “LABEL”/],
      [[item({ label: 'Extra', url: '/blog', Url: '/outra' })], /campo desconhecido “Url”/],
      [Array.from({ length: 13 }, () => item({ url: '/blog' })), /o máximo é 12/],
      ['não é lista', /devem ser uma lista/],
    ];
    for (const [items, message] of cases) expect(await refusal(save(items))).toMatch(message);
    const twice = item({ url: '/blog' });
    expect(await refusal(save([twice, { ...twice }]))).toMatch(/Item 2 \(“Link”\): identificador repetido/);
    // Another spelling of the body's key never stores the broken items.
    for (const key of caseVariants('items')) {
      await statusOf(menus().update(footer.id, { [key]: [item({ label: '', url: '/blog' })] }));
      expect((await menu('footer_resources')).items).toEqual(footer.items);
    }
    expect((await menu('footer_resources')).items).toEqual(footer.items);
  });

  test('a footer column needs its title; the header shows none', async () => {
    const footer = await menu('footer_resources');
    expect(await refusal(menus().update(footer.id, { title: '  ' }), 'title')).toMatch(/Preencha o título da coluna/);
    const header = await menu('header');
    expect(await refusal(menus().update(header.id, { title: 'Topo' }), 'title')).toMatch(/não mostra título/);
  });
});

describe('a page in a menu', () => {
  test('cannot be deleted until it leaves the menu; the answer names the menu', async () => {
    const target = await page();
    const header = await menu('header');
    await menus().update(header.id, { items: [...(header.items as object[]), item({ label: 'Fica', page: target.id })] });
    const pages = s.editor.client.collection('pages');
    try {
      await pages.delete(target.id);
      throw new Error('the page was deleted');
    } catch (error) {
      const { status, response } = error as { status: number; response: { message?: string } };
      expect(status).toBe(400);
      expect(response.message).toMatch(/Esta página está no Menu do topo \(link “Fica”\); tire-a do menu/);
    }
    await menus().update(header.id, { items: header.items });
    await pages.delete(target.id);
    expect(await statusOf(pages.getOne(target.id))).toBe(404);
  });
});
