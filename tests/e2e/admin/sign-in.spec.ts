/**
 * The sign-in screens against real servers: the login tabs, the attempt counter
 * and the server's block, sign-up and the separate registration screen, password
 * recovery through a real SMTP server, and the 8-hour session (shortened here).
 */
import type { Page } from '@playwright/test';
import { test, expect, allowConsoleErrors, reachServer } from '../fixtures';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../../helpers/smtp-sink';
import { startStaffServer, PASSWORD, type StaffServer } from '../../helpers/staff';
import { startTestServer, type TestServer } from '../../helpers/server';
import { createStaff, superuser } from '../../helpers/staff';

const loginForm = (page: Page) => page.getByRole('form', { name: 'Entrar' });

/** What 'Cadastro' says once accounts exist (src/admin/auth/SignUpNotice.tsx). */
const ACTIVATION_NOTICE = 'Novas contas começam inativas: um administrador precisa ativar a sua antes do primeiro acesso.';
const FIRST_ADMIN_NOTICE = 'O primeiro usuário cadastrado se torna administrador automaticamente.';

async function signUpThroughForm(page: Page, name: string, email: string) {
  await page.getByRole('tab', { name: 'Cadastro' }).click();
  const form = page.getByRole('form', { name: 'Cadastro' });
  await form.getByLabel('Nome completo').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Senha/).fill(PASSWORD);
  await form.getByLabel('Confirmar senha').fill(PASSWORD);
  await form.getByRole('button', { name: 'Criar Conta' }).click();
}

async function signInThroughForm(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Senha/).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

test('signs in after a wrong password, counting the attempt', async ({ page, consoleErrors }) => {
  const editor = await createStaff('editor');
  await page.goto('/admin/login');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Cadastro' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recuperar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao site' })).toHaveAttribute('href', '/');

  await signInThroughForm(page, editor.email, 'Senha-Errada-1');
  await expect(page.getByText('Erro no login')).toBeVisible();
  await expect(page.getByText('Tentativas de login: 1/5')).toBeVisible();

  const password = loginForm(page).getByLabel(/^Senha/);
  await expect(password).toHaveAttribute('type', 'password');
  await loginForm(page).getByRole('button', { name: 'Mostrar senha' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await loginForm(page).getByRole('button', { name: 'Ocultar senha' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await signInThroughForm(page, editor.email, editor.password);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  // The toast has the theme's surface, not a bare text over the page.
  const toast = page.locator('[data-toast]').filter({ hasText: 'Login realizado com sucesso!' });
  expect(await toast.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  await expect(page.getByRole('heading', { name: `Olá, ${editor.fullName}!` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/?$/);

  // Signed in, the login route sends back to the panel.
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: `Olá, ${editor.fullName}!` })).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 400/);
});

test('the server blocks the account after five failures and the screen says so', async ({ page, consoleErrors }) => {
  const author = await createStaff('author');
  await page.goto('/admin/login');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signInThroughForm(page, author.email, `Errada-${attempt}-X`);
    await expect(page.getByText(`Tentativas de login: ${attempt}/5`)).toBeVisible();
  }
  // Even the right password is refused now: the block is the server's.
  await signInThroughForm(page, author.email, author.password);
  await expect(page.getByText('Conta temporariamente bloqueada por segurança.')).toBeVisible();
  await expect(
    page.getByText(
      "Muitas tentativas de login. Tente novamente em 15 minutos. Para entrar agora, redefina sua senha na aba 'Recuperar'.",
    ),
  ).toBeVisible();
  await expect(page.getByText('Sua conta foi temporariamente bloqueada por segurança.')).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of (400|429)/);
});

