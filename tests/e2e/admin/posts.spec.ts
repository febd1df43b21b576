/**
 * Posts in the admin against a real PocketBase: an editor writes (slug from the
 * title, a preview through the site's pipeline in its styles, sanitized), edits, publishes and
 * deletes a post; scheduling needs a future date; authors only write drafts, see
 * only their own posts, never get a delete button and cannot edit others' posts.
 * Every change is read back from the server.
 */
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, test, expect } from '../fixtures';
import {
  createStaff,
  openAdminAs,
  openAdminWithSession,
  signedInAs,
  startStaffServer,
  superuser,
  type StaffAccount,
} from '../../helpers/staff';
import { scheduleInForm } from '../../helpers/schedule';
import { writeMarkdown } from '../../helpers/editor';

const unique = () => randomBytes(3).toString('hex');

/** A 1×1 PNG, for the cover upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The first admin screen can take a while on a busy machine (lazy chunks, session check). */
const FIRST_SCREEN = { timeout: 15_000 };

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function chooseOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function findPost(slug: string) {
  const client = await superuser();
  return client.collection('posts').getFirstListItem(client.filter('slug = {:slug}', { slug }));
}

async function seedPost(author: StaffAccount, fields: { title: string; status: string }) {
  const client = await superuser();
  const slug = `${fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique()}`;
  return client.collection('posts').create({ ...fields, slug, category: 'Técnico', content: 'Texto.', author: author.id });
}

test('an editor writes a post: slug from the title, a sanitized preview through the site pipeline in its styles', async ({
  page,
}) => {
  const editor = await signedInAs(page, 'editor', '/admin/posts/create');
  const tag = unique();
  const title = `Calibração de Sensores ${tag}: Guia Rápido!`;
  const slug = `calibracao-de-sensores-${tag}-guia-rapido`;

  await field(page, 'Título').fill(title, FIRST_SCREEN);
  await expect(field(page, 'Slug')).toHaveValue(slug);
  await field(page, 'Resumo').fill('Como calibrar sensores de pressão.');
  await field(page, 'Tags').fill('sensores, calibração, sensores');
  await writeMarkdown(
    page,
    'Conteúdo',
    '## Passo a passo\n\n### Detalhe\n\n#### Nota\n\n# Seção principal\n\nUse um **padrão rastreável**.\n\n<script>window.__hacked = true</script>\n\n<img src="/favicon.svg" alt="ícone" onerror="window.__hacked = true">',
  );

  // Rendered by the site's pipeline in its article styles; the script and the handler dropped.
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = page.frameLocator('iframe[title="Pré-visualização do post"]');
  await expect(preview.locator('.prose-article strong')).toHaveText('padrão rastreável');
  await expect(preview.locator('h1').first()).toHaveText(title);
  await expect(preview.getByText('#calibração')).toBeVisible();
  await expect(preview.locator('.prose-article h2')).toHaveAttribute('id', 'passo-a-passo');
  // Every heading level in the article's own sizes, none at the body's 16 px.
  for (const [level, size] of [
    ['h1', '30px'],
    ['h2', '24px'],
    ['h3', '20px'],
    ['h4', '18px'],
  ] as const) {
    await expect(preview.locator(`.prose-article ${level}`)).toHaveCSS('font-size', size);
  }
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('.prose-article img')).toHaveAttribute('alt', 'ícone');
  await expect(preview.locator('.prose-article img')).not.toHaveAttribute('onerror');
  expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
  await page.getByRole('button', { name: 'Fechar' }).click();

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Post criado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/(?!create$)\w+$/);
  // Saving stays on the post's screen; the list is one click away.
  await page.getByRole('menuitem', { name: 'Posts' }).click();
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row.getByText('Rascunho', { exact: true })).toBeVisible();
  await expect(row.getByText(editor.fullName)).toBeVisible();

  const created = await findPost(slug);
  expect(created).toMatchObject({
    title,
    status: 'draft',
    category: 'Técnico',
    tags: ['sensores', 'calibração'],
    author: editor.id,
    author_name: editor.fullName,
    published_at: '',
  });
  expect(created.content).toContain('**padrão rastreável**');
});

