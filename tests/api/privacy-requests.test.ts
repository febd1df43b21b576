/**
 * Data-subject requests (LGPD art. 18; pb_hooks/lib/privacy/privacy.js): an admin looks up an
 * e-mail, exports it and erases it; after the erasure, no collection and no audit entry
 * holds that e-mail, name or message, while the audit log keeps that an erasure
 * happened, by whom. Only admins may ask; each request is recorded without the e-mail.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contactMessage } from '../helpers/contact-message';
import { databaseSnapshot } from '../helpers/database';
import { FUNCAO_MAP } from '../helpers/git-articles';
import { migrationsBefore, startTestServer, superuserToken } from '../helpers/server';
import { newClient, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;
beforeAll(async () => {
  s = await startStaffServer({ gitArticles: [FUNCAO_MAP] });
});
afterAll(async () => {
  await s?.stop();
});

const EMAIL = 'Titular.Dados@Exemplo.com.br';
const NAME = 'Titular Pessoa Única';
const MESSAGE = 'Mensagem singular que só esta titular escreveu 7Q4.';
const COMMENT = 'Comentário singular da titular 7Q4 sobre o ESP32.';

async function seed() {
  await s.superuser.collection('contact_messages').create({ ...contactMessage(), email: EMAIL, name: NAME, message: MESSAGE });
  // A visitor's comment (as the public form sends it), then approved by an editor: audit rows with the name and text.
  const comment = await s.anonymous.client.collection('comments').create({
    article: FUNCAO_MAP.slug,
    name: NAME,
    email: EMAIL,
    body: COMMENT,
    consent: true,
  });
  await s.editor.client.collection('comments').update(comment.id, { status: 'approved' });
  const subscriber = await s.superuser
    .collection('newsletter_subscribers')
    .create({ email: EMAIL.toLowerCase(), source: '/blog', status: 'confirmed' });
  // A post the newsletter sent it (as server/newsletter records it).
  const send = await s.superuser.collection('newsletter_sends').create({
    kind: 'post',
    post_key: 'git:funcao-map-no-arduino',
    post_title: 'Função map()',
    subject: 'Função map()',
    status: 'done',
  });
  await s.superuser.collection('newsletter_deliveries').create({
    send: send.id,
    subscriber: subscriber.id,
    post_key: send.post_key,
    status: 'sent',
    sent_at: '2026-11-01 12:00:00.000Z',
  });
  // Someone else, untouched by the erasure.
  await s.superuser.collection('contact_messages').create({ ...contactMessage(), email: 'outra@exemplo.com.br' });
  return comment.id;
}

/** Every row of every table of a data dir's database, as text, read from disk. */
const databaseText = (dataDir: string) =>
  [...databaseSnapshot(path.join(dataDir, 'data.db')).values()].flatMap((table) => [...table.rows.values()]).join('\n');

/** The text with every run of JSON byte values ({"0":123,"1":34,...}, escaped or not) also decoded as UTF-8. */
function decodedBytes(text: string): string {
  const runs = text.match(/\{(?:\\?"\d+\\?":\d{1,3},?)+\}/g) ?? [];
  const decoded = runs.map((run) =>
    Buffer.from([...run.matchAll(/:(\d{1,3})/g)].map((match) => Number(match[1]))).toString('utf8'),
  );
  return [text, ...decoded].join('\n');
}

const ask = (client: StaffServer['admin']['client'], action: string, body: Record<string, unknown>) =>
  client.send(`/api/privacy/${action}`, { method: 'POST', body });

