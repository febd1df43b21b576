/**
 * Mídia's trash and where a file is used (pb_hooks/lib/media/deleted-media.js,
 * pb_hooks/lib/media/usage.js), against a real PocketBase: usage is found in posts,
 * pages and settings, for admins and editors only; a deletion puts the file in the
 * trash, where it is still served, out of the library; restoring brings it back; a
 * file still used is never deleted for good; after 30 days the nightly job deletes the
 * unused ones. Each step leaves its audit row. Nobody moves a file in or out of the
 * trash by writing its fields, whatever the spelling of the keys.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { png } from '../helpers/images';
import { caseVariants } from '../helpers/key-spellings';
import { unique } from '../helpers/records';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

const PNG = png(1);

interface Media {
  id: string;
  collectionId: string;
  file: string;
  original_filename: string;
  deleted_at: string;
  deleted_by: string;
}

interface Use {
  kind: 'post' | 'page' | 'setting';
  id: string;
  title?: string;
  status?: string;
  key?: string;
}

async function upload(client: PocketBase = s.editor.client): Promise<Media> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), `${unique('foto').replace(/ /g, '-')}.png`);
  form.append('alt_text', 'Placa controladora');
  return client.collection('media').create<Media>(form);
}

const fileUrl = (media: Media) => `/api/files/media/${media.id}/${media.file}`;

async function call(client: PocketBase | null, method: string, route: string) {
  return fetch(`${s.server.url}${route}`, {
    method,
    headers: client ? { Authorization: client.authStore.token } : {},
  });
}

async function usage(client: PocketBase | null, media: Media) {
  return call(client, 'GET', `/api/admin/media/${media.id}/usage`);
}

async function usageOf(media: Media): Promise<Use[]> {
  const response = await usage(s.editor.client, media);
  expect(response.status).toBe(200);
  return ((await response.json()) as { usage: Use[] }).usage;
}

const restore = (client: PocketBase | null, id: string) => call(client, 'POST', `/api/admin/deleted-media/${id}/restore`);

async function trash(client: PocketBase = s.editor.client) {
  const response = await call(client, 'GET', '/api/admin/rest/deleted-media');
  expect(response.status).toBe(200);
  return (await response.json()) as (Media & { usage: Use[] })[];
}

const stored = (id: string) => s.superuser.collection('media').getOne<Media>(id);
const inLibrary = async (id: string) =>
  (await s.editor.client.collection('media').getFullList({ filter: s.editor.client.filter('id = {:id}', { id }) })).length === 1;
const served = async (media: Media) => (await fetch(`${s.server.url}${fileUrl(media)}`)).status;

const auditRows = (id: string) =>
  s.admin.client.collection('audit_logs').getFullList({
    filter: s.admin.client.filter('table_name = "media" && record_id = {:id}', { id }),
    sort: 'created',
  });

async function postUsing(media: Media, status = 'published') {
  return s.editor.client.collection('posts').create({
    title: unique('Post com imagem'),
    category: 'Técnico',
    status,
    content: `Antes.\n\n![Placa](${fileUrl(media)})\n\nDepois.`,
  });
}

describe('where a file is used', () => {
  test('is found in a post, a page and a setting, by any form of its address', async () => {
    const media = await upload();
    const other = await upload();
    const post = await postUsing(media, 'draft');
    // The page's section holds an absolute address by the collection's id, of a thumbnail.
    const page = await s.editor.client.collection('pages').create({
      name: unique('Página com imagem'),
      slug: `pagina-${Date.now().toString(36)}`,
      status: 'published',
      content: {
        sections: [
          {
            id: 'galeria1',
            type: 'text',
            title: 'Galeria',
            body: `![Placa](${s.server.url}/api/files/${media.collectionId}/${media.id}/${media.file}?thumb=480x0)`,
          },
        ],
      },
    });
    const logo = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "site_logo"');
    await s.admin.client.collection('public_site_settings').update(logo.id, { value: `${s.server.url}${fileUrl(media)}` });
    try {
      expect(await usageOf(media)).toEqual([
        { kind: 'post', id: post.id, title: post.title, status: 'draft' },
        { kind: 'page', id: page.id, title: page.name, status: 'published' },
        { kind: 'setting', id: logo.id, key: 'site_logo' },
      ]);
      expect(await usageOf(other)).toEqual([]);
    } finally {
      await s.admin.client.collection('public_site_settings').update(logo.id, { value: '' });
    }
    expect(await usageOf(media)).toHaveLength(2);
  });

  test("is found in a page section's image field, which holds the file's record id", async () => {
    const [media, other] = [await upload(), await upload()];
    const page = await s.editor.client.collection('pages').create({
      name: unique('Página com destaque'),
      slug: `destaque-${Date.now().toString(36)}`,
      status: 'draft',
      content: {
        sections: [{ id: 'hero1', type: 'hero', title: 'Controladores industriais', image: media.id, image_alt: 'Placa' }],
      },
    });
    expect(await usageOf(media)).toEqual([{ kind: 'page', id: page.id, title: page.name, status: 'draft' }]);
    expect(await usageOf(other)).toEqual([]);
  });

  test('is told to admins and editors only (it names drafts)', async () => {
    const media = await upload();
    await postUsing(media, 'draft');
    expect((await usage(s.admin.client, media)).status).toBe(200);
    expect((await usage(s.author.client, media)).status).toBe(403);
    expect((await usage(s.inactive.client, media)).status).toBe(403);
    expect((await usage(null, media)).status).toBe(401);
    expect((await call(s.editor.client, 'GET', '/api/admin/media/naoexiste123456/usage')).status).toBe(404);
  });
});

describe('the trash', () => {
  test('a deleted file waits in the trash, still served, out of the library; restored, it is back', async () => {
    const media = await upload();
    const post = await postUsing(media);
    await s.editor.client.collection('media').delete(media.id);

    const trashed = await stored(media.id);
    expect(trashed.deleted_at).not.toBe('');
    expect(trashed.deleted_by).toBe(s.editor.fullName || s.editor.email);
    expect(await inLibrary(media.id), 'out of the library').toBe(false);
    expect(await served(media), 'the published post keeps its image').toBe(200);
    const [item] = (await trash()).filter((entry) => entry.id === media.id);
    expect(item).toMatchObject({ file: media.file, deleted_by: trashed.deleted_by });
    expect(item!.usage).toEqual([{ kind: 'post', id: post.id, title: post.title, status: 'published' }]);
    // Nobody edits a file in the trash.
    expect(await statusOf(s.editor.client.collection('media').update(media.id, { alt_text: 'Outro texto' }))).toBe(404);

    const restored = await restore(s.editor.client, media.id);
    expect(restored.status).toBe(200);
    expect(await stored(media.id)).toMatchObject({ deleted_at: '', deleted_by: '' });
    expect(await inLibrary(media.id)).toBe(true);
    expect((await trash()).map((entry) => entry.id)).not.toContain(media.id);
    expect((await restore(s.editor.client, media.id)).status, 'not in the trash').toBe(400);
    expect((await restore(s.editor.client, 'naoexiste123456')).status).toBe(404);

    // Each step is in the audit log, by who took it.
    const rows = await auditRows(media.id);
    expect(rows.map((row) => [row.action, row.user])).toEqual([
      ['INSERT', s.editor.actor!.id],
      ['UPDATE', s.editor.actor!.id],
      ['UPDATE', s.editor.actor!.id],
    ]);
    expect(rows[1]!.old_values).toMatchObject({ deleted_at: '' });
    expect(rows[1]!.new_values).toMatchObject({ deleted_at: trashed.deleted_at, deleted_by: trashed.deleted_by });
    expect(rows[2]!.new_values).toMatchObject({ deleted_at: '' });
  });

  test('only admins and editors delete and restore', async () => {
    const media = await upload(s.author.client);
    // (The delete rule hides the file from an author or a visitor; an inactive account is refused.)
    expect(await statusOf(s.author.client.collection('media').delete(media.id))).toBe(404);
    expect(await statusOf(s.inactive.client.collection('media').delete(media.id))).toBe(403);
    expect(await statusOf(s.anonymous.client.collection('media').delete(media.id))).toBe(404);
    expect((await stored(media.id)).deleted_at).toBe('');

    await s.admin.client.collection('media').delete(media.id);
    for (const who of [s.author, s.otherAuthor, s.inactive]) {
      expect((await restore(who.client, media.id)).status, who.name).toBe(403);
      expect((await call(who.client, 'GET', '/api/admin/rest/deleted-media')).status, who.name).toBe(403);
    }
    expect((await restore(null, media.id)).status).toBe(401);
    expect((await stored(media.id)).deleted_at).not.toBe('');
    expect((await restore(s.admin.client, media.id)).status).toBe(200);
  });

  test('no write of the fields moves a file in or out of the trash, whatever the spelling of the keys', async () => {
    const media = await upload(s.author.client);
    const when = '2026-01-01 10:00:00.000Z';
    for (const key of ['deleted_at', ...caseVariants('deleted_at')]) {
      await s.editor.client.collection('media').update(media.id, { [key]: when, deleted_by: 'Alguém' });
      await s.author.client.collection('media').update(media.id, { [key]: when });
      expect(await stored(media.id), key).toMatchObject({ deleted_at: '', deleted_by: '' });
      const created = await s.author.client.collection('media').create({
        file: new File([PNG], 'nova.png', { type: 'image/png' }),
        alt_text: 'Nova',
        [key]: when,
      });
      expect((await stored(created.id)).deleted_at, key).toBe('');
    }
    await s.editor.client.collection('media').delete(media.id);
    for (const key of ['deleted_at', ...caseVariants('deleted_at')]) {
      expect(await statusOf(s.editor.client.collection('media').update(media.id, { [key]: '' })), key).toBe(404);
      expect((await stored(media.id)).deleted_at, key).not.toBe('');
    }
  });

  test('a file in the trash is deleted for good only once nothing uses it', async () => {
    const media = await upload();
    const post = await postUsing(media);
    await s.editor.client.collection('media').delete(media.id);
    const refused = await call(s.editor.client, 'DELETE', `/api/collections/media/records/${media.id}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain(`Post "${post.title}"`);
    expect(await served(media)).toBe(200);

    await s.editor.client.collection('posts').update(post.id, { content: 'Sem a imagem.' });
    await s.editor.client.collection('media').delete(media.id);
    expect(await statusOf(stored(media.id))).toBe(404);
    expect(await served(media)).toBe(404);
    expect((await auditRows(media.id)).map((row) => [row.action, row.user])).toEqual([
      ['INSERT', s.editor.actor!.id],
      ['UPDATE', s.editor.actor!.id],
      ['DELETE', s.editor.actor!.id],
    ]);
  });

  test('after 30 days the nightly job deletes the unused files of the trash and keeps the used ones', async () => {
    const unused = await upload();
    const used = await upload();
    const recent = await upload();
    await postUsing(used);
    for (const media of [unused, used, recent]) await s.editor.client.collection('media').delete(media.id);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().replace('T', ' ');
    const db = new DatabaseSync(path.join(s.server.dataDir, 'data.db'));
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      for (const media of [unused, used]) db.prepare('UPDATE media SET deleted_at = ? WHERE id = ?').run(longAgo, media.id);
    } finally {
      db.close();
    }

    await s.superuser.send('/api/crons/purge_deleted_media', { method: 'POST' });
    // PocketBase runs the job after answering: its effect is awaited.
    await expect.poll(() => statusOf(stored(unused.id))).toBe(404);
    expect(await served(unused)).toBe(404);
    expect((await stored(used.id)).deleted_at).toBe(longAgo);
    expect(await served(used), 'a published post still shows it').toBe(200);
    expect((await stored(recent.id)).deleted_at).not.toBe('');
    const [gone] = (await auditRows(unused.id)).filter((row) => row.action === 'DELETE');
    expect(gone).toMatchObject({ user: '', actor: 'sistema' });
  });
});
