/** The blog's CMS source against a real PocketBase: what is published goes in, sanitized; nothing else. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { fetchPublicPosts, toBlogEntry } from '../../src/lib/cms/posts';
import { createArticleRenderer, renderArticle } from '../../src/lib/markdown/render';

const renderMarkdown = async (markdown: string) => (await renderArticle(await createArticleRenderer(), markdown)).html;
import { slugClash } from '../../src/lib/blog/loader';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;
const pbDate = (date: Date) => date.toISOString().replace('T', ' ');

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  const posts = s.editor.client.collection('posts');
  await posts.create({
    title: 'Publicado no CMS',
    category: 'Técnico',
    status: 'published',
    excerpt: 'Resumo publicado',
    tags: ['ESP32', 'CMS'],
    content: '## Olá\n\nTexto **publicado**.',
  });
  await posts.create({ title: 'Rascunho do CMS', category: 'Técnico', status: 'draft' });
  await posts.create({
    title: 'Agendado que já venceu',
    category: 'Negócios',
    status: 'scheduled',
    published_at: pbDate(new Date(Date.now() - 60_000)),
  });
  await posts.create({
    title: 'Agendado para o futuro',
    category: 'Negócios',
    status: 'scheduled',
    published_at: pbDate(new Date(Date.now() + 86_400_000)),
  });
  await posts.create({
    title: 'Post hostil',
    category: 'Tutoriais',
    status: 'published',
    content:
      'Oi <script>alert(1)</script>\n\n<img src="x.png" onerror="alert(2)">\n\n[link](javascript:alert(3))\n\n<a href="https://exemplo.com.br" onclick="alert(4)">externo</a>',
  });
});
afterAll(async () => {
  await s?.stop();
});

describe('CMS posts for the blog', () => {
  test('brings published posts and scheduled posts whose time has come, never drafts or future posts', async () => {
    const titles = (await fetchPublicPosts(s.server.url)).map((post) => post.title).sort();
    expect(titles).toEqual(['Agendado que já venceu', 'Post hostil', 'Publicado no CMS']);
  });

  test('turns a post into a blog entry with its slug, author, date, tags and rendered body', async () => {
    const post = (await fetchPublicPosts(s.server.url)).find((item) => item.title === 'Publicado no CMS')!;
    const entry = toBlogEntry(post, s.server.url);
    expect(entry.id).toBe('publicado-no-cms');
    expect(entry.data).toMatchObject({
      title: 'Publicado no CMS',
      excerpt: 'Resumo publicado',
      category: 'Técnico',
      tags: ['ESP32', 'CMS'],
      source: 'cms',
    });
    expect(entry.data.author).toBe('editor@exemplo.com.br');
    expect(entry.data.date).toBeInstanceOf(Date);
    expect(await renderMarkdown(entry.markdown)).toBe('<h2 id="olá">Olá</h2>\n<p>Texto <strong>publicado</strong>.</p>');
  });

  test('sanitizes hostile Markdown: no script, no event handler, no javascript: link', async () => {
    const post = (await fetchPublicPosts(s.server.url)).find((item) => item.title === 'Post hostil')!;
    const html = await renderMarkdown(toBlogEntry(post, s.server.url).markdown);
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(html).toContain('href="https://exemplo.com.br"');
  });

  test('an unreachable CMS fails with a clear message instead of dropping posts', async () => {
    const port = await freePort();
    await expect(fetchPublicPosts(`http://127.0.0.1:${port}`)).rejects.toThrow(
      /Não foi possível ler os posts do CMS em http:\/\/127\.0\.0\.1:\d+/,
    );
  });

  test('a real build against an unreachable CMS fails with that message', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const outDir = mkdtempSync(path.join(tmpdir(), 'build-sem-cms-'));
    try {
      const build = spawnSync(process.execPath, [fromRoot('node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
        cwd: fromRoot(),
        encoding: 'utf8',
        env: { ...process.env, POCKETBASE_URL: `http://127.0.0.1:${port}`, ASTRO_OUT_DIR: outDir },
      });
      expect(build.status).not.toBe(0);
      // The first CMS read (settings, src/lib/cms/loaders.ts) is the one that fails.
      expect(build.stdout + build.stderr).toContain(`Não foi possível ler as configurações do CMS em http://127.0.0.1:${port}`);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  test('a post whose slug an MDX article holds is left out with a reason naming the article', () => {
    expect(slugClash('funcao-map-no-arduino', 'src/content/blog/funcao-map-no-arduino.mdx')).toBe(
      'O slug "funcao-map-no-arduino" já é do artigo MDX src/content/blog/funcao-map-no-arduino.mdx: escolha outro slug para o post.',
    );
    expect(slugClash('novo', undefined)).toBeNull();
  });
});