test('a post opened and saved after a title change keeps its body byte for byte', async ({ page, consoleErrors }) => {
  const editor = await createStaff('editor');
  const fixture = await readFile('tests/fixtures/every-construct.md', 'utf8');
  const client = await superuser();
  const post = await client.collection('posts').create({
    title: `Corpo intocado ${unique()}`,
    slug: `corpo-intocado-${unique()}`,
    category: 'Técnico',
    content: fixture,
    author: editor.id,
  });
  await openAdminAs(page, editor, `/admin/posts/${post.id}`);
  await expect(page.locator('.ProseMirror h2').first()).toHaveText('Título de nível dois', FIRST_SCREEN);
  await field(page, 'Título').fill(`${post.title} (revisto)`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible();
  const saved = await client.collection('posts').getOne(post.id);
  expect(saved.title).toBe(`${post.title} (revisto)`);
  expect(saved.content).toBe(fixture);
  // The fixture's image names a media file this server does not have: the editor shows it broken.
  allowConsoleErrors(consoleErrors, /status of 404/);
});

test('an editor edits and publishes a post', async ({ page }) => {
  const editor = await createStaff('editor');
  const post = await seedPost(editor, { title: `Revisão ${unique()}`, status: 'draft' });
  await openAdminAs(page, editor, '/admin/posts');
  const row = page.getByRole('row', { name: new RegExp(post.title) });
  await row.getByText(post.title).click(FIRST_SCREEN);

  await expect(field(page, 'Título')).toHaveValue(post.title);
  await field(page, 'Resumo').fill('Resumo revisado.');
  await field(page, 'Tags').fill('automação');
  // A cover makes the request multipart: the tags must still arrive as a list.
  await page.locator('input[type="file"]').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'capa.png' })).toBeVisible();
  await chooseOption(page, 'Status', 'Publicado');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible();
  // Saving stays on the post's screen; the list is one click away.
  await page.getByRole('menuitem', { name: 'Posts' }).click();
  await expect(row.getByText('Publicado', { exact: true })).toBeVisible();
  const client = await superuser();
  const published = await client.collection('posts').getOne(post.id);
  expect(published).toMatchObject({
    excerpt: 'Resumo revisado.',
    status: 'published',
    slug: post.slug,
    author: editor.id,
    tags: ['automação'],
  });
  expect(published.cover).toMatch(/^capa_\w+\.png$/);
  expect(published.published_at).not.toBe('');
});

test('with every post deleted, the empty Posts list still leads to Posts excluídos', async ({ browser }) => {
  test.setTimeout(120_000);
  // A server of its own: deleting every post of the shared one would take them from the other tests.
  const staff = await startStaffServer({ siteDir: process.env.E2E_SITE_DIR });
  // Its own context too: the shared fixture answers every other origin with an empty 204.
  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    const posts = staff.editor.client.collection('posts');
    const title = `Único post ${unique()}`;
    const post = await posts.create({
      title,
      slug: `unico-post-${unique()}`,
      category: 'Técnico',
      content: 'Texto.',
      status: 'draft',
      author: staff.editor.actor!.id,
    });
    await posts.delete(post.id);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => (message.type() === 'error' ? errors.push(message.text()) : undefined));
    await openAdminWithSession(page, staff.editor.client, '/admin/posts', staff.server.url);

    await expect(page.getByText('Nenhum registro de Posts ainda.')).toBeVisible(FIRST_SCREEN);
    await page.getByRole('link', { name: 'Posts excluídos' }).click();
    await expect(page).toHaveURL(/\/admin\/deleted-posts$/);
    await expect(page.getByRole('heading', { name: 'Posts excluídos', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Posts excluídos' })).toContainText(title);
    expect(errors, 'a página registrou erros no console').toEqual([]);
  } finally {
    await context.close();
    await staff.stop();
  }
});

test('an editor deletes a post after the confirmation', async ({ page }) => {
  const editor = await createStaff('editor');
  const post = await seedPost(editor, { title: `Descartável ${unique()}`, status: 'published' });
  await openAdminAs(page, editor, '/admin/posts');
  const row = page.getByRole('row', { name: new RegExp(post.title) });

  await row.getByRole('button', { name: 'Excluir' }).click(FIRST_SCREEN);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Tem certeza que deseja excluir este post?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Post excluído com sucesso!')).toBeVisible();
  await expect(row).toHaveCount(0);
  const client = await superuser();
  await expect(client.collection('posts').getOne(post.id)).rejects.toMatchObject({ status: 404 });
});

test.describe('in a browser outside Brasília', () => {
  // The input is Brasília time whatever the browser's zone (src/lib/format.ts).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('scheduling asks for a future date-time in Brasília time and is saved as such', async ({ page }) => {
    const editor = await createStaff('editor');
    const post = await seedPost(editor, { title: `Agenda ${unique()}`, status: 'draft' });
    await openAdminAs(page, editor, `/admin/posts/${post.id}`);

    await expect(field(page, 'Título')).toHaveValue(post.title, FIRST_SCREEN);
    const when = await scheduleInForm(page, 'Agendado', 'Data e hora (horário de Brasília) em que o post será publicado.');
    await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Posts' }).click();
    await expect(page.getByRole('row', { name: new RegExp(post.title) }).getByText('Agendado', { exact: true })).toBeVisible();

    const client = await superuser();
    const saved = await client.collection('posts').getOne(post.id);
    expect(saved.status).toBe('scheduled');
    expect(new Date(saved.published_at.replace(' ', 'T')).toISOString()).toBe(when.toISOString());
  });
});

