/**
 * Two-step sign-in against a real PocketBase and a real SMTP server on
 * loopback: without e-mail the first admin signs in with the password; once e-mail
 * works an admin's password alone gives an mfaId and no token, and the e-mailed code
 * finishes the sign-in (audited); codes are only a second step, wrong ones are
 * refused and the fifth spends the code; code requests are limited per account and
 * per address; the password lockout still holds; the Perfil switch is each account's
 * own, and an admin cannot turn it off.
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { PASSWORD, newClient, signIn, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';
import { codeStep, mailBody, mailSince, mailSubject, passwordStep, requestCode, signInWithCode } from '../helpers/two-step';

let s: StaffServer;
let sink: SmtpSink;
let serial = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
});

const MESSAGES = {
  expired: 'A verificação expirou. Entre de novo com sua senha.',
  passwordFirst: 'O código de verificação é a segunda etapa: entre primeiro com sua senha.',
  spent: 'Este código não vale mais: foram 5 tentativas erradas. Peça um novo código.',
  tooManyCodes: 'Muitos códigos pedidos. Tente novamente em 15 minutos.',
  noMail: 'O envio de e-mails não está configurado: o código de verificação não pode ser enviado.',
  ownSwitch: 'Só a própria pessoa liga ou desliga a verificação em duas etapas, no Perfil.',
  adminAlways: 'Administradores sempre entram com a verificação em duas etapas.',
};

/**
 * A fresh active account made by the admin (signed in before e-mail was configured).
 * Each test has its own: PocketBase also limits code checks per account (5 in 3 minutes).
 */
async function newAccount(role: 'admin' | 'editor' | 'author') {
  const email = `${role}-duas-etapas-${++serial}@exemplo.com.br`;
  const record = await s.admin.client.collection('users').create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    role,
    is_active: true,
    full_name: `Pessoa ${serial}`,
  });
  return { id: record.id, email };
}

