/**
 * Account rules tried as an attacker would: letter case, parallel
 * guesses, endless sessions, inactive tokens, an admin changing their own role,
 * replies that would tell which e-mails have accounts, the superusers' sign-in.
 * PocketBase's per-IP limiter is lifted for loopback, so only our rules answer.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../helpers/database';
import { PASSWORD, newClient, signIn, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const BLOCKED =
  "Muitas tentativas de login. Tente novamente em 15 minutos. Para entrar agora, redefina sua senha na aba 'Recuperar'.";

const attempt = (email: string, password: string) =>
  statusOf(newClient(s.server).collection('users').authWithPassword(email, password));

const signUp = (email: string, password = PASSWORD, extra: Record<string, unknown> = {}) =>
  newClient(s.server)
    .collection('users')
    .create({ email, password, passwordConfirm: password, full_name: 'Pessoa Nova', ...extra });

async function createStaff(email: string, role = 'editor', is_active = true) {
  const record = await s.admin.client
    .collection('users')
    .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role, is_active, full_name: email });
  return record.id;
}

const accountsWith = (email: string) =>
  s.superuser.collection('users').getFullList({ filter: s.superuser.filter('email ~ {:email}', { email }) });

/** What an API error answers, for comparing replies. */
async function replyOf(call: Promise<unknown>) {
  try {
    return { status: 200, body: await call };
  } catch (error) {
    const { status, response } = error as { status: number; response: unknown };
    return { status, body: response };
  }
}

const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('e-mails and letter case', () => {
  test('e-mails are stored lowercase and trimmed, on every path', async () => {
    const id = await createStaff('  Nova.Pessoa@Exemplo.COM.br ');
    expect((await s.superuser.collection('users').getOne(id)).email).toBe('nova.pessoa@exemplo.com.br');
    await s.admin.client.collection('users').update(id, { email: 'Outra.Pessoa@Exemplo.com.br' });
    expect((await s.superuser.collection('users').getOne(id)).email).toBe('outra.pessoa@exemplo.com.br');
    await s.superuser.collection('users').update(id, { email: 'TERCEIRA@Exemplo.com.br' });
    expect((await s.superuser.collection('users').getOne(id)).email).toBe('terceira@exemplo.com.br');
    // Signing in works whatever case is typed.
    expect(await attempt('Terceira@EXEMPLO.com.br', PASSWORD)).toBe(200);
  });

  test('a sign-up with a case variant of a registered e-mail creates no second account', async () => {
    await createStaff('unica@exemplo.com.br');
    expect(await statusOf(signUp(' UNICA@Exemplo.com.br'))).toBe(200);
    expect(
      await statusOf(
        s.admin.client.collection('users').create({
          email: 'Unica@exemplo.com.br',
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          role: 'author',
        }),
      ),
    ).toBe(400);
    const accounts = await accountsWith('unica@');
    expect(accounts.map((account) => account.email)).toEqual(['unica@exemplo.com.br']);
  });

  test('failures count per account whatever case is typed; success on another account clears nothing', async () => {
    await createStaff('vitima@exemplo.com.br');
    // The attacker's own account, signed up with a case variant of the victim's e-mail.
    await signUp('VITIMA@exemplo.com.br', 'Senha-Do-Atacante-1');
    for (const typed of ['vitima@exemplo.com.br', 'Vitima@exemplo.com.br', 'VITIMA@EXEMPLO.COM.BR', 'vItImA@exemplo.com.br']) {
      expect(await attempt(typed, 'Errada-123')).toBe(400);
    }
    // Would have cleared the count when it named a second account.
    expect(await attempt('VITIMA@exemplo.com.br', 'Senha-Do-Atacante-1')).toBe(400);
    const blocked = await newClient(s.server)
      .collection('users')
      .authWithPassword('vitima@exemplo.com.br', PASSWORD)
      .catch((error) => error);
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(BLOCKED);
  });

  test('a success on one account leaves the failures of another', async () => {
    await createStaff('alvo@exemplo.com.br');
    for (let i = 0; i < 5; i++) expect(await attempt('alvo@exemplo.com.br', 'Errada-123')).toBe(400);
    expect(await attempt('editor@exemplo.com.br', PASSWORD)).toBe(200);
    expect(await attempt('alvo@exemplo.com.br', PASSWORD)).toBe(429);
  });
});

describe('parallel guesses', () => {
  test('30 wrong passwords at once reach the password check at most 5 times, and the account is locked', async () => {
    await createStaff('paralelo@exemplo.com.br');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt('paralelo@exemplo.com.br', `Errada-${i}-X`)));
    expect(answers.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
    expect(answers.every((status) => status === 400 || status === 429)).toBe(true);
    expect(await attempt('paralelo@exemplo.com.br', PASSWORD)).toBe(429);
  });
});

