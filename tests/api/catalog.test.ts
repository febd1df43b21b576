/**
 * The catalogue as records (shared/catalog.js, pb_hooks/lib/catalog/catalog.js,
 * pb_migrations/1795311500_catalog.js): a fresh install has the lines, products,
 * datasheets and software the site had in git, each with a first revision; anyone reads
 * them (drafts only staff); editors and admins write them, authors and visitors cannot,
 * whatever the spelling of the keys; every save is checked with pt-BR refusals on the
 * field and audited; a seeded product's own site images are kept or taken out, never
 * named anew; a product shows Mídia images only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import seed from '../../shared/site-catalog.json';
import { lineId as lineIdOf, mediaImage as mediaImageOf, newProduct } from '../helpers/catalog';
import { caseVariants } from '../helpers/key-spellings';
import { history } from '../helpers/records';
import { fieldRefusal, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

/** A PNG uploaded to Mídia by the editor; answers its record id. */
const mediaImage = (alt?: string) => mediaImageOf(s, alt);
const lineId = (slug: string) => lineIdOf(s, slug);
/** A valid new product in the `ops` line, with two Mídia images. */
const product = (extra: Record<string, unknown> = {}) => newProduct(s, extra);

describe('a fresh install', () => {
  test('has the catalogue the site had in git, relations by record, each record with a first revision', async () => {
    const lines = await s.anonymous.client.collection('product_lines').getFullList({ sort: 'order' });
    expect(lines.map((line) => line.slug)).toEqual(seed.lines.map((line) => line.slug));
    expect(lines[0]).toMatchObject({ name: seed.lines[0]!.name, builtin_image: seed.lines[0]!.builtin_image, image: '' });
    const products = await s.anonymous.client
      .collection('products')
      .getFullList({ sort: 'slug', expand: 'line,datasheet,related' });
    expect(products.map((item) => item.slug)).toEqual(seed.products.map((item) => item.slug).sort());
    for (const seeded of seed.products) {
      const record = products.find((item) => item.slug === seeded.slug)!;
      expect(record).toMatchObject({ model: seeded.model, specs: seeded.specs, images: seeded.images, status: 'published' });
      expect(record.expand?.line?.slug).toBe(seeded.line);
      expect(record.expand?.datasheet?.slug ?? undefined).toBe('datasheet' in seeded ? seeded.datasheet : undefined);
      expect(record.expand?.related.map((item: { slug: string }) => item.slug)).toEqual(seeded.related);
    }
    const sheets = await s.anonymous.client.collection('datasheets').getFullList({ sort: 'order' });
    expect(sheets.map(({ slug, name, url }) => ({ slug, name, url }))).toEqual(
      seed.datasheets.map(({ slug, name, url }) => ({ slug, name, url })),
    );
    const software = await s.anonymous.client.collection('software').getFullList({ sort: 'order' });
    expect(software.map((item) => item.slug)).toEqual(seed.software.map((item) => item.slug));

    const [first] = await history(s.editor.client, 'products', products[0]!.id);
    expect(first).toMatchObject({ kind: 'create', summary: 'versão inicial' });
    // The first revision is the finished seed, related products included.
    expect((first!.data as { related: string[] }).related).toEqual(products[0]!.related);
  });
});

