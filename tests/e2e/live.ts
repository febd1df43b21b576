/**
 * Browser tests that publish, against the product as `npm start` runs it
 * (tests/helpers/live-stack.ts): one stack per worker (its first build takes minutes,
 * each publication seconds) and the session of its first account, an active admin.
 */
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { addSection } from '../helpers/page-sections';
import { startLiveStack, type LiveStack } from '../helpers/live-stack';

export const liveTest = base.extend<object, { stack: LiveStack; admin: string }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startLiveStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  admin: [
    async ({ stack }, use) => {
      // The first account of a new installation is its active administrator.
      const account = {
        email: 'editora@exemplo.com.br',
        password: 'Senha-Forte-123',
        passwordConfirm: 'Senha-Forte-123',
        full_name: 'Edna Editora',
      };
      const created = await fetch(`${stack.url}/api/collections/users/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(account),
      });
      if (!created.ok) throw new Error(`primeira conta: HTTP ${created.status} ${await created.text()}`);
      const auth = await fetch(`${stack.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: account.email, password: account.password }),
      });
      const { token, record } = (await auth.json()) as { token: string; record: unknown };
      await use(JSON.stringify({ token, record }));
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),
});

/** Opens the admin at `path` signed in with `session` (the admin fixture). */
export async function openAdmin(page: Page, session: string, path: string) {
  await page.addInitScript((value) => window.localStorage.setItem('pocketbase_auth', value), session);
  await page.goto(path);
}

/** Creates a published page of one text section in 'Páginas', as an editor does. */
export async function publishTextPage(page: Page, session: string, name: string, text: { title: string; body: string }) {
  await openAdmin(page, session, '/admin/pages/create');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name, { timeout: 20_000 });
  const section = await addSection(page, 'Texto');
  await section.getByRole('textbox', { name: 'Título', exact: true }).fill(text.title);
  await section.getByRole('textbox', { name: 'Texto', exact: true }).fill(text.body);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Publicada', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página criada com sucesso!')).toBeVisible({ timeout: 20_000 });
}

/** Adds to the menu named `menu` in 'Menu' a link `label` to the page named `pageName`, chosen by name. */
export async function linkPageInMenu(page: Page, session: string, menu: string, label: string, pageName: string) {
  await openAdmin(page, session, '/admin/menus');
  await page.getByText(menu).click({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Adicionar' }).click({ timeout: 20_000 });
  const added = page.locator('.RaSimpleFormIterator-line').last();
  await added.getByRole('textbox', { name: 'Texto do link' }).fill(label);
  const choice = added.getByRole('combobox', { name: 'Página' });
  const saved = /\/admin\/menus$/;
  // The pages offered come from the API as the name is typed: on a loaded CI machine, a page
  // chosen while an earlier answer was on its way was once dropped by it, and the form refused
  // the link with no page ('escolha a página'). So the page is chosen again until the menu saves.
  // Saved, the admin goes back to the list of menus; a refusal keeps the form open. (Not its
  // 4 s toast: on a loaded CI machine the test once looked for it too late.)
  await expect(async () => {
    if (saved.test(page.url())) return;
    await choice.fill(pageName, { timeout: 5_000 });
    await page.getByRole('option', { name: pageName, exact: true }).click({ timeout: 5_000 });
    await expect(choice).toHaveValue(pageName);
    await page.getByRole('button', { name: 'Salvar' }).click({ timeout: 5_000 });
    await expect(page, 'back on the list after saving the menu').toHaveURL(saved, { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('row', { name: new RegExp(menu) })).toBeVisible();
}
