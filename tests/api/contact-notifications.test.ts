/**
 * A contact message reaches the team by e-mail (pb_hooks/lib/messages/contact-notify.js),
 * through a real SMTP server on loopback: once e-mail is configured each new message goes
 * to 'E-mail que recebe as mensagens' (else the contact e-mail), with Reply-To set to the
 * visitor and every field with the form's labels; the visitor's answer never waits for it;
 * nothing of the message goes into the server's log.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contactMessage } from '../helpers/contact-message';
import { migrationsBefore, startTestServer, superuserToken } from '../helpers/server';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { newClient, startStaffServer, type StaffServer } from '../helpers/staff';
import { mailBody, mailHeader, mailSubject } from '../helpers/two-step';

let s: StaffServer;
let sink: SmtpSink;
let superuser: PocketBase;

beforeAll(async () => {
  // Without PocketBase's per-address limit on messages (10 in 10 minutes): these tests send more.
  s = await startStaffServer({ unthrottledLoopback: true });
  superuser = s.superuser;
  sink = await startSmtpSink();
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
});

const send = (fields: Record<string, unknown>) =>
  fetch(`${s.server.url}/api/collections/contact_messages/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...contactMessage(), ...fields }),
  });

const stored = (email: string) =>
  superuser.collection('contact_messages').getFirstListItem(superuser.filter('email = {:email}', { email }));

async function setSetting(key: string, value: string) {
  const settings = s.admin.client.collection('public_site_settings');
  try {
    const row = await settings.getFirstListItem(`key = "${key}"`);
    await settings.update(row.id, { value });
  } catch {
    await settings.create({ key, value });
  }
}

/** The team's e-mail about the visitor `email`'s message (its Reply-To), from `mails`. */
const mailAbout = (mails: SmtpSink, email: string) =>
  mails.waitUntil((mail) => mailHeader(mail.raw, 'Reply-To').includes(email), `sobre a mensagem de ${email}`);

describe('a new contact message', () => {
  test('without e-mail configured, nothing is sent and the message waits in the panel', async () => {
    expect((await send({ email: 'antes.do.smtp@exemplo.com.br' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages).toEqual([]);
    expect(await stored('antes.do.smtp@exemplo.com.br')).toMatchObject({ notified_at: '', read: false });
  });

  test('goes to the contact e-mail, answerable to the visitor, with every field as the form names it', async () => {
    await useSmtpSink(s.admin.client, sink, { user: 'contato', password: 'senha-smtp' });
    const message = 'Preciso de 20 controladores OPX1 com RS485 para uma envasadora. Linha única 7Z.';
    const answer = await send({
      email: 'compras@cliente.com.br',
      name: 'Rita Compras',
      message,
      notified_at: '2099-01-01 00:00:00.000Z',
    });
    expect(answer.status).toBe(200);

    const mail = await mailAbout(sink, 'compras@cliente.com.br');
    expect(mail.to).toEqual(['contato@operium.com.br']);
    expect(mailSubject(mail.raw)).toBe('Nova mensagem de contato: Rita Compras (Máquinas Ltda)');
    const body = mailBody(mail.raw);
    for (const line of [
      'Nome: Rita Compras',
      'E-mail: compras@cliente.com.br',
      'Telefone: (47) 99999-0000',
      'Empresa: Máquinas Ltda',
      'Já possui máquina ou equipamento?: Sim',
      'Volume estimado: 11 a 25 unidades',
      'Interesse: Produtos da linha',
      message,
    ]) {
      expect(body, line).toContain(line);
    }
    // Sent once, and marked (a visitor's forged time was not kept).
    await expect.poll(async () => (await stored('compras@cliente.com.br')).notified_at).not.toBe('');
    expect((await stored('compras@cliente.com.br')).notified_at).not.toBe('2099-01-01 00:00:00.000Z');
    expect(sink.messages.filter((mail) => mailBody(mail.raw).includes('Linha única 7Z'))).toHaveLength(1);
    // The message that waited for the e-mail settings (minutes old) went too, once.
    await mailAbout(sink, 'antes.do.smtp@exemplo.com.br');
    expect(sink.messages.filter((mail) => mailHeader(mail.raw, 'Reply-To').includes('antes.do.smtp@'))).toHaveLength(1);
  });

  test("goes to 'E-mail que recebe as mensagens' when set, also from a form sent without JavaScript", async () => {
    await setSetting('contact_notify_email', 'vendas@operium.com.br');
    const form = await fetch(`${s.server.url}/api/collections/contact_messages/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.server.url },
      body: new URLSearchParams({ ...contactMessage(), email: 'sem.js@cliente.com.br', name: 'Sem Script' }).toString(),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    const mail = await mailAbout(sink, 'sem.js@cliente.com.br');
    expect(mail.to).toEqual(['vendas@operium.com.br']);
    expect(mailSubject(mail.raw)).toContain('Sem Script');
  });

  test('nothing of a message reaches the server log', async () => {
    expect(s.server.output()).not.toMatch(/compras@cliente|Rita Compras|Linha única 7Z|sem\.js@/);
  });
});

describe('against a slow e-mail server', () => {
  let slow: SmtpSink;
  beforeAll(async () => {
    slow = await startSmtpSink({ hold: true });
    await useSmtpSink(s.admin.client, slow, { user: 'contato', password: 'senha-smtp' });
  });
  afterAll(async () => {
    slow?.release();
    await slow?.stop();
  });

  test("the visitor's answer does not wait for the team's e-mail", async () => {
    const answer = await Promise.race([
      send({ email: 'sem.espera@cliente.com.br' }).then((response) => response.status),
      new Promise((resolve) => setTimeout(() => resolve('sem resposta em 10 s'), 10_000)),
    ]);
    expect(answer).toBe(200);
    await expect.poll(() => slow.held(), { timeout: 10_000 }).toBe(1);
    slow.release();
    expect((await mailAbout(slow, 'sem.espera@cliente.com.br')).to).toEqual(['vendas@operium.com.br']);
  }, 30_000);
});

describe('the migration', () => {
  const MIGRATION = '1795310400_contact_notifications.js';

  test('messages stored before it count as told: once e-mail works, none of them is mailed', async () => {
    // A PocketBase with the migrations before it, as a site before the upgrade.
    const { older, all, remove } = await migrationsBefore(MIGRATION);
    const server = await startTestServer({ migrationsDir: older });
    const mails = await startSmtpSink();
    try {
      const client = newClient(server);
      client.authStore.save(await superuserToken(server));
      await client.collection('contact_messages').create({ ...contactMessage(), email: 'ja.lida@cliente.com.br' });
      await server.restart({ migrationsDir: all });
      expect((await client.collection('contact_messages').getFullList())[0]!.notified_at).not.toBe('');

      // E-mail configured, and a new message: only the new one goes.
      await useSmtpSink(client, mails, { user: 'contato', password: 'senha-smtp' });
      const response = await fetch(`${server.url}/api/collections/contact_messages/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...contactMessage(), email: 'nova@cliente.com.br' }),
      });
      expect(response.status).toBe(200);
      await mailAbout(mails, 'nova@cliente.com.br');
      await client.send('/api/crons/contact_notifications', { method: 'POST' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mails.messages).toHaveLength(1);
    } finally {
      await mails.stop();
      await server.stop();
      await remove();
    }
  });
});
