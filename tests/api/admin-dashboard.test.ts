/**
 * The dashboard's data against real servers: live counts per role
 * (GET /api/admin/stats) and the validation report's five checks run against a
 * PocketBase serving a small fixture site.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { countResults, runChecks, type CheckResult } from '../../src/admin/dashboard/validationChecks';
import type { DashboardStats } from '../../src/admin/dashboard/stats';
import { FUNCAO_MAP } from '../helpers/git-articles';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';
import { startTestServer, type TestServer } from '../helpers/server';

/** The MDX articles in git the live build lists: published posts the admin counts too. */
const GIT_ARTICLES = [
  FUNCAO_MAP,
  {
    ...FUNCAO_MAP,
    id: 'outro-artigo',
    slug: 'outro-artigo',
    path: 'src/content/blog/outro-artigo.mdx',
    url: '/blog/outro-artigo',
  },
];
const git = GIT_ARTICLES.length;

describe('dashboard stats', () => {
  let staff: StaffServer;
  const stats = (member: StaffServer['admin']) => member.client.send<DashboardStats>('/api/admin/stats', {});

  beforeAll(async () => {
    staff = await startStaffServer({ gitArticles: GIT_ARTICLES });
    const post = (client: StaffServer['admin']['client'], title: string, status: string, extra: object = {}) =>
      client.collection('posts').create({ title, content: 'Texto do post.', category: 'Técnico', status, ...extra });
    await post(staff.editor.client, 'Publicado pelo editor', 'published');
    await post(staff.editor.client, 'Agendado pelo editor', 'scheduled', { published_at: '2099-01-01 10:00:00.000Z' });
    await post(staff.editor.client, 'Rascunho do editor', 'draft');
    await post(staff.author.client, 'Rascunho da autora', 'draft');
    // A 1 MiB file that PocketBase's content sniffing recognises as a PDF.
    const bytes = Buffer.alloc(1024 * 1024, 0x20);
    bytes.write('%PDF-1.4\n');
    const file = new File([bytes], 'manual.pdf', { type: 'application/pdf' });
    const form = new FormData();
    form.append('file', file);
    await staff.author.client.collection('media').create(form);
  });
  afterAll(() => staff?.stop());

  test('admins get users, posts and media counted in the database', async () => {
    const result = await stats(staff.admin);
    // admin, editor, two authors, one inactive: all created just now.
    expect(result.users).toEqual({ total: 5, active: 4, new_this_week: 5 });
    expect(result.posts).toEqual({ total: 4 + git, published: 1 + git, drafts: 2, scheduled: 1, git });
    expect(result.media.total).toBe(1);
    expect(result.media.size_mb).toBeCloseTo(1, 1);
  });

  test("every staff role sees the users card (the spec's read permission); authors count their own posts and the public ones", async () => {
    expect((await stats(staff.editor)).users).toEqual({ total: 5, active: 4, new_this_week: 5 });
    expect((await stats(staff.author)).users).toEqual({ total: 5, active: 4, new_this_week: 5 });
    expect((await stats(staff.author)).posts).toEqual({ total: 2 + git, published: 1 + git, drafts: 1, scheduled: 0, git });
    expect((await stats(staff.otherAuthor)).posts).toEqual({ total: 1 + git, published: 1 + git, drafts: 0, scheduled: 0, git });
  });

  test('visitors and inactive accounts are refused', async () => {
    expect(await statusOf(staff.anonymous.client.send('/api/admin/stats', {}))).toBe(401);
    expect(await statusOf(staff.inactive.client.send('/api/admin/stats', {}))).toBe(403);
  });
});

describe('validation report', () => {
  let server: TestServer;
  let siteDir: string;
  const pages = ['index.html', 'quem-somos/index.html', 'produtos/index.html', 'blog/index.html', 'contato/index.html'];
  const files = [...pages, 'admin/index.html', '404.html', 'robots.txt', 'sitemap.xml'];

  beforeAll(async () => {
    siteDir = await mkdtemp(path.join(tmpdir(), 'validation-site-'));
    for (const name of files) {
      await mkdir(path.dirname(path.join(siteDir, name)), { recursive: true });
      await writeFile(path.join(siteDir, name), `<h1>${name}</h1>`);
    }
    server = await startTestServer({ siteDir });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(siteDir, { recursive: true, force: true });
  });

  const run = (sessionAccepted = true) =>
    runChecks({ origin: server.url, request: fetch, sessionAccepted: async () => sessionAccepted });
  const byId = (results: CheckResult[], id: string) => results.find((result) => result.id === id)!;

  test('passes all five checks on a healthy site', async () => {
    const results = await run();
    expect(results.map((result) => [result.id, result.status])).toEqual([
      ['legacy-redirects', 'pass'],
      ['admin-access', 'pass'],
      ['auth-flow', 'pass'],
      ['public-pages', 'pass'],
      ['seo-files', 'pass'],
    ]);
    expect(countResults(results)).toEqual({ pass: 5, fail: 0, warning: 0, total: 5 });
  });

  test('reports a missing page as a failure, missing SEO files and a refused session as warnings', async () => {
    await rm(path.join(siteDir, 'blog'), { recursive: true });
    await rm(path.join(siteDir, 'sitemap.xml'));
    const results = await run(false);
    expect(byId(results, 'public-pages')).toMatchObject({ status: 'fail', message: '1 de 5 páginas públicas não respondem.' });
    expect(byId(results, 'public-pages').details).toContain('/blog: 404');
    expect(byId(results, 'seo-files')).toMatchObject({ status: 'warning', message: 'robots.txt: 200, sitemap.xml: 404.' });
    expect(byId(results, 'auth-flow').status).toBe('warning');
  });

  test('turns an unreachable server into failures with the reason', async () => {
    const results = await runChecks({ origin: 'http://127.0.0.1:9', request: fetch, sessionAccepted: async () => true });
    expect(countResults(results).fail).toBe(5);
    expect(byId(results, 'seo-files').status).toBe('fail');
    expect(byId(results, 'seo-files').message).toMatch(/^Falha na verificação/);
  });
});
