/**
 * A visitor's comment from the article page, through moderation in the admin, into
 * the article's prebuilt HTML, where a hostile comment is inert text. The e2e server
 * runs no publisher: the test builds the site from its CMS itself, as a publication
 * would, into a folder of its own.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSiteBuild } from '../../scripts/publish/build-run.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { test, expect, islandsHydrated, allowConsoleErrors } from './fixtures';
import { signedInAs } from '../helpers/staff';

const ARTICLE = '/blog/funcao-map-no-arduino';
const SENT = 'Comentário enviado! Ele aparecerá aqui depois de aprovado pela moderação.';

test('a comment goes from the article page through moderation into the built page, as inert text', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const name = `Integradora ${tag}`;
  const body = `Funciona com 4-20 mA? <script>window.__hacked = true</script> <img src=x onerror="window.__hacked = true"> x < y && #include <Wire.h> [link](javascript:alert(1)) ${tag}`;

  // The visitor: the form loads when scrolled to; a refused field keeps everything typed.
  await page.goto(ARTICLE);
  const section = page.locator('#comentarios');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(/^Comentários \(\d+\)$/);
  await section.scrollIntoViewIfNeeded();
  await islandsHydrated(page, 'CommentForm');
  const form = section.locator('form');
  await form.getByLabel('Nome', { exact: true }).fill(`<b>${name}</b>`);
  await form.getByLabel(/^E-mail/).fill('integradora@exemplo.com.br');
  await form.getByLabel('Comentário', { exact: true }).fill(body);
  await form.getByLabel(/Concordo que a Operium armazene/).check();
  await form.getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(form.getByText('Este campo não aceita marcação HTML (como <script>).')).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 400/);
  await expect(form.getByLabel('Comentário', { exact: true })).toHaveValue(body);
  await expect(form.getByLabel(/^E-mail/)).toHaveValue('integradora@exemplo.com.br');
  await expect(form.getByLabel(/Concordo que a Operium armazene/)).toBeChecked();
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(section.getByRole('status')).toContainText(SENT);

  // The editor: the sidebar and the bell count it; the queue opens on pending comments.
  await signedInAs(page, 'editor', '/admin');
  await page.getByRole('button', { name: /^\d+\+? notificaç(ão|ões): \d+ comentários? pendentes?/ }).click();
  await page.getByRole('menuitem', { name: /^Comentários pendentes/ }).click();
  await expect(page).toHaveURL(/\/admin\/comments\?filter=/);
  await page.getByPlaceholder('Buscar comentários').fill(tag);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(tag);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Pendente');
  await expect(rows.first()).toContainText('A função map() do Arduino');
  await expect(rows.first()).toContainText('integradora@exemplo.com.br');
  await rows.first().getByRole('checkbox').check();
  // An undoable action: the server hears of it when the 'Desfazer' notice goes.
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/collections/comments/records/') && response.request().method() === 'PATCH',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Aprovar' }).click();
  expect((await saved).status()).toBe(200);
  // Saved, the comment is no longer pending: the queue drops it.
  await expect(rows).toHaveCount(0, { timeout: 20_000 });

  // The publication: the site built from the CMS now carries the comment in the article's HTML.
  const outDir = await mkdtemp(path.join(tmpdir(), 'comentarios-'));
  try {
    const env = { ...process.env, POCKETBASE_URL: process.env.E2E_BASE_URL, PUBLIC_SITE_URL: 'http://127.0.0.1' };
    const build = await runSiteBuild({ outDir, env, cacheDir: fromRoot('.cache', 'e2e-comments-astro-cache') });
    expect(build.ok, build.log).toBe(true);
    const html = await readFile(path.join(outDir, 'blog', 'funcao-map-no-arduino', 'index.html'), 'utf8');

    // Read as a browser would, scripts off: the DOM shows what the HTML holds.
    const reader = await browser.newContext({ javaScriptEnabled: false });
    try {
      const built = await reader.newPage();
      await built.setContent(html);
      const comment = built.locator('#comentarios li', { hasText: name });
      await expect(comment).toHaveCount(1);
      await expect(comment.locator('[data-comment-body]')).toHaveText(body);
      await expect(comment.locator('[data-comment-body] *')).toHaveCount(0);
      await expect(built.locator('#comentarios h2')).toHaveText(/^Comentários \([1-9]\d*\)$/);
      expect(html).not.toContain('integradora@exemplo.com.br');
    } finally {
      await reader.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});
