/**
 * What the public may not read stays unread, also by side doors:
 * - a draft post's cover is not served to the public (PocketBase serves an unprotected
 *   file whatever its record's view rule; pb_hooks/files.pb.js applies it), while a
 *   published post's cover is, and staff read draft covers with a file token, as the
 *   admin's <img> tags do;
 * - probing a draft's slug (list filters, joins from other collections, the search,
 *   the record and its file) answers exactly what a slug that does not exist answers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type PocketBase from 'pocketbase';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;
let draft: { id: string; slug: string; cover: string };
let published: { id: string; slug: string; cover: string };

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function postWithCover(client: PocketBase, title: string, status: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('category', 'Técnico');
  form.append('status', status);
  form.append('content', 'Texto do post.');
  form.append('cover', new Blob([PNG], { type: 'image/png' }), 'capa.png');
  const record = await client.collection('posts').create(form);
  return { id: record.id, slug: String(record.slug), cover: String(record.cover) };
}

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  draft = await postWithCover(s.author.client, 'Lançamento secreto do controlador Zeta', 'draft');
  published = await postWithCover(s.editor.client, 'Controlador Alfa disponível', 'published');
});
afterAll(async () => {
  await s?.stop();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${s.server.url}${path}`, { headers });
  return { status: response.status, body: await response.text() };
};
const coverPath = (post: { id: string; cover: string }, query = '') => `/api/files/posts/${post.id}/${post.cover}${query}`;

describe("a post's cover", () => {
  test("a draft's cover is not served to the public, not even its thumbnail: the answer of a missing file", async () => {
    const missing = await get(`/api/files/posts/${draft.id}/outra_0123456789.png`);
    expect(missing.status).toBe(404);
    for (const query of ['', '?thumb=640x360', '?download=1', '?token=forjado']) {
      expect(await get(coverPath(draft, query)), query).toEqual(missing);
    }
  });

  test("a published post's cover is public, as the site links it", async () => {
    expect((await get(coverPath(published))).status).toBe(200);
    expect((await get(coverPath(published, '?thumb=640x360'))).status).toBe(200);
  });

  test('staff who may read the draft see its cover with a file token (or their session); others do not', async () => {
    const tokenOf = (client: PocketBase) => client.files.getToken();
    for (const who of [s.author, s.editor, s.admin]) {
      const token = await tokenOf(who.client);
      const url = who.client.files.getURL({ ...draft, collectionName: 'posts' }, draft.cover, { thumb: '640x360', token });
      const response = await fetch(url);
      expect(response.status, who.name).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect((await get(coverPath(draft), { Authorization: who.client.authStore.token })).status, who.name).toBe(200);
    }
    // Another author may not read the draft.
    expect((await get(coverPath(draft, `?token=${await tokenOf(s.otherAuthor.client)}`))).status).toBe(404);
    expect((await get(coverPath(draft), { Authorization: s.otherAuthor.client.authStore.token })).status).toBe(404);
    // A deactivated account gets no file token at all, and its session opens nothing.
    expect(await statusOf(tokenOf(s.inactive.client))).toBe(403);
    expect((await get(coverPath(draft), { Authorization: s.inactive.client.authStore.token })).status).toBe(403);
    // A session token is not a file token.
    expect((await get(coverPath(draft, `?token=${s.editor.client.authStore.token}`))).status).toBe(404);
  });

  test('once the post is published its cover is public', async () => {
    const post = await postWithCover(s.editor.client, 'Rascunho que será publicado', 'draft');
    expect((await get(coverPath(post))).status).toBe(404);
    await s.editor.client.collection('posts').update(post.id, { status: 'published' });
    expect((await get(coverPath(post))).status).toBe(200);
  });
});

describe("probing a draft's slug reveals nothing", () => {
  const MISSING = 'lancamento-que-nao-existe';
  const list = (collection: string, filter: string, extra = '') =>
    get(`/api/collections/${collection}/records?filter=${encodeURIComponent(filter)}${extra}`);

  /** The same request for the draft's slug and for a slug that does not exist answers the same. */
  async function same(request: (slug: string) => Promise<{ status: number; body: string }>) {
    const forDraft = await request(draft.slug);
    const forMissing = await request(MISSING);
    expect(forDraft).toEqual(forMissing);
    return forDraft;
  }

  test('the draft exists (the probes below are not vacuous)', async () => {
    expect(draft.slug).toBe('lancamento-secreto-do-controlador-zeta');
    const own = await s.author.client.collection('posts').getFirstListItem(`slug = "${draft.slug}"`);
    expect(own.id).toBe(draft.id);
  });

  test('posts list filtered by slug, by a slug prefix, with counts', async () => {
    const answer = await same((slug) => list('posts', `slug = "${slug}"`));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ items: [], totalItems: 0 });
    await same((slug) => list('posts', `slug ~ "${slug.slice(0, 20)}%"`, '&skipTotal=1'));
    await same((slug) => list('posts', `(slug = "${slug}" || status = "draft")`, '&fields=id,slug'));
    // Sorting cannot rank a hidden record either.
    await same((slug) => list('posts', `slug >= "${slug}"`, '&sort=slug&fields=slug'));
  });

  test('joins from other public collections (@collection) do not see drafts', async () => {
    for (const collection of ['posts', 'pages', 'public_site_settings']) {
      await same((slug) => list(collection, `@collection.posts.slug = "${slug}"`, '&fields=id'));
      await same((slug) =>
        list(collection, `@collection.posts.slug = "${slug}" && @collection.posts.status = "draft"`, '&fields=id'),
      );
      // Every save leaves a revision with the draft's fields: its history is staff-only too.
      await same((slug) => list(collection, `@collection.revisions.data ~ "${slug}"`, '&fields=id'));
    }
    await same((slug) => list('revisions', `data ~ "${slug}"`));
  });

  test("the search on the posts list does not find a draft's words", async () => {
    const forDraft = await get('/api/collections/posts/records?search=zeta');
    const forMissing = await get('/api/collections/posts/records?search=omega');
    expect(forDraft).toEqual(forMissing);
  });

  test('the record, its cover, and the same for a record that does not exist', async () => {
    const view = (id: string) => get(`/api/collections/posts/records/${id}`);
    const forDraft = await view(draft.id);
    expect(forDraft.status).toBe(404);
    expect(forDraft).toEqual(await view('a'.repeat(15)));
    expect(await get(coverPath(draft))).toEqual(await get(`/api/files/posts/${'a'.repeat(15)}/capa_0123456789.png`));
  });
});
