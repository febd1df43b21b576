/**
 * Revisions and editorial review against a real PocketBase: every save of a post or page
 * leaves a revision in the same transaction (who, which fields, the data), a system
 * publication included; nobody changes or deletes one; a restore is a new revision; the
 * last 50 and every published version are kept; a deleted post can be brought back for
 * 30 days; a save based on a stale copy is refused with 409; authors send their posts
 * for review and read the editor's note. The status transitions per role are in the
 * authorization matrix (tests/api/authorization-matrix.test.ts).
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;
let serial = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)} ${++serial}`;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

const history = (client: PocketBase, collection: string, record: string) =>
  client.collection('revisions').getFullList({
    filter: client.filter('collection = {:collection} && record = {:record}', { collection, record }),
    sort: '-created,-id',
  });

const draft = (client: PocketBase, fields: Record<string, unknown> = {}) =>
  client
    .collection('posts')
    .create({ title: unique('Post versionado'), category: 'Técnico', content: 'Primeira versão.', ...fields });

describe('every save leaves a revision', () => {
  test('create, edits and a status change, each with who and which fields; a save that changes nothing leaves none', async () => {
    const post = await draft(s.author.client);
    await s.author.client.collection('posts').update(post.id, { title: `${post.title} revisto`, content: 'Segunda versão.' });
    await s.author.client.collection('posts').update(post.id, { status: 'review' });
    await s.author.client.collection('posts').update(post.id, { title: `${post.title} revisto` });
    const revisions = await history(s.editor.client, 'posts', post.id);
    expect(revisions.map((revision) => [revision.kind, revision.summary])).toEqual([
      ['update', 'status: Em revisão'],
      ['update', 'título, conteúdo'],
      ['create', 'criado'],
    ]);
    for (const revision of revisions) {
      expect(revision.editor).toBe(s.author.actor!.id);
      expect(revision.editor_name).toBe(s.author.fullName || s.author.email);
      expect(revision.owner).toBe(s.author.actor!.id);
    }
    expect(revisions[1]!.data).toMatchObject({ title: `${post.title} revisto`, content: 'Segunda versão.', status: 'draft' });
    expect(revisions[0]!.data).toMatchObject({ status: 'review' });
  });

  test('a scheduled post published by the system leaves a revision by the system', async () => {
    const post = await s.editor.client.collection('posts').create({
      title: unique('Agendado'),
      excerpt: 'Um resumo com tamanho suficiente.',
      category: 'Técnico',
      status: 'scheduled',
      published_at: new Date(Date.now() + 1500).toISOString().replace('T', ' '),
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const job = await fetch(`${s.server.url}/api/site/jobs/publish-scheduled`, {
      method: 'POST',
      headers: { Authorization: s.superuser.authStore.token },
    });
    expect(job.status).toBe(200);
    const [latest] = await history(s.editor.client, 'posts', post.id);
    expect(latest).toMatchObject({
      kind: 'update',
      summary: 'status: Publicado',
      editor: '',
      editor_name: 'sistema',
      published: true,
    });
  });

  test("a superuser's save is named without the e-mail in the history authors read", async () => {
    const post = await draft(s.author.client);
    await s.superuser.collection('posts').update(post.id, { content: 'Revisto no dashboard.' });
    const [latest] = await history(s.author.client, 'posts', post.id);
    expect(latest).toMatchObject({ summary: 'conteúdo', editor: '', editor_name: 'Administrador do sistema' });
    expect(JSON.stringify(latest)).not.toContain('@');
  });

  test('pages have a history too, for editors only', async () => {
    const page = await s.editor.client.collection('pages').create({ name: unique('Página'), status: 'draft' });
    await s.editor.client.collection('pages').update(page.id, { meta_description: 'Descrição nova.' });
    const revisions = await history(s.admin.client, 'pages', page.id);
    expect(revisions.map((revision) => revision.summary)).toEqual(['meta descrição', 'criada']);
    expect(await history(s.author.client, 'pages', page.id)).toEqual([]);
  });

  test('an author reads the history of their own posts only; it follows the post to a new author', async () => {
    const post = await draft(s.author.client);
    expect(await history(s.author.client, 'posts', post.id)).toHaveLength(1);
    expect(await history(s.otherAuthor.client, 'posts', post.id)).toEqual([]);
    await s.editor.client.collection('posts').update(post.id, { author: s.otherAuthor.actor!.id });
    expect(await history(s.author.client, 'posts', post.id)).toEqual([]);
    expect(await history(s.otherAuthor.client, 'posts', post.id)).toHaveLength(2);
  });
});

describe('history is never rewritten', () => {
  test('nobody creates, changes or deletes a revision through the API, superusers included', async () => {
    const post = await draft(s.editor.client);
    const [revision] = await history(s.editor.client, 'posts', post.id);
    for (const client of [s.superuser, s.admin.client, s.editor.client, s.author.client]) {
      expect(await statusOf(client.collection('revisions').update(revision!.id, { summary: 'reescrita' }))).not.toBe(200);
      expect(await statusOf(client.collection('revisions').delete(revision!.id))).not.toBe(200);
      expect(
        await statusOf(
          client.collection('revisions').create({ collection: 'posts', record: post.id, kind: 'update', summary: 'forjada' }),
        ),
      ).not.toBe(200);
    }
    expect(await statusOf(s.superuser.collection('revisions').update(revision!.id, { summary: 'reescrita' }))).toBe(403);
    const [still] = await history(s.editor.client, 'posts', post.id);
    expect(still).toMatchObject({ id: revision!.id, summary: 'criado' });
  });

  test('restoring a version saves it as a new revision, under the rules of a normal save', async () => {
    const post = await draft(s.author.client, { content: 'Texto original.' });
    await s.author.client.collection('posts').update(post.id, { content: 'Texto reescrito.' });
    const [, original] = await history(s.author.client, 'posts', post.id);
    const restored = await s.author.client
      .collection('posts')
      .update(post.id, { content: original!.data.content, restored_from: original!.id });
    expect(restored.content).toBe('Texto original.');
    const revisions = await history(s.author.client, 'posts', post.id);
    expect(revisions).toHaveLength(3);
    expect(revisions[0]).toMatchObject({ kind: 'restore', summary: 'conteúdo', restored_from: original!.id });

    // Another record's revision is refused; a published post stays the editors' to restore.
    const other = await draft(s.author.client);
    expect(
      await statusOf(s.author.client.collection('posts').update(other.id, { content: 'x', restored_from: original!.id })),
    ).toBe(400);
    await s.editor.client.collection('posts').update(post.id, { status: 'published', excerpt: 'Resumo do post publicado.' });
    expect(
      await statusOf(
        s.author.client.collection('posts').update(post.id, { content: 'Texto original.', restored_from: original!.id }),
      ),
    ).toBe(404);
  });
});

describe('retention', () => {
  test('the last 50 revisions are kept, and every version that was published', { timeout: 120_000 }, async () => {
    const post = await s.editor.client.collection('posts').create({
      title: unique('Muitas versões'),
      excerpt: 'Um resumo com tamanho suficiente.',
      category: 'Técnico',
      status: 'published',
    });
    await s.editor.client.collection('posts').update(post.id, { status: 'draft' });
    for (let n = 1; n <= 60; n++) await s.editor.client.collection('posts').update(post.id, { content: `Versão ${n}.` });
    const revisions = await history(s.editor.client, 'posts', post.id);
    expect(revisions).toHaveLength(51);
    expect(revisions[0]!.data.content).toBe('Versão 60.');
    expect(revisions[49]!.data.content).toBe('Versão 11.');
    expect(revisions[50]).toMatchObject({ kind: 'create', published: true });
  });
});

describe('a deleted post comes back', () => {
  const deletedPosts = (client: PocketBase) =>
    fetch(`${s.server.url}/api/admin/rest/deleted-posts`, { headers: { Authorization: client.authStore.token } });
  const restore = (client: PocketBase, id: string) =>
    fetch(`${s.server.url}/api/admin/deleted-posts/${id}/restore`, {
      method: 'POST',
      headers: { Authorization: client.authStore.token },
    });

  test('listed for 30 days to editors, restored with its id, its fields and its history', { timeout: 120_000 }, async () => {
    const post = await draft(s.author.client, { content: 'Conteúdo que não pode se perder.', tags: ['ESP32'] });
    await s.editor.client.collection('posts').update(post.id, { title: `${post.title} final` });
    await s.editor.client.collection('posts').delete(post.id);

    const listed = await deletedPosts(s.editor.client);
    expect(listed.status).toBe(200);
    const items = (await listed.json()) as { id: string; title: string; deleted_by: string }[];
    expect(items.find((item) => item.id === post.id)).toMatchObject({
      title: `${post.title} final`,
      deleted_by: s.editor.fullName || s.editor.email,
    });
    expect((await deletedPosts(s.author.client)).status).toBe(403);
    expect((await restore(s.author.client, post.id)).status).toBe(403);
    // The author no longer reads the history of a post that is gone.
    expect(await history(s.author.client, 'posts', post.id)).toEqual([]);

    const answer = await restore(s.editor.client, post.id);
    expect(answer.status).toBe(200);
    const back = await s.editor.client.collection('posts').getOne(post.id);
    expect(back).toMatchObject({
      title: `${post.title} final`,
      content: 'Conteúdo que não pode se perder.',
      tags: ['ESP32'],
      status: 'draft',
      author: s.author.actor!.id,
    });
    const revisions = await history(s.author.client, 'posts', post.id);
    expect(revisions.map((revision) => revision.kind)).toEqual(['restore', 'delete', 'update', 'create']);
    expect(revisions[0]).toMatchObject({ summary: 'restaurado depois de excluído', editor: s.editor.actor!.id });
    expect((await restore(s.editor.client, post.id)).status).toBe(400);
    expect(((await (await deletedPosts(s.editor.client)).json()) as { id: string }[]).map((item) => item.id)).not.toContain(
      post.id,
    );
  });

  test('after 30 days a deleted post and its history are gone', { timeout: 120_000 }, async () => {
    const post = await draft(s.editor.client);
    await s.editor.client.collection('posts').delete(post.id);
    const kept = await draft(s.editor.client);
    await s.editor.client.collection('posts').delete(kept.id);
    // Deleted long ago, brought back, and deleted again yesterday: it counts from the last deletion.
    const again = await draft(s.editor.client);
    await s.editor.client.collection('posts').delete(again.id);
    expect((await restore(s.editor.client, again.id)).status).toBe(200);
    await s.editor.client.collection('posts').delete(again.id);
    // The deletions happened 31 days ago.
    await s.server.kill();
    const db = new DatabaseSync(path.join(s.server.dataDir, 'data.db'));
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().replace('T', ' ');
    db.prepare('UPDATE revisions SET created = ? WHERE record = ?').run(longAgo, post.id);
    const firstDeletion = db
      .prepare("SELECT id FROM revisions WHERE record = ? AND kind = 'delete' ORDER BY created LIMIT 1")
      .get(again.id) as { id: string };
    db.prepare('UPDATE revisions SET created = ? WHERE id = ?').run(longAgo, firstDeletion.id);
    db.close();
    await s.server.restart();
    const job = await fetch(`${s.server.url}/api/site/jobs/purge-revisions`, {
      method: 'POST',
      headers: { Authorization: s.superuser.authStore.token },
    });
    expect(job.status).toBe(200);
    expect(await history(s.editor.client, 'posts', post.id)).toEqual([]);
    expect(await history(s.editor.client, 'posts', kept.id)).toHaveLength(2);
    expect(await history(s.editor.client, 'posts', again.id)).toHaveLength(4);
    expect((await restore(s.editor.client, post.id)).status).toBe(404);
    expect((await restore(s.editor.client, again.id)).status).toBe(200);
  });
});

describe('no save silently overwrites another', () => {
  test('a save based on a stale copy is refused with 409; the current copy saves', async () => {
    const post: RecordModel = await draft(s.author.client);
    // The editor saves in between.
    await s.editor.client.collection('posts').update(post.id, { excerpt: 'Resumo do editor, salvo antes.' });
    const stale = await statusOf(
      s.author.client.collection('posts').update(post.id, { content: 'Minha versão.', updated: post.updated }),
    );
    expect(stale).toBe(409);
    const current = await s.author.client.collection('posts').getOne(post.id);
    expect(current.content).toBe('Primeira versão.');
    const saved = await s.author.client
      .collection('posts')
      .update(post.id, { content: 'Minha versão.', updated: current.updated });
    expect(saved.content).toBe('Minha versão.');
    expect(saved.excerpt).toBe('Resumo do editor, salvo antes.');
    // The same for pages.
    const page = await s.editor.client.collection('pages').create({ name: unique('Página concorrente'), status: 'draft' });
    await s.admin.client.collection('pages').update(page.id, { title: 'Título do admin' });
    expect(
      await statusOf(s.editor.client.collection('pages').update(page.id, { title: 'Meu título', updated: page.updated })),
    ).toBe(409);
  });
});

describe('editorial review', () => {
  test('the author sends for review, the editor sends back with a note the author reads', async () => {
    const post = await draft(s.author.client, { status: 'review' });
    expect(post.status).toBe('review');
    // Never public while in review.
    expect(await statusOf(s.anonymous.client.collection('posts').getOne(post.id))).toBe(404);
    const inQueue = await s.editor.client.collection('posts').getFullList({ filter: 'status = "review"' });
    expect(inQueue.map((item) => item.id)).toContain(post.id);
    await s.editor.client.collection('posts').update(post.id, { status: 'draft', review_note: 'Explique melhor o circuito.' });
    const back = await s.author.client.collection('posts').getOne(post.id);
    expect(back).toMatchObject({ status: 'draft', review_note: 'Explique melhor o circuito.' });
    expect(await statusOf(s.author.client.collection('posts').update(post.id, { review_note: '' }))).toBe(404);
    await s.author.client.collection('posts').update(post.id, { status: 'review', content: 'Circuito explicado.' });
    const [latest] = await history(s.author.client, 'posts', post.id);
    expect(latest!.summary).toBe('conteúdo, status: Em revisão');
    // Published, by whatever path: the note goes, so the public never reads it.
    await s.editor.client.collection('posts').update(post.id, { review_note: 'Quase lá.' });
    const published = await s.superuser
      .collection('posts')
      .update(post.id, { status: 'published', excerpt: 'Como ligar o circuito passo a passo.' });
    expect(published.review_note).toBe('');
    expect((await s.anonymous.client.collection('posts').getOne(post.id)).review_note).toBe('');
  });
});

describe('menus, testimonials and FAQ entries keep a history too', () => {
  const firstOf = async (collection: string) =>
    (await s.superuser.collection(collection).getList(1, 1, { sort: 'created' })).items[0]!;

  test('each seeded one starts with its first revision, read by editors only', async () => {
    for (const collection of ['menus', 'testimonials', 'faq_entries']) {
      const records = await s.superuser.collection(collection).getFullList();
      expect(records.length, collection).toBeGreaterThan(0);
      for (const record of records) {
        const revisions = await history(s.editor.client, collection, record.id);
        expect(revisions.length, `${collection} ${record.id}`).toBeGreaterThan(0);
        expect(revisions.at(-1)!.kind).toBe('create');
      }
      const one = records[0]!;
      expect(await history(s.author.client, collection, one.id)).toEqual([]);
    }
  });

  test('an FAQ answer changed and restored: each save a revision naming its fields, the restore a new one', async () => {
    const entry = await s.editor.client.collection('faq_entries').create({
      question: unique('Pergunta versionada?'),
      answer: 'Resposta original, com o tamanho que o site pede.',
      order: 900,
    });
    await s.editor.client
      .collection('faq_entries')
      .update(entry.id, { answer: 'Resposta reescrita, com o tamanho que o site pede.', order: 901 });
    const [edited, created] = await history(s.editor.client, 'faq_entries', entry.id);
    expect(created).toMatchObject({ kind: 'create', summary: 'criada', published: false });
    expect(edited).toMatchObject({ kind: 'update', summary: 'resposta, ordem', editor: s.editor.actor!.id });
    expect(edited!.data).toEqual({
      question: entry.question,
      answer: 'Resposta reescrita, com o tamanho que o site pede.',
      order: 901,
    });
    // A key in another case is no field for PocketBase, nor a restore for the hooks: a plain save.
    const variant = await s.editor.client
      .collection('faq_entries')
      .update(entry.id, { order: 902, RESTORED_FROM: created!.id, Restored_From: created!.id });
    expect(variant.order).toBe(902);
    expect((await history(s.editor.client, 'faq_entries', entry.id))[0]).toMatchObject({ kind: 'update', restored_from: '' });
    const restored = await s.editor.client
      .collection('faq_entries')
      .update(entry.id, { ...created!.data, restored_from: created!.id });
    expect(restored).toMatchObject({ answer: 'Resposta original, com o tamanho que o site pede.', order: 900 });
    const [latest] = await history(s.editor.client, 'faq_entries', entry.id);
    expect(latest).toMatchObject({ kind: 'restore', restored_from: created!.id, summary: 'resposta, ordem' });
    await s.editor.client.collection('faq_entries').delete(entry.id);
    const [deleted] = await history(s.editor.client, 'faq_entries', entry.id);
    expect(deleted).toMatchObject({ kind: 'delete', summary: 'excluída' });
  });

  test("a menu's links restored to an earlier version; another record's version and a stale copy are refused", async () => {
    const menu = await s.editor.client.collection('menus').getFirstListItem('key = "footer_links"');
    const before = menu.items as Array<Record<string, unknown>>;
    const added = [...before, { id: 'irevisao001', label: 'Versionado', page: '', url: '/blog', new_tab: false }];
    const saved = await s.editor.client.collection('menus').update(menu.id, { items: added, updated: menu.updated });
    const [edited, previous] = await history(s.editor.client, 'menus', menu.id);
    expect(edited).toMatchObject({ kind: 'update', summary: 'links' });
    expect(previous!.data.items).toEqual(before);

    // A stale copy (the one loaded before the save) is refused; another record's version too.
    expect(await statusOf(s.admin.client.collection('menus').update(menu.id, { items: before, updated: menu.updated }))).toBe(
      409,
    );
    const faq = await firstOf('faq_entries');
    const [faqRevision] = await history(s.editor.client, 'faq_entries', faq.id);
    expect(
      await statusOf(
        s.editor.client
          .collection('menus')
          .update(menu.id, { items: before, restored_from: faqRevision!.id, updated: saved.updated }),
      ),
    ).toBe(400);
    // Authors may not restore (nor edit) a menu, whatever they send.
    expect(
      await statusOf(s.author.client.collection('menus').update(menu.id, { items: before, restored_from: previous!.id })),
    ).not.toBe(200);

    const restored = await s.editor.client.collection('menus').update(menu.id, {
      title: previous!.data.title,
      items: previous!.data.items,
      restored_from: previous!.id,
      updated: saved.updated,
    });
    expect(restored.items).toEqual(before);
    const [latest] = await history(s.editor.client, 'menus', menu.id);
    expect(latest).toMatchObject({ kind: 'restore', restored_from: previous!.id, summary: 'links' });
  });

  test(
    'a testimonial keeps at most the last 50 revisions (none is public: pieces have no status)',
    { timeout: 120_000 },
    async () => {
      const testimonial = await s.editor.client.collection('testimonials').create({
        name: 'Ana Teste',
        company: 'Empresa Versionada',
        quote: 'Primeira fala do depoimento, longa o bastante.',
        page: 'clientes',
        order: 990,
      });
      for (let i = 1; i <= 52; i++) {
        await s.editor.client
          .collection('testimonials')
          .update(testimonial.id, { quote: `Fala número ${i} do depoimento, longa o bastante.` });
      }
      const revisions = await history(s.editor.client, 'testimonials', testimonial.id);
      expect(revisions).toHaveLength(50);
      expect(revisions[0]!.data.quote).toBe('Fala número 52 do depoimento, longa o bastante.');
      expect(revisions.every((revision) => revision.published === false)).toBe(true);
      await s.editor.client.collection('testimonials').delete(testimonial.id);
    },
  );
});
