/**
 * A real build against a real PocketBase, on a machine whose zone is not Brasília's:
 * a CMS post published on 26/11/2026 at 23:47 in Brasília (02:47 UTC on the 27th)
 * is the 26th on its article, its /blog card and the cards' data, its
 * `<time datetime>`, the feed and its JSON-LD; posts of one day keep their order by time.
 * The build is the publisher's own (scripts/publish/build-run.mjs).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runSiteBuild } from '../../scripts/publish/build-run.mjs';
import { brasiliaDay, formatIsoDay, formatLongDate } from '../../src/lib/format';
import { startStaffServer, type StaffServer } from '../helpers/staff';

const BUILD_TIMEOUT = 240_000;

let s: StaffServer;
let tmp: string;
let out: string;
/** The published posts, by their time in Brasília. */
const posts: Record<'late' | 'morning' | 'nextDay', { slug: string; updated: string }> = {} as never;

const scheduled = (title: string, at: string) =>
  s.editor.client.collection('posts').create({
    title,
    excerpt: `${title}: um post para conferir a data em Brasília.`,
    content: 'Texto.',
    category: 'Técnico',
    status: 'scheduled',
    published_at: at,
  });

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  tmp = await mkdtemp(path.join(tmpdir(), 'datas-brasilia-'));
  out = path.join(tmp, 'site');
  const created = {
    late: await scheduled('Publicado às 23h47 em Brasília', '2026-11-27 02:47:00.000Z'),
    morning: await scheduled('Publicado às 9h em Brasília', '2026-11-26 12:00:00.000Z'),
    nextDay: await scheduled('Publicado às 0h10 do dia seguinte', '2026-11-27 03:10:00.000Z'),
  };
  // Published by the scheduled-posts job, at their scheduled times.
  const job = await fetch(`${s.server.url}/api/site/jobs/publish-scheduled`, {
    method: 'POST',
    headers: { Authorization: s.superuser.authStore.token },
  });
  expect(job.status).toBe(200);
  for (const [key, post] of Object.entries(created)) {
    const stored = await s.editor.client.collection('posts').getOne(post.id);
    expect(stored.status).toBe('published');
    posts[key as keyof typeof posts] = { slug: stored.slug, updated: stored.updated };
  }
  const build = await runSiteBuild({
    outDir: out,
    cacheDir: path.join(tmp, 'cache'),
    env: { ...process.env, POCKETBASE_URL: s.server.url, PUBLIC_SITE_URL: 'http://127.0.0.1', TZ: 'Asia/Tokyo' },
  });
  expect(build.ok, build.log).toBe(true);
}, BUILD_TIMEOUT);

afterAll(async () => {
  await s?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const page = (file: string) => readFile(path.join(out, file), 'utf8');

describe('a post published at 23:47 in Brasília, built in Tokyo', () => {
  test('its article shows and declares the 26th', async () => {
    const html = await page(`blog/${posts.late.slug}/index.html`);
    // The header's first date is the publication's.
    expect(html.match(/<time [^>]*>[^<]*<\/time>/)?.[0]).toBe(
      '<time datetime="2026-11-26" class="text-muted">26 de novembro de 2026</time>',
    );
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>[],
    );
    expect(ld.find((item) => item['@type'] === 'BlogPosting')).toMatchObject({ datePublished: '2026-11-26T23:47:00-03:00' });
  });

  test("its article says when it was last saved, when that is a later day in Brasília ('Atualizado em …')", async () => {
    const html = await page(`blog/${posts.late.slug}/index.html`);
    const updated = brasiliaDay(new Date(posts.late.updated.replace(' ', 'T')));
    // Published by the job after its time: the job's save is the post's last one.
    expect(updated.getTime()).toBeGreaterThan(Date.UTC(2026, 10, 26));
    expect(html).toContain(`Atualizado em <time datetime="${formatIsoDay(updated)}">${formatLongDate(updated)}</time>`);
  });

  test('its /blog card and the cards’ data show the 26th, after the next day’s post and before the morning’s', async () => {
    const list = await page('blog/index.html');
    const card = list.slice(
      list.indexOf('Publicado às 23h47 em Brasília') - 1500,
      list.indexOf('Publicado às 23h47 em Brasília'),
    );
    expect(card).toMatch(/<time datetime="2026-11-26"[^>]*>26 de novembro de 2026<\/time>/i);
    const order = ['Publicado às 0h10 do dia seguinte', 'Publicado às 23h47 em Brasília', 'Publicado às 9h em Brasília'];
    expect(order.map((title) => list.indexOf(title))).toEqual(order.map((title) => list.indexOf(title)).sort((a, b) => a - b));

    const cards = JSON.parse(await page('blog/dados/indice.json')) as { slug: string; date: string; dateText: string }[];
    expect(cards.slice(0, 3).map(({ slug, date, dateText }) => ({ slug, date, dateText }))).toEqual([
      { slug: posts.nextDay.slug, date: '2026-11-27', dateText: '27 de novembro de 2026' },
      { slug: posts.late.slug, date: '2026-11-26', dateText: '26 de novembro de 2026' },
      { slug: posts.morning.slug, date: '2026-11-26', dateText: '26 de novembro de 2026' },
    ]);
    const firstPage = JSON.parse(await page('blog/dados/pagina-1.json')) as { slug: string; date: string }[];
    expect(firstPage.find((item) => item.slug === posts.late.slug)?.date).toBe('2026-11-26');
  });

  test('the feed dates it 23:47 on the 26th with Brasília’s offset', async () => {
    const feed = await page('rss.xml');
    const item = [...feed.matchAll(/<item>([\s\S]*?)<\/item>/g)]
      .map(([, body]) => body!)
      .find((body) => body.includes(`/blog/${posts.late.slug}<`));
    expect(item).toContain('<pubDate>Thu, 26 Nov 2026 23:47:00 -0300</pubDate>');
    expect(feed.indexOf(`/blog/${posts.nextDay.slug}<`)).toBeLessThan(feed.indexOf(`/blog/${posts.late.slug}<`));
  });
});
