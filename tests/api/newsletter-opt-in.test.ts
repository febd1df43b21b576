/**
 * The newsletter's double opt-in and unsubscribe (pb_hooks/lib/newsletter/subscriptions.js), with
 * e-mail through a real SMTP server on loopback: a sign-up waits as pending; the link
 * shows a button and only its POST confirms (keeping time and IP); tokens cannot be
 * guessed nor confirm another address; the form never tells who is on the list;
 * unsubscribing (page or RFC 8058 one-click) stops it until it confirms anew.
 */
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../helpers/database';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;
let sink: SmtpSink;
let superuser: PocketBase;

beforeAll(async () => {
  // Without PocketBase's per-address limit on sign-ups (10 in 10 minutes): these tests sign up more.
  s = await startStaffServer({ unthrottledLoopback: true });
  superuser = s.superuser;
  sink = await startSmtpSink();
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
});

const subscribe = (email: string, source = '/blog') =>
  fetch(`${s.server.url}/api/collections/newsletter_subscribers/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, source }),
  });

async function subscription(email: string) {
  return superuser.collection('newsletter_subscribers').getFirstListItem(superuser.filter('email = {:email}', { email }));
}

/** The mail's body with quoted-printable soft breaks and '=' undone. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

function confirmLinkIn(raw: string): URL {
  const match = /https?:\/\/[^\s"<>]+\/newsletter\/confirmar\?t=([A-Za-z0-9]{40})/.exec(bodyOf(raw));
  if (!match) throw new Error(`sem link de confirmação:\n${raw}`);
  return new URL(match[0]);
}

const page = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, html: await response.text(), headers: response.headers };
};

const postToken = (path: string, token: string) =>
  page(`${s.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: token }).toString(),
  });

async function runJob(id: string) {
  await superuser.send(`/api/crons/${id}`, { method: 'POST' });
}

