/**
 * The catalogue in the admin ('Produtos', 'Linhas', 'Datasheets', 'Softwares') against a
 * real PocketBase: an editor finds a product by its line and status, reorders and edits
 * its specifications (the server's refusal shown before anything is sent), saves, and
 * brings the version before back from its 'Histórico'; every change is read back from
 * the server. Authors read the lists and open nothing to edit. axe finds nothing.
 */
import { randomBytes } from 'node:crypto';
import { uploadPng } from '../../helpers/images';
import { allowConsoleErrors, test, expect } from '../fixtures';
import { signedInAs, superuser } from '../../helpers/staff';
import { wcagViolations } from '../axe';

const FIRST_SCREEN = { timeout: 15_000 };

/** A fresh published product in Linha M, with two Mídia images (the seeded ones stay as they are for the other tests). */
async function freshProduct(tag: string) {
  const client = await superuser();
  const line = await client.collection('product_lines').getFirstListItem('slug = "opm"');
  const images = [];
  for (const side of ['de frente', 'de lado']) {
    const url = await uploadPng(client, 400, 280, `Placa ${tag} ${side}`);
    images.push({ image: url.split('/')[4]!, alt: `Placa ${tag} vista ${side}` });
  }
  return client.collection('products').create({
    slug: `opm-${tag}`,
    model: `OPM${tag.slice(0, 4).toUpperCase()}`,
    name: `Módulo de teste ${tag}`,
    line: line.id,
    order: 90,
    description: 'Módulo compacto de teste com entradas digitais e saída a relé.',
    tagline: 'Um módulo só para os testes do painel',
    specs: ['8 entradas digitais', '1 saída a relé de 5 A', 'Alimentação 24 Vdc'],
    key_features: ['Entradas isoladas', 'Relé de 5 A', 'Programável pela Arduino IDE'],
    applications: ['Esteiras', 'Dosadoras', 'Painéis'],
    images,
    status: 'published',
  });
}

