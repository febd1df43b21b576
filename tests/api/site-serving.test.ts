/**
 * The site serving of our PocketBase build (server/site) against a real server,
 * with a small fixture site so these rules are checked independently of the Astro
 * build. The fixture's `_headers` and `_redirects` manifests and compressed copies
 * come from the build's own generators (src/integrations/).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDir } from '../../src/integrations/precompress.mjs';
import {
  HEADER_CSP,
  HSTS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  headersManifest,
} from '../../src/integrations/security-headers.mjs';
import { REDIRECTS_FILE, redirectRules, redirectsManifest } from '../../src/integrations/redirects.mjs';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let siteDir: string;

const files: Record<string, string> = {
  'index.html': `<h1>início</h1><script>console.log('ilha')</script>${'<p>texto que se comprime bem</p>'.repeat(200)}`,
  '404.html': '<h1>404 página do site</h1>',
  'admin/index.html': '<h1>admin</h1>',
  'blog/index.html': '<h1>blog</h1>',
  'blog/404/index.html': '<h1>404 do blog</h1>',
  'quem-somos/index.html': '<h1>quem somos</h1>',
  '_astro/app.abc123.js': 'console.log(1)',
  'busca/pagefind-entry.json': '{}',
  'busca/pagefind.js': 'export {}',
  'busca/fragment/pt_abc.pf_fragment': 'x',
  'robots.txt': 'User-agent: *',
  '.build-stamp.json': '{}',
};

/** The build's section 404 page, and a renamed page whose old address redirects. */
const ROUTING = { notFoundPages: ['blog/404/index.html'], movedPages: [{ from: '/sobre-nos', to: '/quem-somos' }] };

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'site-fixture-'));
  for (const [name, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(siteDir, name)), { recursive: true });
    await writeFile(path.join(siteDir, name), body);
  }
  await writeFile(path.join(siteDir, '_headers'), headersManifest());
  await writeFile(path.join(siteDir, REDIRECTS_FILE), redirectsManifest(ROUTING));
  await precompressDir(siteDir);
  server = await startTestServer({ siteDir });
});

