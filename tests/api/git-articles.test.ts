/**
 * The MDX articles in git, listed read-only for the admin (GET /api/admin/rest/git-articles),
 * against a real PocketBase reading a folder of articles (BLOG_CONTENT_DIR).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

interface GitArticle {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  date: string;
  path: string;
  url: string;
}

const article = (front: Record<string, string>) =>
  `---\n${Object.entries(front)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n')}\n---\n\nTexto.\n`;

describe('git articles in the admin', () => {
  let staff: StaffServer;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'git-articles-'));
    await writeFile(
      path.join(dir, 'funcao-map.mdx'),
      article({
        slug: 'funcao-map',
        title: "'Função map: o básico'",
        excerpt: "'Como escalar leituras.'",
        category: 'Tutoriais',
        author: "'Equipe Operium'",
        date: '2021-03-01',
      }),
    );
    await writeFile(
      path.join(dir, 'sem-slug.mdx'),
      article({
        title: '"Caso de sucesso na indústria"',
        excerpt: 'Um cliente conta.',
        category: "'Casos de Sucesso'",
        date: '2022-05-10',
      }),
    );
    await writeFile(path.join(dir, 'notas.md'), 'não é um artigo');
    await writeFile(path.join(dir, 'sem-frontmatter.mdx'), 'Só texto.');
    staff = await startStaffServer({ env: { BLOG_CONTENT_DIR: dir } });
  });

  afterAll(async () => {
    await staff?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const list = (member: StaffServer['admin'], query = '') =>
    fetch(`${staff.server.url}/api/admin/rest/git-articles${query}`, {
      headers: { Authorization: member.client.authStore.token },
    });

  test('every active staff role lists them, newest first, with the file path, in the simple-REST dialect', async () => {
    for (const member of [staff.admin, staff.editor, staff.author]) {
      const response = await list(member);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBe('git-articles 0-1/2');
      const items = (await response.json()) as GitArticle[];
      expect(items.map((item) => item.id)).toEqual(['sem-slug', 'funcao-map']);
      expect(items[1]).toEqual({
        id: 'funcao-map',
        slug: 'funcao-map',
        title: 'Função map: o básico',
        excerpt: 'Como escalar leituras.',
        category: 'Tutoriais',
        author: 'Equipe Operium',
        date: '2021-03-01',
        path: 'src/content/blog/funcao-map.mdx',
        url: '/blog/funcao-map',
      });
      expect(items[0]).toMatchObject({ title: 'Caso de sucesso na indústria', category: 'Casos de Sucesso' });
    }
  });

  test('searches without caring for accents or case, filters by category, sorts and pages', async () => {
    const q = async (query: string) => ((await (await list(staff.editor, query)).json()) as GitArticle[]).map((item) => item.id);
    expect(await q(`?filter=${encodeURIComponent('{"q":"FUNCAO"}')}`)).toEqual(['funcao-map']);
    expect(await q(`?filter=${encodeURIComponent('{"category":["Casos de Sucesso"]}')}`)).toEqual(['sem-slug']);
    expect(await q(`?sort=${encodeURIComponent('["title","ASC"]')}`)).toEqual(['sem-slug', 'funcao-map']);
    const page = await list(staff.editor, `?range=${encodeURIComponent('[1,1]')}`);
    expect(page.headers.get('content-range')).toBe('git-articles 1-1/2');
    const one = await fetch(`${staff.server.url}/api/admin/rest/git-articles/funcao-map`, {
      headers: { Authorization: staff.author.client.authStore.token },
    });
    expect(((await one.json()) as GitArticle).title).toBe('Função map: o básico');
  });

  test('visitors and inactive accounts get nothing; bad queries and unknown ids are clear 4xx; nothing can be written', async () => {
    expect((await fetch(`${staff.server.url}/api/admin/rest/git-articles`)).status).toBe(401);
    expect((await list(staff.inactive)).status).toBe(403);
    const bad = await list(staff.admin, `?sort=${encodeURIComponent('["path","ASC"]')}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Não é possível ordenar por "path"/);
    const missing = await fetch(`${staff.server.url}/api/admin/rest/git-articles/nao-existe`, {
      headers: { Authorization: staff.admin.client.authStore.token },
    });
    expect(missing.status).toBe(404);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const url = `${staff.server.url}/api/admin/rest/git-articles${method === 'POST' ? '' : '/funcao-map'}`;
      const response = await fetch(url, { method, headers: { Authorization: staff.admin.client.authStore.token } });
      expect([404, 405]).toContain(response.status);
    }
    expect(await statusOf(staff.admin.client.send('/api/admin/rest/git-articles/funcao-map', { method: 'DELETE' }))).not.toBe(
      200,
    );
  });

  test('the dashboard counts them as published posts', async () => {
    const stats = await staff.editor.client.send<{ posts: { git: number; published: number } }>('/api/admin/stats', {});
    expect(stats.posts.git).toBe(2);
    expect(stats.posts.published).toBeGreaterThanOrEqual(2);
  });
});
