/**
 * Contact messages are kept no longer than the period of Configurações
 * (Privacidade): the daily job deletes older ones; the setting is a whole number of
 * months within the limits.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contactMessage } from '../helpers/contact-message';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;
beforeAll(async () => {
  s = await startStaffServer();
});
afterAll(async () => {
  await s?.stop();
});

/** Ages a message as time would: its `created`, written in the database (PocketBase never lets the API set it). */
function sentMonthsAgo(id: string, months: number) {
  const when = new Date();
  when.setUTCMonth(when.getUTCMonth() - months);
  const db = new DatabaseSync(path.join(s.server.dataDir, 'data.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE contact_messages SET created = ? WHERE id = ?').run(when.toISOString().replace('T', ' '), id);
  } finally {
    db.close();
  }
}

async function setRetention(value: string) {
  const settings = s.admin.client.collection('public_site_settings');
  const existing = await settings.getFirstListItem('key = "contact_retention_months"').catch(() => null);
  return existing ? settings.update(existing.id, { value }) : settings.create({ key: 'contact_retention_months', value });
}

test('the daily job deletes the contact messages older than the period set, and keeps the others', async () => {
  const contacts = s.superuser.collection('contact_messages');
  const old = await contacts.create({ ...contactMessage(), email: 'antiga@exemplo.com.br' });
  const recent = await contacts.create({ ...contactMessage(), email: 'recente@exemplo.com.br' });
  const today = await contacts.create({ ...contactMessage(), email: 'hoje@exemplo.com.br' });
  sentMonthsAgo(old.id, 8);
  sentMonthsAgo(recent.id, 3);

  // By default (24 months) nothing here is old enough.
  await s.superuser.send('/api/crons/purge_old_contact_messages', { method: 'POST' });
  expect((await contacts.getFullList()).map((record) => record.id).sort()).toEqual([old.id, recent.id, today.id].sort());

  await setRetention('6');
  await s.superuser.send('/api/crons/purge_old_contact_messages', { method: 'POST' });
  // PocketBase runs the job after answering (its cron API fires and forgets): its effect is awaited.
  const left = async () => (await contacts.getFullList()).map((record) => record.id).sort();
  await expect.poll(left).toEqual([recent.id, today.id].sort());
});

test('the period is a whole number of months from 1 to 120', async () => {
  for (const value of ['0', '121', 'dois anos', '6.5']) {
    await expect(setRetention(value), value).rejects.toMatchObject({
      status: 400,
      response: { data: { value: { message: 'Informe um número de meses entre 1 e 120.' } } },
    });
  }
  await expect(setRetention('36')).resolves.toMatchObject({ value: '36' });
});
