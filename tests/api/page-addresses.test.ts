/**
 * A page's name, slug and menu places change after creation (pb_hooks/lib/pages/pages.js):
 * only editors and admins change them; a published page that leaves a slug keeps it
 * in `old_slugs` for the site's redirect, which no client writes, whatever the key's
 * spelling; a slug that is malformed, a built-in route (on a new page too), another page's address or an
 * address another page redirects is refused with a pt-BR message on the field.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { caseVariants } from '../helpers/key-spellings';
import { superuserToken, upgradedServer } from '../helpers/server';
import { fieldRefusal, newClient, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

let serial = 0;
const slugOf = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;
const pages = () => s.editor.client.collection('pages');

async function published(slug = slugOf('sobre')): Promise<RecordModel> {
  return pages().create({
    name: `Página ${slug}`,
    slug,
    status: 'published',
    content: { sections: [{ id: 'quemsomos', type: 'text', title: 'Quem somos', body: 'Uma empresa de Joinville.' }] },
  });
}

/** The pt-BR message a refused save gives on the slug field. */
const slugRefusal = (call: Promise<unknown>) => fieldRefusal(call, 'slug');

describe('renaming a page', () => {
  test('an editor changes name and slug; the published page keeps its old slug, once', async () => {
    const page = await published();
    const renamed = await pages().update(page.id, { name: 'Quem somos nós', slug: `${page.slug}-nova` });
    expect(renamed).toMatchObject({ name: 'Quem somos nós', slug: `${page.slug}-nova`, old_slugs: [page.slug] });
    const again = await pages().update(page.id, { slug: `${page.slug}-outra` });
    expect(again.old_slugs).toEqual([page.slug, `${page.slug}-nova`]);
  });

  test('taking an old slug back removes its redirect: no address redirects to itself', async () => {
    const page = await published();
    await pages().update(page.id, { slug: `${page.slug}-b` });
    const back = await pages().update(page.id, { slug: page.slug });
    expect(back.old_slugs).toEqual([`${page.slug}-b`]);
  });

  test('a draft leaves no old address (it never had one on the site)', async () => {
    const draft = await pages().create({ name: 'Rascunho de página', slug: slugOf('rascunho'), status: 'draft' });
    expect((await pages().update(draft.id, { slug: `${draft.slug}-2` })).old_slugs).toEqual([]);
  });

  test('no client writes old slugs, whatever the spelling of the key', async () => {
    const page = await published();
    for (const key of ['old_slugs', ...caseVariants('old_slugs')]) {
      const created = await pages().create({ name: 'Com atalhos', slug: slugOf('atalhos'), [key]: ['contato-antigo'] });
      expect(created.old_slugs, key).toEqual([]);
      const updated = await pages().update(page.id, { [key]: ['promocao'] });
      expect(updated.old_slugs, key).toEqual([]);
    }
    const superuser = s.superuser.collection('pages');
    expect((await superuser.update(page.id, { old_slugs: ['promocao'] })).old_slugs).toEqual([]);
  });

  // The update rule hides the page from those it refuses (404); an inactive account is refused outright.
  test.each([
    ['author', 404],
    ['inactive', 403],
    ['anonymous', 404],
  ] as const)('%s cannot rename a page (%i)', async (who, status) => {
    const page = await published();
    const client = s[who].client.collection('pages');
    for (const change of [{ slug: `${page.slug}-x` }, { name: 'Outro nome' }]) {
      expect(await statusOf(client.update(page.id, change))).toBe(status);
    }
    expect(await s.editor.client.collection('pages').getOne(page.id)).toMatchObject({
      slug: page.slug,
      name: page.name,
      old_slugs: [],
    });
  });
});

describe('addresses a page may not take', () => {
  test('a malformed slug, on a draft as on a published page', async () => {
    const draft = await pages().create({ name: 'Rascunho mal escrito', slug: slugOf('rascunho'), status: 'draft' });
    for (const page of [await published(), draft]) {
      for (const slug of ['Sobre Nós', 'sobre--nos', '-sobre', 'sobre_nos']) {
        expect(await slugRefusal(pages().update(page.id, { slug }))).toBe(
          'Slug: use apenas letras minúsculas e números separados por hífens.',
        );
      }
    }
  });

  test('a built-in route, to or from', async () => {
    const page = await published();
    expect(await slugRefusal(pages().update(page.id, { slug: 'blog' }))).toBe(
      'O endereço /blog já é uma página do site; escolha outro slug.',
    );
    expect(await slugRefusal(pages().create({ name: 'Produtos', slug: 'produtos', status: 'draft' }))).toBe(
      'O endereço /produtos já é uma página do site; escolha outro slug.',
    );
    // A page at a built-in route is one kept from before a new page was refused that
    // address: the site shows it nowhere, and a rename to a free address is its way out.
    const products = await pages().create({
      name: 'Produtos',
      slug: slugOf('produtos'),
      title: 'Nossos produtos',
      status: 'draft',
    });
    const db = new DatabaseSync(path.join(s.server.dataDir, 'data.db'));
    db.prepare("UPDATE pages SET slug = 'produtos' WHERE id = ?").run(products.id);
    db.close();
    const free = slugOf('catalogo');
    expect(await pages().update(products.id, { slug: free })).toMatchObject({ slug: free });
    await pages().delete(products.id);
  });

  test("another page's address", async () => {
    const [first, second] = [await published(), await published()];
    expect(await slugRefusal(pages().update(second.id, { slug: first.slug }))).toBe(
      `Já existe uma página com o endereço /${first.slug} (“${first.name}”); escolha outro slug.`,
    );
  });

  test('an address another page redirects, by a rename or a new page (no redirect collides with a page)', async () => {
    const [moved, other] = [await published(), await published()];
    await pages().update(moved.id, { slug: `${moved.slug}-novo` });
    const message = `O endereço /${moved.slug} redireciona para a página “${moved.name}”; escolha outro slug.`;
    expect(await slugRefusal(pages().update(other.id, { slug: moved.slug }))).toBe(message);
    expect(await slugRefusal(pages().create({ name: 'Nova página', slug: moved.slug }))).toBe(message);
  });
});

describe('the migration', () => {
  const MIGRATION = '1795310600_page_addresses_and_menus.js';

  test('a page with only a meta title keeps it as its SEO title; pages start in no menu, with no old address', async () => {
    // A site before the upgrade: its pages written straight to the database (the hooks
    // of this version already expect the new fields).
    const { server, stop } = await upgradedServer(MIGRATION, (db) => {
      const insert = db.prepare(
        "INSERT INTO pages (id, name, slug, title, meta_title, meta_description, content, status, is_homepage, created, updated) VALUES (?, ?, ?, ?, ?, '', '{\"sections\":[]}', 'published', 0, '2025-01-01 00:00:00.000Z', '2025-01-01 00:00:00.000Z')",
      );
      insert.run('pagemetatitulo1', 'Só meta', 'so-meta', '', 'Conheça a Operium');
      insert.run('pageostitulos01', 'Os dois', 'os-dois', 'Título SEO', 'Meta título');
    });
    try {
      const client = newClient(server);
      client.authStore.save(await superuserToken(server));
      const pages = client.collection('pages');
      const onlyMeta = await pages.getOne('pagemetatitulo1');
      expect(onlyMeta).toMatchObject({
        title: 'Conheça a Operium',
        old_slugs: [],
      });
      expect(onlyMeta).not.toHaveProperty('meta_title');
      expect((await pages.getOne('pageostitulos01')).title).toBe('Título SEO');
    } finally {
      await stop();
    }
  });
});