test('sign-up checks the password rule, then creates an inactive account, saying so', async ({ page, consoleErrors }) => {
  await page.goto('/admin/login');
  await page.getByRole('tab', { name: 'Cadastro' }).click();
  const form = page.getByRole('form', { name: 'Cadastro' });
  // Accounts exist on this server: a new one waits for an administrator, and the form says that, not the first-account rule.
  await expect(form.getByText(ACTIVATION_NOTICE, { exact: true })).toBeVisible();
  await expect(form.getByText(FIRST_ADMIN_NOTICE)).toHaveCount(0);
  const email = `cadastro-${Date.now()}@exemplo.com.br`;
  await form.getByLabel('Nome completo').fill('Nova Pessoa');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Senha/).fill('curta');
  await form.getByLabel('Confirmar senha').fill('curta');
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(form.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await form.getByLabel(/^Senha/).fill('semmaiuscula1');
  await form.getByLabel('Confirmar senha').fill('semmaiuscula1');
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(form.getByText('A senha deve conter pelo menos uma letra maiúscula, minúscula e um número.')).toBeVisible();
  await form.getByLabel(/^Senha/).fill('Valida-Senha-1');
  await form.getByLabel('Confirmar senha').fill('Outra-Senha-1');
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(form.getByText('As senhas não coincidem')).toBeVisible();
  await form.getByLabel('Confirmar senha').fill('Valida-Senha-1');
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Cadastro realizado com sucesso!')).toBeVisible();
  // E-mail is not configured here: no confirmation e-mail is promised.
  await expect(page.getByText('Um administrador precisa ativar sua conta antes do primeiro acesso.')).toBeVisible();
  await expect(page.getByText(/Verifique seu e-mail/)).toHaveCount(0);

  const su = await superuser();
  const account = await su.collection('users').getFirstListItem(su.filter('email = {:email}', { email }));
  expect(account).toMatchObject({ full_name: 'Nova Pessoa', role: 'author', is_active: false });

  // The same e-mail again (in other letters) reads as a sign-up that worked, so the form
  // tells no one which e-mails have accounts; no second account is made.
  await form.getByLabel('Nome completo').fill('Nova Pessoa');
  await form.getByLabel('E-mail').fill(email.toUpperCase());
  await form.getByLabel(/^Senha/).fill('Valida-Senha-1');
  await form.getByLabel('Confirmar senha').fill('Valida-Senha-1');
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  // Success empties the form (an error keeps it filled and says 'Erro no cadastro').
  await expect(form.getByLabel('E-mail')).toHaveValue('');
  await expect(page.getByText('Erro no cadastro')).toHaveCount(0);
  const accounts = await su.collection('users').getFullList({ filter: su.filter('email ~ {:email}', { email }) });
  expect(accounts).toHaveLength(1);
  allowConsoleErrors(consoleErrors, /status of 400/);
});