test('an editor finds a product by line, reorders and edits its specifications, and restores the version before', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const client = await superuser();
  const product = await freshProduct(tag);
  try {
    await signedInAs(page, 'editor', '/admin/products');
    await page.getByRole('combobox', { name: 'Linha', exact: true }).click(FIRST_SCREEN);
    await page.getByRole('option', { name: 'Linha M' }).click();
    const row = page.getByRole('row', { name: new RegExp(tag) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row', { name: /OPS010/ })).toHaveCount(0);
    expect(await wcagViolations(page, 'Produtos')).toEqual([]);
    await row.getByRole('link', { name: 'Editar' }).click();

    const spec = (n: number) => page.getByRole('textbox', { name: `Especificação ${n}` });
    await expect(spec(1)).toHaveValue('8 entradas digitais', FIRST_SCREEN);
    // Too short: the server's sentence, before anything is sent.
    await spec(2).fill('x');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Especificação 2: no mínimo 3 caracteres.')).toBeVisible();
    await spec(2).fill('2 saídas a relé de 5 A');
    // The third moves up, by its own arrow, with the keyboard.
    const third = page.locator('.RaSimpleFormIterator-line').filter({ has: spec(3) });
    await third.getByRole('button', { name: 'Mover para cima' }).focus();
    await page.keyboard.press('Enter');
    await expect(spec(2)).toHaveValue('Alimentação 24 Vdc');
    expect(await wcagViolations(page, 'Editar produto')).toEqual([]);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto salvo. Ele aparece no site na próxima publicação.')).toBeVisible();
    await expect
      .poll(async () => (await client.collection('products').getOne(product.id)).specs)
      .toEqual(['8 entradas digitais', 'Alimentação 24 Vdc', '2 saídas a relé de 5 A']);

    await page.goto(`/admin/products/${product.id}`);
    await page.getByRole('tab', { name: 'Histórico' }).click(FIRST_SCREEN);
    const versions = page.getByTestId('revision');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText('especificações');
    await versions.nth(1).getByRole('button', { name: 'Restaurar esta versão' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurar esta versão' }).click();
    await expect(page.getByText('Versão restaurada: ela é agora a versão atual.')).toBeVisible();
    expect((await client.collection('products').getOne(product.id)).specs).toEqual([
      '8 entradas digitais',
      '1 saída a relé de 5 A',
      'Alimentação 24 Vdc',
    ]);
  } finally {
    await client.collection('products').delete(product.id);
  }
});

test('authors read the catalogue and open nothing to edit', async ({ page }) => {
  await signedInAs(page, 'author', '/admin/products');
  await expect(page.getByRole('row', { name: /OPS010/ })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('link', { name: 'Novo produto' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Softwares' }).click();
  await expect(page.getByRole('row', { name: /Biblioteca display TTL 16x2/ })).toBeVisible(FIRST_SCREEN);
  await page.goto('/admin/products/create');
  await expect(page.getByText('Você não tem permissão para editar os produtos.')).toBeVisible(FIRST_SCREEN);
});

test("a product linked from a post is not deleted: the confirmation names the post, the server refuses; 'Agendado' asks when", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const client = await superuser();
  const product = await freshProduct(tag);
  // A post of its own (the menus are shared by tests running beside this one).
  let postId: string | undefined;
  try {
    const editor = await signedInAs(page, 'editor', '/admin/products');
    const title = `Post que cita o módulo ${tag}`;
    const post = await client.collection('posts').create({
      title,
      category: 'Técnico',
      status: 'draft',
      author: editor.id,
      content: `Conheça o [módulo](/produtos/${product.slug}).`,
    });
    postId = post.id;
    await page
      .getByRole('row', { name: new RegExp(tag) })
      .getByRole('button', { name: 'Excluir' })
      .click(FIRST_SCREEN);
    const confirm = page.getByRole('dialog', { name: 'Excluir produto' });
    await expect(confirm.getByText('Este produto não pode ser excluído enquanto for usado em:')).toBeVisible(FIRST_SCREEN);
    await expect(confirm.getByRole('link', { name: `Post "${title}" (Rascunho)` })).toHaveAttribute(
      'href',
      `/admin/posts/${post.id}`,
    );
    expect(await wcagViolations(page, 'Excluir produto')).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(
      page.getByText(`Este produto não pode ser excluído: ele é usado em Post “${title}”.`, { exact: false }),
    ).toBeVisible();
    expect((await client.collection('products').getOne(product.id)).id).toBe(product.id);
    // The refusal's answer, which the browser logs.
    allowConsoleErrors(consoleErrors, /status of 409/);

    await page.goto(`/admin/products/${product.id}`);
    await page.getByRole('combobox', { name: 'Status' }).click(FIRST_SCREEN);
    await page.getByRole('option', { name: 'Agendado' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe a data e a hora da publicação agendada.')).toBeVisible();
  } finally {
    if (postId) await client.collection('posts').delete(postId);
    await client.collection('products').delete(product.id);
  }
});

test("'Pré-visualizar' shows the product's page as the site will, from the form's values", async ({ page }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const client = await superuser();
  const product = await freshProduct(tag);
  try {
    await signedInAs(page, 'editor', `/admin/products/${product.id}`);
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(`Módulo renovado ${tag}`, FIRST_SCREEN);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const frame = page.frameLocator('iframe[title="Pré-visualização do produto"]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(`Módulo renovado ${tag}`, { timeout: 30_000 });
    await expect(frame.getByText('1 saída a relé de 5 A')).toBeVisible();
    await expect(frame.getByRole('img', { name: `Placa ${tag} vista de frente` }).first()).toBeVisible();
    expect(await wcagViolations(page, 'Pré-visualização do produto', { legacyMode: true, excludeFrames: true })).toEqual([]);
    // Nothing was saved.
    expect((await client.collection('products').getOne(product.id)).name).toBe(`Módulo de teste ${tag}`);
  } finally {
    await client.collection('products').delete(product.id);
  }
});
