/** Account rules on a real PocketBase: first admin, activation, sessions, last admin, password rule. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAuthProvider } from '../../src/admin/authProvider';
import { startTestServer } from '../helpers/server';
import { PASSWORD, newClient, signIn, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const signUp = (email: string, password = PASSWORD, extra: Record<string, unknown> = {}) =>
  newClient(s.server)
    .collection('users')
    .create({ email, password, passwordConfirm: password, ...extra });

describe('who an account becomes', () => {
  test('the very first sign-up became an active admin', () => {
    expect(s.admin.actor).toMatchObject({ role: 'admin', isActive: true });
  });

  test('a later sign-up is an inactive author, whatever it asks for', async () => {
    const created = await signUp('novo@exemplo.com.br', PASSWORD, { full_name: 'Novo <script>' });
    expect(created).toMatchObject({ role: 'author', is_active: false, full_name: 'Novo script' });
    expect(await statusOf(signUp('esperto@exemplo.com.br', PASSWORD, { role: 'admin', is_active: true }))).toBe(400);
  });

  test('an account created by an admin is active with the chosen role', async () => {
    const created = await s.admin.client
      .collection('users')
      .create({ email: 'editora@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, role: 'editor' });
    expect(created).toMatchObject({ role: 'editor', is_active: true });
  });

  test('the password rule holds on the server, with the spec messages', async () => {
    const short = await signUp('curta@exemplo.com.br', 'Ab1').catch((error) => error);
    expect(short.status).toBe(400);
    expect(short.response.data.password.message).toBe('A senha deve ter pelo menos 8 caracteres.');
    const weak = await signUp('fraca@exemplo.com.br', 'somenteminusculas1').catch((error) => error);
    expect(weak.response.data.password.message).toBe(
      'A senha deve conter pelo menos uma letra maiúscula, minúscula e um número.',
    );
    const none = await s.superuser.collection('users').getFullList({ filter: 'email ~ "curta@" || email ~ "fraca@"' });
    expect(none).toEqual([]);
  });
});

describe('inactive accounts', () => {
  test('can sign in (the panel shows "Conta Inativa") but its token opens nothing', async () => {
    const inactive = s.inactive.client;
    expect(inactive.authStore.record?.is_active).toBe(false);
    expect(await statusOf(inactive.collection('users').getOne(s.inactive.actor!.id))).toBe(403);
    expect(await statusOf(inactive.collection('users').update(s.inactive.actor!.id, { full_name: 'x' }))).toBe(403);
    expect(await statusOf(inactive.collection('posts').getFullList({ filter: 'status != "published"' }))).toBe(403);
  });

  test('deactivating an account ends its open sessions at once: its token opens nothing and says why; a reactivation needs a new sign-in', async () => {
    await s.admin.client
      .collection('users')
      .create({ email: 'sessao@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, role: 'editor' });
    const user = await signIn(s.server, 'sessao@exemplo.com.br');
    const id = user.authStore.record!.id;
    expect(await statusOf(user.collection('users').authRefresh())).toBe(200);
    await s.admin.client.collection('users').update(id, { is_active: false });
    const calls = [
      () => user.collection('users').authRefresh(),
      () => user.collection('pages').getFullList(),
      () => user.collection('users').getOne(id),
    ];
    for (const call of calls) {
      const refused = await call().then(
        () => null,
        (error: { status: number; response: { message: string } }) => error,
      );
      expect(refused).toMatchObject({ status: 403, response: { message: 'Conta inativa.' } });
    }
    await s.admin.client.collection('users').update(id, { is_active: true });
    expect(await statusOf(user.collection('users').authRefresh())).toBe(401);
    expect(await statusOf(signIn(s.server, 'sessao@exemplo.com.br'))).toBe(200);
  });

  test('changing a role or a password also ends the sessions', async () => {
    await s.admin.client
      .collection('users')
      .create({ email: 'papel@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, role: 'editor' });
    const user = await signIn(s.server, 'papel@exemplo.com.br');
    await s.admin.client.collection('users').update(user.authStore.record!.id, { role: 'author' });
    expect(await statusOf(user.collection('users').authRefresh())).toBe(401);

    const again = await signIn(s.server, 'papel@exemplo.com.br');
    const other = await signIn(s.server, 'papel@exemplo.com.br');
    await again.collection('users').update(again.authStore.record!.id, {
      oldPassword: PASSWORD,
      password: 'Outra-Senha-456',
      passwordConfirm: 'Outra-Senha-456',
    });
    expect(await statusOf(other.collection('users').authRefresh())).toBe(401);
  });
});

describe('role and activation changes', () => {
  test('nobody but an admin changes a role or an active flag, their own included', async () => {
    const editor = s.editor;
    expect(await statusOf(editor.client.collection('users').update(editor.actor!.id, { role: 'admin' }))).toBe(404);
    expect(await statusOf(editor.client.collection('users').update(editor.actor!.id, { is_active: false }))).toBe(404);
    const renamed = await editor.client.collection('users').update(editor.actor!.id, { full_name: 'Edson Editor' });
    expect(renamed.full_name).toBe('Edson Editor');
    expect(renamed.role).toBe('editor');
  });

  test('the last active admin can never be demoted, deactivated or deleted', async () => {
    const admin = s.admin;
    // Not even by a superuser (an admin cannot change their own role at all).
    const demote = await s.superuser
      .collection('users')
      .update(admin.actor!.id, { role: 'editor' })
      .catch((error) => error);
    expect(demote.status).toBe(400);
    expect(demote.message).toBe('O último administrador ativo não pode ser rebaixado nem desativado.');
    expect(await statusOf(s.superuser.collection('users').update(admin.actor!.id, { is_active: false }))).toBe(400);
    expect(await statusOf(s.superuser.collection('users').delete(admin.actor!.id))).toBe(400);

    // With a second active admin, the first one may be stepped down by them.
    const second = await admin.client
      .collection('users')
      .create({ email: 'admin2@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, role: 'admin' });
    const secondClient = await signIn(s.server, 'admin2@exemplo.com.br');
    const stepped = await secondClient.collection('users').update(admin.actor!.id, { role: 'editor' });
    expect(stepped.role).toBe('editor');
    await secondClient.collection('users').update(admin.actor!.id, { role: 'admin' });
    expect(second.role).toBe('admin');
  });
});

describe('session length', () => {
  test('auth tokens last 8 hours', async () => {
    const client = await signIn(s.server, 'editor@exemplo.com.br');
    const payload = JSON.parse(Buffer.from(client.authStore.token.split('.')[1]!, 'base64url').toString());
    const lifetime = payload.exp - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(8 * 60 * 60 - 60);
    expect(lifetime).toBeLessThanOrEqual(8 * 60 * 60 + 1);
  });
});

describe('operators', () => {
  test('`create-admin` makes an active admin from the command line', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const { fromRoot } = await import('../../scripts/lib/paths.mjs');
    const run = (...args: string[]) =>
      promisify(execFile)(s.server.bin, [
        'create-admin',
        ...args,
        `--dir=${s.server.dataDir}`,
        `--hooksDir=${fromRoot('pb_hooks')}`,
        `--migrationsDir=${fromRoot('pb_migrations')}`,
      ]);
    const weak = await run('operador@exemplo.com.br', 'fraca');
    expect(weak.stderr + weak.stdout).toContain('Senha recusada');
    await run('operador@exemplo.com.br', 'Operador-Forte-1', 'Operador', 'Chefe');
    const operator = await signIn(s.server, 'operador@exemplo.com.br', 'Operador-Forte-1');
    expect(operator.authStore.record).toMatchObject({ role: 'admin', is_active: true, full_name: 'Operador Chefe' });
  });

  test('`npm run create-admin` prints no SQL and no password hash, even with PocketBase under the temp dir', async () => {
    const { execFile } = await import('node:child_process');
    const { copyFile, mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { promisify } = await import('node:util');
    const { fromRoot } = await import('../../scripts/lib/paths.mjs');
    // Under the temp dir PocketBase guesses it runs from `go run` and turns dev mode on.
    const dir = await mkdtemp(join(tmpdir(), 'pb-bin-'));
    try {
      const bin = join(dir, 'pocketbase');
      await copyFile(s.server.bin, bin);
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['scripts/create-admin.mjs', ...args], {
          env: { ...process.env, PB_DATA: s.server.dataDir, POCKETBASE_BIN: bin },
        });
      // With dev mode forced on, the same command prints its SQL: what this test looks for is there to find.
      const dev = await promisify(execFile)(bin, [
        'create-admin',
        'dev-mode@exemplo.com.br',
        'Dev-Forte-123',
        `--dir=${s.server.dataDir}`,
        `--hooksDir=${fromRoot('pb_hooks')}`,
        `--migrationsDir=${fromRoot('pb_migrations')}`,
        '--dev=true',
      ]);
      expect(dev.stdout + dev.stderr).toMatch(/\$2a\$/);
      const output = await run('sem-sql@exemplo.com.br', 'Sem-SQL-Forte-1', 'Sem SQL');
      const printed = output.stdout + output.stderr;
      expect(printed).not.toMatch(/\$2a\$|INSERT INTO|UPDATE `users`|SELECT /);
      const admin = await signIn(s.server, 'sem-sql@exemplo.com.br', 'Sem-SQL-Forte-1');
      expect(admin.authStore.record).toMatchObject({ role: 'admin', is_active: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the admin's sign-up on a new panel", () => {
  test('tells the first account it is an active administrator, and a later one that it is not, before and after', async () => {
    const fresh = await startTestServer();
    try {
      const auth = createAuthProvider(newClient(fresh));
      const fields = (email: string) => ({ name: 'Primeira Pessoa', email, password: PASSWORD, confirmation: PASSWORD });
      // The sign-up form asks first, to say what will happen (GET /api/site/sign-up, public).
      expect(await auth.firstAccount()).toBe(true);
      expect(await auth.signUp(fields('primeira@exemplo.com.br'))).toEqual({ activeAdmin: true });
      expect(await auth.firstAccount()).toBe(false);
      expect(await auth.signUp(fields('segunda@exemplo.com.br'))).toEqual({ activeAdmin: false });
      // Someone trying an address already taken is answered as a sign-up, never as an administrator.
      expect(await auth.signUp(fields('primeira@exemplo.com.br'))).toEqual({ activeAdmin: false });
    } finally {
      await fresh.stop();
    }
  });
});

describe('GET /api/site/sign-up', () => {
  test('answers anyone with whether the next sign-up is the first account, and nothing else', async () => {
    const response = await fetch(`${s.server.url}/api/site/sign-up`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ firstAccount: false });
  });
});
