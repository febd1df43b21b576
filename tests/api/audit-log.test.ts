/**
 * The audit log on a real PocketBase: one row per change, whoever makes it, in the
 * change's own transaction, keeping who acted as they were, never a secret, never editable.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, newClient, signIn, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const rowsFor = (recordId: string) =>
  s.admin.client.collection('audit_logs').getFullList({ filter: `record_id = "${recordId}"`, sort: 'created' });

/** An active staff account the admin creates, and its own signed-in client. */
async function activeAccount(email: string, role: 'author' | 'editor', fullName: string) {
  const account = await s.admin.client
    .collection('users')
    .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role, full_name: fullName, is_active: true });
  return { account, client: await signIn(s.server, email) };
}

describe('audit rows', () => {
  test('a post created, edited and deleted by staff leaves three rows with who, what, old and new values and IP', async () => {
    const post = await s.editor.client
      .collection('posts')
      .create({ title: 'Auditoria de post', category: 'Técnico', status: 'draft' });
    await s.editor.client.collection('posts').update(post.id, { title: 'Auditoria de post (editado)' });
    await s.admin.client.collection('posts').delete(post.id);

    const rows = await rowsFor(post.id);
    expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(rows.map((row) => row.user)).toEqual([s.editor.actor!.id, s.editor.actor!.id, s.admin.actor!.id]);
    expect(rows.every((row) => row.table_name === 'posts' && row.ip === '127.0.0.1')).toBe(true);
    // The SDK's requests from Node carry Node's fetch user agent.
    expect(rows.every((row) => row.user_agent === 'node')).toBe(true);
    expect(rows[0]!.old_values).toBeNull();
    expect(rows[0]!.new_values).toMatchObject({ title: 'Auditoria de post', status: 'draft' });
    expect(rows[1]!.old_values).toMatchObject({ title: 'Auditoria de post' });
    expect(rows[1]!.new_values).toMatchObject({ title: 'Auditoria de post (editado)' });
    expect(rows[2]!.old_values).toMatchObject({ title: 'Auditoria de post (editado)' });
    expect(rows[2]!.new_values).toBeNull();
  });

  test('covers users, pages, media and settings too', async () => {
    const page = await s.editor.client.collection('pages').create({ name: 'Página auditada', status: 'draft' });
    const form = new FormData();
    form.append('file', new Blob(['texto simples'], { type: 'text/plain' }), 'nota.txt');
    const media = await s.author.client.collection('media').create(form);
    const setting = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "site_title"');
    await s.admin.client.collection('public_site_settings').update(setting.id, { value: 'Novo título do site' });
    const user = await s.admin.client
      .collection('users')
      .create({ email: 'auditado@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, role: 'author' });

    for (const [id, table, action] of [
      [page.id, 'pages', 'INSERT'],
      [media.id, 'media', 'INSERT'],
      [setting.id, 'public_site_settings', 'UPDATE'],
      [user.id, 'users', 'INSERT'],
    ]) {
      const rows = await rowsFor(id!);
      expect(
        rows.map((row) => `${row.table_name} ${row.action}`),
        `${table} ${action}`,
      ).toContain(`${table} ${action}`);
    }
  });

  test('a self sign-up is logged as done by the new account, not by "visitante"', async () => {
    const account = await newClient(s.server).collection('users').create({
      email: 'cadastro-auditado@exemplo.com.br',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      full_name: 'Cadastro Auditado',
    });
    const [row] = await rowsFor(account.id);
    expect(row).toMatchObject({ action: 'INSERT', user: account.id, actor: 'Cadastro Auditado', ip: '127.0.0.1' });
  });

  test('a superuser change in the dashboard is logged with an empty user and the superuser named', async () => {
    const page = await s.superuser.collection('pages').create({ name: 'Criada no dashboard', status: 'draft' });
    const [row] = await rowsFor(page.id);
    expect(row).toMatchObject({ action: 'INSERT', user: '' });
    expect(row!.actor).toMatch(/^superuser /);
  });

  test('a change made by a job, with no request, is logged as the system', async () => {
    const post = await s.editor.client.collection('posts').create({
      title: 'Post agendado auditado',
      category: 'Tutoriais',
      status: 'scheduled',
      published_at: '2000-01-01 00:00:00.000Z',
    });
    const response = await fetch(`${s.server.url}/api/site/jobs/publish-scheduled`, {
      method: 'POST',
      headers: { Authorization: s.superuser.authStore.token },
    });
    expect(response.status).toBe(200);
    const rows = await rowsFor(post.id);
    const update = rows.find((row) => row.action === 'UPDATE');
    expect(update).toMatchObject({ user: '', actor: 'sistema' });
    expect(update!.new_values).toMatchObject({ status: 'published' });
  });

  test('a CLI command is logged as the system', async () => {
    // The operator's command (npm run create-admin), on the running server's data.
    execFileSync(
      process.execPath,
      ['scripts/create-admin.mjs', 'cli-admin@exemplo.com.br', PASSWORD, 'Admin da Linha de Comando'],
      {
        env: { ...process.env, PB_DATA: s.server.dataDir },
        stdio: 'pipe',
      },
    );
    const user = await s.superuser.collection('users').getFirstListItem('email = "cli-admin@exemplo.com.br"');
    const [row] = await rowsFor(user.id);
    expect(row).toMatchObject({ action: 'INSERT', table_name: 'users', user: '', actor: 'sistema', ip: '' });
  });

  test("keeps the actor's id and name as they were: a later rename or deletion of the account rewrites nothing", async () => {
    const { account, client: author } = await activeAccount('autora-efemera@exemplo.com.br', 'author', 'Autora Efêmera');
    const post = await author
      .collection('posts')
      .create({ title: 'Post de quem vai sair', category: 'Técnico', status: 'draft' });
    await s.admin.client.collection('users').update(account.id, { full_name: 'Outro Nome' });
    await s.admin.client.collection('posts').delete(post.id);
    await s.admin.client.collection('users').delete(account.id);

    const [created] = await rowsFor(post.id);
    expect(created).toMatchObject({ action: 'INSERT', user: account.id, actor: 'Autora Efêmera' });
  });

  test('deleting an account leaves every audit row as it was, field for field; the only new row is the deletion', async () => {
    const { account, client: editor } = await activeAccount('editora-que-sai@exemplo.com.br', 'editor', 'Editora Que Sai');
    const post = await editor.collection('posts').create({ title: 'Post da editora que sai', category: 'Técnico' });
    await editor.collection('posts').update(post.id, { title: 'Post da editora que sai (revisto)' });
    const page = await editor.collection('pages').create({ name: 'Página da editora que sai', status: 'draft' });
    await s.admin.client.collection('users').update(account.id, { full_name: 'Nome Trocado' });
    // A post needs its author: it goes first (the page too, whatever its relations).
    await s.admin.client.collection('posts').delete(post.id);
    await s.admin.client.collection('pages').delete(page.id);

    // The whole table, as superusers read it (every field, every row).
    const everyRow = () => s.superuser.collection('audit_logs').getFullList({ sort: 'created,id' });
    const before = await everyRow();
    expect(before.filter((row) => row.user === account.id)).toHaveLength(3);
    expect(before.filter((row) => row.record_id === account.id)).toHaveLength(2);

    await s.admin.client.collection('users').delete(account.id);

    const after = await everyRow();
    const kept = new Map(after.map((row) => [row.id, row]));
    for (const row of before) expect(kept.get(row.id), `linha ${row.id} (${row.action} ${row.table_name})`).toEqual(row);
    const added = after.filter((row) => !before.some((old) => old.id === row.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'DELETE', table_name: 'users', record_id: account.id, user: s.admin.actor!.id });
  });
});

describe('one transaction', () => {
  test('if the audit row cannot be written, the change is not saved (create, update and delete)', async () => {
    const post = await s.editor.client
      .collection('posts')
      .create({ title: 'Antes da falha', category: 'Técnico', status: 'draft' });
    const rowsBefore = (await rowsFor(post.id)).length;
    // An operator's schema change that every audit row fails: a required field no hook fills.
    const audit = await s.superuser.collections.getOne('audit_logs');
    await s.superuser.collections.update('audit_logs', {
      fields: [...audit.fields, { name: 'forced_failure', type: 'text', required: true }],
    });
    try {
      expect(
        await statusOf(
          s.editor.client.collection('posts').create({ title: 'Nunca salvo', category: 'Técnico', status: 'draft' }),
        ),
      ).toBe(400);
      expect(await statusOf(s.editor.client.collection('posts').update(post.id, { title: 'Nunca editado' }))).toBe(400);
      expect(await statusOf(s.admin.client.collection('posts').delete(post.id))).toBe(400);
      expect(await statusOf(s.superuser.collection('pages').create({ name: 'Nunca criada no dashboard', status: 'draft' }))).toBe(
        400,
      );
    } finally {
      await s.superuser.collections.update('audit_logs', { fields: audit.fields });
    }
    expect(await s.admin.client.collection('posts').getList(1, 1, { filter: 'title = "Nunca salvo"' })).toMatchObject({
      totalItems: 0,
    });
    expect(await s.superuser.collection('pages').getList(1, 1, { filter: 'name = "Nunca criada no dashboard"' })).toMatchObject({
      totalItems: 0,
    });
    expect(await s.admin.client.collection('posts').getOne(post.id)).toMatchObject({ title: 'Antes da falha' });
    expect(await rowsFor(post.id)).toHaveLength(rowsBefore);
  });
});

describe('secrets', () => {
  test('never reach the audit log: no password hash, token key or SMTP password', async () => {
    const user = await s.admin.client
      .collection('users')
      .create({ email: 'segredo@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, role: 'author' });
    await s.admin.client.collection('users').update(user.id, { password: 'Nova-Senha-789', passwordConfirm: 'Nova-Senha-789' });
    const smtp = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "smtp_password"');
    await s.admin.client.collection('public_site_settings').update(smtp.id, { value: 'senha-smtp-secreta' });

    const all = await s.admin.client.collection('audit_logs').getFullList({ batch: 1000 });
    const text = JSON.stringify(all);
    expect(all.length).toBeGreaterThan(10);
    for (const secret of ['senha-smtp-secreta', PASSWORD, 'Nova-Senha-789', '"password"', '"tokenKey"', '$2a$']) {
      expect(text, `o log contém ${secret}`).not.toContain(secret);
    }
  });
});

describe('immutability', () => {
  test('nobody changes audit rows through the API, superusers included', async () => {
    // A row that is not a deletion, so the attempted change below would show.
    const { items } = await s.admin.client.collection('audit_logs').getList(1, 1, { filter: 'action != "DELETE"' });
    const original = items[0]!;
    const id = original.id;
    for (const client of [s.admin.client, s.superuser]) {
      expect(await statusOf(client.collection('audit_logs').update(id, { action: 'DELETE' }))).toBeGreaterThanOrEqual(400);
      expect(await statusOf(client.collection('audit_logs').delete(id))).toBeGreaterThanOrEqual(400);
      expect(
        await statusOf(client.collection('audit_logs').create({ action: 'INSERT', table_name: 'posts', record_id: 'x' })),
      ).toBeGreaterThanOrEqual(400);
    }
    const still = await s.admin.client.collection('audit_logs').getOne(id);
    expect(still).toEqual(original);
  });
});
