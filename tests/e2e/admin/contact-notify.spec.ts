/**
 * A quote request reaches the sales team: on a PocketBase of its own serving the
 * built site, with e-mail through a real SMTP server on loopback, an admin sets
 * 'E-mail que recebe as mensagens' in Configurações, a visitor sends the contact form
 * in the browser, and the team's address gets the message, answerable to the visitor.
 */
import { test, expect, islandsHydrated, reachServer } from '../fixtures';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../../helpers/smtp-sink';
import { PASSWORD, openAdminAs, startStaffServer, type StaffServer } from '../../helpers/staff';
import { mailBody, mailHeader, mailSubject } from '../../helpers/two-step';

test.describe.configure({ timeout: 90_000 });

let staff: StaffServer;
let sink: SmtpSink;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  staff = await startStaffServer({ siteDir: process.env.E2E_SITE_DIR, unthrottledLoopback: true });
});
test.afterAll(async () => {
  await staff?.stop();
  await sink?.stop();
});

test.beforeEach(({ page }) => reachServer(page, staff.server.url));

test('a contact message sent on the site is e-mailed to the address set in Configurações, Reply-To the visitor', async ({
  page,
}) => {
  const admin = { id: staff.admin.actor!.id, email: staff.admin.email, password: PASSWORD, fullName: staff.admin.fullName };
  // Signed in before e-mail works, which would ask for a second step (a code by e-mail).
  await openAdminAs(page, { ...admin, role: 'admin' }, '/admin/settings', staff.server.url);
  await useSmtpSink(staff.admin.client, sink, { user: 'contato', password: 'senha-smtp' });
  await page.getByRole('tab', { name: 'Contato' }).click({ timeout: 15_000 });
  await page.getByLabel('E-mail que recebe as mensagens').fill('vendas@operium.com.br');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();

  const visitor = `compras-${Date.now()}@envasadora.com.br`;
  await page.goto(`${staff.server.url}/contato`);
  await islandsHydrated(page, 'ContactForm');
  const form = page.getByRole('region', { name: 'Envie sua mensagem' });
  await form.getByLabel('Nome').fill('Rita Compras');
  await form.getByLabel('E-mail').fill(visitor);
  await form.getByLabel('Telefone').fill('(47) 99876-5432');
  await form.getByLabel('Empresa').fill('Envasadora Sul');
  await form.getByLabel('Já possui máquina ou equipamento?').selectOption('sim');
  await form.getByLabel('Volume estimado').selectOption('26-50');
  await form.getByLabel('Interesse').selectOption('produtos');
  await form.getByLabel('Mensagem').fill('Precisamos de 30 controladores OPS010 para uma linha de envase.');
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(form.getByRole('status')).toContainText('24 horas úteis');

  const mail = await sink.waitUntil((item) => mailHeader(item.raw, 'Reply-To').includes(visitor), `a mensagem de ${visitor}`);
  expect(mail.to).toEqual(['vendas@operium.com.br']);
  expect(mailSubject(mail.raw)).toBe('Nova mensagem de contato: Rita Compras (Envasadora Sul)');
  const body = mailBody(mail.raw);
  expect(body).toContain('Precisamos de 30 controladores OPS010 para uma linha de envase.');
  expect(body).toContain(`E-mail: ${visitor}`);
  expect(body).toContain('Telefone: (47) 99876-5432');
});
