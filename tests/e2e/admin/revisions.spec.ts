/**
 * Revisions and editorial review in the admin, against a real PocketBase:
 * - an author writes a draft, rewrites it and sends it for review; an editor finds it
 *   under 'Para revisar' (and the bell), compares it with the earlier version word by word, publishes
 *   it, and restores the earlier version (a new revision; history is kept);
 * - an editor sends a post back with a note the author reads;
 * - a save based on a stale copy meets 'Este post foi alterado por {nome} às {hora}.',
 *   shows the differences and may overwrite;
 * - unsaved changes survive a closed tab: 'Recuperar alterações não salvas';
 * - a deleted post comes back from 'Posts excluídos'.
 * Every outcome is read back from the server.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { allowConsoleErrors, test, expect } from '../fixtures';
import { createStaff, openAdminAs, superuser, type StaffAccount } from '../../helpers/staff';
import { formatTime } from '../../../src/lib/format';

const unique = () => randomBytes(3).toString('hex');
const FIRST_SCREEN = { timeout: 15_000 };

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function chooseOption(page: Page, name: string, option: string) {
  await page.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function seedPost(author: StaffAccount, fields: Record<string, unknown>) {
  const client = await superuser();
  const tag = unique();
  return client.collection('posts').create({
    title: `Post versionado ${tag}`,
    slug: `post-versionado-${tag}`,
    category: 'Técnico',
    status: 'draft',
    author: author.id,
    ...fields,
  });
}

/** The words a comparison marks as added (ins) or removed (del), in order, as one text. */
const marked = (diff: Locator, kind: 'ins' | 'del') => async () => (await diff.locator(kind).allInnerTexts()).join(' ');

async function serverPost(id: string) {
  return (await superuser()).collection('posts').getOne(id);
}

test('author to review, editor compares and publishes, then restores an earlier version', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const author = await createStaff('author', { fullName: 'Ana Autora' });
  const editor = await createStaff('editor', { fullName: 'Edu Editor' });
  const post = await seedPost(author, { content: 'O sensor mede a pressão do tanque a cada segundo.' });

  // The author rewrites the draft and sends it for review.
  await openAdminAs(page, author, `/admin/posts/${post.id}`);
  await field(page, 'Conteúdo').fill('O sensor mede a temperatura do tanque a cada minuto.', FIRST_SCREEN);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publicar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar para revisão' }).click();
  await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible();
  expect((await serverPost(post.id)).status).toBe('review');

  // The editor finds it in the review queue.
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await openAdminAs(editorPage, editor, '/admin');
  const queue = editorPage.getByRole('menuitem', { name: /Para revisar/ });
  await expect(queue).toBeVisible(FIRST_SCREEN);
  // The bell counts it too, and leads to the same queue.
  await editorPage.getByRole('button', { name: /^\d+\+? notificaç(ão|ões):.*\d+ posts? para revisar/ }).click();
  await editorPage.getByRole('menuitem', { name: /^Posts para revisar \([1-9]\d*\)$/ }).click();
  await expect(editorPage).toHaveURL(/\/admin\/#?\/?posts\?filter=.*review/);
  await editorPage.getByText(post.title).click();

  // History: compare the first version with the one sent for review.
  await editorPage.getByRole('tab', { name: 'Histórico' }).click();
  const versions = editorPage.getByTestId('revision');
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText('Ana Autora');
  await expect(versions.first()).toContainText('status: Em revisão');
  await versions.nth(2).getByRole('checkbox').check();
  await versions.nth(0).getByRole('checkbox').check();
  await editorPage.getByRole('button', { name: 'Comparar as versões marcadas' }).click();
  const diff = editorPage.getByTestId('version-diff');
  await expect.poll(marked(diff, 'del')).toMatch(/^\s*pressão\s+segundo\s*$/);
  await expect.poll(marked(diff, 'ins')).toMatch(/^\s*temperatura\s+minuto\s*$/);
  await editorPage.getByRole('button', { name: 'Fechar' }).click();

  // Publish.
  await editorPage.getByRole('tab', { name: 'Conteúdo' }).click();
  await field(editorPage, 'Resumo').fill('Como medir a temperatura do tanque.');
  await chooseOption(editorPage, 'Status', 'Publicado');
  await editorPage.getByRole('button', { name: 'Salvar' }).click();
  await expect(editorPage.getByText('Post atualizado com sucesso!')).toBeVisible();
  expect((await serverPost(post.id)).status).toBe('published');

  // Restore the first version: its content comes back as a new revision; the post stays published.
  // (The list still shows the review queue, which the post has left.)
  await openAdminAs(editorPage, editor, `/admin/posts/${post.id}`);
  await editorPage.getByRole('tab', { name: 'Histórico' }).click();
  await expect(versions.first()).toContainText('Edu Editor');
  await editorPage.getByTestId('revision').last().getByRole('button', { name: 'Restaurar esta versão' }).click();
  await editorPage.getByRole('dialog').getByRole('button', { name: 'Restaurar esta versão' }).click();
  await expect(editorPage.getByText('Versão restaurada: ela é agora a versão atual.')).toBeVisible();
  const restored = await serverPost(post.id);
  expect(restored).toMatchObject({ content: 'O sensor mede a pressão do tanque a cada segundo.', status: 'published' });
  await expect(editorPage.getByTestId('revision')).toHaveCount(5);
  await expect(editorPage.getByTestId('revision').first()).toContainText('Restauração');
  await editorContext.close();
});