afterAll(async () => {
  await server?.stop();
  await rm(siteDir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { redirect: 'manual', headers });

/** Raw bytes as sent (fetch would decode them). */
async function rawGet(pathname: string, acceptEncoding: string) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.url}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('site serving', () => {
  test('serves the home page and folder pages without a trailing slash', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('início');
    const about = await get('/quem-somos');
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('quem somos');
  });

  test('redirects trailing slashes to the canonical URL, keeping the query', async () => {
    const response = await get('/quem-somos/?a=1');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/quem-somos?a=1');
  });

  test('a redirect never leaves this host, whatever the path smuggles in (open redirect)', async () => {
    // Sent as typed (fetch would rewrite "\" and drop tabs); browsers read "//x" and
    // "/\x" (tabs and newlines removed) as another host.
    const crafted = [
      '/%5Cevil.example/',
      '/%5cevil.example/',
      '/\\evil.example/',
      '//evil.example/',
      '///evil.example/',
      '/\\/evil.example/',
      '/%2Fevil.example/',
      '/%2F%2Fevil.example/',
      '/%2f/evil.example/',
      '/%5C%5Cevil.example/',
      '/%2F%5Cevil.example/',
      '/%5C%2Fevil.example/',
      '/%5C/evil.example/',
      '/%09/evil.example/',
      '/%09%5Cevil.example/',
      '/%0A/evil.example/',
      '/%0D%0A/evil.example/',
      '/%5C%09%5Cevil.example/',
      '/%20/evil.example/',
      '/%255Cevil.example/',
      '/%5Cevil.example/?next=//evil.example',
      '/legacy-admin/%5C%5Cevil.example/',
      '//legacy-admin//evil.example',
    ];
    const { request } = await import('node:http');
    const base = new URL(server.url);
    for (const pathname of crafted) {
      const { status, location } = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
        const req = request({ host: base.hostname, port: base.port, path: pathname }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, pathname).toBe(301);
      expect(location, pathname).toMatch(/^\/(?![/\\])/);
      // Nothing a browser drops or reads as a slash: only printable ASCII, no "\".
      expect(location, pathname).toMatch(/^[\x21-\x5b\x5d-\x7e]+$/);
      // And resolved the way a browser does, it is this server.
      expect(new URL(location!, server.url).host, pathname).toBe(base.host);
    }
  });

  test('answers an unknown path with the site 404 page and status 404', async () => {
    const response = await get('/nao/existe');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('404 página do site');
  });

  test('serves the admin index for /admin and any deep link under it', async () => {
    for (const pathname of ['/admin', '/admin/posts/abc', '/admin/users/1/show']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(await response.text()).toContain('admin');
    }
  });

  test('redirects /legacy-admin/* permanently to /admin/*', async () => {
    const deep = await get('/legacy-admin/posts/abc?tab=2');
    expect(deep.status).toBe(301);
    expect(deep.headers.get('location')).toBe('/admin/posts/abc?tab=2');
    const root = await get('/legacy-admin');
    expect(root.status).toBe(301);
    expect(root.headers.get('location')).toBe('/admin');
  });

  test("redirects a renamed page's old address to its new one, keeping the query", async () => {
    const moved = await get('/sobre-nos?origem=email');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/quem-somos?origem=email');
  });

  test('does what each rule of the _redirects written for static hosts says', async () => {
    // One path per rule, none with a file: what a static host reading the rule would answer.
    for (const rule of redirectRules(ROUTING)) {
      const pathname = rule.from.replace('*', 'nao-existe/x');
      const response = await get(pathname);
      expect(response.status, `${rule.from} ${rule.to} ${rule.status}`).toBe(rule.status);
      if (rule.status === 301) {
        expect(response.headers.get('location'), rule.from).toBe(rule.to.replace(':splat', 'nao-existe/x'));
      } else {
        const file = rule.to.endsWith('/') ? `${rule.to}index.html` : rule.to;
        expect(await response.text(), `${rule.from} ${rule.to}`).toBe(files[file.slice(1)]);
      }
    }
  });

  test('caches fingerprinted assets for a year and revalidates HTML', async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  test("the search index's chunks are cached for a year, and the files naming them revalidated at each visit", async () => {
    // A publication changes the entry under the same name: a cached old one would point
    // the dialog at chunks the new build no longer has.
    expect((await get('/busca/fragment/pt_abc.pf_fragment')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const file of ['/busca/pagefind-entry.json', '/busca/pagefind.js']) {
      expect((await get(file)).headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('sends the compressed copy the browser accepts, brotli first, and the original otherwise', async () => {
    const original = await readFile(path.join(siteDir, 'index.html'));
    const brotli = await rawGet('/', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.body.length).toBeLessThan(original.length / 5);
    expect(brotliDecompressSync(brotli.body).equals(original)).toBe(true);

    const gzip = await rawGet('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);

    for (const refused of ['', 'identity', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await rawGet('/', refused);
      expect(plain.headers['content-encoding'], refused).toBeUndefined();
      expect(plain.body.equals(original), refused).toBe(true);
    }
    // A variant of the wrong coding is never sent with the other's label.
    expect((await rawGet('/', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  test('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    // The gzip copy is another representation: it must not match the brotli validator.
    expect((await get('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag! })).status).toBe(200);
  });

  test("sends the build's security headers on pages, and HSTS only over HTTPS", async () => {
    for (const pathname of ['/', '/quem-somos', '/admin/posts', '/nao/existe', '/_astro/app.abc123.js']) {
      const response = await get(pathname);
      // The pages carry the rest of their policy in a <meta> tag (Astro's security.csp).
      expect(response.headers.get('content-security-policy'), pathname).toBe(HEADER_CSP);
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(response.headers.get('referrer-policy'), pathname).toBe(REFERRER_POLICY);
      expect(response.headers.get('permissions-policy'), pathname).toBe(PERMISSIONS_POLICY);
      expect(response.headers.get('strict-transport-security'), pathname).toBeNull();
    }
    const overTls = await get('/', { 'X-Forwarded-Proto': 'https' });
    expect(overTls.headers.get('strict-transport-security')).toBe(HSTS);
  });

  test('sends the same security headers on API responses, with a policy that loads nothing', async () => {
    for (const pathname of ['/api/health', '/api/collections/posts/records', '/api/nao-existe']) {
      const response = await get(pathname, { 'X-Forwarded-Proto': 'https' });
      expect(response.headers.get('content-security-policy'), pathname).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(response.headers.get('referrer-policy'), pathname).toBe(REFERRER_POLICY);
      expect(response.headers.get('permissions-policy'), pathname).toBe(PERMISSIONS_POLICY);
      expect(response.headers.get('strict-transport-security'), pathname).toBe(HSTS);
    }
  });

  test('never serves dotfiles, the manifests for static hosts, compressed copies or paths outside the site folder', async () => {
    expect((await get('/.build-stamp.json')).status).toBe(404);
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/_redirects')).status).toBe(404);
    expect((await get('/index.html.br')).status).toBe(404);
    expect((await get('/index.html.gz')).status).toBe(404);
    expect((await get('/..%2f..%2fetc%2fpasswd')).status).toBe(404);
    expect((await get('/../../etc/passwd')).status).toBe(404);
  });

  test('leaves the API and the dashboard to PocketBase', async () => {
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ code: 200 });
    expect((await get('/api/nao-existe')).headers.get('content-type')).toMatch(/json/);
    expect((await get('/_/')).status).toBe(200);
  });
});