describe('double opt-in', () => {
  test('without e-mail configured, a sign-up waits as pending; the confirmation goes once SMTP is set', async () => {
    expect((await subscribe('espera@exemplo.com.br')).status).toBe(204);
    expect(await subscription('espera@exemplo.com.br')).toMatchObject({
      status: 'pending',
      confirm_sent_at: '',
      confirmed_at: '',
    });
    expect(sink.messages).toHaveLength(0);

    await useSmtpSink(superuser, sink, { user: 'newsletter', password: 'senha-smtp' });
    await runJob('newsletter_confirmations');
    const mail = await sink.waitFor('espera@exemplo.com.br');
    expect(bodyOf(mail.raw)).toContain('Recebemos um pedido para inscrever este e-mail na newsletter');
    expect(confirmLinkIn(mail.raw).pathname).toBe('/newsletter/confirmar');
    // The job marks the sending after the SMTP exchange, which the sink has already stored.
    await expect.poll(async () => (await subscription('espera@exemplo.com.br')).confirm_sent_at).not.toBe('');
  });

  test('the link shows a button and confirms nothing; its POST confirms, keeping the time and the address', async () => {
    const email = 'leitora.confirma@exemplo.com.br';
    expect((await subscribe(email)).status).toBe(204);
    const link = confirmLinkIn((await sink.waitFor(email)).raw);
    expect(link.pathname).toBe('/newsletter/confirmar');

    const shown = await page(`${s.server.url}${link.pathname}${link.search}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Confirmar inscrição</button>');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect((await subscription(email)).status).toBe('pending');

    const done = await postToken('/newsletter/confirmar', link.searchParams.get('t')!);
    expect(done.html).toContain('Inscrição confirmada!');
    const confirmed = await subscription(email);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmed_ip: '127.0.0.1' });
    expect(Date.now() - new Date(confirmed.confirmed_at).getTime()).toBeLessThan(60_000);
  });

  test('the form answers the same for a new, pending or confirmed address, and mails a pending one at most once in minutes', async () => {
    const email = 'mesma.resposta@exemplo.com.br';
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await subscribe(email);
      answers.push([response.status, await response.text()]);
    }
    expect(answers).toEqual([
      [204, ''],
      [204, ''],
      [204, ''],
    ]);
    await sink.waitFor(email);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
    // Confirmed ('leitora.confirma' above): the same answer, and no e-mail.
    const before = sink.messages.length;
    expect((await subscribe('leitora.confirma@exemplo.com.br')).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.length).toBe(before);
  });

  test('a token cannot be guessed, and one address’s token never confirms another', async () => {
    await subscribe('ana.token@exemplo.com.br');
    await subscribe('bia.token@exemplo.com.br');
    const ana = confirmLinkIn((await sink.waitFor('ana.token@exemplo.com.br')).raw).searchParams.get('t')!;
    for (const guess of [
      'a'.repeat(40),
      ana.slice(0, 39) + (ana.endsWith('a') ? 'b' : 'a'),
      ana.toLowerCase() === ana ? ana.toUpperCase() : ana.toLowerCase(),
      '',
    ]) {
      const answer = await postToken('/newsletter/confirmar', guess);
      expect(answer.html).toContain('inválido ou expirou');
    }
    expect((await postToken('/newsletter/confirmar', ana)).html).toContain('Inscrição confirmada!');
    expect((await subscription('ana.token@exemplo.com.br')).status).toBe('confirmed');
    expect((await subscription('bia.token@exemplo.com.br')).status).toBe('pending');
  });

  test('a visitor sets only the address and the page: status, consent proof and tokens are the server’s', async () => {
    const email = 'forjada@exemplo.com.br';
    const forged = {
      status: 'confirmed',
      consented_at: '2020-01-01 00:00:00.000Z',
      confirm_sent_at: '2099-01-01 00:00:00.000Z',
      confirm_expires: '2099-01-01 00:00:00.000Z',
      confirmed_at: '2020-01-02 00:00:00.000Z',
      confirmed_ip: '198.51.100.7',
      unsubscribed_at: '2020-01-03 00:00:00.000Z',
      confirm_token_hash: 'f'.repeat(64),
      unsubscribe_token: 'u'.repeat(40),
    };
    const response = await fetch(`${s.server.url}/api/collections/newsletter_subscribers/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, source: '/blog', ...forged }),
    });
    expect(response.status).toBe(204);
    // The owner still gets the confirmation (a forged sending time in the future silenced it).
    const link = confirmLinkIn((await sink.waitFor(email)).raw);
    const stored = await subscription(email);
    expect(stored).toMatchObject({ status: 'pending', confirmed_at: '', confirmed_ip: '', unsubscribed_at: '' });
    expect(stored.consented_at).not.toBe(forged.consented_at);
    expect(stored.confirm_expires).not.toBe(forged.confirm_expires);
    const [row] = queryRows(
      path.join(s.server.dataDir, 'data.db'),
      'SELECT confirm_token_hash, unsubscribe_token FROM newsletter_subscribers WHERE email = ?',
      email,
    );
    expect(row).toMatchObject({ confirm_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(row!.confirm_token_hash).not.toBe(forged.confirm_token_hash);
    expect(row!.unsubscribe_token).not.toBe(forged.unsubscribe_token);
    expect((await postToken('/newsletter/confirmar', link.searchParams.get('t')!)).html).toContain('Inscrição confirmada!');
  });

  test('a bad sign-up is refused alike whoever the address is: no hint of who is subscribed', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const response = await fetch(`${s.server.url}/api/collections/newsletter_subscribers/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [response.status, await response.json()];
    };
    // 'leitora.confirma' is confirmed (above); the other address is on no list.
    for (const bad of [{}, { source: 'sem-barra' }, { source: '/'.repeat(300) }]) {
      const subscribed = await refusal({ email: 'leitora.confirma@exemplo.com.br', ...bad });
      const unknown = await refusal({ email: 'ninguem.lista@exemplo.com.br', ...bad });
      expect(subscribed[0], JSON.stringify(bad)).toBe(400);
      expect(subscribed).toEqual(unknown);
    }
  });

  test('visitors never read subscriptions, and nobody reads the tokens through the API', async () => {
    const list = await fetch(`${s.server.url}/api/collections/newsletter_subscribers/records`);
    expect((await list.json()).items).toEqual([]);
    const staff = await s.editor.client.collection('newsletter_subscribers').getFullList();
    expect(staff.length).toBeGreaterThan(0);
    for (const record of staff) {
      expect(record).not.toHaveProperty('confirm_token_hash');
      expect(record).not.toHaveProperty('unsubscribe_token');
    }
  });
});

describe('unsubscribe', () => {
  /** The unsubscribe token, read from the database as a newsletter e-mail would carry it (hidden from the API). */
  function unsubscribeToken(email: string) {
    const [row] = queryRows(
      path.join(s.server.dataDir, 'data.db'),
      'SELECT unsubscribe_token FROM newsletter_subscribers WHERE email = ?',
      email,
    );
    return String(row?.unsubscribe_token ?? '');
  }

  test("the link's page has one button; RFC 8058's one-click POST works with no page; then it waits for a new confirmation", async () => {
    const email = 'sai@exemplo.com.br';
    await subscribe(email);
    const token = confirmLinkIn((await sink.waitFor(email)).raw).searchParams.get('t')!;
    await postToken('/newsletter/confirmar', token);
    const unsubscribe = unsubscribeToken(email);
    expect(unsubscribe).toMatch(/^[A-Za-z0-9]{40}$/);

    const shown = await page(`${s.server.url}/newsletter/cancelar?t=${unsubscribe}`);
    expect(shown.html).toContain('Cancelar inscrição</button>');
    expect((await subscription(email)).status).toBe('confirmed');

    // What a mail client sends for List-Unsubscribe-Post: List-Unsubscribe=One-Click.
    const oneClick = await page(`${s.server.url}/newsletter/cancelar?t=${unsubscribe}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const cancelled = await subscription(email);
    expect(cancelled.status).toBe('unsubscribed');
    expect(cancelled.unsubscribed_at).not.toBe('');

    // Signing up again starts over: pending, a new confirmation e-mail.
    const before = sink.messages.filter((message) => message.to.includes(email)).length;
    await subscribe(email);
    expect((await subscription(email)).status).toBe('pending');
    await expect.poll(() => sink.messages.filter((message) => message.to.includes(email)).length).toBe(before + 1);
    expect((await page(`${s.server.url}/newsletter/cancelar?t=${'b'.repeat(40)}`)).html).toContain('inválido');
  });

  test('the tokens of these links never reach the request log', async () => {
    const logs = async () =>
      JSON.stringify(((await superuser.send('/api/logs', { query: { perPage: 500 } })) as { items: unknown[] }).items);
    await expect.poll(logs, { timeout: 15_000 }).toContain('newsletter_subscribers');
    expect(await logs()).not.toMatch(/newsletter\/(confirmar|cancelar)\?t=/);
  });
});

