/**
 * 'Privacidade': an admin looks up everything held about one e-mail
 * (a contact message, a comment and a newsletter subscription, seeded as the superuser),
 * exports it as a JSON download (pt-BR keys, Brasília times) and erases it with the comments' text removed; then,
 * through the superuser's API, no message or subscription holds the e-mail, the comment
 * is 'Visitante' without e-mail or text, and the audit log's entries of that comment
 * hold neither the name, the e-mail nor the text. The e-mail never goes in an address.
 * On a laptop and on a 390 px phone (no sideways scroll). An editor sees no entry, reads
 * the denied text at the address, and the API refuses the session.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { contactMessage } from '../../helpers/contact-message';
import { signedInAs, superuser } from '../../helpers/staff';
import { wcagViolations } from '../axe';

test.describe.configure({ timeout: 90_000 });

async function seed(tag: string) {
  const su = await superuser();
  const data = {
    email: `titular-${tag}@exemplo.com.br`,
    name: `Titular Pessoa ${tag}`,
    message: `Mensagem única da titular ${tag} pedindo um orçamento.`,
    body: `Comentário único da titular ${tag} sobre a função map().`,
  };
  const message = await su
    .collection('contact_messages')
    .create({ ...contactMessage(), email: data.email, name: data.name, message: data.message });
  // As the superuser (a moderator for the hooks): pending, within no visitor's rate; the audit log keeps its values.
  const comment = await su
    .collection('comments')
    .create({ article: 'funcao-map-no-arduino', name: data.name, email: data.email, body: data.body });
  await su.collection('newsletter_subscribers').create({ email: data.email, source: '/blog', status: 'confirmed' });
  return { ...data, commentId: comment.id, messageCreated: String(message.created) };
}

/**
 * A UTC moment as Brasília's clock reads it (UTC−3, no daylight saving since 2019),
 * worked out here rather than by the formatter under test.
 * @example brasilia('2026-11-29 12:05:09.000Z') // '29/11/2026, 09:05:09'
 */