test('an editor sends a post back with a note; the author reads it', async ({ page, browser }) => {
  const author = await createStaff('author');
  const editor = await createStaff('editor');
  const post = await seedPost(author, { status: 'review', content: 'Rascunho pronto.' });
  await openAdminAs(page, editor, `/admin/posts/${post.id}`);
  await page.getByRole('button', { name: 'Devolver ao autor' }).click(FIRST_SCREEN);
  await page.getByRole('textbox', { name: 'Nota para o autor' }).fill('Falta o diagrama de ligação.');
  await page.getByRole('button', { name: 'Devolver', exact: true }).click();
  await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible();
  expect(await serverPost(post.id)).toMatchObject({ status: 'draft', review_note: 'Falta o diagrama de ligação.' });

  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  await openAdminAs(authorPage, author, `/admin/posts/${post.id}`);
  await expect(authorPage.getByTestId('review-note')).toContainText('Falta o diagrama de ligação.', FIRST_SCREEN);
  await authorContext.close();
});

test('a save based on a stale copy shows who changed it, the differences, and may overwrite', async ({ page, consoleErrors }) => {
  const editor = await createStaff('editor');
  const admin = await createStaff('admin', { fullName: 'Alice Admin' });
  const post = await seedPost(editor, { content: 'Texto de partida.' });
  await openAdminAs(page, editor, `/admin/posts/${post.id}`);
  await field(page, 'Conteúdo').fill('Texto do editor.', FIRST_SCREEN);

  // Meanwhile the admin saves the same post.
  const client = await superuser();
  const other = await client.collection('users').getOne(admin.id);
  expect(other.full_name).toBe('Alice Admin');
  const pb = new (await import('pocketbase')).default(process.env.E2E_BASE_URL!);
  await pb.collection('users').authWithPassword(admin.email, admin.password);
  const saved = await pb.collection('posts').update(post.id, { content: 'Texto da admin.' });
  // The admin shows Brasília time, whatever this machine's zone (src/lib/format.ts).
  const hour = formatTime(saved.updated);

  await page.getByRole('button', { name: 'Salvar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterações feitas por outra pessoa' });
  await expect(dialog.getByRole('alert')).toContainText(`Este post foi alterado por Alice Admin às ${hour}.`);
  expect((await serverPost(post.id)).content).toBe('Texto da admin.');
  // 'Cancelar' keeps what was typed; saving again meets the same question.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(field(page, 'Conteúdo')).toHaveText('Texto do editor.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Este post foi alterado por Alice Admin');
  await dialog.getByRole('button', { name: 'Ver diferenças' }).click();
  await expect.poll(marked(dialog, 'del')).toMatch(/^\s*da\s+admin\s*$/);
  await expect.poll(marked(dialog, 'ins')).toMatch(/^\s*do\s+editor\s*$/);
  await dialog.getByRole('button', { name: 'Sobrescrever' }).click();
  await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible();
  expect((await serverPost(post.id)).content).toBe('Texto do editor.');
  // The refused save itself, which the browser logs.
  allowConsoleErrors(consoleErrors, /status of 409 \(Conflict\)/);
});

