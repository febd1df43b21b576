/**
 * Configurações: saved and read back (in the page and through the API), refused
 * values shown per field with nothing saved, the write-only SMTP password, the e-mail
 * settings an admin finishes alone (sender, encryption, 'Enviar e-mail de teste' against
 * a real SMTP server), and the denied screen for non-admins. The e2e server is shared by
 * tests running in parallel: every test puts back the values it changed.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { wcagViolations } from '../axe';
import { openAdminWithSession, signedInAs, startStaffServer, superuser } from '../../helpers/staff';
import { startSmtpSink } from '../../helpers/smtp-sink';

// These tests change the same rows: one after the other, in one worker.
test.describe.configure({ mode: 'default' });

async function storedSettings(keys: string[]): Promise<Record<string, { id: string; value: string }>> {
  const client = await superuser();
  const rows = await client.collection('public_site_settings').getFullList();
  return Object.fromEntries(
    rows.filter((row) => keys.includes(row.key)).map((row) => [row.key, { id: row.id, value: row.value }]),
  );
}

/** Puts the rows back as they were (through the superuser, so no hook refuses an old value). */
async function restore(saved: Record<string, { id: string; value: string }>) {
  const client = await superuser();
  for (const { id, value } of Object.values(saved)) await client.collection('public_site_settings').update(id, { value });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('an admin saves the site title and contact e-mail and reads them back', async ({ page }) => {
  const saved = await storedSettings(['site_title', 'contact_email']);
  const tag = randomBytes(4).toString('hex');
  const title = `Operium Teste ${tag}`;
  const email = `contato-${tag}@exemplo.com.br`;
  try {
    await signedInAs(page, 'admin', '/admin/settings');
    await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Geral', 'Contato', 'Redes Sociais', 'Integrações', 'Privacidade']);
    const siteTitle = page.getByLabel('Título do site');
    // (Not compared with `saved`: another test may be changing the title right now.)
    await expect(siteTitle).not.toHaveValue('');
    await siteTitle.fill(title);

    await openTab(page, 'Contato');
    const contactEmail = page.getByLabel('E-mail de contato');
    await expect(contactEmail).toHaveAttribute('type', 'email');
    await expect(contactEmail).not.toHaveValue('');
    await contactEmail.fill(email);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar' })).toBeEnabled();

    const stored = await storedSettings(['site_title', 'contact_email']);
    expect(stored.site_title!.value).toBe(title);
    expect(stored.contact_email!.value).toBe(email);

    await page.reload();
    await expect(page.getByLabel('Título do site')).toHaveValue(title);
    await openTab(page, 'Contato');
    await expect(page.getByLabel('E-mail de contato')).toHaveValue(email);
  } finally {
    await restore(saved);
  }
});

test('invalid values are shown on their fields and nothing is saved', async ({ page }) => {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/collections/public_site_settings/') && request.method() !== 'GET')
      writes.push(request.url());
  });
  const title = `Não deve ser salvo ${randomBytes(3).toString('hex')}`;
  await signedInAs(page, 'admin', '/admin/settings');
  await page.getByLabel('Título do site').fill(title);
  await openTab(page, 'Redes Sociais');
  await page.getByLabel('Facebook').fill('facebook.com/operium');
  await openTab(page, 'Contato');
  await page.getByLabel('E-mail de contato').fill('contato invalido@exemplo.com.br');
  await page.getByLabel('Telefone de contato').fill('ramal doze');
  await openTab(page, 'Geral');

  await page.getByRole('button', { name: 'Salvar' }).click();
  // The first tab with an error opens, each field shows its message.
  await expect(page.getByRole('tab', { name: 'Contato' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
  await expect(page.getByText('Informe um telefone válido.')).toBeVisible();
  await expect(page.getByLabel('E-mail de contato')).toHaveAttribute('aria-invalid', 'true');
  await openTab(page, 'Redes Sociais');
  await expect(page.getByText('A URL deve começar com http:// ou https://.')).toBeVisible();

  // Fixing a field clears its message as it is typed.
  await page.getByLabel('Facebook').fill('https://www.facebook.com/operium');
  await expect(page.getByText('A URL deve começar com http:// ou https://.')).toHaveCount(0);

  // Nothing was sent, not even the valid title.
  await expect(page.getByText('Configurações salvas com sucesso!')).toHaveCount(0);
  expect(writes).toEqual([]);
  const stored = await storedSettings(['site_title', 'contact_email', 'contact_phone']);
  expect(stored.site_title!.value).not.toBe(title);
  expect(stored.contact_email!.value).not.toBe('contato invalido@exemplo.com.br');
  expect(stored.contact_phone!.value).not.toBe('ramal doze');
});

test("'Privacidade': how long contact messages are kept, a whole number of months from 1 to 120", async ({ page }) => {
  const client = await superuser();
  try {
    await signedInAs(page, 'admin', '/admin/settings');
    await openTab(page, 'Privacidade');
    const months = page.getByLabel('Guardar mensagens de contato por (meses)');
    await expect(months).toHaveAttribute('placeholder', '24');
    await months.fill('0');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(months).toHaveAccessibleDescription(/Informe um número de meses entre 1 e 120\./);
    await months.fill('18');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
    expect((await storedSettings(['contact_retention_months'])).contact_retention_months?.value).toBe('18');
  } finally {
    const row = (await storedSettings(['contact_retention_months'])).contact_retention_months;
    if (row) await client.collection('public_site_settings').delete(row.id);
  }
});

test('the SMTP password is masked, write-only and never returned by the API', async ({ page }) => {
  // PocketBase never returns its mail password, so the previous one cannot be put
  // back; the rows (smtp_host, smtp_user…) are untouched, and the test SMTP sink
  // accepts any credentials.
  const secret = `Segredo-${randomBytes(6).toString('hex')}`;
  await signedInAs(page, 'admin', '/admin/settings');
  await openTab(page, 'Integrações');
  const password = page.getByLabel('Senha SMTP');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveValue('');
  await expect(page.getByText('Deixe em branco para manter a senha atual.', { exact: false })).toBeVisible();
  await password.fill(secret);

  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/api/collections/public_site_settings/records/') && r.request().method() === 'PATCH',
    ),
    page.getByRole('button', { name: 'Salvar' }).click(),
  ]);
  expect(response.ok()).toBe(true);
  expect(await response.text()).not.toContain(secret);
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
  await expect(password).toHaveValue('');

  const client = await superuser();
  const row = await client.collection('public_site_settings').getFirstListItem('key = "smtp_password"');
  expect(row.value).toBe('');
  const mail = await client.settings.getAll();
  expect(JSON.stringify(mail)).not.toContain(secret);

  // The page reads every row again: still empty.
  await page.reload();
  await openTab(page, 'Integrações');
  await expect(page.getByLabel('Senha SMTP')).toHaveValue('');
});

