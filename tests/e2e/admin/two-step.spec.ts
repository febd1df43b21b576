/**
 * Two-step sign-in in the browser, on a PocketBase of its own serving the
 * built site, with e-mail through a real SMTP server on loopback: an admin signs in
 * with the password and then the code read from the e-mail (at 390 px too); a wrong
 * code is refused with the tries left; five spend the code and a new one is sent; in
 * Perfil an editor turns 'Verificação em duas etapas' on (and signs in with a code)
 * and off, while an admin's switch stays on.
 */
import type { Page } from '@playwright/test';
import { test, expect, allowConsoleErrors, reachServer } from '../fixtures';
import { wcagViolations } from '../axe';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../../helpers/smtp-sink';
import { PASSWORD, openAdminAs, openAdminWithSession, startStaffServer, type StaffServer } from '../../helpers/staff';
import { codeOf, mailSince, signInWithCode } from '../../helpers/two-step';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let staff: StaffServer;
let sink: SmtpSink;
let serial = 0;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  staff = await startStaffServer({ siteDir: process.env.E2E_SITE_DIR, unthrottledLoopback: true });
  await useSmtpSink(staff.admin.client, sink, { user: 'mailer', password: 'x' });
});
test.afterAll(async () => {
  await staff?.stop();
  await sink?.stop();
});

test.beforeEach(async ({ page, consoleErrors }) => {
  await reachServer(page, staff.server.url);
  // The password step of a two-step account is a 401 (with the mfaId), a wrong code a 400.
  page.on('console', () => allowConsoleErrors(consoleErrors, /status of (400|401|429)/));
});

/** A fresh active account (each test its own: PocketBase also limits code checks per account). */
async function newAccount(role: 'admin' | 'editor') {
  const tag = `${role}-${++serial}-${Date.now().toString(36)}`;
  const account = { email: `${tag}@exemplo.com.br`, password: PASSWORD, fullName: `Pessoa ${tag}`, role } as const;
  const record = await staff.admin.client.collection('users').create({
    email: account.email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    full_name: account.fullName,
    role,
    is_active: true,
  });
  return { ...account, id: record.id };
}

const codeForm = (page: Page) => page.getByRole('form', { name: 'Código de verificação' });
const codeField = (page: Page) => codeForm(page).getByRole('textbox', { name: /Código de verificação/ });

/** The password step through the login form; returns the code the e-mail brought. */
async function passwordThenMail(page: Page, email: string): Promise<string> {
  await page.goto(`${staff.server.url}/admin/login`);
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Senha/).fill(PASSWORD);
  const since = sink.messages.length;
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(codeField(page)).toBeVisible();
  return codeOf((await mailSince(sink, email, since)).raw);
}

test('an admin signs in with the password, then the code read from the e-mail, at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await newAccount('admin');
  const code = await passwordThenMail(page, admin.email);

  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await expect(
    codeForm(page).getByText(`Enviamos um código de 6 dígitos para ${admin.email}. Ele vale por 5 minutos.`),
  ).toBeVisible();
  const field = codeField(page);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAccessibleDescription(/Ele vale por 5 minutos/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await wcagViolations(page, '/admin/login (código)')).toEqual([]);

  // Typed from the keyboard, as a person would (a pasted "870 487" keeps the digits only).
  await field.pressSequentially(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(field).toHaveValue(code);
  await field.press('Enter');
  await expect(page.getByRole('heading', { name: `Olá, ${admin.fullName}!` })).toBeVisible();
  expect(page.url()).not.toContain(code);

  const rows = await staff.superuser
    .collection('audit_logs')
    .getFullList({ filter: staff.superuser.filter('action = "SIGN_IN" && user = {:id}', { id: admin.id }) });
  expect(rows).toHaveLength(1);

  // The audit log names the action.
  await page.goto(`${staff.server.url}/admin/audit`);
  await expect(page.getByText('Login em duas etapas').first()).toBeVisible();
});

test('a wrong code is refused with the tries left; the right one then signs in', async ({ page }) => {
  const admin = await newAccount('admin');
  const code = await passwordThenMail(page, admin.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await codeField(page).fill(wrong);
  await codeForm(page).getByRole('button', { name: 'Verificar' }).click();
  await expect(codeForm(page).getByRole('alert')).toHaveText('Código incorreto. Restam 4 tentativas para este código.');
  await expect(codeField(page)).toHaveValue('');
  await expect(codeField(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: /^Olá, / })).toHaveCount(0);

  await codeField(page).fill(code);
  await codeForm(page).getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('heading', { name: `Olá, ${admin.fullName}!` })).toBeVisible();
});

