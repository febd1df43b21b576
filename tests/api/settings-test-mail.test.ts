/**
 * 'Enviar e-mail de teste' (POST /api/site/mail/test, pb_hooks/lib/mail/mail-test.js) against
 * real SMTP servers: the e-mail leaves through the saved settings with the sender set in
 * Configurações, and a failure (connection refused, authentication, TLS, a server that
 * never answers: server/mailtimeout) comes back
 * explained in pt-BR with the server's own words. Only active admins may send, only to
 * staff addresses (whatever the spelling of the body's key), a few per admin; the SMTP
 * password appears in no answer and no log.
 */
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type PocketBase from 'pocketbase';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { caseVariants, respelled } from '../helpers/key-spellings';
import { PASSWORD, signIn, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';

const SMTP_PASSWORD = 'segredo-smtp-teste-987';
const OUTSIDER = 'estranho@fora.com.br';
let s: StaffServer;
let sink: SmtpSink;
let refusing: SmtpSink;
/** Admins of their own, signed in before e-mail works (then admins need the e-mailed second step). */
const admins: PocketBase[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  refusing = await startSmtpSink({ refuseAuth: true });
  s = await startStaffServer({ unthrottledLoopback: true });
  for (const name of ['segunda', 'terceira']) {
    const email = `admin-${name}@exemplo.com.br`;
    await s.admin.client
      .collection('users')
      .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role: 'admin', is_active: true, full_name: name });
    admins.push(await signIn(s.server, email));
  }
  await useSmtpSink(s.admin.client, sink, { user: 'mailer', password: SMTP_PASSWORD });
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
  await refusing?.stop();
});

interface TestAnswer {
  sent: boolean;
  to?: string;
  reason?: string;
  message: string;
  detail?: string;
}

const sendTest = (client: PocketBase, body: Record<string, unknown> = {}) =>
  client.send<TestAnswer>('/api/site/mail/test', { method: 'POST', body });

async function setting(key: string, value: string) {
  const rows = s.admin.client.collection('public_site_settings');
  const row = await rows.getFirstListItem(s.admin.client.filter('key = {:key}', { key }));
  await rows.update(row.id, { value });
}

