/**
 * Password-reset requests against a real SMTP server: a reset through
 * the e-mailed link lets a blocked owner in at once; requests are limited per e-mail
 * (answered as if sent, so nothing is revealed) and per address (429); inactive
 * accounts get no mail; PB_ADMIN_UI=off hides PocketBase's dashboard.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { PASSWORD, newClient, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  s = await startStaffServer({ unthrottledLoopback: true, env: { PUBLIC_SITE_URL: 'https://painel.exemplo.com.br' } });
  await useSmtpSink(s.admin.client, sink, { user: 'mailer', password: 'segredo-smtp-123' });
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
});

const requestReset = (email: string) =>
  fetch(`${s.server.url}/api/collections/users/request-password-reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });

const mailsTo = (email: string) => sink.messages.filter((message) => message.to.includes(email));
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

function resetToken(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = body.match(/\/admin\/reset-password\?token=([\w.-]+)/);
  if (!link) throw new Error('o e-mail não traz o link de redefinição');
  return link[1]!;
}

describe('the sign-in block', () => {
  test('a password reset through the e-mailed link lets the owner in at once', async () => {
    const email = 'autor@exemplo.com.br';
    const attempt = (password: string) => statusOf(newClient(s.server).collection('users').authWithPassword(email, password));
    for (let i = 0; i < 5; i++) expect(await attempt('Errada-123')).toBe(400);
    expect(await attempt(PASSWORD)).toBe(429);

    expect((await requestReset(email)).status).toBe(204);
    const token = resetToken((await sink.waitFor(email)).raw);
    await newClient(s.server).collection('users').confirmPasswordReset(token, 'Senha-Nova-2026', 'Senha-Nova-2026');
    expect(await attempt('Senha-Nova-2026')).toBe(200);
  });
});

describe('reset requests', () => {
  test('an inactive account gets no reset mail, with the same reply', async () => {
    const response = await requestReset('inativo@exemplo.com.br');
    expect(response.status).toBe(204);
    await settle();
    expect(mailsTo('inativo@exemplo.com.br')).toEqual([]);
  });

  test('at most 3 mails per e-mail, even asked for at once, and every reply is the same 204', async () => {
    const email = 'editor@exemplo.com.br';
    const replies = await Promise.all(Array.from({ length: 5 }, () => requestReset(email)));
    const unknown = await requestReset('ninguem@exemplo.com.br');
    for (const reply of [...replies, unknown]) {
      expect(reply.status).toBe(204);
      expect(await reply.text()).toBe('');
    }
    // PocketBase sends reset mails in the background: wait for one, then let the others arrive.
    await sink.waitFor(email);
    await settle();
    expect(mailsTo(email).length).toBeGreaterThanOrEqual(1);
    expect(mailsTo(email).length).toBeLessThanOrEqual(3);
  });

  test('one address cannot ask for more than 10 resets an hour (429)', async () => {
    const statuses: number[] = [];
    let message = '';
    for (let i = 0; i < 12; i++) {
      const response = await requestReset(`pessoa-${i}@exemplo.com.br`);
      statuses.push(response.status);
      if (response.status === 429) message = ((await response.json()) as { message: string }).message;
    }
    // This address already asked 8 times above.
    expect(statuses.slice(0, 2)).toEqual([204, 204]);
    expect(statuses.slice(2).every((status) => status === 429)).toBe(true);
    expect(message).toBe('Muitas solicitações de recuperação de senha. Tente novamente mais tarde.');
  });
});

describe('PB_ADMIN_UI', () => {
  test('off: PocketBase’s dashboard answers 404, its API stays', async () => {
    expect((await fetch(`${s.server.url}/_/`)).status).toBe(200);
    const hidden = await startTestServer({ env: { PB_ADMIN_UI: 'off' } });
    try {
      expect((await fetch(`${hidden.url}/_/`)).status).toBe(404);
      expect((await fetch(`${hidden.url}/_/api/../`)).status).toBe(404);
      expect((await fetch(`${hidden.url}/_`)).status).toBe(404); // redirected to /_/
      const signIn = await fetch(`${hidden.url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: hidden.superuser.email, password: hidden.superuser.password }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await hidden.stop();
    }
  });
});
