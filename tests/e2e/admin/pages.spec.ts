/**
 * Site pages in the admin against a real PocketBase: an editor creates a page
 * (slug from the name, the meta description's live 'n/160' counter, which advises
 * but does not block), edits it in the same form (name, slug, SEO fields, menus,
 * status), previews it in the site's look, and deletes it after its
 * confirmation; each change is read back from the server. Authors are denied. (On
 * the live site, a footer link and a renamed page's redirect: editor-publish.spec.ts.)
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, test, expect } from '../fixtures';
import { writeMarkdown } from '../../helpers/editor';
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

/** The form's fields by their labels, in order: what an editor fills in. */
async function formFields(page: Page) {
  const form = page.locator('form');
  await expect(form.getByRole('textbox', { name: 'Nome', exact: true })).toBeVisible(FIRST_SCREEN);
  // The sections' visual editor loads on its own: read the form once it is there too.
  await expect(form.locator('.ProseMirror').first()).toBeVisible(FIRST_SCREEN);
  return form
    .getByRole('textbox')
    .or(form.getByRole('switch'))
    .or(form.getByRole('spinbutton'))
    .evaluateAll((elements) =>
      elements.map((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, '').trim() ?? ''),
    );
}

test('the create and edit forms show the same fields: one SEO title, the meta description, the menus', async ({ page }) => {
  const [editor, tag] = [await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  await openAdminAs(page, editor, '/admin/pages/create');
  const onCreate = await formFields(page);
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);
  const onEdit = await formFields(page);
  expect(onEdit).toEqual(onCreate);
  expect(onCreate.slice(0, 7)).toEqual([
    'Nome',
    'Slug',
    'Título SEO',
    'Meta descrição',
    'Mostrar no menu do topo',
    'Mostrar no rodapé',
    'Ordem no menu',
  ]);
  expect(onCreate).not.toContain('Meta título');
});

test('an editor renames a page and edits its SEO fields, menus and status', async ({ page, consoleErrors }) => {
  const [editor, tag] = [await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);

  await expect(field(page, 'Nome')).toHaveValue(created.name, FIRST_SCREEN);
  // A draft whose slug still matches its name follows it, as a post's follows its title.
  await field(page, 'Nome').fill(`Quem somos ${tag}`);
  await expect(field(page, 'Slug')).toHaveValue(`quem-somos-${tag}`);
  await expect(field(page, 'Título SEO')).toHaveValue('Sobre');
  await field(page, 'Título SEO').fill('Sobre a Operium');
  await field(page, 'Meta descrição').fill('Projetos de automação sob medida.');
  await expect(page.locator('[data-meta-counter]')).toHaveText('33/160');
  await page.getByRole('switch', { name: 'Mostrar no rodapé' }).check();
  await page.getByRole('spinbutton', { name: 'Ordem no menu' }).fill('2');
  await page.getByRole('combobox', { name: 'Status' }).click();
  // Only the statuses pages have: no scheduling, unlike posts.
  await expect(page.getByRole('option')).toHaveText(['Rascunho', 'Publicada']);
  await page.getByRole('option', { name: 'Publicada', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Páginas' }).click();
  await expect(page.getByRole('row', { name: new RegExp(tag) }).getByText('Publicada', { exact: true })).toBeVisible();
  const client = await superuser();
  expect(await client.collection('pages').getOne(created.id)).toMatchObject({
    name: `Quem somos ${tag}`,
    slug: `quem-somos-${tag}`,
    title: 'Sobre a Operium',
    meta_description: 'Projetos de automação sob medida.',
    in_header: false,
    in_footer: true,
    menu_order: 2,
    status: 'published',
    // A draft had no address on the site to keep.
    old_slugs: [],
    content: { sections: [{ heading: 'Quem somos', body: 'Uma empresa de Joinville.' }] },
  });

  // Now published: a slug taken by another page is refused next to the field.
  const other = await seedPage(unique());
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);
  await field(page, 'Slug').fill(other.slug, FIRST_SCREEN);
  await expect(field(page, 'Slug')).toHaveAccessibleDescription(/endereço antigo continua levando a esta página/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText(`Já existe uma página com o endereço /${other.slug} (“${other.name}”); escolha outro slug.`).first(),
  ).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 400/);
});

test('Pré-visualizar shows the page as the site will: its hero and sections in the site styles', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/pages/create');
  await field(page, 'Nome').fill('Garantia estendida', FIRST_SCREEN);
  await field(page, 'Meta descrição').fill('Três anos de cobertura para controladores.');
  await field(page, 'Título da seção').fill('O que cobre');
  await writeMarkdown(page, 'Texto da seção', 'Defeitos de **fabricação** em uso normal.');

  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = page.frameLocator('iframe[title="Pré-visualização da página"]');
  await expect(preview.locator('h1')).toHaveText('Garantia estendida');
  await expect(preview.getByText('Três anos de cobertura para controladores.')).toBeVisible();
  await expect(preview.locator('.prose-article h2')).toHaveText('O que cobre');
  await expect(preview.locator('.prose-article h2')).toHaveAttribute('id', 'o-que-cobre');
  await expect(preview.locator('.prose-article strong')).toHaveText('fabricação');
  // The site's look: its stylesheet's hero gradient and the article's heading size.
  await expect(preview.locator('section').first()).toHaveCSS('background-image', /linear-gradient/);
  await expect(preview.locator('.prose-article h2')).toHaveCSS('font-size', '24px');
  await page.getByRole('button', { name: 'Fechar' }).click();
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
