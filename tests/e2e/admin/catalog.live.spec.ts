/**
 * The catalogue edited in the admin and live, against the product as `npm start` runs it
 * (tests/helpers/live-stack.ts): an editor creates a product in a line with two Mídia
 * images and a datasheet and publishes it; it is on /produtos, its line's page, the
 * Catálogo Digital and in the site search; a specification edited is live with the next
 * publication; its address renamed, the old one leads to the new (301); restoring its
 * first version brings back its words and address; deleted, it leaves the site and comes
 * back from 'Produtos excluídos'. The product's page is checked at 1366 and 390 px, with axe.
 */
import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { randomBytes } from 'node:crypto';
import seed from '../../../shared/site-catalog.json' with { type: 'json' };
import { expect } from '../fixtures';
import { liveTest, openAdmin } from '../live';
import { wcagViolations } from '../axe';
import { png } from '../../helpers/images';
import { waitUntilLive, type LiveStack } from '../../helpers/live-stack';

const test = liveTest;
test.describe.configure({ mode: 'serial' });

const tag = randomBytes(3).toString('hex');
const slug = `bancada-${tag}`;
const renamed = `${slug}-v2`;
const model = `OPS-${tag.toUpperCase()}`;
const name = `Controlador de bancada ${tag}`;
const specs = ['16 entradas digitais isoladas', '8 saídas a transistor de 500 mA', 'Alimentação 24 Vdc'];
const newSpec = `12 saídas a transistor de 500 mA ${tag}`;

const live = (stack: LiveStack, path: string, until: (html: string) => boolean = () => true) =>
  waitUntilLive(stack, path, 180_000, until);

/** The admin's client, signed in with the fixture's session. */
function client(stack: LiveStack, admin: string) {
  const pb = new PocketBase(stack.url);
  const { token, record } = JSON.parse(admin) as { token: string; record: never };
  pb.authStore.save(token, record);
  return pb;
}

/** Fills the `n`th row an ArrayInput adds, by its label, for each text. */
async function fillList(page: Page, source: string, itemLabel: string, texts: string[]) {
  const list = page.locator(`.ra-input-${source}`);
  for (const [index, text] of texts.entries()) {
    await list.getByRole('button', { name: 'Adicionar' }).last().click();
    await page.getByRole('textbox', { name: `${itemLabel} ${index + 1}`, exact: true }).fill(text);
  }
}