function brasilia(utc: string): string {
  const moment = new Date(new Date(utc.replace(' ', 'T')).getTime() - 3 * 3600_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${two(moment.getUTCDate())}/${two(moment.getUTCMonth() + 1)}/${moment.getUTCFullYear()}, ` +
    `${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}:${two(moment.getUTCSeconds())}`
  );
}

const sessionToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { token?: string }).token ?? '');

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'a página rola para o lado').toBeLessThanOrEqual(innerWidth);
}

for (const { name, viewport, phone } of [
  { name: 'on a laptop', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'on a 390 px phone', viewport: { width: 390, height: 844 }, phone: true },
]) {
  test(`${name}, an admin looks up an e-mail, exports it and erases it; nothing of it is left`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const tag = `${Date.now().toString(36)}${viewport.width}`;
    const data = await seed(tag);
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(decodeURIComponent(request.url()).toLowerCase()));

    const admin = await signedInAs(page, 'admin');
    await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
    if (phone) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('menuitem', { name: 'Privacidade' }).click();
    await expect(page).toHaveURL(/\/admin\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacidade', level: 1 })).toBeVisible();
    // Nothing mid-fade when axe measures (MUI's transitions ignore reduced motion).
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    await expect(page).toHaveTitle(/^Privacidade · Painel Administrativo/);

    // An invalid address is refused before anything is sent.
    const field = page.getByRole('textbox', { name: 'E-mail do titular' });
    await field.fill('não é e-mail');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // Looked up in capitals: the server compares without letter case.
    await field.fill(data.email.toUpperCase());
    await field.press('Enter');
    const results = page.getByRole('heading', { name: `Dados de ${data.email}`, level: 2 });
    await expect(results).toBeFocused();
    await expect(page.locator('[data-privacy-status]')).toHaveText(
      `Resultado para ${data.email}: 1 mensagem de contato, 1 comentário, 1 inscrição na newsletter.`,
    );
    const messages = page.getByRole('region', { name: 'Mensagens de contato (1)' });
    await expect(messages).toContainText(data.message);
    await expect(messages).toContainText(data.name);
    const comments = page.getByRole('region', { name: 'Comentários (1)' });
    await expect(comments).toContainText(data.body);
    await expect(comments).toContainText('Pendente');
    await expect(page.getByRole('region', { name: 'Newsletter', exact: true })).toContainText('Confirmada');
    await expect(page.getByRole('region', { name: 'Conta da equipe' })).toContainText('Nenhuma conta da equipe com este e-mail.');
    await expect(page.getByRole('region', { name: 'Analytics', exact: true })).toContainText('não guarda dados pessoais');
    await noSidewaysScroll(page);
    expect(await wcagViolations(page, 'Privacidade (resultado)', { legacyMode: true })).toEqual([]);

    // Exportar: a POST answered as a file, named without the e-mail.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toBe('dados-pessoais.json');
    const text = await readFile((await download.path())!, 'utf8');
    const exported = JSON.parse(text) as Record<string, unknown> & {
      'Mensagens de contato': Record<string, string>[];
      Comentários: Record<string, string>[];
      'Inscrição na newsletter': Record<string, unknown> | null;
    };
    // pt-BR keys, not the collections' field names; the screen's words for values.
    expect(Object.keys(exported)).toEqual([
      'E-mail do titular',
      'Exportado em',
      'Fuso horário',
      'Mensagens de contato',
      'Comentários',
      'Inscrição na newsletter',
      'Conta da equipe',
      'Observações',
    ]);
    expect(text, 'nenhum nome de campo da coleção').not.toMatch(/"(created|email|contactMessages|exportedAt|has_machine)"/);
    expect(exported['E-mail do titular']).toBe(data.email);
    expect(exported['Fuso horário']).toBe('Horário de Brasília (America/Sao_Paulo)');
    const [message] = exported['Mensagens de contato'];
    expect(message).toMatchObject({ Nome: data.name, 'E-mail': data.email, Mensagem: data.message, Lida: 'Não' });
    expect(exported.Comentários.map((comment) => comment['Comentário'])).toEqual([data.body]);
    expect(exported['Inscrição na newsletter']).toMatchObject({ 'E-mail': data.email, Situação: 'Confirmada' });
    // Times in Brasília, not UTC ISO.
    expect(message!['Recebida em']).toBe(brasilia(data.messageCreated));
    expect(exported['Exportado em']).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(text, 'nenhum horário UTC em ISO').not.toMatch(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/);
    await expect(page.getByText('Arquivo dados-pessoais.json baixado.')).toBeVisible();

    // Excluir dados: the choice for the comments' text is required, nothing preselected.
    const erase = page.getByRole('button', { name: 'Excluir dados', exact: true });
    await erase.click();
    const dialog = page.getByRole('dialog', { name: 'Excluir dados pessoais?' });
    await expect(dialog).toContainText('Esta ação não pode ser desfeita.');
    await expect(dialog).toContainText(data.email);
    const keep = dialog.getByRole('radio', { name: 'Manter o texto dos comentários' });
    const remove = dialog.getByRole('radio', { name: 'Remover o texto dos comentários' });
    await expect(keep).not.toBeChecked();
    await expect(remove).not.toBeChecked();
    if (phone) await noSidewaysScroll(page);
    expect(await wcagViolations(page, 'Privacidade (confirmação)', { legacyMode: true })).toEqual([]);
    // Cancelar gives the focus back to the button and erases nothing.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(erase).toBeFocused();

    await erase.click();
    await expect(keep).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(dialog.getByText('Escolha o que fazer com o texto dos comentários.')).toBeVisible();
    await expect(keep).toBeFocused();
    await remove.check();
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(dialog).toHaveCount(0);
    const summary = page.getByRole('status').filter({ hasText: 'Dados excluídos' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(
      /1 mensagem de contato apagada; inscrição na newsletter apagada; 1 comentário anonimizado, com o texto removido; \d+ entradas? da auditoria sem dados pessoais\./,
    );
    // The lookup ran again: nothing left to erase.
    await expect(page.getByRole('region', { name: 'Mensagens de contato (0)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Comentários (0)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Newsletter', exact: true })).toContainText('Nenhuma inscrição na newsletter.');
    await expect(erase).toBeDisabled();

    // The recent requests: who, what and how many, never the e-mail.
    const recent = page.getByRole('region', { name: 'Pedidos recentes' });
    const mine = recent.getByRole('listitem').filter({ hasText: `Por ${admin.fullName}` });
    await expect(mine.filter({ hasText: 'Exclusão' })).toContainText(
      'Excluído: 1 mensagem de contato, 1 comentário, 1 inscrição na newsletter',
    );
    await expect(mine.filter({ hasText: 'Exportação' })).toContainText('Encontrado: 1 mensagem de contato');
    await expect(mine.filter({ hasText: 'Consulta' }).first()).toBeVisible();
    await expect(recent).not.toContainText(data.email);
    await noSidewaysScroll(page);

    expect(addresses.filter((address) => address.includes(data.email))).toEqual([]);

    // What the database holds now, read as the superuser.
    const su = await superuser();
    const byEmail = su.filter('email ~ {:email}', { email: data.email });
    expect(await su.collection('contact_messages').getFullList({ filter: byEmail })).toEqual([]);
    expect(await su.collection('newsletter_subscribers').getFullList({ filter: byEmail })).toEqual([]);
    const comment = await su.collection('comments').getOne(data.commentId);
    expect(comment).toMatchObject({ name: 'Visitante', email: '', body: '[Comentário removido a pedido do autor.]' });
    const audit = await su.collection('audit_logs').getFullList({
      filter: su.filter('table_name = "comments" && record_id = {:id}', { id: data.commentId }),
    });
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const logged = JSON.stringify(audit);
    for (const value of [data.email, data.name, data.body]) expect(logged, value).not.toContain(value);
  });
}

test('an editor has no Privacidade entry, reads the denied text at its address, and the API refuses the session', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/privacy\/|privacy_requests/.test(request.url())) calls.push(request.url());
  });
  await signedInAs(page, 'editor');
  const sidebar = page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();
  await expect(sidebar.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: 'Privacidade' })).toHaveCount(0);

  await page.goto('/admin/privacy');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para atender pedidos de titulares de dados.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail do titular' })).toHaveCount(0);
  expect(calls).toEqual([]);

  const refused = await page.request.post('/api/privacy/lookup', {
    headers: { Authorization: await sessionToken(page) },
    data: { email: 'qualquer@exemplo.com.br' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('Só administradores atendem pedidos de titulares.');
});