describe('the test e-mail', () => {
  test("goes to the admin's own address by default, from the sender set in Configurações", async () => {
    await setting('smtp_sender_name', 'Equipe Operium');
    await setting('smtp_sender_address', 'avisos@operium.com.br');
    expect((await s.superuser.settings.getAll()).meta).toMatchObject({
      senderName: 'Equipe Operium',
      senderAddress: 'avisos@operium.com.br',
    });

    const answer = await sendTest(s.admin.client);
    expect(answer).toEqual({
      sent: true,
      to: 'admin@exemplo.com.br',
      message: 'E-mail de teste enviado para admin@exemplo.com.br.',
    });
    const mail = await sink.waitFor('admin@exemplo.com.br');
    expect(mail.from).toBe('avisos@operium.com.br');
    expect(mail.raw).toMatch(/^From: "?Equipe Operium"? <avisos@operium\.com\.br>/m);
    expect(mail.auth).toEqual({ username: 'mailer', password: SMTP_PASSWORD });

    // Another staff member's address, typed in capitals.
    expect(await sendTest(s.admin.client, { to: 'EDITOR@exemplo.com.br' })).toMatchObject({
      sent: true,
      to: 'editor@exemplo.com.br',
    });
    await sink.waitFor('editor@exemplo.com.br');
  });

  test('the encryption choice reaches the mailer: STARTTLS when offered, or implicit TLS', async () => {
    const tls = async () => (await s.superuser.settings.getAll()).smtp.tls;
    const row = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "smtp_tls"');
    expect(row.value).toBe('starttls');
    expect(await tls()).toBe(false);
    await setting('smtp_tls', 'tls');
    expect(await tls()).toBe(true);
    await expect(setting('smtp_tls', 'nenhuma')).rejects.toMatchObject({ status: 400 });
    await setting('smtp_tls', 'starttls');
    expect(await tls()).toBe(false);
  });

  test("failures come back explained in pt-BR with the server's words, never the password", async () => {
    const [admin] = admins;
    const answers: TestAnswer[] = [];
    const attempt = async () => {
      const answer = await sendTest(admin!);
      answers.push(answer);
      return answer;
    };

    // Implicit TLS against a server that speaks plain SMTP.
    await setting('smtp_tls', 'tls');
    expect(await attempt()).toMatchObject({
      sent: false,
      reason: 'tls',
      message:
        'A conexão segura (TLS) falhou: confira a criptografia escolhida e a porta (465 para TLS implícito, 587 para STARTTLS).',
      detail: expect.stringMatching(/tls/i),
    });
    await setting('smtp_tls', 'starttls');

    await setting('smtp_port', String(await freePort()));
    expect(await attempt()).toMatchObject({
      sent: false,
      reason: 'refused',
      message: 'O servidor SMTP recusou a conexão: confira o endereço do servidor e a porta.',
      detail: expect.stringMatching(/connection refused/),
    });

    await setting('smtp_port', String(refusing.port));
    expect(await attempt()).toMatchObject({
      sent: false,
      reason: 'auth',
      message: 'O servidor SMTP recusou a autenticação: confira o usuário e a senha.',
      detail: expect.stringMatching(/535/),
    });
    await setting('smtp_port', String(sink.port));

    expect(JSON.stringify(answers)).not.toContain(SMTP_PASSWORD);
    expect(s.server.output()).not.toContain(SMTP_PASSWORD);
    const logs = await s.superuser.logs.getList(1, 500);
    expect(JSON.stringify(logs.items)).not.toContain(SMTP_PASSWORD);
  });

  test('a server that takes the connection and never answers is a timeout, not a wait forever', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    try {
      await setting('smtp_port', String(port));
      const started = Date.now();
      expect(await sendTest(admins[0]!)).toMatchObject({
        sent: false,
        reason: 'timeout',
        message: 'O servidor SMTP não respondeu a tempo: confira o endereço, a porta e se um firewall bloqueia a conexão.',
        detail: expect.stringMatching(/timeout/),
      });
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await setting('smtp_port', String(sink.port));
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);

  test('only active admins may send, and only to staff addresses, whatever the spelling of the key', async () => {
    for (const who of [s.editor, s.author, s.inactive, s.anonymous]) {
      expect([401, 403], who.name).toContain(await statusOf(sendTest(who.client)));
      expect([401, 403], who.name).toContain(await statusOf(sendTest(who.client, { to: who.email || OUTSIDER })));
    }
    await expect(sendTest(s.admin.client, { to: OUTSIDER })).rejects.toMatchObject({
      status: 400,
      response: { data: { to: { message: 'O teste só vai para e-mails de contas ativas da equipe, como o seu.' } } },
    });
    // Go binds JSON keys case-insensitively: `TO` is the same field, and the same refusal.
    for (const spelling of caseVariants('to')) {
      const body = respelled({ to: OUTSIDER }, () => spelling);
      expect(await statusOf(sendTest(s.admin.client, body)), spelling).toBe(400);
    }
    // An inactive account's address is no staff address either.
    expect(await statusOf(sendTest(s.admin.client, { to: 'inativo@exemplo.com.br' }))).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter((mail) => mail.to.includes(OUTSIDER))).toEqual([]);
  });

  test('a few tests per admin: the sixth within ten minutes is refused', async () => {
    const admin = admins[1]!;
    for (let i = 0; i < 5; i++) expect((await sendTest(admin)).sent).toBe(true);
    await expect(sendTest(admin)).rejects.toMatchObject({
      status: 429,
      response: { message: 'Muitos e-mails de teste: no máximo 5 a cada 10 minutos. Tente novamente mais tarde.' },
    });
  });
});
