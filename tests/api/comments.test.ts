/**
 * Comments on a real PocketBase: every rule of the comments collection tried by the
 * people it is meant to stop (a visitor forging the status or a reply, reading
 * e-mails directly or through a filter, flooding; an author or an inactive account
 * moderating), and what staff may do.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import rules from '../../shared/content-rules.json';
import { FUNCAO_MAP } from '../helpers/git-articles';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;
/** An MDX article kept in git, as the live build lists it for the hooks. */
const ARTICLE = FUNCAO_MAP.slug;
let serial = 0;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true, gitArticles: [FUNCAO_MAP] });
  // As behind a reverse proxy: each test speaks from its own visitor address.
  const settings = await s.superuser.settings.getAll();
  await s.superuser.settings.update({ trustedProxy: { ...settings.trustedProxy, headers: ['X-Forwarded-For'] } });
});
afterAll(async () => {
  await s?.stop();
});

/** A fresh visitor address (TEST-NET-3). */
const address = () => `203.0.113.${++serial}`;

interface Answer {
  status: number;
  json: Record<string, unknown> & { data?: Record<string, { code: string; message: string }>; message?: string };
}

/** A visitor's request to the records API, from `from`. */
async function visitor(method: string, path: string, from: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${s.server.url}/api/collections/comments/records${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {} };
}

const comment = (extra: Record<string, unknown> = {}) => ({
  article: ARTICLE,
  name: 'Marina Souza',
  email: 'marina@exemplo.com.br',
  body: 'Funciona também com o ESP32-S3?',
  consent: true,
  ...extra,
});

const stored = (id: string) => s.superuser.collection('comments').getOne(id);

describe('a visitor comments', () => {
  test('a new comment is pending whatever the request says, and its answer hides the e-mail', async () => {
    const created = await visitor('POST', '', address(), comment({ status: 'approved' }));
    expect(created.status).toBe(200);
    expect(created.json.email).toBeUndefined();
    expect(await stored(String(created.json.id))).toMatchObject({
      status: 'pending',
      article_title: 'A função map() do Arduino: como funciona e onde ela engana',
    });
  });

  test('the body is kept exactly as typed, code and all', async () => {
    const code = '    if (x < y && y > 0) {\n\t#include <Wire.h> // <script>alert(1)</script>\n    }';
    const created = await visitor('POST', '', address(), comment({ body: code }));
    expect(created.status).toBe(200);
    expect((await stored(String(created.json.id))).body).toBe(code);
  });

  test('an unknown article, a draft post or a missing field is refused with a pt-BR message per field', async () => {
    const unknown = await visitor('POST', '', address(), comment({ article: 'artigo-que-nao-existe' }));
    expect(unknown.status).toBe(400);
    expect(unknown.json.data?.article?.message).toMatch(/^Artigo não encontrado/);
    const traversal = await visitor('POST', '', address(), comment({ article: '../../../etc/passwd' }));
    expect(traversal.status).toBe(400);

    const draft = await s.editor.client.collection('posts').create({ title: 'Rascunho sem comentários', category: 'Técnico' });
    expect((await visitor('POST', '', address(), comment({ article: draft.slug }))).status).toBe(400);
    await s.editor.client.collection('posts').update(draft.id, { status: 'published', excerpt: 'Um post publicado agora.' });
    expect((await visitor('POST', '', address(), comment({ article: draft.slug }))).status).toBe(200);

    const empty = await visitor('POST', '', address(), comment({ name: 'M', body: ' \u200B ', email: 'não é e-mail' }));
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.data ?? {}).sort()).toEqual(['email']);
    const short = await visitor('POST', '', address(), comment({ name: 'M', body: ' \u200B ' }));
    expect(Object.keys(short.json.data ?? {}).sort()).toEqual(['body', 'name']);
    const long = await visitor('POST', '', address(), comment({ body: 'x'.repeat(rules.comments.body.max + 1) }));
    expect(long.json.data?.body?.code).toBe('validation_max_text_constraint');
  });

  test('a filled honeypot is answered as a success and kept as spam', async () => {
    const bot = await visitor('POST', '', address(), comment({ website: 'https://spam.example' }));
    expect(bot.status).toBe(200);
    expect((await stored(String(bot.json.id))).status).toBe('spam');
  });

  test('more than two links or a known spam pattern waits in spam for review', async () => {
    const links = await visitor('POST', '', address(), comment({ body: 'Veja http://a.example http://b.example www.c.example' }));
    expect((await stored(String(links.json.id))).status).toBe('spam');
    const two = await visitor('POST', '', address(), comment({ body: 'Compare http://a.example com https://b.example' }));
    expect((await stored(String(two.json.id))).status).toBe('pending');
    const pattern = await visitor('POST', '', address(), comment({ body: 'Best SEO services for your site, cheap!' }));
    expect((await stored(String(pattern.json.id))).status).toBe('spam');
  });

  test('an address may send five comments in ten minutes; the sixth gets 429 in pt-BR, another address goes on', async () => {
    const from = address();
    const answers = [];
    for (let i = 0; i < rules.comments.rate.max + 1; i++)
      answers.push(await visitor('POST', '', from, comment({ body: `Pergunta ${i}` })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.at(-1)!.json.message).toBe(
      'Você enviou muitos comentários em pouco tempo. Tente novamente em alguns minutos.',
    );
    expect((await visitor('POST', '', address(), comment())).status).toBe(200);
  });

  test('a visitor cannot answer as the team', async () => {
    const first = await visitor('POST', '', address(), comment());
    const reply = await visitor('POST', '', address(), comment({ parent: first.json.id }));
    expect(reply.status).toBe(400);
    expect(reply.json.data?.parent?.message).toBe('Só a equipe pode responder a um comentário.');
  });
});

