/**
 * A post's first publication moment is kept through unpublishing and publishing again,
 * whatever the path: the admin's body (src/admin/posts/postRules.ts), a raw API
 * update, a superuser in the dashboard, the scheduled-posts job. The server keeps it
 * in `first_published_at`, which no client writes (pb_hooks/lib/posts/posts.js).
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toPostBody, type PostFormValues } from '../../src/admin/posts/postRules';
import { history, unique } from '../helpers/records';
import { migrationsBefore, startTestServer, superuserToken } from '../helpers/server';
import { newClient, startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const posts = () => s.editor.client.collection('posts');
const read = (id: string) => posts().getOne(id);
const ms = (value: string) => new Date(value.replace(' ', 'T')).getTime();
const later = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** What the admin's form holds for a record, as its edit screen loads it. */
function formOf(post: RecordModel): PostFormValues {
  const { title, slug, excerpt, content, cover, category, tags, status, published_at, updated, review_note } = post;
  return { title, slug, excerpt, content, cover, category, tags, status, published_at, updated, review_note };
}

/** A save from the admin's edit screen, changing the status. */
async function adminSave(id: string, status: string, changes: Partial<PostFormValues> = {}) {
  const body = toPostBody({ ...formOf(await read(id)), ...changes, status }, { actor: s.editor.actor });
  return posts().update(id, body);
}

async function adminCreate(status: string, changes: Partial<PostFormValues> = {}) {
  const values = { title: unique('Publicação'), excerpt: 'Um resumo com tamanho suficiente.', category: 'Técnico', ...changes };
  return posts().create(toPostBody({ ...values, status }, { actor: s.editor.actor }));
}

async function publishScheduledNow() {
  const response = await fetch(`${s.server.url}/api/site/jobs/publish-scheduled`, {
    method: 'POST',
    headers: { Authorization: s.superuser.authStore.token },
  });
  expect(response.status).toBe(200);
}

describe('the first publication moment', () => {
  test('survives Rascunho and back to Publicado in the admin', async () => {
    const created = await adminCreate('published');
    const first = created.published_at;
    expect(Date.now() - ms(first)).toBeLessThan(60_000);
    expect(created.first_published_at).toBe(first);

    await later();
    expect((await adminSave(created.id, 'draft')).status).toBe('draft');
    await later();
    const again = await adminSave(created.id, 'published');
    expect(again.published_at).toBe(first);
    expect(again.first_published_at).toBe(first);
  });

  test('the admin body sends no publication time unless it schedules', () => {
    const values = { title: 'Título do post', status: 'published', published_at: '2020-01-01 00:00:00.000Z' };
    expect(toPostBody(values, { actor: s.editor.actor })).not.toHaveProperty('published_at');
    expect(toPostBody({ ...values, status: 'draft' }, { actor: s.editor.actor })).not.toHaveProperty('published_at');
  });

  test('survives raw API updates that clear it, move it or try to write the server field', async () => {
    const created = await posts().create({ title: unique('Pela API'), category: 'Negócios', status: 'published' });
    const first = created.published_at;
    await later();
    await posts().update(created.id, { status: 'draft', published_at: '' });
    // The admin's old body on publishing: an empty publication time.
    expect((await posts().update(created.id, { status: 'published', published_at: '' })).published_at).toBe(first);
    const moved = await posts().update(created.id, {
      published_at: '2031-05-05 10:00:00.000Z',
      first_published_at: '2031-05-05 10:00:00.000Z',
    });
    expect(moved).toMatchObject({ published_at: first, first_published_at: first });
    // A superuser in the dashboard neither.
    await s.superuser.collection('posts').update(created.id, { status: 'draft', first_published_at: '2001-01-01 00:00:00.000Z' });
    const back = await s.superuser
      .collection('posts')
      .update(created.id, { status: 'published', published_at: '2002-02-02 00:00:00.000Z' });
    expect(back).toMatchObject({ published_at: first, first_published_at: first });
  });

  test('no client sets it on create', async () => {
    const draft = await posts().create({
      title: unique('Rascunho'),
      category: 'Técnico',
      status: 'draft',
      first_published_at: '2001-01-01 00:00:00.000Z',
    });
    expect(draft.first_published_at).toBe('');
    const published = await posts().create({
      title: unique('Publicado'),
      category: 'Técnico',
      status: 'published',
      first_published_at: '2001-01-01 00:00:00.000Z',
    });
    expect(Date.now() - ms(published.first_published_at)).toBeLessThan(60_000);
  });

  test('a post first published with a past time given by the API keeps that time', async () => {
    const imported = await posts().create({
      title: unique('Importado'),
      category: 'Técnico',
      status: 'published',
      published_at: '2026-11-27 02:47:00.000Z',
    });
    expect(imported).toMatchObject({ published_at: '2026-11-27 02:47:00.000Z', first_published_at: '2026-11-27 02:47:00.000Z' });
  });

  test('a draft carrying an old time is published now, not at that time', async () => {
    const draft = await posts().create({
      title: unique('Data velha'),
      category: 'Técnico',
      status: 'draft',
      published_at: '2020-01-01 00:00:00.000Z',
    });
    const published = await adminSave(draft.id, 'published');
    expect(Date.now() - ms(published.published_at)).toBeLessThan(60_000);
    expect(published.first_published_at).toBe(published.published_at);
  });

  test('a scheduled post published by the job keeps its scheduled time, then through Rascunho and back', async () => {
    const at = '2026-11-27 02:47:00.000Z';
    const scheduled = await adminCreate('scheduled', { published_at: at });
    expect(scheduled).toMatchObject({ status: 'scheduled', published_at: at, first_published_at: '' });
    await publishScheduledNow();
    expect(await read(scheduled.id)).toMatchObject({ status: 'published', published_at: at, first_published_at: at });

    await adminSave(scheduled.id, 'draft');
    expect((await adminSave(scheduled.id, 'published')).published_at).toBe(at);
    // Scheduled again and published by the job: still the first publication.
    await adminSave(scheduled.id, 'scheduled', { published_at: new Date(Date.now() - 1000).toISOString() });
    await publishScheduledNow();
    expect(await read(scheduled.id)).toMatchObject({ status: 'published', published_at: at });
  });

  test('a scheduled post set to Publicado before its time is published now', async () => {
    const scheduled = await adminCreate('scheduled', { published_at: '2099-01-01T10:00' });
    expect(scheduled.published_at).toBe('2099-01-01 13:00:00.000Z'); // 10:00 in Brasília
    const published = await adminSave(scheduled.id, 'published');
    expect(Date.now() - ms(published.published_at)).toBeLessThan(60_000);
    expect(published.first_published_at).toBe(published.published_at);
  });

  test('staff publishing a scheduled post whose time has come keep its scheduled time', async () => {
    const at = new Date(Date.now() - 5_000).toISOString().replace('T', ' ');
    const scheduled = await posts().create({
      title: unique('Vencido'),
      category: 'Técnico',
      status: 'scheduled',
      published_at: at,
    });
    expect((await adminSave(scheduled.id, 'published')).published_at).toBe(at);
  });
});