describe('who reads and writes it', () => {
  test('editors and admins create, change and delete; each change is audited and revised', async () => {
    for (const who of [s.editor, s.admin]) {
      const made = await who.client.collection('products').create(await product());
      await who.client.collection('products').update(made.id, { tagline: 'Uma chamada nova para o teste' });
      const [changed] = await history(who.client, 'products', made.id);
      expect(changed).toMatchObject({ kind: 'update', summary: 'chamada' });
      await who.client.collection('products').delete(made.id);
      const rows = await s.admin.client
        .collection('audit_logs')
        .getFullList({ filter: `record_id = "${made.id}"`, sort: 'created' });
      expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
      expect(rows[0]).toMatchObject({ table_name: 'products' });
      const sheet = await who.client.collection('datasheets').create({
        slug: 'teste',
        name: 'TESTE',
        description: 'Um datasheet de teste com entradas e saídas.',
        url: 'https://example.com/teste.pdf',
        order: 99,
      });
      await who.client.collection('datasheets').delete(sheet.id);
    }
  });

  test('authors read drafts but cannot write; visitors read only what is published; neither writes, whatever the spelling', async () => {
    const draft = await s.editor.client.collection('products').create(await product({ status: 'draft' }));
    expect(await statusOf(s.author.client.collection('products').getOne(draft.id))).toBe(200);
    expect(await statusOf(s.anonymous.client.collection('products').getOne(draft.id))).toBe(404);
    const seeded = await s.superuser.collection('products').getFirstListItem('slug = "ops010"');
    const line = await lineId('ops');
    for (const who of [s.author, s.anonymous]) {
      expect(await statusOf(who.client.collection('products').create(await product()))).not.toBe(200);
      for (const key of ['tagline', ...caseVariants('tagline')]) {
        await statusOf(who.client.collection('products').update(seeded.id, { [key]: 'Chamada trocada por quem não pode' }));
      }
      expect(await statusOf(who.client.collection('products').delete(seeded.id))).not.toBe(200);
      expect(await statusOf(who.client.collection('product_lines').update(line, { name: 'Outra' }))).not.toBe(200);
      expect(await statusOf(who.client.collection('software').create({ slug: 'x', name: 'Xyz' }))).not.toBe(200);
    }
    expect(await s.superuser.collection('products').getOne(seeded.id)).toMatchObject({ tagline: seeded.tagline });
    await s.editor.client.collection('products').delete(draft.id);
  });
});