describe('sessions', () => {
  test('a refresh never moves the end of the session: it keeps the sign-in’s expiry', async () => {
    const client = await signIn(s.server, 'autor@exemplo.com.br');
    const signedIn = payloadOf(client.authStore.token).exp;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.collection('users').authRefresh();
    expect(payloadOf(client.authStore.token).exp).toBe(signedIn);
  });

  test('once the 8 hours have passed, refresh answers 401 in Portuguese', async () => {
    const client = await signIn(s.server, 'autora2@exemplo.com.br');
    const id = client.authStore.record!.id;
    // The same token a sign-in 8 hours ago would have: signed with the real keys, expired.
    const db = path.join(s.server.dataDir, 'data.db');
    const { tokenKey } = queryRows(db, 'SELECT tokenKey FROM users WHERE id = ?', id)[0] as { tokenKey: string };
    const users = queryRows(db, "SELECT id, options FROM _collections WHERE name = 'users'")[0] as {
      id: string;
      options: string;
    };
    const { id: collectionId, options } = users;
    const secret = JSON.parse(options).authToken.secret as string;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
      id,
      type: 'auth',
      collectionId,
      refreshable: true,
      exp: Math.floor(Date.now() / 1000) - 60,
    })}`;
    const expired = `${unsigned}.${createHmac('sha256', tokenKey + secret)
      .update(unsigned)
      .digest('base64url')}`;
    const late = newClient(s.server);
    late.authStore.save(expired, client.authStore.record);
    const refused = await late
      .collection('users')
      .authRefresh()
      .catch((error) => error);
    expect(refused.status).toBe(401);
    expect(refused.message).toBe('Sessão expirada. Por segurança, sua sessão foi encerrada.');
  });
});

describe('inactive accounts', () => {
  test('an inactive account’s token opens no route: refresh, e-mail and password changes, custom routes', async () => {
    const inactive = s.inactive.client;
    const id = s.inactive.actor!.id;
    expect(inactive.authStore.record?.is_active).toBe(false);
    const calls: Record<string, () => Promise<unknown>> = {
      refresh: () => inactive.collection('users').authRefresh(),
      emailChange: () => inactive.collection('users').requestEmailChange('novo-inativo@exemplo.com.br'),
      password: () =>
        inactive
          .collection('users')
          .update(id, { oldPassword: PASSWORD, password: 'Outra-Senha-9', passwordConfirm: 'Outra-Senha-9' }),
      ownRecord: () => inactive.collection('users').getOne(id),
      pages: () => inactive.collection('pages').getFullList(),
      fileToken: () => inactive.files.getToken(),
      stats: () => inactive.send('/api/admin/stats', {}),
    };
    for (const [name, call] of Object.entries(calls)) {
      const reply = await replyOf(call());
      expect(reply.status, name).toBe(403);
      expect((reply.body as { message?: string }).message, name).toBe('Conta inativa.');
    }
    // Signing in again still tells the person their account is inactive.
    const again = await signIn(s.server, 'inativo@exemplo.com.br');
    expect(again.authStore.record).toMatchObject({ is_active: false });
  });
});

describe('an admin and their own account', () => {
  test('cannot change their own role or active flag; another admin can', async () => {
    await createStaff('chefe1@exemplo.com.br', 'admin');
    await createStaff('chefe2@exemplo.com.br', 'admin');
    const first = await signIn(s.server, 'chefe1@exemplo.com.br');
    const second = await signIn(s.server, 'chefe2@exemplo.com.br');
    const self = first.authStore.record!.id;
    const demote = await first
      .collection('users')
      .update(self, { role: 'editor' })
      .catch((error) => error);
    expect(demote.status).toBe(403);
    expect(demote.message).toBe(
      'Você não pode alterar a própria função nem desativar a própria conta. Peça a outro administrador.',
    );
    expect(await statusOf(first.collection('users').update(self, { is_active: false }))).toBe(403);
    // Their own name, and a role sent unchanged, are fine.
    expect(
      await statusOf(first.collection('users').update(self, { full_name: 'Chefe Um', role: 'admin', is_active: true })),
    ).toBe(200);
    expect((await second.collection('users').update(self, { role: 'editor' })).role).toBe('editor');
  });
});

describe('replies that tell nothing about which e-mails have accounts', () => {
  test('sign-up: a registered e-mail is answered as a free one, and creates nothing', async () => {
    const free = await replyOf(signUp('livre@exemplo.com.br'));
    const taken = await replyOf(signUp('editor@exemplo.com.br'));
    expect(taken.status).toBe(free.status);
    expect(Object.keys(taken.body as object).sort()).toEqual(Object.keys(free.body as object).sort());
    const shape = ({ id, created, updated, ...rest }: Record<string, unknown>) => ({
      ...rest,
      id: typeof id,
      created: typeof created,
      updated: typeof updated,
    });
    expect(shape(taken.body as Record<string, unknown>)).toEqual(shape(free.body as Record<string, unknown>));
    expect((await accountsWith('editor@exemplo.com.br')).length).toBe(1);
    expect((await accountsWith('editor@exemplo.com.br'))[0]).toMatchObject({ role: 'editor', is_active: true });

    // The other checks answer alike too.
    const mismatch = (email: string) =>
      replyOf(newClient(s.server).collection('users').create({ email, password: PASSWORD, passwordConfirm: 'Outra-1234' }));
    expect(await mismatch('editor@exemplo.com.br')).toEqual(await mismatch('livre2@exemplo.com.br'));
    const longName = (email: string) => replyOf(signUp(email, PASSWORD, { full_name: 'a'.repeat(100) + '<' }));
    expect((await longName('editor@exemplo.com.br')).status).toBe((await longName('livre3@exemplo.com.br')).status);
  });

  test('sign-in: a wrong password and an unknown e-mail get the same reply', async () => {
    const wrong = await replyOf(newClient(s.server).collection('users').authWithPassword('autor@exemplo.com.br', 'Errada-1'));
    const unknown = await replyOf(
      newClient(s.server).collection('users').authWithPassword('nao-existe@exemplo.com.br', 'Errada-1'),
    );
    expect(unknown).toEqual(wrong);
  });
});

describe('superusers', () => {
  test('the superusers’ sign-in has the same per-account throttle', async () => {
    await s.superuser
      .collection('_superusers')
      .create({ email: 'root2@exemplo.com.br', password: 'Root-Senha-123', passwordConfirm: 'Root-Senha-123' });
    const root = (password: string) =>
      statusOf(newClient(s.server).collection('_superusers').authWithPassword('root2@exemplo.com.br', password));
    for (let i = 0; i < 5; i++) expect(await root('Errada-123')).toBe(400);
    expect(await root('Root-Senha-123')).toBe(429);
  });
});
