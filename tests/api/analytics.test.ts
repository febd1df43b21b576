/**
 * First-party analytics against a real PocketBase: the beacon's hit route (what it
 * stores, what it refuses, bots and staff left out, the per-address limit), who may
 * read the summary, the daily salt (two days never share a visitor id), the nightly
 * rollup and the 30-day retention of raw hits. The database is read (and, with the
 * server stopped, moved back in time) with Node's own SQLite.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStaffServer, type StaffServer } from '../helpers/staff';

const require = (await import('node:module')).createRequire(import.meta.url);
const rules = require('../../pb_hooks/lib/analytics/rules.js') as {
  localDay: (ms: number) => string;
  daysBefore: (day: string, n: number) => string;
};

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

interface Summary {
  id?: string;
  from: string;
  to: string;
  pageviews: number;
  visitors: number;
  bounce_rate: number;
  conversion_rate: number;
  daily: { date: string; pageviews: number; visitors: number }[];
  pages: { path: string; title: string; pageviews: number; visitors: number }[];
  products: { path: string }[];
  referrers: { source: string; visitors: number }[];
  devices: { device: string; visitors: number }[];
  events: { name: string; count: number }[];
  conversions: { event: string; path: string; count: number }[];
  not_found: { path: string; referrer: string; count: number; visitors: number }[];
}

describe('analytics', () => {
  let s: StaffServer;
  const db = () => new DatabaseSync(path.join(s.server.dataDir, 'data.db'), { readOnly: true });
  const count = (sql: string, ...params: string[]) => {
    const handle = db();
    try {
      return Number((handle.prepare(sql).get(...params) as { n: number }).n);
    } finally {
      handle.close();
    }
  };
  const hit = (body: unknown, userAgent = LAPTOP, contentType = 'text/plain;charset=UTF-8') =>
    fetch(`${s.server.url}/api/analytics/hit`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'User-Agent': userAgent },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const summary = async (member: StaffServer['admin'], query = '?days=7') => {
    const response = await fetch(`${s.server.url}/api/analytics/summary${query}`, {
      headers: { Authorization: member.client.authStore.token },
    });
    return { status: response.status, body: (await response.json()) as Summary & { message?: string } };
  };

  beforeAll(async () => {
    s = await startStaffServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  test('a page view and an event are stored without the address, the user agent or the query string', async () => {
    const response = await hit(
      {
        path: '/produtos/ops010?email=ana@exemplo.com',
        title: 'OPS010 | Operium',
        referrer: 'https://www.google.com/search?q=x',
      },
      PHONE,
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await hit({ path: '/produtos/ops010', event: 'whatsapp_click' }, PHONE, 'application/json')).status).toBe(204);
    const handle = db();
    try {
      const rows = handle.prepare('SELECT * FROM analytics_hits ORDER BY id').all() as Record<string, string>[];
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        path: '/produtos/ops010',
        referrer: 'google.com',
        browser: 'Safari',
        os: 'iOS',
        device: 'mobile',
        event: '',
      });
      expect(rows[1]).toMatchObject({ event: 'whatsapp_click', visitor: rows[0]!.visitor });
      const stored = JSON.stringify(rows);
      for (const secret of ['127.0.0.1', 'iPhone OS', 'ana@exemplo.com', 'search?q']) expect(stored).not.toContain(secret);
      expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      handle.close();
    }
  });

  test('bots, headless browsers and the admin’s own pages are answered but never stored', async () => {
    const before = count('SELECT COUNT(*) AS n FROM analytics_hits');
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ])
      expect((await hit({ path: '/' }, agent)).status).toBe(204);
    expect((await hit({ path: '/admin/posts/abc' })).status).toBe(204);
    expect((await hit({ path: '/admin' })).status).toBe(204);
    expect(count('SELECT COUNT(*) AS n FROM analytics_hits')).toBe(before);
  });

  test('malformed, unknown and oversized hits are refused with a clear 4xx and store nothing', async () => {
    const before = count('SELECT COUNT(*) AS n FROM analytics_hits');
    for (const body of [
      '',
      'não é json',
      '[]',
      '{}',
      '{"path":"produtos"}',
      '{"path":"/","event":"compra"}',
      '{"path":["/"]}',
      '\u0000\u0001',
    ]) {
      const response = await hit(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^(Visita inválida|Evento desconhecido)/);
    }
    const huge = await hit({ path: '/', title: 'x'.repeat(10_000) });
    expect(huge.status).toBe(413);
    expect(count('SELECT COUNT(*) AS n FROM analytics_hits')).toBe(before);
  });

  test('only active admins and editors read the summary; a bad period is a 400', async () => {
    expect((await fetch(`${s.server.url}/api/analytics/summary`)).status).toBe(401);
    expect((await summary(s.author)).status).toBe(403);
    expect((await summary(s.inactive)).status).toBe(403);
    expect((await summary(s.editor)).status).toBe(200);
    expect((await summary(s.admin, '?days=30')).status).toBe(200);
    const bad = await summary(s.admin, '?days=365');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Período inválido/);
    // The admin's simple-REST record of the same summary.
    const rest = await fetch(`${s.server.url}/api/admin/rest/analytics/7`, {
      headers: { Authorization: s.editor.client.authStore.token },
    });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as Summary).id).toBe('7');
    const denied = await fetch(`${s.server.url}/api/admin/rest/analytics/7`, {
      headers: { Authorization: s.author.client.authStore.token },
    });
    expect(denied.status).toBe(403);
  });

  test('the summary counts views, visitors, bounces, sources, devices and conversions per page', async () => {
    await hit({ path: '/', referrer: 'https://www.linkedin.com/feed' }, LAPTOP);
    await hit({ path: '/contato', title: 'Contato | Operium' }, LAPTOP);
    await hit({ path: '/contato', event: 'contact_submit' }, LAPTOP);
    const { status, body } = await summary(s.editor);
    expect(status).toBe(200);
    const today = rules.localDay(Date.now());
    expect(body.to).toBe(today);
    expect(body.daily).toHaveLength(7);
    expect(body.daily.at(-1)).toEqual({ date: today, pageviews: 3, visitors: 2 });
    expect(body).toMatchObject({ pageviews: 3, visitors: 2 });
    // The phone saw one page (a bounce), the laptop two.
    expect(body.bounce_rate).toBe(0.5);
    // Both converted: WhatsApp from a product, the contact form.
    expect(body.conversion_rate).toBe(1);
    expect(body.pages.find((page) => page.path === '/contato')).toMatchObject({ title: 'Contato | Operium', pageviews: 1 });
    expect(body.products.map((page) => page.path)).toEqual(['/produtos/ops010']);
    expect(body.referrers).toEqual(
      expect.arrayContaining([
        { source: 'google.com', visitors: 1 },
        { source: 'linkedin.com', visitors: 1 },
      ]),
    );
    expect(body.devices).toEqual(
      expect.arrayContaining([
        { device: 'mobile', visitors: 1 },
        { device: 'desktop', visitors: 1 },
      ]),
    );
    expect(body.events).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'whatsapp_click', count: 1 })]));
    expect(body.conversions).toEqual(
      expect.arrayContaining([
        { event: 'whatsapp_click', path: '/produtos/ops010', count: 1 },
        { event: 'contact_submit', path: '/contato', count: 1 },
      ]),
    );
  });

  test('a visit to the not-found page is no page view: it is listed apart, with the page that led there', async () => {
    const before = (await summary(s.editor)).body;
    const site = new URL(s.server.url);
    // A broken link on an article, twice; a mistyped address, typed in (no referrer).
    for (const agent of [LAPTOP, PHONE])
      await hit(
        {
          path: '/produtos/ops999?email=ana@exemplo.com',
          title: 'Página não encontrada | Operium',
          referrer: `${site.origin}/blog/artigo?token=abc#comentarios`,
          event: 'not_found',
        },
        agent,
      );
    expect((await hit({ path: '/contatos', event: 'not_found' })).status).toBe(204);
    const { body } = await summary(s.editor);
    expect(body.pageviews).toBe(before.pageviews);
    expect(body.visitors).toBe(before.visitors);
    expect(body.pages.map((page) => page.path)).not.toContain('/produtos/ops999');
    expect(body.events.map((event) => event.name)).not.toContain('not_found');
    expect(body.not_found).toEqual([
      { path: '/produtos/ops999', referrer: '/blog/artigo', count: 2, visitors: 2 },
      { path: '/contatos', referrer: '', count: 1, visitors: 1 },
    ]);
    const stored = JSON.stringify(
      (() => {
        const handle = db();
        try {
          return handle.prepare("SELECT * FROM analytics_hits WHERE event = 'not_found'").all();
        } finally {
          handle.close();
        }
      })(),
    );
    for (const secret of ['ana@exemplo.com', 'token=abc', 'comentarios', '127.0.0.1']) expect(stored).not.toContain(secret);
  });

  test(
    'each day has its own salt: the same visitor tomorrow is someone new; finished days are rolled up; raw hits leave after 30 days',
    { timeout: 120_000 },
    async () => {
      const today = rules.localDay(Date.now());
      const yesterday = rules.daysBefore(today, 1);
      const longAgo = rules.daysBefore(today, 40);
      const before = (await summary(s.admin)).body;
      // Today's hits and salt become yesterday's, and one old hit is 40 days old.
      await s.server.kill();
      const handle = new DatabaseSync(path.join(s.server.dataDir, 'data.db'));
      const visitorYesterday = (
        handle.prepare('SELECT visitor FROM analytics_hits WHERE device = ? LIMIT 1').get('desktop') as { visitor: string }
      ).visitor;
      handle.prepare('UPDATE analytics_hits SET day = ?').run(yesterday);
      handle.prepare('UPDATE analytics_salts SET day = ?').run(yesterday);
      handle
        .prepare(
          "INSERT INTO analytics_hits (ts, day, visitor, path, browser, os, device) VALUES (?, ?, 'antigo', '/quem-somos', 'Chrome', 'Windows', 'desktop')",
        )
        .run(`${longAgo}T12:00:00.000Z`, longAgo);
      handle.close();
      await s.server.restart();

      // Within a minute of the start (the upkeep runs in the cron, never delaying a start) the
      // server rolls up the finished days, drops old raw hits and old salts.
      await expect
        .poll(() => count('SELECT COUNT(*) AS n FROM analytics_salts WHERE day < ?', today), { timeout: 75_000, interval: 1_000 })
        .toBe(0);
      await expect.poll(() => count('SELECT COUNT(*) AS n FROM analytics_rolled'), { timeout: 10_000 }).toBe(2);
      expect(count('SELECT COUNT(*) AS n FROM analytics_hits WHERE day < ?', rules.daysBefore(today, 30))).toBe(0);
      expect(count('SELECT COUNT(*) AS n FROM analytics_rolled WHERE day IN (?, ?)', yesterday, longAgo)).toBe(2);
      expect(
        count("SELECT COUNT(*) AS n FROM analytics_daily WHERE day = ? AND kind = 'page' AND key = '/quem-somos'", longAgo),
      ).toBe(1);

      // The same laptop today: a new salt, so a new visitor id.
      expect((await hit({ path: '/' }, LAPTOP)).status).toBe(204);
      const handleToday = db();
      const visitorToday = (
        handleToday.prepare('SELECT visitor FROM analytics_hits WHERE day = ? LIMIT 1').get(today) as { visitor: string }
      ).visitor;
      handleToday.close();
      expect(visitorToday).not.toBe(visitorYesterday);
      expect(count('SELECT COUNT(*) AS n FROM analytics_salts')).toBe(1);

      // Yesterday now comes from the rollup, today from the raw hits: nothing lost.
      const after = (await summary(s.admin)).body;
      expect(after.daily.find((day) => day.date === yesterday)).toEqual({
        date: yesterday,
        pageviews: before.pageviews,
        visitors: before.visitors,
      });
      expect(after.daily.at(-1)).toEqual({ date: today, pageviews: 1, visitors: 1 });
      expect(after.pageviews).toBe(before.pageviews + 1);
      // The not-found visits survive the rollup, still apart from the page views.
      expect(after.not_found).toEqual(before.not_found);
      const ninety = (await summary(s.admin, '?days=90')).body;
      expect(ninety.daily.find((day) => day.date === longAgo)).toEqual({ date: longAgo, pageviews: 1, visitors: 1 });
    },
  );
});

describe('analytics hit limit', () => {
  let s: StaffServer;
  beforeAll(async () => {
    s = await startStaffServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  test('one address gets at most 120 hits a minute, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) {
      const response = await fetch(`${s.server.url}/api/analytics/hit`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'User-Agent': LAPTOP },
        body: JSON.stringify({ path: `/p${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(120);
    expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
  });
});
