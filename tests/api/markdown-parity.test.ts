/**
 * One Markdown pipeline: the bodies of the git articles that are plain Markdown,
 * published as CMS posts, come out of a real build (the publisher's own,
 * scripts/publish/build-run.mjs, reading a real PocketBase) with the same article HTML
 * as the MDX articles themselves; and what the editor's preview shows is that HTML.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runSiteBuild } from '../../scripts/publish/build-run.mjs';
import { createArticleRenderer, renderArticle } from '../../src/lib/markdown/render';
import { startStaffServer, type StaffServer } from '../helpers/staff';

const BUILD_TIMEOUT = 300_000;
const BLOG = 'src/content/blog';

let s: StaffServer;
let tmp: string;
let out: string;
/** Git article slug → its body, for the plain-Markdown ones. */
const bodies = new Map<string, string>();

const bodyOf = (source: string) => source.replace(/^---\n[\s\S]*?\n---\n/, '');
const BOX = '<div class="prose-article mt-8">';
/** What an article page shows inside its body box (before the call to action, src/components/blog/ArticleCta.astro). */
async function articleBody(slug: string): Promise<string> {
  const html = await readFile(path.join(out, 'blog', slug, 'index.html'), 'utf8');
  const start = html.indexOf(BOX);
  // The call to action's own attributes (its id, the search's ignore mark) may come in any order.
  const cta = /<\/div><section [^>]*aria-labelledby="gostou"/g;
  cta.lastIndex = start;
  const end = cta.exec(html)?.index ?? -1;
  expect(start, `${slug}: corpo do artigo`).toBeGreaterThan(0);
  expect(end, `${slug}: fim do corpo`).toBeGreaterThan(start);
  return html.slice(start + BOX.length, end);
}

/**
 * The two compilers write the same DOM but escape quotes in text differently (MDX
 * writes `&quot;` where Markdown writes `"`): compared with quotes written as such.
 */
const sameText = (html: string) => html.replaceAll('&quot;', '"').replaceAll('&#39;', "'");

beforeAll(async () => {
  for (const file of await readdir(BLOG)) {
    const body = bodyOf(await readFile(path.join(BLOG, file), 'utf8'));
    if (!/^import |<[A-Z]/m.test(body)) bodies.set(file.replace(/\.mdx$/, ''), body);
  }
  s = await startStaffServer({ unthrottledLoopback: true });
  for (const [slug, content] of bodies) {
    await s.editor.client.collection('posts').create({
      title: `Cópia do CMS: ${slug}`,
      slug: `cms-${slug}`,
      excerpt: 'O mesmo corpo do artigo do git, publicado pelo painel.',
      content,
      category: 'Técnico',
      status: 'published',
    });
  }
  tmp = await mkdtemp(path.join(tmpdir(), 'paridade-markdown-'));
  out = path.join(tmp, 'site');
  const build = await runSiteBuild({
    outDir: out,
    cacheDir: path.join(tmp, 'cache'),
    env: { ...process.env, POCKETBASE_URL: s.server.url, PUBLIC_SITE_URL: 'http://127.0.0.1' },
  });
  expect(build.ok, build.log).toBe(true);
}, BUILD_TIMEOUT);

afterAll(async () => {
  await s?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the same Markdown gives the same article HTML from git or from the CMS', () => {
  test('every plain-Markdown git article is checked', () => {
    expect(bodies.size).toBeGreaterThanOrEqual(8);
  });

  test('each CMS copy renders as its git article, highlighted code and anchors included', async () => {
    for (const slug of bodies.keys()) {
      const git = await articleBody(slug);
      expect(git, slug).toContain('id=');
      expect(sameText(await articleBody(`cms-${slug}`)), slug).toBe(sameText(git));
    }
    expect(await articleBody('cms-funcao-map-no-arduino')).toContain('<pre class="astro-code github-dark-high-contrast"');
    expect(await articleBody('cms-funcao-map-no-arduino')).toContain('<div class="table-scroll"');
  });

  test("the editor's preview renders those bodies to the HTML the build stored", async () => {
    const renderer = await createArticleRenderer();
    for (const [slug, body] of bodies) {
      const { html } = await renderArticle(renderer, body);
      expect(await articleBody(`cms-${slug}`), slug).toBe(html);
    }
  });
});
