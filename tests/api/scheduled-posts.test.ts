/** The cron job publishes scheduled posts when their time comes (PocketBase cron runs each minute). */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const pbDate = (date: Date) => date.toISOString().replace('T', ' ');

test('a scheduled post goes live on time, and a future one waits', { timeout: 100_000 }, async () => {
  const due = await s.editor.client.collection('posts').create({
    title: 'Lançamento agendado',
    category: 'Negócios',
    status: 'scheduled',
    // Far enough ahead that the minute's job cannot publish it before the check below.
    published_at: pbDate(new Date(Date.now() + 5_000)),
  });
  const later = await s.editor.client.collection('posts').create({
    title: 'Lançamento futuro',
    category: 'Negócios',
    status: 'scheduled',
    published_at: pbDate(new Date(Date.now() + 3_600_000)),
  });
  expect(await statusOf(s.anonymous.client.collection('posts').getOne(due.id))).toBe(404);

  const deadline = Date.now() + 75_000;
  let status = 'scheduled';
  while (Date.now() < deadline && status !== 'published') {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    status = (await s.editor.client.collection('posts').getOne(due.id)).status;
  }
  expect(status, 'o job de publicação roda a cada minuto').toBe('published');
  expect(await s.anonymous.client.collection('posts').getOne(due.id)).toMatchObject({ title: 'Lançamento agendado' });
  expect((await s.editor.client.collection('posts').getOne(later.id)).status).toBe('scheduled');
});

test('operators can run the job at once; nobody else can', async () => {
  const post = await s.editor.client.collection('posts').create({
    title: 'Agendado no passado',
    category: 'Técnico',
    status: 'scheduled',
    published_at: pbDate(new Date(Date.now() - 1_000)),
  });
  const run = (token: string) =>
    fetch(`${s.server.url}/api/site/jobs/publish-scheduled`, { method: 'POST', headers: token ? { Authorization: token } : {} });
  expect((await run('')).status).toBe(401);
  expect((await run(s.admin.client.authStore.token)).status).toBe(403);
  const response = await run(s.superuser.authStore.token);
  expect(response.status).toBe(200);
  expect((await response.json()).published).toBeGreaterThanOrEqual(1);
  expect((await s.editor.client.collection('posts').getOne(post.id)).status).toBe('published');
});