test("an admin sets up e-mail alone: server, sender and encryption, then 'Enviar e-mail de teste' says what the server answered", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sink = await startSmtpSink();
  // A server of its own: once e-mail works, every admin's sign-in takes the e-mailed second step.
  const staff = await startStaffServer({ siteDir: process.env.E2E_SITE_DIR });
  // Its own context too: the shared fixture answers every other origin with an empty 204.
  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => (message.type() === 'error' ? errors.push(message.text()) : undefined));
    await openAdminWithSession(page, staff.admin.client, '/admin/settings', staff.server.url);
    await openTab(page, 'Integrações');
    await page.getByLabel('Servidor SMTP').fill('127.0.0.1');
    await page.getByLabel('Porta SMTP').fill(String(sink.port));
    await page.getByLabel('Usuário SMTP').fill('mailer');
    await page.getByLabel('Senha SMTP').fill('segredo-do-smtp-123');
    await expect(page.getByRole('combobox', { name: 'Criptografia' })).toHaveText('Automático (STARTTLS)');
    await page.getByLabel('Nome do remetente').fill('Equipe Operium');
    await page.getByLabel('E-mail do remetente').fill('avisos@operium.com.br');

    // The test uses the saved settings: not before they are saved.
    const sendTest = page.getByRole('button', { name: 'Enviar e-mail de teste' });
    await expect(sendTest).toBeDisabled();
    await expect(page.getByText('Salve as alterações antes de testar: o teste usa as configurações salvas.')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();

    // To the admin's own address unless another is typed.
    await expect(page.getByRole('textbox', { name: 'Enviar para' })).toHaveValue('admin@exemplo.com.br');
    await sendTest.click();
    const answer = page.getByRole('status').filter({ hasText: 'E-mail de teste' });
    await expect(answer).toHaveText('E-mail de teste enviado para admin@exemplo.com.br.');
    const mail = await sink.waitFor('admin@exemplo.com.br');
    expect(mail.raw).toMatch(/^From: "?Equipe Operium"? <avisos@operium\.com\.br>/m);
    expect(mail.auth).toEqual({ username: 'mailer', password: 'segredo-do-smtp-123' });
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    expect(await wcagViolations(page, 'Configurações (e-mail de teste enviado)', { legacyMode: true })).toEqual([]);

    // Implicit TLS against this plain-text server: the failure in pt-BR, the server's words on demand.
    await page.getByRole('combobox', { name: 'Criptografia' }).click();
    await page.getByRole('option', { name: 'TLS implícito (porta 465)' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas com sucesso!').first()).toBeVisible();
    await expect(sendTest).toBeEnabled();
    await sendTest.click();
    const failure = page.getByRole('status').getByRole('alert');
    await expect(failure).toContainText(
      'A conexão segura (TLS) falhou: confira a criptografia escolhida e a porta (465 para TLS implícito, 587 para STARTTLS).',
    );
    await failure.getByText('Resposta do servidor').click();
    await expect(failure.locator('code')).toContainText(/tls/i);
    expect(await staff.superuser.settings.getAll()).toMatchObject({
      smtp: { tls: true },
      meta: { senderName: 'Equipe Operium', senderAddress: 'avisos@operium.com.br' },
    });

    // Usable on a phone: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    // Opened anew on the phone (a menu left open on the laptop would cover the screen).
    await page.reload();
    await openTab(page, 'Integrações');
    await expect(sendTest).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, 'a página rola para o lado').toBeLessThanOrEqual(innerWidth);
    expect(errors, 'a página registrou erros no console').toEqual([]);
  } finally {
    await context.close();
    await staff.stop();
    await sink.stop();
  }
});

test('an editor opening the settings reads the denied screen', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar as configurações.')).toBeVisible();
  await expect(page.getByLabel('Título do site')).toHaveCount(0);
});