test('five wrong codes spend the code; a new one is sent on request', async ({ page }) => {
  const admin = await newAccount('admin');
  const code = await passwordThenMail(page, admin.email);
  const verify = codeForm(page).getByRole('button', { name: 'Verificar' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await codeField(page).fill(String(100000 + attempt) === code ? '999999' : String(100000 + attempt));
    await verify.click();
    await expect(codeField(page)).toHaveValue('');
  }
  await expect(codeForm(page).getByRole('alert')).toHaveText(
    'Este código não vale mais: foram 5 tentativas erradas. Peça um novo código.',
  );
  await expect(codeField(page)).toBeDisabled();
  await expect(verify).toBeDisabled();
  await expect(codeForm(page).getByRole('button', { name: 'Reenviar código' })).toBeFocused();

  const since = sink.messages.length;
  await codeForm(page).getByRole('button', { name: 'Reenviar código' }).click();
  await expect(page.getByText('Enviamos um novo código. Use o do e-mail mais recente.')).toBeVisible();
  const fresh = codeOf((await mailSince(sink, admin.email, since)).raw);
  expect(fresh).toMatch(/^\d{6}$/);
  await expect(codeField(page)).toBeEnabled();
  await expect(verify).toBeEnabled();

  // 'Voltar ao login' leaves the code step.
  await codeForm(page).getByRole('button', { name: 'Voltar ao login' }).click();
  await expect(page.getByRole('form', { name: 'Entrar' })).toBeVisible();
});

test("an editor turns 'Verificação em duas etapas' on in Perfil, signs in with a code, and turns it off", async ({ page }) => {
  const editor = await newAccount('editor');
  await openAdminAs(page, { ...editor }, '/admin/profile', staff.server.url);
  const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
  const toggle = section.getByRole('switch', { name: 'Pedir um código por e-mail ao entrar' });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Verificação em duas etapas ligada.')).toBeVisible();
  await expect(toggle).toBeChecked();
  expect((await staff.superuser.collection('users').getOne(editor.id)).two_step).toBe(true);

  // Signed out, the editor's password alone no longer signs in: the code does.
  await page.evaluate(() => window.localStorage.clear());
  const code = await passwordThenMail(page, editor.email);
  await codeField(page).fill(code);
  await codeForm(page).getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('heading', { name: `Olá, ${editor.fullName}!` })).toBeVisible();

  await page.goto(`${staff.server.url}/admin/profile`);
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Verificação em duas etapas desligada.')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect((await staff.superuser.collection('users').getOne(editor.id)).two_step).toBe(false);
});

test("an admin's switch is on and cannot be turned off", async ({ page }) => {
  const admin = await newAccount('admin');
  const client = await signInWithCode(staff.server.url, sink, admin.email, PASSWORD);
  await openAdminWithSession(page, client, '/admin/profile', staff.server.url);
  const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
  const toggle = section.getByRole('switch', { name: 'Pedir um código por e-mail ao entrar' });
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription(/Obrigatória para administradores: não pode ser desligada\./);
});

test('a password change in Perfil goes on with the e-mailed code', async ({ page }) => {
  const admin = await newAccount('admin');
  const client = await signInWithCode(staff.server.url, sink, admin.email, PASSWORD);
  await openAdminWithSession(page, client, '/admin/profile', staff.server.url);
  const form = page.getByRole('form', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill(PASSWORD);
  await form.getByLabel('Nova senha', { exact: true }).fill('Senha-Nova-2026');
  await form.getByLabel('Confirmar nova senha').fill('Senha-Nova-2026');
  const since = sink.messages.length;
  await form.getByRole('button', { name: 'Alterar senha' }).click();

  const section = page.getByRole('region', { name: 'Alterar senha' });
  await expect(section.getByText(/Senha alterada\. Para continuar conectado, digite o código/)).toBeVisible();
  const code = codeOf((await mailSince(sink, admin.email, since)).raw);
  await codeField(page).fill(code);
  await codeForm(page).getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Alterar senha' })).toBeVisible();
  // Still signed in: the next screen opens without asking anything.
  await page.goto(`${staff.server.url}/admin`);
  await expect(page.getByRole('heading', { name: `Olá, ${admin.fullName}!` })).toBeVisible();
});
