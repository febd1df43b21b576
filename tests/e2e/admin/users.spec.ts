/**
 * Usuários: an admin creates an account (random temporary password shown once,
 * which really signs in), edits it in the dialog, deactivates it with the list's
 * switch (the person's open session ends, the audit log shows the change), and
 * the denied screen for editors.
 */
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect as baseExpect, test } from '../fixtures';
import { createStaff, openAdminAs, signedInAs, superuser } from '../../helpers/staff';

// The e2e server and machine are shared by parallel tests: first loads can be slow.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const tag = () => randomBytes(4).toString('hex');

/**
 * Narrows the list to one person by their unique name (the e2e server is shared;
 * PocketBase lets only superusers filter by e-mail).
 */
async function searchUser(page: Page, text: string) {
  await page.getByPlaceholder('Buscar por nome').fill(text);
  // The search applies after a pause (and lands in the address): wait for it.
  await expect.poll(() => decodeURIComponent(page.url())).toContain(text);
  await expect(page.locator('tbody tr')).toHaveCount(1);
}

test('an admin creates a user; the temporary password is shown once and signs in', async ({ page }) => {
  const admin = await signedInAs(page, 'admin', '/admin/users');
  await page.getByRole('link', { name: 'Novo Usuário' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);

  const name = `Pessoa Nova ${tag()}`;
  const email = `nova-${tag()}@exemplo.com.br`;
  await page.getByRole('textbox', { name: 'Nome completo' }).fill(name);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  // Defaults: author, active.
  await expect(page.getByRole('combobox', { name: 'Função' })).toHaveText('Autor');
  await expect(page.getByRole('switch', { name: 'Ativo' }).or(page.getByRole('checkbox', { name: 'Ativo' }))).toBeChecked();
  await page.getByRole('combobox', { name: 'Função' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Usuário criado com sucesso!' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Usuário criado com sucesso!').first()).toBeVisible();
  const password = (await dialog.getByTestId('temporary-password').textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  expect(password).toMatch(/[a-z]/);
  expect(password).toMatch(/[A-Z]/);
  expect(password).toMatch(/[0-9]/);
  await expect(dialog.getByText('Esta senha será exibida apenas uma vez.', { exact: false })).toBeVisible();

  // The person signs in with it, as an active editor, with a confirmed e-mail.
  const client = new PocketBase(process.env.E2E_BASE_URL!);
  await client.collection('users').authWithPassword(email, password);
  expect(client.authStore.record).toMatchObject({ email, full_name: name, role: 'editor', is_active: true, verified: true });

  // Once closed, it is gone: the list shows the account, nowhere the password.
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await searchUser(page, name);
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Editor');
  await expect(page.getByText(password)).toHaveCount(0);

  // The audit log holds the creation, by this admin, never the password.
  const audit = await (
    await superuser()
  )
    .collection('audit_logs')
    .getFirstListItem(`table_name = "users" && action = "INSERT" && record_id = "${client.authStore.record!.id}"`);
  expect(audit.user).toBe(admin.id);
  expect(JSON.stringify(audit.new_values)).not.toContain(password);
});

test('a taken e-mail is refused with the spec’s error toast and on the field', async ({ page, consoleErrors }) => {
  const existing = await createStaff('author');
  await signedInAs(page, 'admin', '/admin/users/create');
  await page.getByRole('textbox', { name: 'Nome completo' }).fill('Duplicada');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(existing.email);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Erro ao criar usuário: E-mail: Já existe um registro com este valor.')).toBeVisible();
  await expect(page.getByText('Já existe um registro com este valor.', { exact: true })).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 400/);
  await expect(page.getByRole('dialog', { name: 'Usuário criado com sucesso!' })).toHaveCount(0);
});

test('the edit dialog changes name and role only', async ({ page }) => {
  const person = await createStaff('author');
  await signedInAs(page, 'admin', '/admin/users');
  await searchUser(page, person.fullName);
  await page.getByRole('button', { name: `Editar ${person.fullName}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(dialog.getByLabel('Nome completo')).toHaveValue(person.fullName);
  await expect(dialog.getByLabel('E-mail')).toHaveCount(0);
  const newName = `${person.fullName} Editada`;
  await dialog.getByLabel('Nome completo').fill(newName);
  await dialog.getByRole('combobox', { name: 'Função' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Usuário atualizado com sucesso!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('tbody tr')).toContainText(newName);
  const stored = await (await superuser()).collection('users').getOne(person.id);
  expect(stored).toMatchObject({ full_name: newName, role: 'editor', is_active: true, email: person.email });
});

test('deactivating with the list switch ends the person’s open session; the audit log shows the change', async ({
  page,
  browser,
}) => {
  const person = await createStaff('editor');
  // The person has the admin open in another browser.
  const theirContext = await browser.newContext({ locale: 'pt-BR' });
  const theirPage = await theirContext.newPage();
  try {
    await openAdminAs(theirPage, person, '/admin');
    await expect(theirPage.getByText(person.fullName, { exact: false }).first()).toBeVisible();

    const admin = await signedInAs(page, 'admin', '/admin/users');
    await searchUser(page, person.fullName);
    const toggle = page
      .getByRole('switch', { name: `Ativo: ${person.fullName}` })
      .or(page.getByRole('checkbox', { name: `Ativo: ${person.fullName}` }));
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText('Usuário atualizado com sucesso!')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect((await (await superuser()).collection('users').getOne(person.id)).is_active).toBe(false);

    // Their next step in the open panel (the server refuses their token) shows 'Conta Inativa' at once,
    // and so does a reload. The dashboard's own background refresh may meet the refusal first: then
    // the screen is already there and there is no sidebar left to click.
    const inactive = theirPage.getByRole('heading', { name: 'Conta Inativa' });
    const posts = theirPage.locator('.RaSidebar-fixed, .MuiDrawer-root').first().getByRole('menuitem', { name: 'Posts' });
    if (await posts.isVisible()) await posts.click({ timeout: 5_000 }).catch(() => inactive.waitFor());
    await expect(inactive).toBeVisible({ timeout: 5_000 });
    await theirPage.reload();
    await expect(theirPage.getByRole('heading', { name: 'Conta Inativa' })).toBeVisible();
    await theirPage.getByRole('button', { name: 'Sair' }).click();
    await expect(theirPage).toHaveURL(/\/admin\/login/);

    // The audit row for the change, found by the admin's own filter, with old/new is_active highlighted.
    await page.goto('/admin/audit');
    await page.getByRole('combobox', { name: 'Usuário' }).fill(admin.fullName);
    await page.getByRole('option', { name: admin.fullName }).click();
    await expect(page.getByText('1 registro(s) encontrado(s)')).toBeVisible();
    // The table may still show the unfiltered rows while the filtered page loads.
    const row = page.locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Atualização');
    await expect(row).toContainText('Usuários');
    await expect(row).toContainText(person.id.slice(0, 8));
    await expect(row).toContainText(admin.fullName);
    await row.getByRole('button', { name: /^Detalhes/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do log de auditoria' });
    await expect(details).toContainText(person.id);
    const field = details.locator('tr[data-field="is_active"]');
    await expect(field).toHaveAttribute('data-change', 'changed');
    await expect(field).toContainText('alterado');
    await expect(field.locator('td').nth(1)).toHaveText('true');
    await expect(field.locator('td').nth(2)).toHaveText('false');
    await expect(details.locator('tr[data-field="email"]')).toHaveAttribute('data-change', 'same');
  } finally {
    await theirContext.close();
  }
});

test('an admin cannot switch off their own account from the list', async ({ page }) => {
  const admin = await signedInAs(page, 'admin', '/admin/users');
  await searchUser(page, admin.fullName);
  const own = page
    .getByRole('switch', { name: `Ativo: ${admin.fullName}` })
    .or(page.getByRole('checkbox', { name: `Ativo: ${admin.fullName}` }));
  await expect(own).toBeChecked();
  await expect(own).toBeDisabled();
});

test('an editor opening /admin/users reads the denied text', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/users');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para gerenciar usuários.')).toBeVisible();
});
