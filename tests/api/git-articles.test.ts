/**
 * The MDX articles in git as the server knows them: the site build lists them in the
 * built site (src/pages/blog/dados/artigos-git.json.ts) and the hooks read that list
 * from the live build (pb_hooks/lib/posts/git-articles.js), never from src/: the admin's
 * read-only list (GET /api/admin/rest/git-articles), the dashboard's count and where a
 * comment may go. A real PocketBase and a real build of this repository's articles, with
 * a CMS post published beside them, which is no article in git.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runSiteBuild } from '../../scripts/publish/build-run.mjs';
import type { GitArticle } from '../../src/lib/blog/blog';
import { FUNCAO_MAP } from '../helpers/git-articles';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

const BUILD_TIMEOUT = 240_000;
const CMS_POST = { title: 'Post do painel sobre a função map', slug: 'post-do-painel-funcao-map' };

let staff: StaffServer;
let tmp: string;
let siteDir: string;
/** Every MDX file of the repository, as the list names them. */
let files: string[];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'git-articles-'));
  // The live build's folder: no build there yet.
  siteDir = path.join(tmp, 'site');
  staff = await startStaffServer({ siteDir });
  files = (await readdir('src/content/blog'))
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => `src/content/blog/${name}`)
    .sort();
});

afterAll(async () => {
  await staff?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const list = (member: StaffServer['admin'], query = '') =>
  fetch(`${staff.server.url}/api/admin/rest/git-articles${query}`, {
    headers: { Authorization: member.client.authStore.token },
  });

/** A visitor's comment on `article`. */
const comment = (article: string) =>
  staff.anonymous.client
    .collection('comments')
    .create({ article, name: 'Leitora', email: 'leitora@exemplo.com.br', body: 'Uma pergunta.', consent: true });

describe('before the first build', () => {
  test('no article in git is known: the list is empty and a comment on one is refused', async () => {
    const response = await list(staff.editor);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('git-articles */0');
    expect(await response.json()).toEqual([]);
    expect(await statusOf(comment(FUNCAO_MAP.slug))).toBe(400);
  });
});

describe('once the site is built', () => {
  beforeAll(async () => {
    await staff.editor.client
      .collection('posts')
      .create({ ...CMS_POST, excerpt: 'Um post do CMS.', content: 'Texto.', category: 'Técnico', status: 'published' });
    const build = await runSiteBuild({
      outDir: siteDir,
      cacheDir: path.join(tmp, 'cache'),
      env: { ...process.env, POCKETBASE_URL: staff.server.url, PUBLIC_SITE_URL: 'http://127.0.0.1' },
    });
    expect(build.ok, build.log).toBe(true);
  }, BUILD_TIMEOUT);

  test('every active staff role lists every MDX file, and only those, newest first, in the simple-REST dialect', async () => {
    for (const member of [staff.admin, staff.editor, staff.author]) {
      const response = await list(member);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBe(`git-articles 0-${files.length - 1}/${files.length}`);
      const items = (await response.json()) as GitArticle[];
      expect(items.map((item) => item.path).sort()).toEqual(files);
      expect(items.map((item) => item.slug)).not.toContain(CMS_POST.slug);
      const dates = items.map((item) => item.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(items.find((item) => item.id === FUNCAO_MAP.id)).toEqual(FUNCAO_MAP);
      for (const item of items) expect(Object.keys(item).sort(), item.path).toEqual(Object.keys(FUNCAO_MAP).sort());
    }
  });

  test('searches without caring for accents or case, filters by category, sorts and pages', async () => {
    const all = (await (await list(staff.editor)).json()) as GitArticle[];
    const q = async (query: string) => ((await (await list(staff.editor, query)).json()) as GitArticle[]).map((item) => item.id);
    const found = await q(`?filter=${encodeURIComponent('{"q":"FUNCAO MAP"}')}`);
    expect(found).toContain(FUNCAO_MAP.id);
    expect(found.length).toBeLessThan(all.length);
    const cases = all.filter((item) => item.category === 'Casos de Sucesso').map((item) => item.id);
    expect(cases.length).toBeGreaterThan(0);
    expect(await q(`?filter=${encodeURIComponent('{"category":["Casos de Sucesso"]}')}`)).toEqual(cases);
    const byTitle = (
      (await (await list(staff.editor, `?sort=${encodeURIComponent('["title","ASC"]')}`)).json()) as GitArticle[]
    ).map((item) => item.title);
    expect(byTitle).toEqual([...byTitle].sort());
    expect(byTitle).toHaveLength(all.length);
    const page = await list(staff.editor, `?range=${encodeURIComponent('[1,1]')}`);
    expect(page.headers.get('content-range')).toBe(`git-articles 1-1/${all.length}`);
    const one = await fetch(`${staff.server.url}/api/admin/rest/git-articles/${FUNCAO_MAP.id}`, {
      headers: { Authorization: staff.author.client.authStore.token },
    });
    expect(await one.json()).toEqual(FUNCAO_MAP);
  });

  test('visitors and inactive accounts get nothing; bad queries and unknown ids are clear 4xx; nothing can be written', async () => {
    expect((await fetch(`${staff.server.url}/api/admin/rest/git-articles`)).status).toBe(401);
    expect((await list(staff.inactive)).status).toBe(403);
    const bad = await list(staff.admin, `?sort=${encodeURIComponent('["path","ASC"]')}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Não é possível ordenar por "path"/);
    for (const id of ['nao-existe', CMS_POST.slug]) {
      const missing = await fetch(`${staff.server.url}/api/admin/rest/git-articles/${id}`, {
        headers: { Authorization: staff.admin.client.authStore.token },
      });
      expect(missing.status, id).toBe(404);
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const url = `${staff.server.url}/api/admin/rest/git-articles${method === 'POST' ? '' : `/${FUNCAO_MAP.id}`}`;
      const response = await fetch(url, { method, headers: { Authorization: staff.admin.client.authStore.token } });
      expect([404, 405]).toContain(response.status);
    }
    expect(
      await statusOf(staff.admin.client.send(`/api/admin/rest/git-articles/${FUNCAO_MAP.id}`, { method: 'DELETE' })),
    ).not.toBe(200);
  });

  test('the dashboard counts them as published posts', async () => {
    const stats = await staff.editor.client.send<{ posts: { git: number; published: number } }>('/api/admin/stats', {});
    expect(stats.posts.git).toBe(files.length);
    expect(stats.posts.published).toBe(files.length + 1);
  });

  test('a comment may go to an article the build lists, under its title', async () => {
    const created = await comment(FUNCAO_MAP.slug);
    expect((await staff.superuser.collection('comments').getOne(created.id)).article_title).toBe(FUNCAO_MAP.title);
    expect(await statusOf(comment('artigo-que-nao-existe'))).toBe(400);
  });
});