describe('against a slow e-mail server', () => {
  let slow: SmtpSink;
  beforeAll(async () => {
    slow = await startSmtpSink({ hold: true });
    await useSmtpSink(superuser, slow, { user: 'newsletter', password: 'senha-smtp' });
  });
  afterAll(async () => {
    slow?.release();
    await slow?.stop();
  });

  test('a new address is answered without waiting for its e-mail, as a confirmed one is: the answer tells nothing', async () => {
    const email = 'sem.espera@exemplo.com.br';
    // The server holds every message's acceptance: a sign-up that waited for its e-mail would not answer.
    const answer = await Promise.race([
      subscribe(email).then(async (response) => [response.status, await response.text()]),
      new Promise((resolve) => setTimeout(() => resolve('sem resposta em 10 s'), 10_000)),
    ]);
    expect(answer).toEqual([204, '']);
    // Meanwhile the e-mail is on its way, in the background.
    await expect.poll(() => slow.held(), { timeout: 10_000 }).toBe(1);
    expect((await subscription(email)).confirm_sent_at).not.toBe('');
    // A confirmed address: the same answer (and no e-mail).
    const confirmed = await subscribe('leitora.confirma@exemplo.com.br');
    expect([confirmed.status, await confirmed.text()]).toEqual([204, '']);

    slow.release();
    const mail = await slow.waitFor(email);
    expect(bodyOf(mail.raw)).toContain('Recebemos um pedido para inscrever este e-mail na newsletter');
    expect(slow.messages.filter((message) => message.to.includes('leitora.confirma@exemplo.com.br'))).toEqual([]);
  }, 30_000);
});

describe('when the e-mail server fails', () => {
  let refusing: SmtpSink;
  beforeAll(async () => {
    refusing = await startSmtpSink({ refuse: (address) => address.startsWith('recusado') });
    await useSmtpSink(superuser, refusing, { user: 'newsletter', password: 'senha-smtp' });
  });
  afterAll(async () => {
    await refusing?.stop();
  });

  test('a refused confirmation waits for a later try, and never stands in front of new sign-ups', async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe(`recusado${i}@exemplo.com.br`)).status).toBe(204);
    await expect.poll(async () => (await subscription('recusado2@exemplo.com.br')).confirm_failures, { timeout: 10_000 }).toBe(1);
    const failed = await subscription('recusado0@exemplo.com.br');
    expect(failed).toMatchObject({ status: 'pending', confirm_sent_at: '', confirm_failures: 1 });
    expect(new Date(failed.confirm_retry_at).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    // A new address is mailed at once; the refused ones are not tried again before their pause.
    expect((await subscribe('depois.da.falha@exemplo.com.br')).status).toBe(204);
    await refusing.waitFor('depois.da.falha@exemplo.com.br');
    await runJob('newsletter_confirmations');
    expect((await subscription('recusado0@exemplo.com.br')).confirm_failures).toBe(1);
    // The server's log says which record and the reply code, never the address.
    expect(s.server.output()).toMatch(/a confirmação de \w+ não foi enviada \(550; tentativa 1\)/);
    expect(s.server.output()).not.toContain('recusado0@');
  });

  test('a confirmation whose sending died with its process is sent again once its claim is old', async () => {
    const email = 'envio.interrompido@exemplo.com.br';
    // As a run that claimed it and died before the end: a sending time, no token.
    await superuser.collection('newsletter_subscribers').create({
      email,
      source: '/blog',
      status: 'pending',
      unsubscribe_token: 'i'.repeat(40),
      confirm_sent_at: new Date(Date.now() - 20 * 60_000).toISOString().replace('T', ' '),
    });
    await runJob('newsletter_confirmations');
    const link = confirmLinkIn((await refusing.waitFor(email)).raw);
    expect((await postToken('/newsletter/confirmar', link.searchParams.get('t')!)).html).toContain('Inscrição confirmada!');
  });
});
