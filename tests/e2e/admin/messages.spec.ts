/**
 * Mensagens and Newsletter: what visitors send through the public API shows up
 * for staff. The header bell opens the unread messages; opening one marks it read
 * and it can be marked unread again; both lists export CSV; removing a subscriber
 * is for admins only.
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Download, Page } from '@playwright/test';
import { allowConsoleErrors, expect as baseExpect, test } from '../fixtures';
import { contactMessage } from '../../helpers/contact-message';
import { signedInAs, superuser } from '../../helpers/staff';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

async function post(collection: string, body: Record<string, unknown>) {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/collections/${collection}/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${collection}: HTTP ${response.status}`).toBe(true);
}

/** A contact message as the public form sends it, with a unique name to find it by. */
async function sendContactMessage() {
  const tag = randomBytes(4).toString('hex');
  const name = `Cliente ${tag}`;
  const text = `Gostaria de um orçamento (${tag}) para 20 controladores.`;
  await post('contact_messages', { ...contactMessage(), name, message: text });
  const record = await (await superuser()).collection('contact_messages').getFirstListItem(`name = "${name}"`);
  return { id: record.id, name, text };
}

async function csvLines(download: Download) {
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return csv.slice(1).trimEnd().split('\r\n');
}

async function exportCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  return download;
}

test('the bell opens the unread messages; opening one marks it read; it can be marked unread again', async ({ page }) => {
  const message = await sendContactMessage();
  await signedInAs(page, 'editor', '/admin');
  await page.getByRole('button', { name: /^\d+\+? notificaç(ão|ões):/ }).click();
  await page.getByRole('menuitem', { name: /^Mensagens não lidas/ }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?filter=/);
  await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveText('Não lidas');

  await page.getByPlaceholder('Buscar mensagens').fill(message.name);
  // The search applies after a pause (and lands in the address): wait for it before clicking.
  await expect.poll(() => decodeURIComponent(page.url())).toContain(message.name);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Não lida');
  await expect(rows.first()).toContainText('maria@exemplo.com.br');
  await expect(rows.first()).toContainText('Produtos da linha');

  await rows.first().getByText(message.name).click();
  await expect(page).toHaveURL(new RegExp(`/admin/messages/${message.id}/show$`));
  for (const text of [
    message.name,
    message.text,
    '(47) 99999-0000',
    'Máquinas Ltda',
    'Sim',
    '11 a 25 unidades',
    'Produtos da linha',
  ]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect.poll(async () => (await (await superuser()).collection('contact_messages').getOne(message.id)).read).toBe(true);

  await page.getByRole('button', { name: 'Marcar como não lida' }).click();
  await expect(page.getByText('Mensagem marcada como não lida.')).toBeVisible();
  await expect.poll(async () => (await (await superuser()).collection('contact_messages').getOne(message.id)).read).toBe(false);
  await expect(page.getByRole('button', { name: 'Marcar como lida' })).toBeVisible();

  // In the list: read and unread filters, and the row's own toggle.
  await page.goto(`/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: message.name, read: true }))}`);
  await expect(page.getByText('Nenhuma mensagem encontrada.')).toBeVisible();
  await page.goto(`/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: message.name, read: false }))}`);
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('button', { name: `Marcar como lida: ${message.name}` })
    .click();
  await expect(page.getByText('Mensagem marcada como lida.')).toBeVisible();
  await expect.poll(async () => (await (await superuser()).collection('contact_messages').getOne(message.id)).read).toBe(true);
});

test('the messages list exports the filtered messages as CSV with a pt-BR header row', async ({ page }) => {
  const message = await sendContactMessage();
  await signedInAs(page, 'admin', `/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: message.name }))}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toMatch(/^mensagens-de-contato-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = await csvLines(download);
  expect(lines[0]).toBe('Recebida em;Nome;E-mail;Telefone;Empresa;Possui máquina;Volume;Interesse;Mensagem;Lida');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    `;${message.name};maria@exemplo.com.br;(47) 99999-0000;Máquinas Ltda;Sim;11 a 25 unidades;Produtos da linha;${message.text};Não`,
  );
});

test('newsletter subscribers are listed for editors; only admins remove them', async ({ page, browser }) => {
  const email = `leitor-${randomBytes(4).toString('hex')}@exemplo.com.br`;
  await post('newsletter_subscribers', { email, source: '/blog' });

  await signedInAs(page, 'editor', '/admin/newsletter');
  await page.getByPlaceholder('Buscar por e-mail').fill(email);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(email);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText('/blog');
  await expect(page.getByRole('button', { name: 'Remover' })).toHaveCount(0);
  const lines = await csvLines(await exportCsv(page));
  expect(lines[0]).toBe('E-mail;Situação;Origem;Consentimento em;Inscrito em');
  expect(lines[1]).toMatch(new RegExp(`^${email.replace(/\./g, '\\.')};Pendente;/blog;\\d`));

  const adminContext = await browser.newContext({ locale: 'pt-BR' });
  const adminPage = await adminContext.newPage();
  try {
    await signedInAs(adminPage, 'admin', `/admin/newsletter?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    await expect(adminPage.locator('tbody tr')).toHaveCount(1);
    await adminPage.getByRole('button', { name: 'Remover' }).click();
    await expect(adminPage.getByRole('dialog')).toContainText(`Tem certeza que deseja remover ${email} da newsletter?`);
    await adminPage.getByRole('button', { name: 'Confirmar' }).click();
    await expect(adminPage.getByText('Inscrito removido com sucesso!')).toBeVisible();
    const left = await (await superuser()).collection('newsletter_subscribers').getList(1, 1, { filter: `email = "${email}"` });
    expect(left.totalItems).toBe(0);
  } finally {
    await adminContext.close();
  }
});

test('each subscriber shows its status (pendente, confirmada, cancelada), and the list filters by it', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const emails = {
    pending: `espera-${tag}@exemplo.com.br`,
    confirmed: `leitora-${tag}@exemplo.com.br`,
    unsubscribed: `saiu-${tag}@exemplo.com.br`,
  };
  const su = await superuser();
  for (const [status, email] of Object.entries(emails)) {
    await su.collection('newsletter_subscribers').create({ email, source: '/blog', status });
  }

  await signedInAs(page, 'editor', `/admin/newsletter?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const row = (email: string) => rows.filter({ hasText: email });
  await expect(row(emails.pending).getByText('Pendente', { exact: true }), 'pendente').toBeVisible();
  await expect(row(emails.confirmed).getByText('Confirmada', { exact: true }), 'confirmada').toBeVisible();
  await expect(row(emails.unsubscribed).getByText('Cancelada', { exact: true }), 'cancelada').toBeVisible();

  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Cancelada', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(emails.unsubscribed);
});

test('an author opening /admin/messages reads the denied text', async ({ page }) => {
  await signedInAs(page, 'author', '/admin/messages');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar as mensagens de contato.')).toBeVisible();
});

test("a list that cannot load says so, shows no pager, and 'Tentar novamente' loads it", async ({ page, consoleErrors }) => {
  await sendContactMessage();
  const failing = '**/api/collections/contact_messages/records?*';
  await page.route(failing, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }));
  await signedInAs(page, 'editor', '/admin/messages');
  const problem = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar a lista' });
  await expect(problem).toBeVisible();
  await expect(page.getByText(/^\d+-\d+ de \d+$/)).toHaveCount(0);
  await expect(page.locator('tbody tr')).toHaveCount(0);

  await page.unroute(failing);
  await problem.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(problem).toHaveCount(0);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(/^\d+-\d+ de \d+$/)).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 500/);
});