describe('what the public reads', () => {
  test('only approved comments, never an e-mail, not even through a filter or a sort', async () => {
    const pending = await visitor('POST', '', address(), comment({ body: 'Ainda não moderado.' }));
    const approved = await visitor('POST', '', address(), comment({ body: 'Aprovado pela equipe.' }));
    await s.editor.client.collection('comments').update(String(approved.json.id), { status: 'approved' });

    const list = await visitor('GET', `?perPage=200&filter=${encodeURIComponent(`article="${ARTICLE}"`)}`, address());
    const items = list.json.items as Record<string, unknown>[];
    expect(items.every((item) => item.status === 'approved' && !('email' in item))).toBe(true);
    expect(items.map((item) => item.id)).toContain(approved.json.id);
    expect((await visitor('GET', `/${String(pending.json.id)}`, address())).status).toBe(404);
    const view = await visitor('GET', `/${String(approved.json.id)}`, address());
    expect(view.status).toBe(200);
    expect(view.json.email).toBeUndefined();
    const expanded = await visitor('GET', `?expand=parent&fields=*,expand.parent.email`, address());
    expect(JSON.stringify(expanded.json)).not.toContain('@exemplo.com.br');

    for (const query of ['filter=email~"marina"', 'filter=parent.email!=""', 'sort=email', 'sort=-EMAIL']) {
      const probe = await visitor('GET', `?${query.replace(/"/g, '%22')}`, address());
      expect(probe.status, query).toBe(400);
    }
  });
});

describe('moderation', () => {
  test('admins and editors list every comment with e-mails and change statuses; authors and inactive accounts cannot', async () => {
    const created = await visitor('POST', '', address(), comment({ body: 'Para moderar.' }));
    const id = String(created.json.id);

    const editorView = await s.editor.client.collection('comments').getOne(id);
    expect(editorView.email).toBe('marina@exemplo.com.br');
    const adminList = await s.admin.client.collection('comments').getList(1, 50, { filter: 'status = "pending"' });
    expect(adminList.items.some((item) => item.id === id && item.email === 'marina@exemplo.com.br')).toBe(true);

    expect(await statusOf(s.author.client.collection('comments').getOne(id))).toBe(404);
    expect(await statusOf(s.author.client.collection('comments').update(id, { status: 'approved' }))).toBe(404);
    expect(await statusOf(s.author.client.collection('comments').delete(id))).toBe(404);
    expect(await statusOf(s.inactive.client.collection('comments').update(id, { status: 'approved' }))).toBe(403);
    expect((await stored(id)).status).toBe('pending');

    await s.editor.client.collection('comments').update(id, { status: 'rejected', body: 'Para moderar (corrigido).' });
    expect(await stored(id)).toMatchObject({ status: 'rejected', body: 'Para moderar (corrigido).', article: ARTICLE });
    expect(await statusOf(s.admin.client.collection('comments').delete(id))).toBe(200);
  });

  test('a moderator cannot move a comment to another article', async () => {
    const created = await visitor('POST', '', address(), comment());
    await s.editor.client.collection('comments').update(String(created.json.id), { article: 'outro-artigo', status: 'approved' });
    expect((await stored(String(created.json.id))).article).toBe(ARTICLE);
  });

  test("the team's reply is public at once, on the answered comment's article, and goes with it", async () => {
    const question = await visitor('POST', '', address(), comment({ body: 'Qual a tensão de entrada?' }));
    const reply = await s.editor.client
      .collection('comments')
      .create({ parent: question.json.id, body: 'De 0 a 10 V.', article: 'outro-artigo', status: 'pending' });
    expect(reply).toMatchObject({
      status: 'approved',
      article: ARTICLE,
      parent: question.json.id,
      email: 'editor@exemplo.com.br',
    });
    expect(reply.name).not.toBe('');
    await s.editor.client.collection('comments').delete(String(question.json.id));
    expect(await statusOf(stored(reply.id))).toBe(404);
  });

  test('moderation is audited with who did it', async () => {
    const created = await visitor('POST', '', address(), comment());
    const id = String(created.json.id);
    await s.editor.client.collection('comments').update(id, { status: 'approved' });
    await s.admin.client.collection('comments').delete(id);
    const rows = await s.admin.client.collection('audit_logs').getFullList({ filter: `record_id = "${id}"`, sort: 'created' });
    expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(rows.slice(1).map((row) => row.user)).toEqual([s.editor.actor!.id, s.admin.actor!.id]);
    expect(rows[1]!.new_values).toMatchObject({ status: 'approved' });
  });
});