describe('what a save must hold', () => {
  test('each broken product is refused in pt-BR on its field', async () => {
    const products = s.editor.client.collection('products');
    const create = async (extra: Record<string, unknown>) => products.create(await product(extra));
    expect(await fieldRefusal(create({ model: '' }), 'model')).toBe('Preencha o campo modelo.');
    expect(await fieldRefusal(create({ name: 'x'.repeat(81) }), 'name')).toMatch(/^Nome: no máximo 80 caracteres/);
    expect(await fieldRefusal(create({ description: 'Curta.' }), 'description')).toBe(
      'Descrição curta: no mínimo 20 caracteres.',
    );
    expect(await fieldRefusal(create({ specs: ['Uma', 'Duas especificações'] }), 'specs')).toMatch(
      /^Especificações: adicione pelo menos 3 \(tem 2\)/,
    );
    expect(await fieldRefusal(create({ specs: ['Especificação boa', 'x', 'Outra boa'] }), 'specs')).toBe(
      'Especificação 2: no mínimo 3 caracteres.',
    );
    expect(await fieldRefusal(create({ specs: 'não é lista' }), 'specs')).toBe('Especificações: deve ser uma lista.');
    expect(
      await fieldRefusal(create({ applications: Array.from({ length: 11 }, (_, i) => `Aplicação ${i}`) }), 'applications'),
    ).toBe('Aplicações: no máximo 10 (tem 11).');
    expect(await fieldRefusal(create({ slug: 'Com Espaço' }), 'slug')).toBe(
      'Endereço: use letras minúsculas, números e hífens (por exemplo ops010).',
    );
    expect(await fieldRefusal(create({ slug: 'ops010' }), 'slug')).toBe('Já existe um produto com este endereço.');
    expect(await fieldRefusal(create({ slug: 'linha' }), 'slug')).toMatch(/é usado pelo site/);
    expect(await fieldRefusal(create({ order: 0 }), 'order')).toBe('Ordem na linha: um número inteiro de 1 a 999.');
    expect(await fieldRefusal(create({ status: 'archived' }), 'status')).toBe('Status: opção desconhecida.');
    expect(await fieldRefusal(create({ images: [{ image: await mediaImage(), alt: 'Só uma imagem da placa' }] }), 'images')).toBe(
      'Imagens: adicione pelo menos 2 (tem 1).',
    );
    const base = await product();
    const [, second] = base.images;
    expect(
      await fieldRefusal(
        products.create({ ...base, images: [{ image: 'abc123def456ghi', alt: 'Imagem que não existe' }, second] }),
        'images',
      ),
    ).toBe('Imagem 1: esta imagem não está na Mídia; escolha outra.');
    expect(await fieldRefusal(products.create({ ...base, images: [{ alt: 'Sem imagem nenhuma aqui' }, second] }), 'images')).toBe(
      'Imagem 1: escolha uma imagem na Mídia.',
    );
    expect(
      await fieldRefusal(products.create({ ...base, images: [{ ...base.images[0], alt: 'curto' }, second] }), 'images'),
    ).toBe('Imagem 1, texto alternativo: no mínimo 10 caracteres.');
    const form = new FormData();
    form.append('file', new Blob(['Catálogo em texto.'], { type: 'text/plain' }), 'catalogo.txt');
    const text = await s.editor.client.collection('media').create(form);
    expect(
      await fieldRefusal(
        products.create({ ...base, images: [{ image: text.id, alt: 'Um arquivo de texto' }, second] }),
        'images',
      ),
    ).toBe('Imagem 1: escolha uma imagem (PNG, JPG, WebP ou GIF).');
  });

  test('a product is not its own related product; lines, datasheets and software are checked too', async () => {
    const made = await s.editor.client.collection('products').create(await product());
    expect(await fieldRefusal(s.editor.client.collection('products').update(made.id, { related: [made.id] }), 'related')).toBe(
      'Produtos relacionados: um produto não é relacionado a si mesmo.',
    );
    await s.editor.client.collection('products').delete(made.id);
    const sheet = { slug: 'teste-2', name: 'TESTE', description: 'Um datasheet de teste com entradas e saídas.', order: 1 };
    expect(
      await fieldRefusal(s.editor.client.collection('datasheets').create({ ...sheet, url: 'http://example.com/a.pdf' }), 'url'),
    ).toBe('Endereço do arquivo: use um endereço https://.');
    expect(
      await fieldRefusal(
        s.editor.client.collection('software').create({ ...sheet, url: 'https://example.com/a.zip', category: 'Jogos' }),
        'category',
      ),
    ).toBe('Categoria: opção desconhecida.');
    const line = await lineId('ope');
    expect(await fieldRefusal(s.editor.client.collection('product_lines').update(line, { color: 'azul' }), 'color')).toBe(
      'Cor: uma cor como #0b3d6e.',
    );
    expect(
      await fieldRefusal(
        s.editor.client.collection('product_lines').update(line, { description: 'x'.repeat(221) }),
        'description',
      ),
    ).toMatch(/^Descrição: no máximo 220 caracteres/);
  });

  test("a seeded product's own site images are kept, reordered, taken out and brought back, never named anew, whatever the key's spelling", async () => {
    const products = s.editor.client.collection('products');
    const seeded = await s.superuser.collection('products').getFirstListItem('slug = "ops010"');
    const images = seeded.images as { builtin: string; alt: string }[];
    // Reordered and one taken out: fine.
    await products.update(seeded.id, { images: [images[1], images[0], images[2]] });
    expect((await products.getOne(seeded.id)).images).toEqual([images[1], images[0], images[2]]);
    // A path the product never had: refused (another product's picture, a file that does not exist).
    for (const builtin of ['products/opm001-1.png', 'products/nao-existe.png']) {
      expect(
        await fieldRefusal(
          products.update(seeded.id, { images: [images[0], { builtin, alt: 'Outra imagem do site' }] }),
          'images',
        ),
      ).toBe('Imagem 2: as imagens do próprio site só podem ser mantidas ou tiradas; escolha uma imagem na Mídia.');
    }
    const fresh = await product();
    expect(await fieldRefusal(products.create({ ...fresh, images: [images[0], fresh.images[1]] }), 'images')).toMatch(
      /só podem ser mantidas/,
    );
    // Another spelling of the key binds to no field: nothing changes.
    for (const key of caseVariants('images')) {
      await statusOf(products.update(seeded.id, { [key]: [{ builtin: 'products/opm001-1.png', alt: 'Outra imagem do site' }] }));
    }
    expect((await products.getOne(seeded.id)).images).toEqual([images[1], images[0], images[2]]);
    // The one taken out comes back, as a restored version brings it: it was the product's.
    await products.update(seeded.id, { images });
    expect((await products.getOne(seeded.id)).images).toEqual(images);
  });

  test('a line in use by a product cannot be deleted', async () => {
    expect(await statusOf(s.editor.client.collection('product_lines').delete(await lineId('ops')))).toBe(400);
    expect(await s.anonymous.client.collection('product_lines').getFirstListItem('slug = "ops"')).toBeTruthy();
  });
});
