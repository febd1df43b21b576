/**
 * 'Enviar newsletter', on a PocketBase of its own serving the built site, with e-mail
 * through a real SMTP server on loopback: an editor opens the dialog on an article
 * from git, sees who receives it, sends a test to herself, then sends it; the send's
 * screen shows the progress until 'Concluído'; each confirmed subscriber got one
 * e-mail (never the pending one) carrying the one-click unsubscribe headers, every
 * link of it with one origin, and its 'Cancelar inscrição' link works in the browser.
 * 'Envios' lists the send, on a laptop and at 390 px. An author has no such button.
 */
import type { Page } from '@playwright/test';
import { test, expect, reachServer } from '../fixtures';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../../helpers/smtp-sink';
import { PASSWORD, startStaffServer, type StaffServer } from '../../helpers/staff';
import { openAdminAs, type StaffAccount } from '../../helpers/staff';
import { mailBody, mailHeader } from '../../helpers/two-step';
import { wcagViolations } from '../axe';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const ARTICLE = { title: /Calibração de sensores/ };
const SUBSCRIBERS = ['leitora-1@exemplo.com.br', 'leitor-2@exemplo.com.br', 'leitora-3@exemplo.com.br'];
const PENDING = 'pendente@exemplo.com.br';

let staff: StaffServer;
let sink: SmtpSink;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  staff = await startStaffServer({ siteDir: process.env.E2E_SITE_DIR, unthrottledLoopback: true });
  await useSmtpSink(staff.admin.client, sink, { user: 'newsletter', password: 'x' });
  const subscribers = staff.superuser.collection('newsletter_subscribers');
  for (const email of SUBSCRIBERS) await subscribers.create({ email, source: '/blog', status: 'confirmed' });
  await subscribers.create({ email: PENDING, source: '/blog', status: 'pending' });
});
test.afterAll(async () => {
  await staff?.stop();
  await sink?.stop();
});

test.beforeEach(({ page }) => reachServer(page, staff.server.url));

const account = (who: 'editor' | 'author'): StaffAccount => ({
  id: staff[who].actor!.id,
  email: staff[who].email,
  password: PASSWORD,
  fullName: staff[who].fullName,
  role: who,
});

/** The git article's row in the posts list. */
function articleRow(page: Page) {
  return page.getByRole('row').filter({ hasText: ARTICLE.title }).first();
}

test('an editor tests and sends a git article to the confirmed subscribers, and follows it to the end', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminAs(page, account('editor'), '/admin/posts', staff.server.url);
  const row = articleRow(page);
  await row.getByRole('button', { name: 'Enviar newsletter' }).click();

  const dialog = page.getByRole('dialog', { name: 'Enviar newsletter' });
  await expect(dialog.getByTestId('newsletter-audience')).toHaveText('Será enviado para 3 inscritos confirmados.');
  expect(await wcagViolations(page, 'diálogo Enviar newsletter')).toEqual([]);

  await dialog.getByRole('button', { name: 'Enviar teste para mim' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Teste enviado para ${staff.editor.email}.`, { timeout: 20_000 });
  const testMail = await sink.waitFor(staff.editor.email);
  expect(mailHeader(testMail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(sink.messages.filter((message) => SUBSCRIBERS.some((email) => message.to.includes(email)))).toHaveLength(0);

  // A double click starts one send.
  await dialog.getByRole('button', { name: 'Enviar para 3 inscritos' }).dblclick();
  await expect(page).toHaveURL(/\/admin\/sends\/[a-z0-9]+\/show$/);
  await expect(page.getByTestId('send-progress')).toHaveText('3 de 3 enviados (100%)', { timeout: 30_000 });
  await expect(page.getByText('Concluído').first()).toBeVisible();
  await expect(page.getByText('Nenhuma falha.')).toBeVisible();

  for (const email of SUBSCRIBERS) {
    expect(
      sink.messages.filter((message) => message.to.includes(email)),
      email,
    ).toHaveLength(1);
  }
  expect(sink.messages.filter((message) => message.to.includes(PENDING))).toHaveLength(0);
  const sends = await staff.superuser.collection('newsletter_sends').getFullList({ filter: 'kind = "post"' });
  expect(sends).toHaveLength(1);

  // The e-mail's unsubscribe link: a page with one button; the POST cancels.
  const mail = (await sink.waitFor(SUBSCRIBERS[0]!)).raw;
  const link = mailHeader(mail, 'List-Unsubscribe').slice(1, -1);
  const url = new URL(link);
  // One address for every link of the e-mail ('Leia o artigo', the site, the unsubscribe
  // link): this server's, as PUBLIC_SITE_URL is not set here.
  const body = mailBody(mail);
  expect(body).toContain(`${staff.server.url}/blog/`);
  expect(new Set([...body.matchAll(/https?:\/\/[^/"\s<>]+/g)].map((match) => match[0]))).toEqual(new Set([url.origin]));
  expect(url.origin).toBe(new URL(staff.server.url).origin);
  await page.goto(`${staff.server.url}${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const subscriber = await staff.superuser.collection('newsletter_subscribers').getFirstListItem(`email = "${SUBSCRIBERS[0]}"`);
  expect(subscriber.status).toBe('unsubscribed');

  // Sent again, the dialog says everyone still subscribed already had it.
  await openAdminAs(page, account('editor'), '/admin/posts', staff.server.url);
  await articleRow(page).getByRole('button', { name: 'Enviar newsletter' }).click();
  await expect(page.getByTestId('newsletter-audience')).toHaveText('Todos os inscritos confirmados já receberam este post.');
  await expect(page.getByRole('button', { name: /^Enviar( para|$)/ })).toBeDisabled();
});

for (const { name, viewport } of [
  { name: 'on a laptop', viewport: { width: 1366, height: 900 } },
  { name: 'on a 390 px phone', viewport: { width: 390, height: 844 } },
]) {
  test(`${name}, 'Envios' lists the send with its counts and opens it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openAdminAs(page, account('editor'), '/admin/sends', staff.server.url);
    const entry = page.getByText(/Calibração/).first();
    await expect(entry).toBeVisible();
    await expect(page.getByText(/3 de 3 enviados/).first()).toBeVisible();
    await entry.click();
    await expect(page.getByTestId('send-progress')).toHaveText('3 de 3 enviados (100%)');
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, 'a página rola para o lado').toBeLessThanOrEqual(innerWidth);
  });
}

test('an author has no "Enviar newsletter" and no "Envios"', async ({ page }) => {
  await openAdminAs(page, account('author'), '/admin/posts', staff.server.url);
  await expect(articleRow(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar newsletter' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Envios' })).toHaveCount(0);
});
