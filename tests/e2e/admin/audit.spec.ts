/**
 * Auditoria: rows written by the server for one admin's changes, narrowed by each
 * filter (user, action, table, days in Brasília whatever the browser's zone), the count,
 * loading and empty texts, the details dialog, server pagination beyond 100 rows,
 * the CSV export of every filtered row, and the denied screen for editors.
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures';
import { createStaff, openAdminAs, signedInAs, type StaffAccount } from '../../helpers/staff';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
// The filter's days are Brasília's (src/admin/audit/dateRange.ts), as the table shows
// them: the browser runs in Tokyo, whose day differs from Brasília's half of the time.
const TIME_ZONE = 'America/Sao_Paulo';
test.use({ timezoneId: 'Asia/Tokyo' });

async function clientOf(account: StaffAccount): Promise<PocketBase> {
  const client = new PocketBase(process.env.E2E_BASE_URL!);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(account.email, account.password);
  return client;
}

/** A day in Brasília, `offset` days from today, as the filter takes it: 'dd/mm/aaaa'. */
function localDay(offset = 0): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );
}

async function pickUser(page: Page, account: StaffAccount) {
  await page.getByRole('combobox', { name: 'Usuário' }).fill(account.fullName);
  await page.getByRole('option', { name: account.fullName }).click();
}

