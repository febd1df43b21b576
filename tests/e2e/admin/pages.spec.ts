/**
 * Site pages in the admin against a real PocketBase: an editor creates a page
 * (slug from the name, the meta description's live 'n/160' counter, which advises
 * but does not block), edits its SEO fields and status, and deletes it after the
 * spec's confirmation; each change is read back from the server. Authors are denied.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { createStaff, openAdminAs, signedInAs, superuser } from '../../helpers/staff';

const FIRST_SCREEN = { timeout: 15_000 };
const unique = () => randomBytes(3).toString('hex');
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('an editor creates a page: slug from the name, meta description counter n/160 (advice only)', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/pages/create');
  const tag = unique();
  const name = `Página de Serviços ${tag}`;
  const slug = `pagina-de-servicos-${tag}`;

  await field(page, 'Nome').fill(name, FIRST_SCREEN);
  await expect(field(page, 'Slug')).toHaveValue(slug);
  await field(page, 'Título SEO').fill('Serviços de automação | Operium');

  const counter = page.locator('[data-meta-counter]');
  await expect(counter).toHaveText('0/160');
  await expect(page.getByText('A meta descrição deve ter no máximo 160 caracteres.')).toBeVisible();
  await field(page, 'Meta descrição').fill('Automação industrial sob medida.');
  await expect(counter).toHaveText('32/160');
  const long = 'Controladores, IHMs e painéis montados e testados pela nossa equipe. '.repeat(3).trim();
  expect(long.length).toBeGreaterThan(160);
  await field(page, 'Meta descrição').fill(long);
  await expect(counter).toHaveText(`${long.length}/160`);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página criada com sucesso!')).toBeVisible();
  // Saving stays on the page's screen; the list is one click away.
  await page.getByRole('menuitem', { name: 'Páginas' }).click();
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row.getByText('Rascunho', { exact: true })).toBeVisible();
  await expect(row.getByText(slug, { exact: true })).toBeVisible();

  const client = await superuser();
  const created = await client.collection('pages').getFirstListItem(client.filter('slug = {:slug}', { slug }));
  expect(created).toMatchObject({
    name,
    title: 'Serviços de automação | Operium',
    meta_description: long,
    status: 'draft',
    content: { sections: [] },
  });
});

test('an editor writes a page in sections, reorders them, and cannot publish it empty', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/pages/create');
  const tag = unique();
  await field(page, 'Nome').fill(`Parceiros ${tag}`, FIRST_SCREEN);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Publicada', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Adicione conteúdo à página antes de publicá-la.')).toBeVisible();

  await field(page, 'Título da seção').fill('Como funciona');
  await field(page, 'Texto da seção').fill('Integradores indicam clientes e recebem suporte técnico.');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await field(page, 'Título da seção').nth(1).fill('Quem pode participar');
  await field(page, 'Texto da seção').nth(1).fill('Empresas de automação com um técnico responsável.');
  // The second section goes first.
  await page.getByRole('button', { name: 'Mover para cima' }).last().click();
  await expect(field(page, 'Título da seção').first()).toHaveValue('Quem pode participar');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página criada com sucesso!')).toBeVisible();

  const client = await superuser();
  const created = await client
    .collection('pages')
    .getFirstListItem(client.filter('slug = {:slug}', { slug: `parceiros-${tag}` }));
  expect(created).toMatchObject({
    status: 'published',
    content: {
      sections: [
        { heading: 'Quem pode participar', body: 'Empresas de automação com um técnico responsável.' },
        { heading: 'Como funciona', body: 'Integradores indicam clientes e recebem suporte técnico.' },
      ],
    },
  });
});

async function seedPage(tag: string) {
  const client = await superuser();
  return client.collection('pages').create({
    name: `Sobre nós ${tag}`,
    slug: `sobre-nos-${tag}`,
    title: 'Sobre',
    status: 'draft',
    content: { sections: [{ heading: 'Quem somos', body: 'Uma empresa de Joinville.' }] },
  });
}

test('an editor edits the SEO fields and status of a page', async ({ page }) => {
  const [editor, tag] = [await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);

  // The name and slug are shown, not edited.
  await expect(page.locator('[data-page-summary]')).toContainText(`/${created.slug}`, FIRST_SCREEN);
  await expect(field(page, 'Nome')).toHaveCount(0);
  await expect(field(page, 'Título SEO')).toHaveValue('Sobre');
  await field(page, 'Título SEO').fill('Sobre a Operium');
  await field(page, 'Meta título').fill('Sobre a Operium | Eletrônica industrial');
  await field(page, 'Meta descrição').fill('Projetos de automação sob medida.');
  await expect(page.locator('[data-meta-counter]')).toHaveText('33/160');
  await page.getByRole('combobox', { name: 'Status' }).click();
  // Only the statuses the spec gives pages: no scheduling, unlike posts.
  await expect(page.getByRole('option')).toHaveText(['Rascunho', 'Publicada']);
  await page.getByRole('option', { name: 'Publicada', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Páginas' }).click();
  await expect(page.getByRole('row', { name: new RegExp(tag) }).getByText('Publicada', { exact: true })).toBeVisible();
  const client = await superuser();
  expect(await client.collection('pages').getOne(created.id)).toMatchObject({
    name: created.name,
    slug: created.slug,
    title: 'Sobre a Operium',
    meta_title: 'Sobre a Operium | Eletrônica industrial',
    meta_description: 'Projetos de automação sob medida.',
    status: 'published',
    content: { sections: [{ heading: 'Quem somos', body: 'Uma empresa de Joinville.' }] },
  });
});

test('an editor deletes a page after the confirmation', async ({ page }) => {
  const [editor, tag] = [await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);

  await page.getByRole('button', { name: 'Excluir' }).click(FIRST_SCREEN);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Tem certeza que deseja excluir esta página?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Página excluída com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(0);
  const client = await superuser();
  await expect(client.collection('pages').getOne(created.id)).rejects.toMatchObject({ status: 404 });
});

test('an author opening the pages is denied', async ({ page }) => {
  await signedInAs(page, 'author', '/admin/pages');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Você não tem permissão para gerenciar páginas.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nova Página' })).toHaveCount(0);
});