test('unsaved changes survive a closed tab and can be recovered or discarded', async ({ page, context }) => {
  const editor = await createStaff('editor');
  const post = await seedPost(editor, { content: 'Versão salva.' });
  await openAdminAs(page, editor, `/admin/posts/${post.id}`);
  await field(page, 'Conteúdo').fill('Versão que ainda não foi salva.', FIRST_SCREEN);
  // The copy is written every few seconds, to this browser only.
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), `operium:alteracoes-locais:${editor.id}:posts:${post.id}`), {
      timeout: 10_000,
    })
    .toContain('Versão que ainda não foi salva.');
  await page.close({ runBeforeUnload: false });
  expect((await serverPost(post.id)).content).toBe('Versão salva.');

  const again = await context.newPage();
  await openAdminAs(again, editor, `/admin/posts/${post.id}`);
  const offer = again.getByTestId('local-copy');
  await expect(offer).toContainText('Há alterações não salvas deste post', FIRST_SCREEN);
  // When they were kept, in Brasília's time (the banner once read "deste post, de , guardadas").
  await expect(offer).toContainText(/deste post, de \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}, guardadas neste navegador/);
  await offer.getByRole('button', { name: 'Ver diferenças' }).click();
  await expect.poll(marked(again.getByTestId('version-diff'), 'ins')).toMatch(/^\s*que\s+ainda\s+não\s+foi\s*$/);
  await offer.getByRole('button', { name: 'Recuperar alterações não salvas' }).click();
  await expect(field(again, 'Conteúdo')).toHaveText('Versão que ainda não foi salva.');
  await again.getByRole('button', { name: 'Salvar' }).click();
  await expect(again.getByText('Post atualizado com sucesso!')).toBeVisible();
  expect((await serverPost(post.id)).content).toBe('Versão que ainda não foi salva.');
  // Saved: nothing more is offered.
  await openAdminAs(again, editor, `/admin/posts/${post.id}`);
  await expect(field(again, 'Conteúdo')).toHaveText('Versão que ainda não foi salva.', FIRST_SCREEN);
  await expect(again.getByTestId('local-copy')).toHaveCount(0);
});

test('a deleted post comes back from Posts excluídos, with its content', async ({ page }) => {
  const editor = await createStaff('editor');
  const post = await seedPost(editor, { content: 'Conteúdo que volta.' });
  await (await superuser()).collection('posts').delete(post.id);
  await openAdminAs(page, editor, '/admin/posts');
  await page.getByRole('link', { name: 'Posts excluídos' }).click(FIRST_SCREEN);
  // The address it had on the site, under /blog.
  await expect(page.getByTestId('deleted-post').filter({ hasText: post.title })).toContainText(`/blog/${post.slug} · `);
  await page.getByRole('button', { name: `Restaurar post excluído: ${post.title}` }).click();
  await expect(page.getByText(`Post "${post.title}" restaurado como estava ao ser excluído.`)).toBeVisible();
  await expect(field(page, 'Título')).toHaveValue(post.title);
  expect(await serverPost(post.id)).toMatchObject({ content: 'Conteúdo que volta.', slug: post.slug });
});

test('a page keeps its history too', async ({ page }) => {
  const editor = await createStaff('editor');
  const client = await superuser();
  const created = await client.collection('pages').create({ name: `Página ${unique()}`, status: 'draft' });
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);
  await field(page, 'Título SEO').fill('Um título para os buscadores', FIRST_SCREEN);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible();
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);
  await page.getByRole('tab', { name: 'Histórico' }).click(FIRST_SCREEN);
  const versions = page.getByTestId('revision');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('título SEO');
  await expect(versions.last()).toContainText('criada');
});