async function pickSelect(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  // By its text: the empty choice ('Todas') is labelled 'Limpar valor' for screen readers.
  await page
    .getByRole('listbox', { name: label })
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${option.replace(/[()]/g, '\\$&')}$`) })
    .click();
}

const count = (page: Page, n: number) => expect(page.getByText(`${n} registro(s) encontrado(s)`, { exact: true })).toBeVisible();

test('each filter narrows the rows; clearing brings them back; loading, count and empty texts', async ({ page }) => {
  const admin = await createStaff('admin');
  const api = await clientOf(admin);
  const post = await api.collection('posts').create({ title: `Auditado ${randomBytes(3).toString('hex')}`, category: 'Técnico' });
  await api.collection('posts').update(post.id, { title: `${post.title} (editado)` });
  await api.collection('posts').delete(post.id);
  const pageRecord = await api
    .collection('pages')
    .create({ name: `Página auditada ${randomBytes(3).toString('hex')}`, status: 'draft' });

  // Slow the first answer down a little, so the loading text can be seen.
  let delayed = false;
  await page.route('**/api/collections/audit_logs/records**', async (route) => {
    if (!delayed) {
      delayed = true;
      await new Promise((resolve) => setTimeout(resolve, 800));
    }
    await route.continue();
  });
  await openAdminAs(page, admin, '/admin/audit');
  await expect(page.getByText('Carregando logs de auditoria...')).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();

  await pickUser(page, admin);
  await count(page, 4);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  // Newest first, actions in pt-BR, ids cut to 8 characters, the user by name.
  await expect(rows.nth(0)).toContainText('Criação');
  await expect(rows.nth(0)).toContainText('Páginas');
  await expect(rows.nth(0)).toContainText(pageRecord.id.slice(0, 8));
  await expect(rows.nth(0)).not.toContainText(pageRecord.id);
  await expect(rows.nth(0)).toContainText(admin.fullName);
  await expect(rows.nth(1)).toContainText('Exclusão');
  await expect(rows.nth(2)).toContainText('Atualização');
  await expect(rows.nth(3)).toContainText('Criação');

  await pickSelect(page, 'Ação', 'Exclusão');
  await count(page, 1);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Posts');
  await expect(page).toHaveURL(/filter=.*DELETE/);

  await pickSelect(page, 'Ação', 'Todas');
  await pickSelect(page, 'Tabela', 'Páginas (pages)');
  await count(page, 1);
  await expect(rows.first()).toContainText('Criação');

  await pickSelect(page, 'Tabela', 'Todas');
  await count(page, 4);
  // Today, as a local day, holds all four; a range that ends yesterday none.
  await page.getByLabel('Data inicial').fill(localDay());
  await page.getByLabel('Data final').fill(localDay());
  await count(page, 4);
  await page.getByLabel('Data inicial').fill(localDay(-2));
  await page.getByLabel('Data final').fill(localDay(-1));
  await count(page, 0);
  await expect(page.getByText('Nenhum log de auditoria encontrado com os filtros aplicados.')).toBeVisible();

  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page.getByRole('combobox', { name: 'Usuário' })).toHaveValue('');
  await expect(page.getByLabel('Data final')).toHaveValue('');
  await expect(page.getByText('Nenhum log de auditoria encontrado com os filtros aplicados.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Limpar filtros' })).toBeDisabled();
  // Everyone's rows again: more than this admin's four.
  await expect(rows).not.toHaveCount(4);
});

test('the date filters read dd/mm/aaaa even in an English browser, and say when a date does not exist', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: TIME_ZONE });
  try {
    const page = await context.newPage();
    await signedInAs(page, 'admin', '/admin/audit');
    const from = page.getByLabel('Data inicial');
    await expect(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    // Digits only: the slashes come by themselves.
    await from.pressSequentially(localDay().replace(/\//g, ''));
    await expect(from).toHaveValue(localDay());
    await expect(page).toHaveURL(/created_gte/);
    const to = page.getByLabel('Data final');
    await to.fill('31/02/2026');
    await to.blur();
    await expect(page.getByText('Data inválida: use dd/mm/aaaa.')).toBeVisible();
    await expect(page).not.toHaveURL(/created_lte/);
  } finally {
    await context.close();
  }
});

test('the details dialog shows the ids and old and new values side by side, changes highlighted', async ({ page }) => {
  const admin = await createStaff('admin');
  const api = await clientOf(admin);
  const post = await api.collection('posts').create({ title: 'Título antigo', category: 'Técnico', excerpt: 'Resumo igual' });
  await api.collection('posts').update(post.id, { title: 'Título novo' });

  await openAdminAs(page, admin, '/admin/audit');
  await pickUser(page, admin);
  await pickSelect(page, 'Ação', 'Atualização');
  await count(page, 1);
  await page.getByRole('button', { name: /^Detalhes/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Detalhes do log de auditoria' });
  await expect(dialog).toContainText(post.id);
  await expect(dialog).toContainText(admin.id);
  // Who acted, by the name they had then, and from which browser.
  await expect(dialog).toContainText(admin.fullName);
  await expect(dialog).toContainText('Navegador (user agent)node');
  await expect(dialog).toContainText('Atualização');
  await expect(dialog.getByRole('columnheader')).toHaveText(['Campo', 'Valores antigos', 'Valores novos']);
  const title = dialog.locator('tr[data-field="title"]');
  await expect(title).toHaveAttribute('data-change', 'changed');
  await expect(title.locator('td').nth(1)).toHaveText('Título antigo');
  await expect(title.locator('td').nth(2)).toHaveText('Título novo');
  await expect(dialog.locator('tr[data-field="excerpt"]')).toHaveAttribute('data-change', 'same');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
});

test('pages through more than 100 rows on the server and exports every filtered row as CSV', async ({ page }) => {
  const admin = await createStaff('admin');
  const api = await clientOf(admin);
  const total = 105;
  // 105 changes to the admin's own name: 105 audit rows, nothing left behind for other tests.
  for (let start = 0; start < total; start += 15) {
    await Promise.all(
      Array.from({ length: Math.min(15, total - start) }, (_, i) =>
        api.collection('users').update(admin.id, { full_name: `${admin.fullName} ${start + i}` }),
      ),
    );
  }
  await api.collection('users').update(admin.id, { full_name: admin.fullName });
  const expected = total + 1;

  await openAdminAs(page, admin, '/admin/audit');
  await pickUser(page, admin);
  await count(page, expected);
  await expect(page.locator('tbody tr')).toHaveCount(25);

  // The last page holds the oldest rows, fetched from the server.
  const filter = encodeURIComponent(JSON.stringify({ user: admin.id }));
  await page.goto(`/admin/audit?filter=${filter}&page=5&perPage=25&sort=created&order=DESC`);
  await count(page, expected);
  await expect(page.locator('tbody tr')).toHaveCount(expected - 100);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Data/Hora;Usuário;ID do usuário;Ação;Tabela;ID do registro;IP;Valores antigos;Valores novos');
  expect(lines).toHaveLength(expected + 1);
  expect(lines.slice(1).every((line) => line.includes(`;${admin.id};Atualização;users;${admin.id};`))).toBe(true);
});

test('an editor opening /admin/audit reads the denied text', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/audit');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar os logs de auditoria.')).toBeVisible();
});
