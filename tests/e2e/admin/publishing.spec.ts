/**
 * The dashboard's 'Publicação do site' panel with real rows in site_builds (written
 * here by the superuser, as the publisher would through its report route), read
 * through the simple-REST route (filter, sort, range, Content-Range). The e2e
 * server runs without a publisher, so 'Publicar agora' says so.
 */
import { test, expect, allowConsoleErrors } from '../fixtures';
import { signedInAs, superuser } from '../../helpers/staff';

// Only this file writes site_builds: in order, the report first sees no failed publication.
test.describe.configure({ mode: 'serial' });

test('the validation report passes its five checks against the running site; the system status says so in plain words', async ({
  page,
}) => {
  await signedInAs(page, 'editor');
  const report = page.getByRole('region', { name: 'Relatório de validação' });
  await expect(report.getByText('Todas as verificações essenciais passaram')).toBeVisible({ timeout: 15_000 });
  await expect(report.locator('[data-counter="Aprovados"]')).toHaveText('5');
  await expect(report.locator('[data-counter="Reprovados"]')).toHaveText('0');
  await expect(report.locator('[data-counter="Total"]')).toHaveText('5');
  const status = page.getByRole('region', { name: 'Status do sistema' });
  await expect(status.locator('li[data-status="pass"]')).toHaveCount(3);
  await expect(status.getByRole('listitem').first()).toHaveText(/^Funcionando: O painel administrativo abre em \/admin/);
  await expect(status).not.toContainText('SEO');
  await report.getByRole('button', { name: 'Executar novamente' }).click();
  await expect(report.locator('[data-counter="Aprovados"]')).toHaveText('5', { timeout: 15_000 });
});

test('editors see the live build and the last failure in plain words (the log is for admins), the report does not claim all is well, and are told when no publisher runs', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const su = await superuser();
  const tag = Date.now().toString(36);
  const now = Date.now();
  const iso = (offset: number) => new Date(now + offset).toISOString().replace('T', ' ');
  await su.collection('site_builds').create({
    build_id: `ok-${tag}`,
    state: 'success',
    mode: 'local',
    reasons: ['posts: criação de Teste'],
    started_at: iso(-60_000),
    finished_at: iso(-45_000),
    duration_ms: 15_000,
    pages: 987,
  });
  await su.collection('site_builds').create({
    build_id: `erro-${tag}`,
    state: 'failed',
    mode: 'local',
    reasons: ['posts: atualização de Outro'],
    started_at: iso(-20_000),
    finished_at: iso(-10_000),
    duration_ms: 10_000,
    log: `linha 1\nO slug "colisao-${tag}" existe no artigo MDX e no post do CMS: renomeie um deles.`,
  });

  const failedList = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/rest/site-builds?') &&
      new URL(response.url()).searchParams.get('filter') === '{"state":["failed"]}',
  );
  await signedInAs(page, 'editor');
  const panel = page.getByRole('region', { name: 'Publicação do site' });
  // ra-data-simple-rest's getList: the newest failed build, its total in Content-Range.
  const list = await failedList;
  const query = new URL(list.url()).searchParams;
  expect(query.get('sort'), 'ordenação pedida').toBe('["created","DESC"]');
  expect(query.get('range'), 'intervalo pedido').toBe('[0,0]');
  expect(list.headers()['content-range'], 'Content-Range').toMatch(/^site-builds 0-0\/[1-9]\d*$/);
  await expect(panel).toContainText('Páginas: 987');
  await expect(panel).toContainText('Duração: 15 s');
  const failure = panel.locator('[data-build="failure"]');
  await expect(failure).toContainText('A última publicação não foi concluída');
  await expect(failure).toContainText('O site continua no ar com a versão anterior');
  await expect(failure).not.toContainText('registro técnico');
  await expect(failure).not.toContainText(`colisao-${tag}`);
  const report = page.getByRole('region', { name: 'Relatório de validação' });
  await expect(report.locator('[data-validation="publication-failed"]')).toContainText(
    'a última publicação do site não foi concluída',
    { timeout: 15_000 },
  );
  await expect(report.getByText('Todas as verificações essenciais passaram')).toHaveCount(0);

  await panel.getByRole('button', { name: 'Publicar agora' }).click();
  await expect(page.getByText('Erro ao publicar: A publicação automática não está configurada neste servidor.')).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 503/);

  // An admin has the technical log one click away.
  const adminContext = await browser.newContext({ locale: 'pt-BR' });
  try {
    const adminPage = await adminContext.newPage();
    await signedInAs(adminPage, 'admin');
    const adminFailure = adminPage.getByRole('region', { name: 'Publicação do site' }).locator('[data-build="failure"]');
    await adminFailure.getByText('Ver registro técnico (para administradores)').click();
    await expect(adminFailure).toContainText(`colisao-${tag}`);
  } finally {
    await adminContext.close();
  }
});

test('authors do not see the publishing panel', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/rest/site-builds')) calls.push(request.url());
  });
  await signedInAs(page, 'author');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Relatório de validação' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Publicação do site' })).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('toasts stack, at most three at once, on the theme’s surface, below the header, and leave on their own', async ({
  page,
  consoleErrors,
}) => {
  await signedInAs(page, 'editor');
  const publish = page.getByRole('region', { name: 'Publicação do site' }).getByRole('button', { name: 'Publicar agora' });
  const toasts = page.locator('[data-toasts] [data-toast]');
  // Without a publisher each request is refused with a toast; four in a row.
  for (let click = 0; click < 4; click++) {
    await expect(publish).toBeEnabled();
    await publish.click();
    await expect(publish).toBeEnabled();
  }
  await expect(toasts).toHaveCount(3);
  const header = await page.locator('header').first().boundingBox();
  for (const toast of await toasts.all()) {
    await expect(toast).toContainText('A publicação automática não está configurada neste servidor.');
    expect(await toast.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThan(header!.y + header!.height);
  }
  // Each leaves after about 4 s; the fourth shows when one has gone, then leaves too.
  await expect(toasts).toHaveCount(0, { timeout: 20_000 });
  allowConsoleErrors(consoleErrors, /status of 503/);
});