describe('history and audit log around it', () => {
  test('publishing again is a status change only, in the revisions and in the audit log', async () => {
    const created = await adminCreate('published');
    await later();
    await adminSave(created.id, 'draft');
    await adminSave(created.id, 'published');
    const revisions = await history(s.editor.client, 'posts', created.id);
    expect(revisions.map((revision) => revision.summary)).toEqual(['status: Publicado', 'status: Rascunho', 'criado']);
    expect(revisions[0]!.data).toMatchObject({ status: 'published', published_at: created.published_at });

    const audit = await s.admin.client
      .collection('audit_logs')
      .getFullList({ filter: s.admin.client.filter('record_id = {:id}', { id: created.id }), sort: 'created' });
    expect(audit.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(audit[2]!.new_values).toMatchObject({
      status: 'published',
      published_at: created.published_at,
      first_published_at: created.published_at,
    });
    expect(audit[2]!.user).toBe(s.editor.actor!.id);
  });

  test('restoring an earlier version leaves the publication time alone', async () => {
    const created = await adminCreate('published', { content: 'Primeira versão.' });
    await later();
    await adminSave(created.id, 'published', { content: 'Segunda versão.' });
    const [, original] = await history(s.editor.client, 'posts', created.id);
    const current = await read(created.id);
    const restored = await posts().update(created.id, {
      content: original!.data.content,
      restored_from: original!.id,
      updated: current.updated,
    });
    expect(restored).toMatchObject({ content: 'Primeira versão.', published_at: created.published_at });
  });
});

describe('the migration', () => {
  const MIGRATION = '1795309600_first_publication.js';

  test('posts published before it keep their publication time through Rascunho and back', async () => {
    // A PocketBase with the migrations before this one, as a site before the upgrade.
    const { older, all, remove } = await migrationsBefore(MIGRATION);
    const server = await startTestServer({ migrationsDir: older });
    try {
      const client = newClient(server);
      client.authStore.save(await superuserToken(server));
      const author = await client.collection('users').create({
        email: 'autora-antiga@exemplo.com.br',
        password: 'Senha-Forte-123',
        passwordConfirm: 'Senha-Forte-123',
        full_name: 'Autora Antiga',
        role: 'editor',
        is_active: true,
      });
      const posts = client.collection('posts');
      const at = '2025-03-04 12:00:00.000Z';
      const fields = { category: 'Técnico', author: author.id };
      const published = await posts.create({ ...fields, title: 'Publicado antes', status: 'published', published_at: at });
      const draft = await posts.create({ ...fields, title: 'Rascunho antes', status: 'draft' });
      expect(published.published_at).toBe(at);
      expect(published.first_published_at, 'the field does not exist yet').toBeUndefined();

      await server.kill();
      await server.restart({ migrationsDir: all });
      expect(await posts.getOne(published.id)).toMatchObject({ published_at: at, first_published_at: at });
      expect((await posts.getOne(draft.id)).first_published_at).toBe('');
      await posts.update(published.id, { status: 'draft' });
      expect((await posts.update(published.id, { status: 'published' })).published_at).toBe(at);
    } finally {
      await server.stop();
      await remove();
    }
  });
});
