/** What a hit may be and what a user agent tells (pb_hooks/lib/analytics/rules.js). */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);

interface Hit {
  path: string;
  title: string;
  referrer: string;
  event: string;
  utm: { source: string; medium: string; campaign: string };
}
const rules = require('../../pb_hooks/lib/analytics/rules.js') as {
  EVENTS: string[];
  NOT_FOUND: string;
  localDay: (ms: number) => string;
  daysBefore: (day: string, n: number) => string;
  daysBetween: (from: string, to: string) => string[];
  referrerHost: (referrer: string, siteHost: string) => string;
  referrerPage: (referrer: string, siteHost: string) => string;
  parseHit: (body: string, siteHost: string) => { error: string } | { hit: Hit };
  classify: (ua: string) => { bot: boolean; browser?: string; os?: string; device?: string };
  parsePeriod: (query: Record<string, string | undefined>, today: string) => { error: string } | { from: string; to: string };
};

const SITE = 'operium.com.br';
const hitOf = (body: unknown) => {
  const parsed = rules.parseHit(typeof body === 'string' ? body : JSON.stringify(body), SITE);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.hit;
};

describe('a hit', () => {
  test('keeps the path without query or fragment, the referrer’s host only, and known events', () => {
    expect(hitOf({ path: '/produtos/ops010?busca=senha#x', referrer: 'https://www.google.com/search?q=clp' })).toMatchObject({
      path: '/produtos/ops010',
      referrer: 'google.com',
      event: '',
    });
    expect(hitOf({ path: '/blog/', referrer: 'https://operium.com.br/produtos' }).referrer).toBe('');
    expect(hitOf({ path: '/', event: 'whatsapp_click' }).event).toBe('whatsapp_click');
    expect(hitOf({ path: '/', utm: { source: 'Newsletter', medium: 'EMAIL', campaign: 'Lançamento' } }).utm).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'Lançamento',
    });
    expect(hitOf({ path: '/', title: 'x'.repeat(500) }).title).toHaveLength(200);
  });

  test('refuses what is not a hit, with a pt-BR reason', () => {
    for (const body of [
      '',
      'não é json',
      '[]',
      'null',
      '{"path":"produtos"}',
      '{"path":"//evil.example"}',
      '{"path":"/a b"}',
      `{"path":"/${'a'.repeat(400)}"}`,
      '{"path":1}',
    ]) {
      const parsed = rules.parseHit(body, SITE);
      expect('error' in parsed, body).toBe(true);
    }
    const unknown = rules.parseHit('{"path":"/","event":"compra"}', SITE);
    expect(unknown).toEqual({ error: expect.stringMatching(/^Evento desconhecido/) });
  });

  test('a visit to the not-found page keeps the page that led there, without its query, fragment or credentials', () => {
    const visit = hitOf({
      path: '/produtos/ops999?email=ana@exemplo.com',
      event: 'not_found',
      referrer: 'https://www.operium.com.br/blog/artigo?token=abc#comentarios',
    });
    expect(visit).toMatchObject({ path: '/produtos/ops999', event: 'not_found', referrer: '/blog/artigo' });
    expect(hitOf({ path: '/x', event: 'not_found', referrer: 'https://ana:senha@Forum.Exemplo.com/t/123?u=ana' }).referrer).toBe(
      'https://forum.exemplo.com/t/123',
    );
    expect(hitOf({ path: '/x', event: 'not_found', referrer: 'https://exemplo.com' }).referrer).toBe('https://exemplo.com/');
    expect(hitOf({ path: '/x', event: 'not_found' }).referrer).toBe('');
    expect(rules.referrerPage('javascript:alert(1)', SITE)).toBe('');
  });

  test('a referrer that is not a web address counts as none', () => {
    expect(rules.referrerHost('javascript:alert(1)', SITE)).toBe('');
    expect(rules.referrerHost('android-app://com.google', SITE)).toBe('');
    // Credentials in the address are not the host.
    expect(rules.referrerHost('https://user:senha@exemplo.com/', SITE)).toBe('exemplo.com');
  });
});

describe('a user agent', () => {
  test('crawlers, previews, scripts and headless browsers are bots', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0 A',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      '',
    ])
      expect(rules.classify(ua).bot, ua).toBe(true);
  });

  test('people get a browser family, an OS family and a device class', () => {
    expect(
      rules.classify(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ bot: false, browser: 'Safari', os: 'iOS', device: 'mobile' });
    expect(
      rules.classify(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toEqual({ bot: false, browser: 'Edge', os: 'Windows', device: 'desktop' });
    expect(
      rules.classify(
        'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toEqual({
      bot: false,
      browser: 'Chrome',
      os: 'Android',
      device: 'tablet',
    });
    expect(rules.classify('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toMatchObject({
      browser: 'Firefox',
      os: 'Linux',
    });
  });
});

describe('days and periods', () => {
  test('the day is Brasília’s', () => {
    expect(rules.localDay(Date.UTC(2026, 0, 2, 2, 59))).toBe('2026-01-01');
    expect(rules.localDay(Date.UTC(2026, 0, 2, 3, 0))).toBe('2026-01-02');
    expect(rules.daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(rules.daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  test('7, 30 or 90 days ending today, or a range of at most 366 days', () => {
    expect(rules.parsePeriod({}, '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(rules.parsePeriod({ days: '90' }, '2026-11-26')).toEqual({ from: '2026-08-29', to: '2026-11-26' });
    expect(rules.parsePeriod({ from: '2026-01-01', to: '2026-01-31' }, '2026-11-26')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    for (const query of [
      { days: '8' },
      { days: 'x' },
      { from: '2026-02-01', to: '2026-01-01' },
      { from: '01/01/2026' },
      { from: '2024-01-01', to: '2026-01-01' },
    ])
      expect('error' in rules.parsePeriod(query, '2026-11-26'), JSON.stringify(query)).toBe(true);
  });
});

describe('the beacon', () => {
  test('sends the events the server knows, and nothing else', async () => {
    const { ANALYTICS_EVENTS } = await import('../../src/analytics/events');
    expect([...ANALYTICS_EVENTS]).toEqual(rules.EVENTS);
  });

  test('names a visit to the not-found page as the server does', async () => {
    const { NOT_FOUND_EVENT } = await import('../../src/analytics/events');
    expect(NOT_FOUND_EVENT).toBe(rules.NOT_FOUND);
  });

  test('weighs at most 1 KB compressed, as the site serves it', async () => {
    const { GET } = await import('../../src/pages/metricas.js');
    const response = await (GET as unknown as () => Promise<Response>)();
    const code = await response.text();
    expect(code).toContain('/api/analytics/hit');
    expect(code).toContain('sendBeacon');
    const { gzipSync, brotliCompressSync } = await import('node:zlib');
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(1024);
    expect(brotliCompressSync(code).length).toBeLessThanOrEqual(1024);
  });
});
