import type { Page } from '@playwright/test';
import { test, expect, allowConsoleErrors, islandsHydrated } from './fixtures';

const VISITOR = {
  name: 'Carla Compradora',
  email: `carla-${Date.now()}@exemplo.com.br`,
  phone: '(47) 99876-5432',
  company: 'Embalagens Catarinenses Ltda',
  message: 'Precisamos de 30 controladores OPS010 para uma linha de envase.',
};

const hydrated = (page: Page) => islandsHydrated(page, 'ContactForm');

async function fill(page: Page, message = VISITOR.message) {
  await hydrated(page);
  const form = page.getByRole('region', { name: 'Envie sua mensagem' });
  await form.getByLabel('Nome').fill(VISITOR.name);
  await form.getByLabel('E-mail').fill(VISITOR.email);
  await form.getByLabel('Telefone').fill(VISITOR.phone);
  await form.getByLabel('Empresa').fill(VISITOR.company);
  await form.getByLabel('Já possui máquina ou equipamento?').selectOption('sim');
  await form.getByLabel('Volume estimado').selectOption('26-50');
  await form.getByLabel('Interesse').selectOption('produtos');
  await form.getByLabel('Mensagem').fill(message);
  return form;
}

/** Reads the stored messages as an operator would (superuser created by global-setup). */
async function storedMessages(baseURL: string, email: string) {
  const { email: identity, password } = JSON.parse(process.env.E2E_SUPERUSER!);
  const auth = await fetch(`${baseURL}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity, password }),
  });
  const { token } = await auth.json();
  const filter = encodeURIComponent(`email = "${email}"`);
  const response = await fetch(`${baseURL}/api/collections/contact_messages/records?filter=${filter}`, {
    headers: { Authorization: token },
  });
  return (await response.json()).items as Record<string, unknown>[];
}

test.describe('contact page', () => {
  test('shows the four contact cards, opening hours, the map, "why choose us" and the FAQ', async ({ page }) => {
    await page.goto('/contato');
    for (const title of ['Telefone', 'WhatsApp', 'E-mail', 'Endereço'])
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await expect(page.getByText('Segunda a sexta, das 9h às 18h').first()).toBeVisible();
    await expect(page.locator('iframe[title^="Mapa"]')).toHaveAttribute('src', /openstreetmap/);
    await expect(page.locator('details[name="faq"]')).toHaveCount(4);
  });

  test('requires every field, with e-mail and phone types and real choices in the selects', async ({ page }) => {
    await page.goto('/contato');
    await hydrated(page);
    const form = page.getByRole('region', { name: 'Envie sua mensagem' });
    await expect(form.getByLabel('E-mail')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Telefone')).toHaveAttribute('type', 'tel');
    await expect(form.getByText('Campos obrigatórios')).toBeVisible();
    await expect(form.getByLabel('Nome')).toHaveAccessibleName('Nome (obrigatório)');
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByLabel('Nome')).toBeFocused();
    await expect(form.getByRole('alert')).toHaveText('Verifique os campos destacados e envie novamente.');
    await expect(form.getByText('Preencha este campo.')).toHaveCount(5);
    await expect(form.getByText('Escolha uma opção.')).toHaveCount(3);
    await expect(form.getByLabel('Nome')).toHaveAccessibleDescription('Preencha este campo.');
    for (const label of [
      'Nome',
      'E-mail',
      'Telefone',
      'Empresa',
      'Já possui máquina ou equipamento?',
      'Volume estimado',
      'Interesse',
      'Mensagem',
    ]) {
      expect(await form.getByLabel(label).evaluate((field: HTMLInputElement) => field.validity.valueMissing), label).toBe(true);
    }
    await fill(page);
    await form.getByLabel('Volume estimado').selectOption('');
    await form.getByLabel('E-mail').fill('maria-sem-arroba');
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByLabel('E-mail')).toBeFocused();
    await expect(form.getByText('Informe um e-mail válido.')).toBeVisible();
    await expect(form.getByText('Escolha uma opção.')).toHaveCount(1);
    await expect(form.getByRole('status')).toHaveCount(0);
  });

  test('stores the message, shows the success panel, and "Enviar nova mensagem" keeps the values', async ({ page, baseURL }) => {
    await page.goto('/contato');
    const form = await fill(page);
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByRole('status')).toContainText('24 horas úteis');
    const [stored] = await storedMessages(baseURL!, VISITOR.email);
    expect(stored).toMatchObject({
      name: VISITOR.name,
      company: VISITOR.company,
      has_machine: 'sim',
      volume: '26-50',
      interest: 'produtos',
      message: VISITOR.message,
    });

    await form.getByRole('button', { name: 'Enviar nova mensagem' }).click();
    await expect(form.getByLabel('Nome')).toHaveValue(VISITOR.name);
    await expect(form.getByLabel('Volume estimado')).toHaveValue('26-50');
    await expect(form.getByLabel('Mensagem')).toHaveValue(VISITOR.message);
  });

  test('a server failure keeps what was typed, explains it, and a retry goes through', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await page.goto('/contato');
    const email = `retry-${Date.now()}@exemplo.com.br`;
    const form = await fill(page, 'Mensagem enviada depois de uma falha do servidor.');
    await form.getByLabel('E-mail').fill(email);
    await page.route('**/api/collections/contact_messages/records', (route) =>
      route.fulfill({ status: 503, body: 'indisponível' }),
    );
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByRole('alert')).toContainText('Não foi possível enviar agora. O que você digitou foi mantido');
    await expect(form.getByLabel('Mensagem')).toHaveValue('Mensagem enviada depois de uma falha do servidor.');
    // The browser reports the failed request itself; that one is expected here.
    allowConsoleErrors(consoleErrors, /status of 503/);

    await page.unroute('**/api/collections/contact_messages/records');
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByRole('status')).toContainText('24 horas úteis');
    expect(await storedMessages(baseURL!, email)).toHaveLength(1);
  });

  test('markup refused by the server is shown next to its field', async ({ page, consoleErrors }) => {
    await page.goto('/contato');
    const form = await fill(page);
    await form.getByLabel('Empresa').fill('Indústria <script>alert(1)</script> Ltda');
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByRole('alert')).toHaveText('Verifique os campos destacados e envie novamente.');
    await expect(form.getByText('Este campo não aceita marcação HTML (como <script>).')).toBeVisible();
    await expect(form.getByLabel('Empresa')).toHaveAttribute('aria-invalid', 'true');
    allowConsoleErrors(consoleErrors, /status of 400/);
  });

  test("a developer's message goes as typed, code and all", async ({ page, baseURL }) => {
    await page.goto('/contato');
    const email = `codigo-${Date.now()}@exemplo.com.br`;
    const message = 'O OPS010 trava quando x < y && y > 0.\n#include <Wire.h>\nvoid setup() { Wire.begin(); }';
    const form = await fill(page, message);
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByRole('status')).toContainText('24 horas úteis');
    expect((await storedMessages(baseURL!, email)).map((stored) => stored.message)).toEqual([message]);
  });

  test('"Solicitar orçamento" on a product page starts the message', async ({ page }) => {
    await page.goto('/produtos/ops012');
    await page.getByRole('link', { name: /^Solicitar orçamento/ }).click();
    await expect(page).toHaveURL(/\/contato\?produto=OPS012$/);
    await hydrated(page);
    const form = page.getByRole('region', { name: 'Envie sua mensagem' });
    await expect(form.getByLabel('Mensagem')).toHaveValue('Gostaria de um orçamento do OPS012.');
    await expect(form.getByLabel('Interesse')).toHaveValue('produtos');
  });
});
