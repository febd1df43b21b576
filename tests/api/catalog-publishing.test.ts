/**
 * A product's life after its first save (pb_hooks/catalog.pb.js): 'Agendado' needs a
 * time in the future and the minute's job publishes it then; a published product
 * renamed keeps its old address for the site's redirect (`old_slugs`, which no client
 * writes, whatever the key's spelling), and no other product may take it; a product
 * linked from a post, a page or a menu, or related to another product, is not deleted
 * (409 naming the places); a deleted one is listed in 'Produtos excluídos' and restored
 * as it was, by editors and admins only. Mídia names the products and lines that show a file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newProduct } from '../helpers/catalog';
import { caseVariants } from '../helpers/key-spellings';
import { history } from '../helpers/records';
import { fieldRefusal, startStaffServer, statusOf, type StaffMember, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

let serial = 0;
/** A valid new product in the `ops` line, with two Mídia images, named apart from the others. */
const product = (extra: Record<string, unknown> = {}) =>
  newProduct(s, { model: 'OPS998', name: `Controlador publicado ${++serial}`, ...extra });

const at = (ms: number) => new Date(Date.now() + ms).toISOString().replace('T', ' ');

async function runJob() {
  const response = await fetch(`${s.server.url}/api/site/jobs/publish-scheduled`, {
    method: 'POST',
    headers: { Authorization: s.superuser.authStore.token },
  });
  expect(response.status).toBe(200);
}

const call = (who: StaffMember | { client: { authStore: { token: string } } }, method: string, path: string) =>
  fetch(`${s.server.url}${path}`, { method, headers: { Authorization: who.client.authStore.token } });

describe('scheduling', () => {
  test("'Agendado' needs a future time, stays off the site until then, and the job publishes it", async () => {
    const products = s.editor.client.collection('products');
    expect(await fieldRefusal(products.create(await product({ status: 'scheduled' })), 'published_at')).toBe(
      'Informe a data e a hora da publicação agendada.',
    );
    expect(
      await fieldRefusal(products.create(await product({ status: 'scheduled', published_at: at(-60_000) })), 'published_at'),
    ).toBe('A publicação agendada precisa ser em uma data e hora futuras.');

    const soon = await products.create(await product({ status: 'scheduled', published_at: at(2_500) }));
    expect(await statusOf(s.anonymous.client.collection('products').getOne(soon.id))).toBe(404);
    await runJob();
    expect((await products.getOne(soon.id)).status).toBe('scheduled');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await runJob();
    expect(await s.anonymous.client.collection('products').getOne(soon.id)).toMatchObject({ status: 'published' });
    const [published] = await history(s.editor.client, 'products', soon.id);
    expect(published).toMatchObject({ kind: 'update', summary: 'status: Publicado' });
    await products.delete(soon.id);
  });
});

describe('a renamed product', () => {
  test('keeps its old address while published, which no client writes and no other product takes', async () => {
    const products = s.editor.client.collection('products');
    const made = await products.create(await product());
    const renamed = await products.update(made.id, { slug: `${made.slug}-novo` });
    expect(renamed.old_slugs).toEqual([made.slug]);
    for (const key of ['old_slugs', ...caseVariants('old_slugs')]) {
      const written = await products.update(made.id, { [key]: ['falso'] });
      expect(written.old_slugs, key).toEqual([made.slug]);
    }
    const other = await product();
    expect(await fieldRefusal(products.create({ ...other, slug: made.slug }), 'slug')).toMatch(
      new RegExp(`^Endereço: /produtos/${made.slug} redireciona para o produto “${renamed.name}”; escolha outro\\.$`),
    );
    expect(await fieldRefusal(products.create({ ...other, slug: renamed.slug }), 'slug')).toBe(
      'Já existe um produto com este endereço.',
    );
    // Taking its old address back removes the redirect; a draft leaves none.
    expect((await products.update(made.id, { slug: made.slug })).old_slugs).toEqual([`${made.slug}-novo`]);
    const draft = await products.create(await product({ status: 'draft' }));
    expect((await products.update(draft.id, { slug: `${draft.slug}-b` })).old_slugs).toEqual([]);
    await products.delete(made.id);
    await products.delete(draft.id);
  });
});