test('an author writes drafts or sends them for review, with no publish option and no delete button', async ({ page }) => {
  const author = await signedInAs(page, 'author', '/admin/posts/create');
  const tag = unique();
  const title = `Rascunho do autor ${tag}`;

  await page.getByRole('combobox', { name: 'Status' }).click(FIRST_SCREEN);
  await expect(page.getByRole('option')).toHaveText(['Rascunho', 'Em revisão']);
  await page.keyboard.press('Escape');
  await expect(page.getByText('Somente editores e administradores podem publicar ou agendar.')).toBeVisible();

  await field(page, 'Título').fill(title);
  await field(page, 'Conteúdo').fill('Texto simples.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Post criado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/(?!create$)\w+$/);
  // Saving stays on the post's screen; the list is one click away.
  await page.getByRole('menuitem', { name: 'Posts' }).click();
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row.getByText('Rascunho', { exact: true })).toBeVisible();
  // Authors never delete, not even their own posts.
  await expect(row.getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

  const saved = await findPost(`rascunho-do-autor-${tag}`);
  expect(saved).toMatchObject({ status: 'draft', author: author.id, author_name: author.fullName });
});

test("an author sees only their own posts and cannot edit anyone else's", async ({ page }) => {
  const [me, other, editor] = await Promise.all([createStaff('author'), createStaff('author'), createStaff('editor')]);
  const tag = unique();
  const [myDraft, myPublished, otherDraft, otherPublished, editorsPublished] = await Promise.all([
    seedPost(me, { title: `Meu rascunho ${tag}`, status: 'draft' }),
    seedPost(me, { title: `Meu publicado ${tag}`, status: 'published' }),
    seedPost(other, { title: `Rascunho alheio ${tag}`, status: 'draft' }),
    seedPost(other, { title: `Publicado alheio ${tag}`, status: 'published' }),
    seedPost(editor, { title: `Publicado da editora ${tag}`, status: 'published' }),
  ]);

  await openAdminAs(page, me, '/admin/posts');
  await page.getByPlaceholder('Buscar posts').fill(tag, FIRST_SCREEN);
  await expect(page.getByRole('row', { name: new RegExp(myDraft.title) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(myPublished.title) })).toBeVisible();
  for (const hidden of [otherDraft, otherPublished, editorsPublished])
    await expect(page.getByRole('row', { name: new RegExp(hidden.title) })).toHaveCount(0);

  // Own draft: editable. Own published post: no longer (authors never change what is public).
  await expect(page.getByRole('row', { name: new RegExp(myDraft.title) }).getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(myPublished.title) }).getByRole('link', { name: 'Editar' })).toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

  // A public post of someone else, opened by its address: denied, no form.
  await page.goto(`/admin/posts/${editorsPublished.id}`);
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Você não tem permissão para gerenciar posts.')).toBeVisible();
  await expect(field(page, 'Título')).toHaveCount(0);
});

test("staff see a draft's cover in the editor, though the public cannot fetch it", async ({ page, baseURL }) => {
  const author = await createStaff('author');
  const client = await superuser();
  const form = new FormData();
  form.append('title', `Capa reservada ${unique()}`);
  form.append('category', 'Técnico');
  form.append('status', 'draft');
  form.append('author', author.id);
  form.append('cover', new Blob([PNG], { type: 'image/png' }), 'capa.png');
  const post = await client.collection('posts').create(form);
  expect((await fetch(`${baseURL}/api/files/posts/${post.id}/${post.cover}`)).status).toBe(404);

  await openAdminAs(page, author, `/admin/posts/${post.id}`);
  const cover = page.getByRole('img', { name: post.cover });
  await expect(cover).toBeVisible(FIRST_SCREEN);
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
});

test('leaving an edited post asks first; staying keeps the changes, leaving drops them', async ({ page }) => {
  const editor = await createStaff('editor');
  const post = await seedPost(editor, { title: `Alterações ${unique()}`, status: 'draft' });
  await openAdminAs(page, editor, `/admin/posts/${post.id}`);
  await expect(field(page, 'Título')).toHaveValue(post.title, FIRST_SCREEN);
  await field(page, 'Título').fill(`${post.title} (editado)`);

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect.poll(() => asked).toEqual(['Algumas alterações não foram salvas. Deseja mesmo descartá-las?']);
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}$`));
  await expect(field(page, 'Título')).toHaveValue(`${post.title} (editado)`);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  expect((await (await superuser()).collection('posts').getOne(post.id)).title).toBe(post.title);
});

test('the posts screen lists the articles in git too, read-only, marked and with their file', async ({ page }) => {
  const files = (await readdir('src/content/blog')).filter((name) => name.endsWith('.mdx'));
  await signedInAs(page, 'editor', '/admin/posts');
  const git = page.getByRole('region', { name: 'Artigos do git' });
  await expect(git).toContainText(`${files.length} artigos do site vêm de arquivos no repositório`);
  const rows = git.locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(files.length, 10));
  await expect(rows.first()).toContainText('Gerenciado pelo git');
  // Nothing to edit or delete: only the way to the article on the site.
  await expect(git.getByRole('button', { name: /Editar|Excluir/ })).toHaveCount(0);

  await git.getByPlaceholder('Buscar artigos do git').fill('porta serial');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('src/content/blog/corrigindo-conflito-da-porta-serial.mdx');
  await expect(rows.getByRole('link', { name: /^Ver no site/ })).toHaveAttribute(
    'href',
    '/blog/corrigindo-conflito-da-porta-serial',
  );
  // The CMS list's own search stays apart.
  await expect(page.getByPlaceholder('Buscar posts')).toHaveValue('');
});
