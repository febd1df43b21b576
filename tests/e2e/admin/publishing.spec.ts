/**
 * The dashboard's 'Publicação do site' panel with real rows in site_builds (written
 * here by the superuser, as the publisher would through its report route). The
 * e2e server runs without a publisher, so 'Publicar agora' says so.
 */
import { test, expect, allowConsoleErrors } from '../fixtures';
import { signedInAs, superuser } from './staff';

test('editors see the live build, the last failure with its log, and are told when no publisher runs', async ({
  page,
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

  await signedInAs(page, 'editor');
  const panel = page.getByRole('region', { name: 'Publicação do site' });
  await expect(panel).toContainText('Páginas: 987');
  await expect(panel).toContainText('Duração: 15 s');
  const failure = panel.locator('[data-build="failure"]');
  await expect(failure).toContainText('Última publicação falhou');
  await expect(failure).toContainText('O site no ar continua sendo a versão anterior.');
  await failure.getByText('Ver registro do build').click();
  await expect(failure).toContainText(`colisao-${tag}`);

  await panel.getByRole('button', { name: 'Publicar agora' }).click();
  await expect(page.getByText('Erro ao publicar: A publicação automática não está configurada neste servidor.')).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 503/);
});

test('authors do not see the publishing panel', async ({ page }) => {
  await signedInAs(page, 'author');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Relatório de validação' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Publicação do site' })).toHaveCount(0);
});