test("the registration screen shows the server's password rule as it is typed, and applies it", async ({ page }) => {
  await page.goto('/admin/register');
  const form = page.getByRole('form', { name: 'Registro' });
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('Todos os campos são obrigatórios')).toBeVisible();
  const email = `registro-${Date.now()}@exemplo.com.br`;
  await form.getByLabel('Nome').fill('Pessoa Registrada');
  await form.getByLabel('E-mail').fill(email);
  const rules = form.getByRole('list', { name: 'Requisitos da senha' });
  await expect(rules.getByRole('listitem')).toHaveText([
    'Pelo menos 8 caracteres: pendente',
    'Uma letra minúscula: pendente',
    'Uma letra maiúscula: pendente',
    'Um número: pendente',
  ]);
  await form.getByLabel(/^Senha/).fill('abcdef');
  await expect(rules.getByRole('listitem').nth(1)).toHaveText('Uma letra minúscula: atendido');
  await expect(form.getByText(/6 caracteres/)).toHaveCount(0);
  await form.getByLabel('Confirmar senha').fill('abcdef');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await form.getByLabel(/^Senha/).fill('Registro-Forte-1');
  await form.getByLabel('Confirmar senha').fill('Registro-Forte-1');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByRole('heading', { name: 'Registro Concluído!' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test.describe('on a server of its own', () => {
  let staff: StaffServer;
  let sink: SmtpSink;

  test.beforeAll(async () => {
    sink = await startSmtpSink();
    staff = await startStaffServer({ siteDir: process.env.E2E_SITE_DIR, unthrottledLoopback: true });
    await useSmtpSink(staff.admin.client, sink, { user: 'mailer', password: 'x' });
    // A session lifetime of a few seconds instead of 8 hours.
    const users = await staff.superuser.collections.getOne('users');
    await staff.superuser.collections.update('users', { authToken: { ...users.authToken, duration: 12 } }).catch((error) => {
      throw new Error(JSON.stringify(error.response));
    });
  });
  test.afterAll(async () => {
    await staff?.stop();
    await sink?.stop();
  });

  test.beforeEach(({ page }) => reachServer(page, staff.server.url));

  test('recovers the password through the e-mail link', async ({ page }) => {
    await page.goto(`${staff.server.url}/admin/login`);
    await page.getByRole('tab', { name: 'Recuperar' }).click();
    const form = page.getByRole('form', { name: 'Recuperar senha' });
    await form.getByLabel('E-mail').fill(staff.author.email);
    await form.getByRole('button', { name: 'Enviar Link de Recuperação' }).click();
    await expect(page.getByText('Se houver uma conta com este e-mail, enviaremos um link de recuperação.')).toBeVisible();

    const mail = await sink.waitFor(staff.author.email);
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = body.match(/\/admin\/reset-password\?token=([\w.-]+)/)?.[1];
    expect(token, 'o e-mail traz o link de redefinição').toBeTruthy();

    await page.goto(`${staff.server.url}/admin/reset-password?token=${token}`);
    const reset = page.getByRole('form', { name: 'Redefinir senha' });
    await reset.getByLabel('Nova senha', { exact: true }).fill('Recuperada-2026');
    await reset.getByLabel('Confirmar nova senha').fill('Recuperada-2026');
    await reset.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(page.getByRole('heading', { name: 'Senha redefinida!' })).toBeVisible();
    await page.getByRole('link', { name: 'Ir para o login' }).click();
    await signInThroughForm(page, staff.author.email, 'Recuperada-2026');
    await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  });

  test('a sign-up, with e-mail configured, is told to confirm its address and to wait for an administrator', async ({ page }) => {
    const email = `confirmar-${Date.now()}@exemplo.com.br`;
    await page.goto(`${staff.server.url}/admin/login`);
    await page.getByRole('tab', { name: 'Cadastro' }).click();
    await expect(page.getByRole('form', { name: 'Cadastro' }).getByText(ACTIVATION_NOTICE, { exact: true })).toBeVisible();
    await signUpThroughForm(page, 'Pessoa com E-mail', email);
    await expect(
      page.getByText(
        'Verifique seu e-mail para confirmar o endereço. Um administrador precisa ativar sua conta antes do primeiro acesso.',
      ),
    ).toBeVisible();
    // What it says is so: the confirmation e-mail arrives.
    const mail = await sink.waitFor(email);
    expect(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(/\/admin\/verify-email\?token=/);
  });

  test('ends the session when its lifetime is over, saying why', async ({ page }) => {
    await page.goto(`${staff.server.url}/admin/login`);
    await signInThroughForm(page, staff.editor.email, PASSWORD);
    await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
    // The login screen says why (and so does the toast).
    const notice = page.getByRole('main').getByRole('alert').filter({ hasText: 'Sessão expirada' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('Por segurança, sua sessão foi encerrada.');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('pocketbase_auth'))).toBeNull();
  });
});

test.describe('on a new panel, with no account yet', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startTestServer({ siteDir: process.env.E2E_SITE_DIR });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.beforeEach(async ({ page }) => {
    const origin = new URL(server.url).origin;
    await page.route(
      (url) => url.origin === origin,
      (route) => route.continue(),
    );
  });

  test("'Cadastro' says the first account becomes administrator only while it is so", async ({ page }) => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole('tab', { name: 'Cadastro' }).click();
    const form = page.getByRole('form', { name: 'Cadastro' });
    await expect(form.getByText(FIRST_ADMIN_NOTICE, { exact: true })).toBeVisible();
    await signUpThroughForm(page, 'Primeira Pessoa', 'primeira@exemplo.com.br');
    await expect(page.getByText('Conta de administrador criada!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Olá, Primeira Pessoa!' })).toBeVisible();

    // Now that an administrator exists, the next visitor (signed out) is told the truth.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole('tab', { name: 'Cadastro' }).click();
    await expect(form.getByText(ACTIVATION_NOTICE, { exact: true })).toBeVisible();
    await expect(form.getByText(FIRST_ADMIN_NOTICE)).toHaveCount(0);
    await signUpThroughForm(page, 'Segunda Pessoa', 'segunda@exemplo.com.br');
    await expect(page.getByText('Um administrador precisa ativar sua conta antes do primeiro acesso.')).toBeVisible();
    await expect(page.getByText(/Verifique seu e-mail/)).toHaveCount(0);
  });
});

test('a signed-out visit to a deep link asks for sign-in, then lands on that screen', async ({ page }) => {
  const editor = await createStaff('editor');
  await page.goto('/admin/pages/create');
  await expect(page.getByRole('heading', { name: 'Área Administrativa' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInThroughForm(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin\/pages\/create$/);
});

test.describe('on a server that cannot send e-mails', () => {
  let staff: StaffServer;

  test.beforeAll(async () => {
    staff = await startStaffServer({ siteDir: process.env.E2E_SITE_DIR, unthrottledLoopback: true });
  });
  test.afterAll(async () => {
    await staff?.stop();
  });
  test.beforeEach(async ({ page }) => {
    const origin = new URL(staff.server.url).origin;
    await page.route(
      (url) => url.origin === origin,
      (route) => route.continue(),
    );
  });

  test("'Recuperar' says no link can be sent and whom to ask; admins are warned on the dashboard", async ({ page }) => {
    await page.goto(`${staff.server.url}/admin/login`);
    await page.getByRole('tab', { name: 'Recuperar' }).click();
    const form = page.getByRole('form', { name: 'Recuperar senha' });
    await expect(form.getByText(/O envio de e-mails ainda não está configurado neste painel/)).toBeVisible();
    await expect(form.getByText(/Peça a um administrador para redefinir sua senha/)).toBeVisible();
    await form.getByLabel('E-mail').fill(staff.author.email);
    await expect(form.getByRole('button', { name: 'Enviar Link de Recuperação' })).toBeDisabled();

    await page.getByRole('tab', { name: 'Login' }).click();
    await signInThroughForm(page, staff.admin.email, PASSWORD);
    await expect(page.getByText('O envio de e-mails está desligado')).toBeVisible();
    await expect(page.locator('[data-mail="off"]').getByRole('link', { name: 'Configurações' })).toBeVisible();
    // The admin signed in with the password alone: two-step sign-in waits for e-mail, and the dashboard says so.
    await expect(page.locator('[data-two-step="waiting"]')).toContainText(
      'A verificação em duas etapas espera as configurações de e-mail.',
    );
  });
});
