/**
 * Backups: an admin creates one, sees it listed with size and date (read through the
 * simple-REST route: sort, range, Content-Range), finds no download (a backup holds
 * the system's keys: operators fetch it, and the server refuses the admin's session),
 * reads the restore confirmation and deletes it.
 * A restore replaces every row and restarts the server, so it never runs on the
 * shared e2e server: the restore test starts a PocketBase of its own (serving the
 * same build), as tests/api/backups.test.ts does for the API.
 */
import PocketBase from 'pocketbase';
import { expect as baseExpect, test } from '../fixtures';
import { startTestServer } from '../../helpers/server';
import { PASSWORD, signedInAs } from '../../helpers/staff';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test('an admin creates a backup, sees it listed, cannot download it, reads what a restore does and deletes it', async ({
  page,
}) => {
  const restores: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') restores.push(request.url());
  });
  const listed = page.waitForResponse((response) => response.url().includes('/api/admin/rest/backups?'));
  await signedInAs(page, 'admin', '/admin/backups');
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();

  // ra-data-simple-rest's getList: newest first, one range, the total in Content-Range.
  const list = await listed;
  const query = new URL(list.url()).searchParams;
  expect(query.get('sort'), 'ordenação pedida').toBe('["modified","DESC"]');
  expect(query.get('range'), 'intervalo pedido').toBe('[0,999]');
  expect(list.request().headers().authorization, 'token da sessão').toBeTruthy();
  expect(list.headers()['content-range'], 'Content-Range').toMatch(/^backups (\d+-\d+|\*)\/\d+$/);

  await page.getByRole('button', { name: 'Criar backup' }).click();
  const toast = page.getByText(/^Backup backup_\d{8}_\d{6}(_\d+)?\.zip criado com sucesso!$/);
  await expect(toast).toBeVisible({ timeout: 30_000 });
  const name = (await toast.textContent())!.match(/backup_\S+\.zip/)![0];

  const row = page.locator(`tr[data-backup="${name}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(/\d+(,\d+)? (Bytes|KB|MB)/);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);

  // No download for staff: the screen says who downloads, and the route refuses this session.
  await expect(row.getByRole('button', { name: /Baixar/ })).toHaveCount(0);
  await expect(page.getByText('Backups não são baixados pelo painel', { exact: false })).toBeVisible();
  await expect(page.getByText('dashboard do PocketBase', { exact: false })).toBeVisible();
  // This server has no S3: the screen says the database has no continuous copy (api.ts, replicaSummary).
  await expect(page.getByRole('note').filter({ hasText: 'Réplica contínua do banco desligada' })).toBeVisible();
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { token?: string }).token,
  );
  const refused = await page.request.get(`/api/admin/backups/${name}`, { headers: { Authorization: token! } });
  expect(refused.status()).toBe(403);

  await row.getByRole('button', { name: `Restaurar ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Restaurar backup?' });
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText('substitui todos os dados atuais do site');
  await expect(dialog).toContainText('O servidor será reiniciado');
  await expect(dialog).toContainText('crie um backup dos dados atuais antes de restaurar');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  expect(restores).toEqual([]);

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir backup?' });
  await expect(confirm).toContainText(name);
  await expect(confirm).toContainText('Esta ação não pode ser desfeita.');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(`Backup ${name} excluído.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an editor opening /admin/backups reads the denied text and sends no backup request', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/admin\/(rest\/)?backups/.test(request.url())) calls.push(request.url());
  });
  await signedInAs(page, 'editor', '/admin/backups');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para gerenciar backups.')).toBeVisible();
  expect(calls).toEqual([]);

  // And the route itself refuses the editor's session, with the same words.
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { token?: string }).token,
  );
  const refused = await page.request.get('/api/admin/rest/backups?range=%5B0%2C24%5D', { headers: { Authorization: token! } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('Você não tem permissão para gerenciar backups.');
});

test('restoring on a server of its own: the admin waits through the restart and sees the backup’s data', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startTestServer({ siteDir: process.env.E2E_SITE_DIR });
  // Its own context: the shared fixture answers every other origin with an empty 204.
  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    const su = new PocketBase(server.url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(server.superuser.email, server.superuser.password);
    const email = 'admin-restauracao@exemplo.com.br';
    await su.collection('users').create({
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      full_name: 'Admin Restauração',
      role: 'admin',
      is_active: true,
    });
    const kept = await su.collection('pages').create({ name: 'Antes do backup', status: 'draft' });

    const client = new PocketBase(server.url);
    await client.collection('users').authWithPassword(email, PASSWORD);
    const page = await context.newPage();
    await page.addInitScript(
      (value) => {
        if (window.sessionStorage.getItem('e2e:session-seeded')) return;
        window.sessionStorage.setItem('e2e:session-seeded', '1');
        window.localStorage.setItem('pocketbase_auth', value);
      },
      JSON.stringify({ token: client.authStore.token, record: client.authStore.record }),
    );
    await page.goto(`${server.url}/admin/backups`);

    await page.getByRole('button', { name: 'Criar backup' }).click();
    const row = page.locator('tr[data-backup]');
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    const name = (await row.getAttribute('data-backup'))!;
    const lost = await su.collection('pages').create({ name: 'Depois do backup', status: 'draft' });

    await row.getByRole('button', { name: `Restaurar ${name}` }).click();
    const reloaded = page.waitForEvent('load', { timeout: 120_000 });
    await page.getByRole('dialog', { name: 'Restaurar backup?' }).getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByRole('dialog', { name: 'Restaurando backup...' })).toBeVisible();
    await expect(page.getByText('O servidor está reiniciando', { exact: false })).toBeVisible();
    await reloaded;

    // Back after the restart, still signed in (same account in the backup), with the backup's data.
    await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(`tr[data-backup="${name}"]`)).toBeVisible();
    const after = new PocketBase(server.url);
    await after.collection('_superusers').authWithPassword(server.superuser.email, server.superuser.password);
    const ids = (await after.collection('pages').getFullList()).map((record) => record.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(lost.id);
  } finally {
    await context.close();
    await server.stop();
  }
});
