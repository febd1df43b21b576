/**
 * Who sees what: the sidebar per role, the denied screens, the dashboard's live
 * numbers and working quick actions, deep links that reload, and the header menu.
 */
import { readdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { createStaff, openAdminAs, signedInAs, superuser } from '../../helpers/staff';

const sidebarEntries = async (page: Page) => {
  const sidebar = page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();
  await expect(sidebar.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  // 'Comentários' and 'Para revisar' may carry their count as a badge beside the icon: the entry is its label.
  return (await sidebar.getByRole('menuitem').allInnerTexts()).map((text) => text.replace(/^\s*\d+\+?\s*/, '').trim());
};

test.describe('sidebar per role', () => {
  const expected = {
    admin: [
      'Dashboard',
      'Usuários',
      'Posts',
      'Para revisar',
      'Páginas',
      'Páginas para revisar',
      'Menu',
      'Depoimentos',
      'Perguntas frequentes',
      'Parceiros',
      'Produtos',
      'Linhas',
      'Datasheets',
      'Softwares',
      'Mídia',
      'Comentários',
      'Mensagens',
      'Newsletter',
      'Envios',
      'Auditoria',
      'Analytics',
      'Backups',
      'Privacidade',
      'Configurações',
    ],
    editor: [
      'Dashboard',
      'Posts',
      'Para revisar',
      'Páginas',
      'Páginas para revisar',
      'Menu',
      'Depoimentos',
      'Perguntas frequentes',
      'Parceiros',
      'Produtos',
      'Linhas',
      'Datasheets',
      'Softwares',
      'Mídia',
      'Comentários',
      'Mensagens',
      'Newsletter',
      'Envios',
      'Analytics',
    ],
    // Authors read the catalogue; its lists open nothing to edit for them.
    author: ['Dashboard', 'Posts', 'Produtos', 'Linhas', 'Datasheets', 'Softwares', 'Mídia'],
  } as const;
  for (const role of ['admin', 'editor', 'author'] as const) {
    test(`${role} sees exactly their entries and their role badge`, async ({ page }) => {
      await signedInAs(page, role);
      expect(await sidebarEntries(page)).toEqual(expected[role]);
      const badge = { admin: 'Administrador', editor: 'Editor', author: 'Autor' }[role];
      await expect(page.locator('header').getByText(badge, { exact: true })).toBeVisible();
    });
  }

  test('highlights the active entry by prefix', async ({ page }) => {
    await signedInAs(page, 'editor', '/admin/posts/create');
    const sidebar = page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();
    await expect(sidebar.getByRole('menuitem', { name: 'Posts' })).toHaveClass(/RaMenuItemLink-active/);
    await expect(sidebar.getByRole('menuitem', { name: 'Dashboard' })).not.toHaveClass(/RaMenuItemLink-active/);
  });
});

test('an unknown admin address says so once, in pt-BR', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/endereco-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Não encontrado' })).toBeVisible();
  await expect(page.getByText('O endereço digitado está errado ou o link seguido é inválido.', { exact: true })).toBeVisible();
});

test.describe('denied screens', () => {
  const cases = [
    { role: 'author', path: '/admin/pages', text: 'Você não tem permissão para gerenciar páginas.' },
    { role: 'author', path: '/admin/users', text: 'Você não tem permissão para gerenciar usuários.' },
    { role: 'editor', path: '/admin/users/create', text: 'Você não tem permissão para gerenciar usuários.' },
    { role: 'editor', path: '/admin/audit', text: 'Você não tem permissão para acessar os logs de auditoria.' },
    { role: 'author', path: '/admin/comments', text: 'Você não tem permissão para moderar comentários.' },
  ] as const;
  for (const { role, path, text } of cases) {
    test(`${role} at ${path} reads "${text}"`, async ({ page }) => {
      await signedInAs(page, role, path);
      await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
    });
  }
});

test('the dashboard greets by name and counts live from the database', async ({ page }) => {
  const su = await superuser();
  const lower = (await su.collection('users').getList(1, 1)).totalItems;
  const admin = await signedInAs(page, 'admin');
  await expect(page.getByRole('heading', { name: `Olá, ${admin.fullName}!` })).toBeVisible();
  const usersCard = page.locator('[data-stat="users"]');
  await expect(usersCard.locator('[data-value]')).not.toHaveText('–');
  const before = Number((await usersCard.locator('[data-value]').innerText()).replace(/\D/g, ''));
  // Other tests add accounts meanwhile: the card counts this admin and at most today's total.
  expect(before).toBeGreaterThanOrEqual(lower + 1);
  expect(before).toBeLessThanOrEqual((await su.collection('users').getList(1, 1)).totalItems);

  // A new account appears after a reload: the number comes from the database.
  await createStaff('author');
  await page.reload();
  await expect(usersCard.locator('[data-value]')).not.toHaveText('–');
  const after = Number((await usersCard.locator('[data-value]').innerText()).replace(/\D/g, ''));
  expect(after).toBeGreaterThanOrEqual(before + 1);
  // Published CMS posts plus the articles in git (src/content/blog), as /blog shows them.
  const posts = await su.collection('posts').getList(1, 1, { filter: 'status = "published"' });
  const git = (await readdir('src/content/blog')).filter((name) => name.endsWith('.mdx')).length;
  await expect(page.locator('[data-stat="posts"] [data-detail]')).toContainText(
    `${posts.totalItems + git} publicados · ${git} gerenciados pelo git`,
  );
});

test('quick actions open their screens, by permission', async ({ page }) => {
  await signedInAs(page, 'author');
  await expect(page.getByRole('link', { name: 'Novo Post' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo Usuário' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Novo Post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/create$/);
});

test('a deep link reloads on the same screen, and the avatar menu shows name, e-mail and its entries', async ({ page }) => {
  // Sign-in, a reload, the menu, the help, sign-out and a deep link: more than 30 s on a loaded 2-core machine.
  test.setTimeout(60_000);
  const admin = await signedInAs(page, 'admin', '/admin/profile');
  await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();

  const userMenu = page.locator('header').getByRole('button', { name: /^Menu da conta de / });
  await expect(userMenu).toContainText(admin.fullName);
  await userMenu.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(admin.email)).toBeVisible();
  for (const entry of ['Perfil', 'Configurações', 'Ajuda', 'Sair'])
    await expect(menu.getByRole('menuitem', { name: entry })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Ajuda' }).click();
  await expect(page.getByRole('dialog', { name: 'Ajuda' })).toContainText('Administrador');
  await page.getByRole('button', { name: 'Fechar' }).click();

  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByText('Logout realizado')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/posts');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the profile changes the name and the password (the session goes on)', async ({ page }) => {
  const editor = await signedInAs(page, 'editor', '/admin/profile');
  await page.getByLabel('Nome completo').fill('Edite Nova');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await expect(page.locator('header').getByRole('button', { name: /^Menu da conta de / })).toContainText('Edite Nova');

  const form = page.getByRole('form', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill(editor.password);
  await form.getByLabel('Nova senha', { exact: true }).fill('curta');
  await form.getByLabel('Confirmar nova senha').fill('curta');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await form.getByLabel('Nova senha', { exact: true }).fill('Outra-Senha-99');
  await form.getByLabel('Confirmar nova senha').fill('Outra-Senha-99');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
  const su = await superuser();
  expect((await su.collection('users').getOne(editor.id)).full_name).toBe('Edite Nova');
});

test('an inactive account reaches the "Conta Inativa" screen', async ({ page }) => {
  const inactive = await createStaff('author', { active: false });
  await openAdminAs(page, inactive);
  await expect(page.getByRole('heading', { name: 'Conta Inativa' })).toBeVisible();
  await expect(page.getByText('Sua conta foi desativada. Entre em contato com o administrador.')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toHaveCount(0);
});

test('screens load their code on demand: the login screen pulls no resource screen, public pages no admin code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  const screenChunks =
    /\/(PostList|PostEdit|PostCreate|PageList|MediaList|UserList|AuditList|MessageList|SubscriberList|SettingsPage|BackupsPage|Dashboard)\.[\w-]+\.js$/;

  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  expect(scripts.filter((script) => /\/(App|pocketbase|LoginPage)\.[\w-]+\.js$/.test(script))).toEqual([]);

  await page.goto('/admin/login');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  expect(scripts.filter((script) => screenChunks.test(script))).toEqual([]);

  const account = await createStaff('editor');
  await openAdminAs(page, account, '/admin/posts');
  await expect(page.getByRole('menuitem', { name: 'Posts' })).toBeVisible();
  await expect.poll(() => scripts.some((script) => /\/PostList\.[\w-]+\.js$/.test(script))).toBe(true);
  expect(scripts.some((script) => /\/(UserList|AuditList|MediaList)\.[\w-]+\.js$/.test(script))).toBe(false);
});