/** Opens the product's form from 'Produtos' by its model. */
async function editProduct(page: Page, admin: string) {
  await openAdmin(page, admin, '/admin/products');
  await page
    .getByRole('row', { name: new RegExp(model) })
    .getByRole('link', { name: 'Editar' })
    .click({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Modelo' })).toHaveValue(model, { timeout: 20_000 });
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page, 'back on the list after saving').toHaveURL(/\/admin\/products$/, { timeout: 30_000 });
}

/** Opens the site search on the current page and answers its dialog with `words` typed. */
async function search(page: Page, words: string) {
  await page.getByRole('button', { name: 'Buscar' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Buscar no site' });
  await dialog.getByRole('searchbox').fill(words);
  await expect(dialog.getByRole('status')).toHaveText(new RegExp(`resultados? para “${words}”`), { timeout: 15_000 });
  return dialog;
}

/** The page at `path` on a laptop and on a phone: nothing wider than the screen, nothing for axe. */
async function checkLayouts(page: Page, path: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await page.waitForLoadState('load');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${path} a ${width} px`).toBeLessThanOrEqual(0);
    expect(await wcagViolations(page, `${path} (${width} px)`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Where an old address leads, as the server answers it (no redirect followed). */
async function redirectOf(stack: LiveStack, path: string) {
  const response = await fetch(`${stack.url}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

test('a product created with two images and a datasheet is on the product list, its line, the catalogue and the search', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(480_000);
  const pb = client(stack, admin);
  for (const side of ['frente', 'lado']) {
    const form = new FormData();
    form.append('file', new Blob([png(480, 336)], { type: 'image/png' }), `placa-${tag}-${side}.png`);
    form.append('alt_text', `Placa do controlador ${tag} vista de ${side}`);
    await pb.collection('media').create(form);
  }

  await openAdmin(page, admin, '/admin/products/create');
  await page.getByRole('textbox', { name: 'Endereço' }).fill(slug, { timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Modelo' }).fill(model);
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Linha', exact: true }).fill('Linha S');
  await page.getByRole('option', { name: 'Linha S' }).click();
  await page.getByRole('spinbutton', { name: 'Ordem na linha' }).fill('50');
  await page.getByRole('textbox', { name: 'Descrição curta' }).fill(`Controlador de bancada ${tag} para testes de produção.`);
  await page.getByRole('textbox', { name: 'Chamada' }).fill('Entradas isoladas para a bancada de testes');
  await fillList(page, 'specs', 'Especificação', specs);
  await fillList(page, 'key_features', 'Diferencial', ['Entradas isoladas', 'Saídas protegidas', 'Programável pela Arduino IDE']);
  await fillList(page, 'applications', 'Aplicação', ['Bancadas de teste', 'Esteiras', 'Embaladoras']);
  const images = page.locator('.ra-input-images');
  for (const side of ['frente', 'lado']) {
    await images.getByRole('button', { name: 'Adicionar' }).last().click();
    await images.getByRole('button', { name: 'Escolher imagem' }).last().click();
    const picker = page.getByRole('dialog', { name: 'Inserir imagem' });
    await picker.getByRole('searchbox', { name: 'Buscar imagens' }).fill(tag);
    await picker.getByRole('button', { name: `Escolher placa-${tag}-${side}.png` }).click({ timeout: 20_000 });
    await expect(picker).toBeHidden();
    await expect(
      images.getByRole('img', { name: `Imagem escolhida: Placa do controlador ${tag} vista de ${side}` }),
    ).toBeVisible();
  }
  await page.getByRole('combobox', { name: 'Datasheet' }).fill('OPS010');
  await page.getByRole('option', { name: 'OPS010' }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Publicado', exact: true }).click();
  expect(await wcagViolations(page, 'Novo produto')).toEqual([]);
  await save(page);

  const html = await live(stack, `/produtos/${slug}`);
  for (const spec of specs) expect(html).toContain(spec);
  await page.goto(`/produtos/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const sheet = seed.datasheets.find((entry) => entry.name === 'OPS010')!;
  await expect(page.getByRole('link', { name: /^Download datasheet/ })).toHaveAttribute('href', sheet.url);
  await checkLayouts(page, `/produtos/${slug}`);

  for (const path of ['/produtos', '/produtos/linha/ops', '/catalogo-digital']) {
    await page.goto(path);
    await expect(page.getByText(model).first(), path).toBeVisible();
  }
  const dialog = await search(page, model);
  const products = dialog.getByRole('region', { name: 'Produtos' });
  await expect(products.getByRole('link', { name: new RegExp(model) }).first()).toHaveAttribute('href', `/produtos/${slug}`);
});

test('a specification edited is live; the address renamed leads from the old one; the first version restored', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(600_000);
  await editProduct(page, admin);
  await page.getByRole('textbox', { name: 'Especificação 2', exact: true }).fill(newSpec);
  await save(page);
  await live(stack, `/produtos/${slug}`, (html) => html.includes(newSpec));

  await editProduct(page, admin);
  await page.getByRole('textbox', { name: 'Endereço' }).fill(renamed);
  await save(page);
  await live(stack, `/produtos/${renamed}`, (html) => html.includes(newSpec));
  await expect
    .poll(() => redirectOf(stack, `/produtos/${slug}`), { timeout: 60_000 })
    .toEqual({
      status: 301,
      location: `/produtos/${renamed}`,
    });
  await page.goto(`/produtos/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/produtos/${renamed}$`));
  await expect(page.getByText(newSpec)).toBeVisible();

  // The first version: its specification and its address; the renamed address now leads back.
  await editProduct(page, admin);
  await page.getByRole('tab', { name: 'Histórico' }).click();
  const versions = page.getByTestId('revision');
  await expect(versions).toHaveCount(3, { timeout: 20_000 });
  await versions.nth(2).getByRole('button', { name: 'Restaurar esta versão' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restaurar esta versão' }).click();
  await expect(page.getByText('Versão restaurada: ela é agora a versão atual.')).toBeVisible({ timeout: 20_000 });
  await live(stack, `/produtos/${slug}`, (html) => html.includes(specs[1]!) && !html.includes(newSpec));
  await expect
    .poll(() => redirectOf(stack, `/produtos/${renamed}`), { timeout: 60_000 })
    .toEqual({
      status: 301,
      location: `/produtos/${slug}`,
    });
});

test("deleted, it leaves the site; 'Produtos excluídos' brings it back", async ({ page, admin, stack }) => {
  test.setTimeout(480_000);
  await openAdmin(page, admin, '/admin/products');
  await page
    .getByRole('row', { name: new RegExp(model) })
    .getByRole('button', { name: 'Excluir' })
    .click({ timeout: 20_000 });
  const confirm = page.getByRole('dialog', { name: 'Excluir produto' });
  await expect(confirm).toContainText('fica 30 dias em Produtos excluídos', { timeout: 20_000 });
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Produto excluído.')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await fetch(`${stack.url}/produtos/${slug}`)).status, { timeout: 180_000, intervals: [1000] })
    .toBe(404);

  await page.getByRole('link', { name: 'Produtos excluídos' }).click();
  const item = page.getByTestId('deleted-product').filter({ hasText: model });
  await expect(item).toContainText(`/produtos/${slug}`, { timeout: 20_000 });
  expect(await wcagViolations(page, 'Produtos excluídos')).toEqual([]);
  await item.getByRole('button', { name: /Restaurar produto excluído/ }).click();
  await expect(page.getByText(`Produto "${name}" restaurado como estava ao ser excluído.`)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin\/products\/[a-z0-9]+$/);
  await live(stack, `/produtos/${slug}`, (html) => html.includes(specs[1]!));
});