describe('deleting a product', () => {
  test('is refused while a post, a page, a menu or another product uses it, naming them; a longer address is not a use', async () => {
    const products = s.editor.client.collection('products');
    const made = await products.create(await product());
    const usage = async () => (await (await call(s.editor, 'GET', `/api/admin/products/${made.id}/usage`)).json()).usage;
    const unrelated = await s.editor.client.collection('posts').create({
      title: 'Post que cita outro endereço',
      category: 'Tutoriais',
      status: 'draft',
      content: `Veja [outro](/produtos/${made.slug}-x).`,
    });
    expect(await usage()).toEqual([]);

    const post = await s.editor.client.collection('posts').create({
      title: 'Post que cita o produto',
      category: 'Tutoriais',
      status: 'draft',
      content: `Veja o [controlador](/produtos/${made.slug}).`,
    });
    const page = await s.editor.client.collection('pages').create({
      name: 'Página que chama o produto',
      status: 'draft',
      content: {
        sections: [
          {
            id: 'cta01',
            type: 'cta_box',
            title: 'Conheça o controlador',
            button_label: 'Ver produto',
            button_link: `/produtos/${made.slug}`,
          },
        ],
      },
    });
    const relating = await products.create(await product({ related: [made.id] }));
    const menu = await s.superuser.collection('menus').getFirstListItem('key = "header"');
    const items = [
      ...menu.items,
      { id: 'prod01', label: 'Controlador', url: `/produtos/${made.slug}`, page: '', new_tab: false },
    ];
    await s.editor.client.collection('menus').update(menu.id, { items });

    expect((await usage()).map((use: { kind: string; title: string }) => `${use.kind}:${use.title}`)).toEqual([
      'post:Post que cita o produto',
      'page:Página que chama o produto',
      'menu:Menu do topo',
      `product:${relating.name}`,
    ]);
    const refused = await products.delete(made.id).catch((error) => error);
    expect(refused.status).toBe(409);
    expect(refused.response.message).toBe(
      `Este produto não pode ser excluído: ele é usado em Post “Post que cita o produto”, Página “Página que chama o produto”, Menu “Menu do topo”, Produto “${relating.name}”. Tire essas referências e tente de novo.`,
    );
    // Who may not delete learns nothing of the places.
    expect((await call(s.author, 'GET', `/api/admin/products/${made.id}/usage`)).status).toBe(403);

    await s.editor.client.collection('menus').update(menu.id, { items: menu.items });
    await products.update(relating.id, { related: [] });
    await s.editor.client.collection('posts').delete(post.id);
    await s.editor.client.collection('pages').delete(page.id);
    await s.editor.client.collection('posts').delete(unrelated.id);
    await products.delete(made.id);
    await products.delete(relating.id);
  });

  test("goes to 'Produtos excluídos', restored as it was with its history; only editors and admins see and restore", async () => {
    const products = s.editor.client.collection('products');
    const sheet = await s.superuser.collection('datasheets').getFirstListItem('slug != ""');
    const made = await products.create(await product({ datasheet: sheet.id, tagline: 'A chamada que volta com ele' }));
    await products.delete(made.id);
    expect(await statusOf(products.getOne(made.id))).toBe(404);

    const trash = async (who: StaffMember) => call(who, 'GET', '/api/admin/rest/deleted-products');
    expect((await trash(s.author)).status).toBe(403);
    const listed = await (await trash(s.editor)).json();
    expect(listed[0]).toMatchObject({ id: made.id, name: made.name, model: 'OPS998', slug: made.slug, status: 'published' });

    expect((await call(s.author, 'POST', `/api/admin/deleted-products/${made.id}/restore`)).status).toBe(403);
    const restored = await call(s.admin, 'POST', `/api/admin/deleted-products/${made.id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ id: made.id, slug: made.slug, name: made.name });
    const back = await s.anonymous.client.collection('products').getOne(made.id);
    expect(back).toMatchObject({ tagline: 'A chamada que volta com ele', datasheet: sheet.id, images: made.images });
    const [latest, deleted] = await history(s.editor.client, 'products', made.id);
    expect(latest).toMatchObject({ kind: 'restore' });
    expect(deleted).toMatchObject({ kind: 'delete' });
    expect((await call(s.admin, 'POST', `/api/admin/deleted-products/${made.id}/restore`)).status).toBe(400);
    expect((await (await trash(s.editor)).json()).map((item: { id: string }) => item.id)).not.toContain(made.id);
    await products.delete(made.id);
  });
});

test('Mídia names the products and lines that show a file', async () => {
  const products = s.editor.client.collection('products');
  const made = await products.create(await product());
  const image = made.images[0].image as string;
  const usage = await (await call(s.editor, 'GET', `/api/admin/media/${image}/usage`)).json();
  expect(usage.usage).toEqual([{ kind: 'product', id: made.id, title: made.name, status: 'published' }]);
  await products.delete(made.id);
});
