/**
 * 'Menu' in the admin against a real PocketBase: an editor adds a link to a page
 * chosen by name to a footer column, moves it up with the keyboard, renames the
 * column and saves; the menu reads back from the server as edited. A link to an
 * address the site does not serve is refused in pt-BR and nothing is saved. Authors
 * see no 'Menu'. (The menus on the live site: the site's own specs.)
 */
import { randomBytes } from 'node:crypto';
import { allowConsoleErrors, test, expect } from '../fixtures';
import { signedInAs, superuser } from '../../helpers/staff';
import { wcagViolations } from '../axe';

const FIRST_SCREEN = { timeout: 15_000 };

async function footerResources() {
  const client = await superuser();
  return client.collection('menus').getFirstListItem('key = "footer_resources"');
}

test('an editor adds a page to a footer column, moves it up and renames the column', async ({ page }) => {
  const client = await superuser();
  const tag = randomBytes(3).toString('hex');
  const target = await client.collection('pages').create({
    name: `Serviços ${tag}`,
    slug: `servicos-${tag}`,
    status: 'published',
    content: { sections: [{ id: `s${tag}abc`, type: 'text', title: 'Serviços', body: 'Texto.', style: 'plain' }] },
  });
  const before = await footerResources();
  try {
    await signedInAs(page, 'editor', '/admin/menus');
    await page.getByRole('menuitem', { name: 'Menu' }).waitFor(FIRST_SCREEN);
    await page.getByText('Rodapé: segunda coluna').click();
    await expect(page.getByRole('textbox', { name: 'Título da coluna' })).toHaveValue('Recursos', FIRST_SCREEN);
    expect(await wcagViolations(page, '/admin/menus/…', { legacyMode: true })).toEqual([]);

    await page.getByRole('textbox', { name: 'Título da coluna' }).fill('Materiais');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const rows = page.locator('.RaSimpleFormIterator-line');
    const added = rows.last();
    await added.getByRole('textbox', { name: 'Texto do link' }).fill('Nossos serviços');
    await added.getByRole('combobox', { name: 'Página' }).fill(`Serviços ${tag}`);
    await page.getByRole('option', { name: `Serviços ${tag}` }).click();
    // The address field gives way to the chosen page.
    await expect(added.getByRole('textbox', { name: 'Ou endereço' })).toHaveCount(0);
    const count = (before.items as unknown[]).length;
    // Each link's move and remove buttons are there for the keyboard, not only under the mouse.
    await page.mouse.move(0, 0);
    await expect(added.getByRole('button', { name: 'Remover' })).toBeVisible();
    await expect(added.getByRole('button', { name: 'Mover para cima' })).toBeVisible();
    // The last of the column's links moves down, below the new one, with the keyboard.
    const down = rows.nth(count - 1).getByRole('button', { name: 'Mover para baixo' });
    await down.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Menu salvo. Ele aparece no site na próxima publicação.')).toBeVisible();

    const saved = await footerResources();
    expect(saved.title).toBe('Materiais');
    const labels = (saved.items as { label: string; page: string }[]).map((item) => item.label);
    expect(labels).toHaveLength(count + 1);
    expect(labels[count - 1]).toBe('Nossos serviços');
    expect((saved.items as { page: string }[])[count - 1]!.page).toBe(target.id);
  } finally {
    await client.collection('menus').update(before.id, { title: before.title, items: before.items });
    await client.collection('pages').delete(target.id);
  }
});

test('a link to an address the site does not serve is refused in pt-BR; nothing is saved', async ({ page, consoleErrors }) => {
  const before = await footerResources();
  await signedInAs(page, 'editor', `/admin/menus/${before.id}`);
  await page.getByRole('button', { name: 'Adicionar' }).click(FIRST_SCREEN);
  const added = page.locator('.RaSimpleFormIterator-line').last();
  await added.getByRole('textbox', { name: 'Texto do link' }).fill('Inventada');
  await added.getByRole('textbox', { name: 'Ou endereço' }).fill('/pagina-que-nao-existe');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/o endereço \/pagina-que-nao-existe não é uma página do site/)).toBeVisible();
  // The first test of this file edits the same menu beside this one (tests run in parallel), so
  // "nothing saved" is read as: the refused link is nowhere in the stored menu.
  const stored = (await footerResources()).items as { label: string; url: string }[];
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.filter((item) => item.label === 'Inventada' || item.url === '/pagina-que-nao-existe')).toEqual([]);
  allowConsoleErrors(consoleErrors, /status of 400/);
});

test("authors see no 'Menu' and cannot open it", async ({ page }) => {
  await signedInAs(page, 'author', '/admin/menus');
  await expect(page.getByText('Você não tem permissão para editar os menus do site.')).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('menuitem', { name: 'Menu' })).toHaveCount(0);
});