describe('data-subject requests', () => {
  let commentId: string;
  beforeAll(async () => {
    commentId = await seed();
  });

  test('only an active admin may ask; the e-mail never goes in the address', async () => {
    for (const who of [s.editor, s.author, s.inactive, s.anonymous]) {
      expect(
        await statusOf(ask(who.client, 'lookup', { email: EMAIL })),
        who.client.authStore.record?.email ?? 'visitante',
      ).toBeOneOf([401, 403]);
      expect(await statusOf(ask(who.client, 'erase', { email: EMAIL, commentText: 'remove' }))).toBeOneOf([401, 403]);
    }
    expect(await statusOf(s.admin.client.send(`/api/privacy/lookup?email=${EMAIL}`, { method: 'GET' }))).toBe(404);
    await expect(ask(s.admin.client, 'lookup', { email: 'não é e-mail' })).rejects.toMatchObject({ status: 400 });
  });

  test('the lookup lists every record held, whatever the letter case, and says analytics holds none', async () => {
    const held = await ask(s.admin.client, 'lookup', { email: EMAIL.toUpperCase() });
    expect(held.contactMessages).toHaveLength(1);
    expect(held.contactMessages[0]).toMatchObject({ name: NAME, message: MESSAGE });
    expect(held.comments).toHaveLength(1);
    expect(held.comments[0]).toMatchObject({ name: NAME, body: COMMENT, status: 'approved' });
    expect(held.newsletter).toMatchObject({ status: 'confirmed' });
    expect(held.newsletter.received).toEqual([
      { post_title: 'Função map()', status: 'sent', sent_at: '2026-11-01 12:00:00.000Z' },
    ]);
    expect(held.staffAccount).toBeNull();
    expect(held.notes.analytics).toContain('não guarda dados pessoais');
  });

  test('the export answers the data with the e-mail and its time, never cached', async () => {
    const response = await fetch(`${s.server.url}/api/privacy/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: s.admin.client.authStore.token },
      body: JSON.stringify({ email: EMAIL }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = await response.json();
    expect(data).toMatchObject({ email: EMAIL.toLowerCase() });
    expect(data.contactMessages[0].message).toBe(MESSAGE);
  });

  test('a staff account is not erased here, and the answer says what to do', async () => {
    const held = await ask(s.admin.client, 'lookup', { email: 'admin@exemplo.com.br' });
    expect(held.staffAccount).toMatchObject({ role: 'admin' });
    expect(held.notes.staff).toContain('desative a conta em Usuários');
  });

  test('after an erasure no collection and no audit entry holds the e-mail, name or message; the log keeps that it happened', async () => {
    await expect(ask(s.admin.client, 'erase', { email: EMAIL })).rejects.toMatchObject({ status: 400 });
    const answer = await ask(s.admin.client, 'erase', { email: EMAIL, commentText: 'remove' });
    expect(answer.erased).toMatchObject({ contactMessages: 1, newsletter: 1, comments: 1 });
    expect(answer.erased.auditEntries).toBeGreaterThanOrEqual(2);

    const comment = await s.superuser.collection('comments').getOne(commentId);
    expect(comment).toMatchObject({ name: 'Visitante', email: '', body: '[Comentário removido a pedido do autor.]' });
    expect(await s.superuser.collection('contact_messages').getFullList()).toHaveLength(1);
    // Its deliveries went with the subscription; the send keeps its counts.
    expect(await s.superuser.collection('newsletter_deliveries').getFullList()).toEqual([]);
    expect(await s.superuser.collection('newsletter_sends').getFullList()).toHaveLength(1);

    // The comment's audit rows keep what happened as readable values, the personal ones replaced.
    const rows = await s.superuser
      .collection('audit_logs')
      .getFullList({ filter: `record_id = "${commentId}"`, sort: 'created' });
    expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    for (const row of rows) {
      for (const values of [row.old_values, row.new_values]) {
        if (values === null) continue;
        expect(Object.keys(values)).toContain('article');
        expect(values.id).toBe(commentId);
        for (const field of ['name', 'email', 'body']) expect(values[field], field).toBeOneOf(['[removido]', '']);
      }
      expect(row.ip).toBe('');
    }
    expect(rows[0]!.old_values).toBeNull();
    expect(rows[1]!.new_values).toMatchObject({ status: 'approved' });

    // Every table of the database, read from disk: none of the personal values anywhere,
    // also not spelled as bytes ({"0":123,...}: how a JSON field read as bytes is stored).
    const everything = decodedBytes(databaseText(s.server.dataDir));
    for (const value of [EMAIL, EMAIL.toLowerCase(), NAME, MESSAGE, COMMENT]) expect(everything, value).not.toContain(value);

    // The requests themselves: who and how many, never the e-mail; the erasure is in the audit log.
    const requests = await s.admin.client.collection('privacy_requests').getFullList({ sort: 'created' });
    expect(requests.map((request) => request.action)).toEqual(['lookup', 'export', 'lookup', 'erase']);
    expect(requests[3]).toMatchObject({ requested_by: s.admin.client.authStore.record!.id, counts: { comments: 1 } });
    const audit = await s.superuser.collection('audit_logs').getFullList({ filter: 'table_name = "privacy_requests"' });
    expect(audit.map((row) => row.action)).toContain('INSERT');
    expect(await statusOf(s.editor.client.collection('privacy_requests').getFullList())).toBe(200);
    expect(await s.editor.client.collection('privacy_requests').getFullList()).toEqual([]);
  });
});

describe('the migration that repairs what an earlier erasure garbled', () => {
  const MIGRATION = '1795310100_audit_values_unscrambled.js';

  test("an erased comment's audit rows, stored as bytes by the old erasure, are decoded and scrubbed", async () => {
    // A PocketBase with the migrations before it, as a site before the upgrade.
    const { older, all, remove } = await migrationsBefore(MIGRATION);
    const server = await startTestServer({ migrationsDir: older, gitArticles: [FUNCAO_MAP] });
    try {
      const client = newClient(server);
      client.authStore.save(await superuserToken(server));
      const comment = await newClient(server)
        .collection('comments')
        .create({ article: FUNCAO_MAP.slug, name: NAME, email: EMAIL, body: COMMENT, consent: true });
      await client.collection('comments').update(comment.id, { status: 'approved' });

      // What the erasure before pb_hooks/lib/common/json-values.js left: the comment anonymised, and each of its audit
      // rows' JSON values stored as its bytes, as an object ({"0":123,...}).
      await server.kill();
      const db = new DatabaseSync(path.join(server.dataDir, 'data.db'));
      const garbled = (text: string | null) =>
        text === null ? null : JSON.stringify(Object.assign({}, [...Buffer.from(text, 'utf8')]));
      const rows = db
        .prepare("SELECT id, old_values, new_values FROM audit_logs WHERE table_name = 'comments' AND record_id = ?")
        .all(comment.id) as { id: string; old_values: string | null; new_values: string | null }[];
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        db.prepare("UPDATE audit_logs SET old_values = ?, new_values = ?, ip = '' WHERE id = ?").run(
          garbled(row.old_values),
          garbled(row.new_values),
          row.id,
        );
      }
      db.prepare("UPDATE comments SET name = 'Visitante', email = '', body = ? WHERE id = ?").run(
        '[Comentário removido a pedido do autor.]',
        comment.id,
      );
      db.close();
      // The personal values are still in it, spelled as bytes.
      const beforeText = databaseText(server.dataDir);
      expect(beforeText).not.toContain(COMMENT);
      expect(decodedBytes(beforeText)).toContain(COMMENT);

      await server.restart({ migrationsDir: all });
      const repaired = await client
        .collection('audit_logs')
        .getFullList({ filter: `record_id = "${comment.id}"`, sort: 'created' });
      expect(repaired.map((row) => row.action)).toEqual(['INSERT', 'UPDATE']);
      expect(repaired[0]!.old_values).toBeNull();
      expect(repaired[1]!.new_values).toMatchObject({ id: comment.id, status: 'approved', article: FUNCAO_MAP.slug });
      for (const values of [repaired[0]!.new_values, repaired[1]!.old_values, repaired[1]!.new_values]) {
        for (const field of ['name', 'email', 'body']) expect(values[field], field).toBe('[removido]');
      }
      const afterText = decodedBytes(databaseText(server.dataDir));
      for (const value of [EMAIL, NAME, COMMENT]) expect(afterText, value).not.toContain(value);
    } finally {
      await server.stop();
      await remove();
    }
  });
});