const rawPasswordSignIn = (email: string, password = PASSWORD) =>
  fetch(`${s.server.url}/api/collections/users/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  });

const failure = async (call: Promise<unknown>) => {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { status: number; response: { message?: string } } | null;
  if (!error) throw new Error('a chamada deveria ter sido recusada');
  return { status: error.status, message: error.response?.message };
};

describe('without e-mail configured', () => {
  test('the first admin signs in with the password alone, and no code can be asked for', async () => {
    expect(await (await fetch(`${s.server.url}/api/site/mail`)).json()).toEqual({ enabled: false });
    const response = await rawPasswordSignIn('admin@exemplo.com.br');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { token?: string }).token).toBeTruthy();

    const refused = await failure(
      newClient(s.server)
        .collection('users')
        .requestOTP('admin@exemplo.com.br', { body: { email: 'admin@exemplo.com.br', mfaId: 'qualquer' } }),
    );
    expect(refused).toEqual({ status: 400, message: MESSAGES.noMail });
  });
});

describe('with e-mail configured', () => {
  beforeAll(async () => {
    await useSmtpSink(s.admin.client, sink, { user: 'mailer', password: 'segredo-smtp-123' });
  });

  test("an admin's password alone gives an mfaId and no token; others sign in as before", async () => {
    const admin = await newAccount('admin');
    const response = await rawPasswordSignIn(admin.email);
    expect(response.status).toBe(401);
    const body = (await response.json()) as Record<string, unknown>;
    expect(typeof body.mfaId).toBe('string');
    expect(body).not.toHaveProperty('token');
    expect(body).not.toHaveProperty('record');
    // An editor who did not turn the switch on still signs in with the password.
    const editor = await newAccount('editor');
    expect(await statusOf(signIn(s.server, editor.email))).toBe(200);
    // An inactive admin learns only that the account is inactive, as before: no code is mailed.
    await s.admin.client.collection('users').update(admin.id, { is_active: false });
    expect((await rawPasswordSignIn(admin.email)).status).toBe(200);
  });

  test('the e-mailed code (pt-BR, 5 minutes) finishes the sign-in once, and the audit log records it', async () => {
    const admin = await newAccount('admin');
    const client = newClient(s.server);
    const mfaId = await passwordStep(client, admin.email, PASSWORD);
    const since = sink.messages.length;
    const { otpId, code } = await requestCode(client, sink, admin.email, mfaId);
    const { raw } = await mailSince(sink, admin.email, since);
    expect(mailSubject(raw)).toBe('Código de verificação – Operium');
    expect(mailBody(raw)).toContain('Seu código de verificação para entrar no painel administrativo é:');
    expect(mailBody(raw)).toContain('Ele vale por 5 minutos e só pode ser usado uma vez.');
    expect(mailBody(raw)).toContain(code);

    const auth = await codeStep(client, mfaId, otpId, code);
    expect(auth.token).toBeTruthy();
    expect(auth.record.id).toBe(admin.id);
    expect(client.authStore.isValid).toBe(true);
    expect(await statusOf(client.collection('users').getOne(admin.id))).toBe(200);

    // Once used, the code is gone.
    expect((await failure(codeStep(newClient(s.server), mfaId, otpId, code))).status).toBe(400);

    const rows = await s.superuser
      .collection('audit_logs')
      .getFullList({ filter: s.superuser.filter('action = "SIGN_IN" && record_id = {:id}', { id: admin.id }) });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user: admin.id,
      actor: `Pessoa ${serial}`,
      table_name: 'users',
      ip: '127.0.0.1',
      new_values: { method: 'password', second_step: 'email_code' },
    });
    // A password sign-in without the second step is not a SIGN_IN row.
    const editor = await newAccount('editor');
    await signIn(s.server, editor.email);
    const editorRows = await s.superuser
      .collection('audit_logs')
      .getFullList({ filter: s.superuser.filter('action = "SIGN_IN" && user = {:id}', { id: editor.id }) });
    expect(editorRows).toEqual([]);
  });

  test('a code is only a second step: never alone, never with a stranger’s session', async () => {
    const admin = await newAccount('admin');
    const other = await newAccount('admin');
    const client = newClient(s.server);
    const mfaId = await passwordStep(client, admin.email, PASSWORD);
    const otherMfaId = await passwordStep(newClient(s.server), other.email, PASSWORD);
    const users = () => newClient(s.server).collection('users');

    // No code without the password step, for a known or an unknown e-mail alike.
    for (const email of [admin.email, 'ninguem@exemplo.com.br']) {
      expect(await failure(users().requestOTP(email))).toEqual({ status: 400, message: MESSAGES.expired });
      expect(await failure(users().requestOTP(email, { body: { email, mfaId: otherMfaId } }))).toEqual({
        status: 400,
        message: MESSAGES.expired,
      });
    }
    const { otpId, code } = await requestCode(client, sink, admin.email, mfaId);
    // The right code without the session, or with another account's session, signs no one in.
    expect(await failure(users().authWithOTP(otpId, code))).toEqual({ status: 400, message: MESSAGES.passwordFirst });
    expect(await failure(codeStep(newClient(s.server), otherMfaId, otpId, code))).toEqual({
      status: 400,
      message: MESSAGES.expired,
    });
    // By the collection's id instead of its name: the same rules.
    const byId = await fetch(`${s.server.url}/api/collections/_pb_users_auth_/auth-with-otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ otpId, password: code }),
    });
    expect(byId.status).toBe(400);
    expect(((await byId.json()) as { message: string }).message).toBe(MESSAGES.passwordFirst);
    // Within its own session, the same code still works.
    expect((await codeStep(client, mfaId, otpId, code)).record.id).toBe(admin.id);
  });

  test('wrong codes are refused, and a right one still works after them', async () => {
    const admin = await newAccount('admin');
    const client = newClient(s.server);
    const mfaId = await passwordStep(client, admin.email, PASSWORD);
    const { otpId, code } = await requestCode(client, sink, admin.email, mfaId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) expect((await failure(codeStep(client, mfaId, otpId, wrong))).status).toBe(400);
    expect(client.authStore.isValid).toBe(false);
    expect((await codeStep(client, mfaId, otpId, code)).record.id).toBe(admin.id);
  });

  test('the fifth wrong try spends the code, even with guesses sent at once', async () => {
    const admin = await newAccount('admin');
    const client = newClient(s.server);
    const mfaId = await passwordStep(client, admin.email, PASSWORD);
    const { otpId, code } = await requestCode(client, sink, admin.email, mfaId);
    const guesses = Array.from({ length: 12 }, (_, i) => String(100000 + i)).filter((guess) => guess !== code);
    const statuses = await Promise.all(guesses.map((guess) => statusOf(codeStep(newClient(s.server), mfaId, otpId, guess))));
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);

    // Spent: the code is deleted, and the right one is refused with the reason.
    expect(await statusOf(s.superuser.collection('_otps').getOne(otpId))).toBe(404);
    expect(await failure(codeStep(client, mfaId, otpId, code))).toEqual({ status: 400, message: MESSAGES.spent });

    // A new code can be asked for in the same session; PocketBase's own limit (5 checks
    // per account in 3 minutes) holds its check back meanwhile.
    const again = await requestCode(client, sink, admin.email, mfaId);
    expect(await statusOf(codeStep(client, mfaId, again.otpId, again.code))).toBe(429);
  });

  test('at most 5 codes per account in 15 minutes (429), and the password lockout still holds', async () => {
    const admin = await newAccount('admin');
    const client = newClient(s.server);
    const mfaId = await passwordStep(client, admin.email, PASSWORD);
    const ask = () => client.collection('users').requestOTP(admin.email, { body: { email: admin.email, mfaId } });
    for (let i = 0; i < 5; i++) expect(await statusOf(ask())).toBe(200);
    expect(await failure(ask())).toEqual({ status: 429, message: MESSAGES.tooManyCodes });

    // Wrong passwords still count; a right one (which asks for the code) clears them.
    const locked = await newAccount('admin');
    for (let i = 0; i < 4; i++) expect((await rawPasswordSignIn(locked.email, 'Errada-123')).status).toBe(400);
    expect((await rawPasswordSignIn(locked.email)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await rawPasswordSignIn(locked.email, 'Errada-123')).status).toBe(400);
    const blocked = await rawPasswordSignIn(locked.email);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).not.toContain('mfaId');
  });

  test('one address asks for at most 20 codes in 15 minutes, whatever the accounts (429)', async () => {
    // As behind a proxy: the address comes from X-Forwarded-For (README, "Configuração").
    const settings = await s.superuser.settings.getAll();
    await s.superuser.settings.update({ trustedProxy: { ...settings.trustedProxy, headers: ['X-Forwarded-For'] } });
    try {
      const ask = (ip: string, email: string, mfaId: string) =>
        fetch(`${s.server.url}/api/collections/users/request-otp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify({ email, mfaId }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await ask('203.0.113.7', `sonda-${i}@exemplo.com.br`, 'x')).status);
      expect(statuses.every((status) => status === 400)).toBe(true);
      const admin = await newAccount('admin');
      const mfaId = await passwordStep(newClient(s.server), admin.email, PASSWORD);
      const over = await ask('203.0.113.7', admin.email, mfaId);
      expect(over.status).toBe(429);
      expect(((await over.json()) as { message: string }).message).toBe(MESSAGES.tooManyCodes);
      // Another address is not held back.
      expect((await ask('203.0.113.8', admin.email, mfaId)).status).toBe(200);
    } finally {
      await s.superuser.settings.update({ trustedProxy: settings.trustedProxy });
    }
  });

  test('no code and no address reaches the server log', async () => {
    const admin = await newAccount('admin');
    const client = newClient(s.server);
    const mfaId = await passwordStep(client, admin.email, PASSWORD);
    const { otpId, code } = await requestCode(client, sink, admin.email, mfaId);
    await statusOf(codeStep(newClient(s.server), mfaId, otpId, code === '123456' ? '654321' : '123456'));
    await codeStep(client, mfaId, otpId, code);
    await statusOf(newClient(s.server).collection('users').requestOTP('ninguem@exemplo.com.br'));
    // PocketBase writes its request log in batches.
    let logs = '';
    for (let i = 0; i < 50 && !logs.includes('auth-with-otp'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      logs = JSON.stringify((await s.superuser.logs.getList(1, 500, { sort: '-created' })).items);
    }
    expect(logs).toContain('request-otp');
    for (const secret of [code, admin.email, 'ninguem@exemplo.com.br', mfaId]) expect(logs).not.toContain(secret);
    expect(s.server.output()).not.toContain(code);
  });
});

describe("the Perfil switch, 'Verificação em duas etapas'", () => {
  test('an editor turns it on (then signs in with a code) and off again', async () => {
    const editor = await newAccount('editor');
    const client = await signIn(s.server, editor.email);
    expect((await client.collection('users').update(editor.id, { two_step: true })).two_step).toBe(true);
    expect((await rawPasswordSignIn(editor.email)).status).toBe(401);
    const again = await signInWithCode(s.server.url, sink, editor.email, PASSWORD);
    expect((await again.collection('users').update(editor.id, { two_step: false })).two_step).toBe(false);
    expect((await rawPasswordSignIn(editor.email)).status).toBe(200);
  });

  test('an admin cannot turn it off (403), turning it on changes nothing', async () => {
    const admin = await newAccount('admin');
    const client = await signInWithCode(s.server.url, sink, admin.email, PASSWORD);
    expect(await failure(client.collection('users').update(admin.id, { two_step: false }))).toEqual({
      status: 403,
      message: MESSAGES.adminAlways,
    });
    expect(await statusOf(client.collection('users').update(admin.id, { two_step: true }))).toBe(200);
    expect((await rawPasswordSignIn(admin.email)).status).toBe(401);
  });

  test("nobody sets it on someone else's account: not an admin, not another author, not a superuser", async () => {
    const author = await newAccount('author');
    const on = await newAccount('editor');
    const onClient = await signIn(s.server, on.email);
    await onClient.collection('users').update(on.id, { two_step: true });
    const otherAuthor = await signIn(s.server, 'autora2@exemplo.com.br');

    for (const [who, client] of [
      ['admin', s.admin.client],
      ['author', otherAuthor],
    ] as const) {
      expect(await statusOf(client.collection('users').update(author.id, { two_step: true })), who).not.toBe(200);
      expect(await statusOf(client.collection('users').update(on.id, { two_step: false })), who).not.toBe(200);
    }
    expect(await failure(s.superuser.collection('users').update(author.id, { two_step: true }))).toEqual({
      status: 403,
      message: MESSAGES.ownSwitch,
    });
    expect(await failure(s.superuser.collection('users').update(on.id, { two_step: false }))).toEqual({
      status: 403,
      message: MESSAGES.ownSwitch,
    });
    // A whole-record save that keeps the value (PocketBase's dashboard sends every field) passes.
    expect(await statusOf(s.superuser.collection('users').update(on.id, { two_step: true, full_name: 'Mesmo Valor' }))).toBe(200);
    // An admin still edits the rest of the account.
    expect(await statusOf(s.admin.client.collection('users').update(author.id, { full_name: 'Outro Nome' }))).toBe(200);

    const stored = await s.superuser.collection('users').getOne(author.id);
    expect(stored.two_step).toBe(false);
    expect((await s.superuser.collection('users').getOne(on.id)).two_step).toBe(true);

    // Nor at creation, by a visitor signing up or by an admin.
    const signUp = (client: PocketBase, extra: Record<string, unknown>) =>
      client.collection('users').create({
        email: `novo-${++serial}@exemplo.com.br`,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        two_step: true,
        ...extra,
      });
    expect(await statusOf(signUp(newClient(s.server), {}))).toBe(400);
    expect(await statusOf(signUp(s.admin.client, { role: 'author', is_active: true }))).toBe(400);
  });
});

describe('when e-mail stops working', () => {
  test('an operator emptying smtp_host in /_/ lets admins in with the password again (docs/seguranca.md)', async () => {
    const admin = await newAccount('admin');
    expect((await rawPasswordSignIn(admin.email)).status).toBe(401);
    const host = await s.superuser.collection('public_site_settings').getFirstListItem('key = "smtp_host"');
    await s.superuser.collection('public_site_settings').update(host.id, { value: '' });
    try {
      expect((await rawPasswordSignIn(admin.email)).status).toBe(200);
    } finally {
      await s.superuser.collection('public_site_settings').update(host.id, { value: '127.0.0.1' });
    }
    expect((await rawPasswordSignIn(admin.email)).status).toBe(401);
  });
});
