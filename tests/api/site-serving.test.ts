/**
 * The site-serving hook (pb_hooks/site.pb.js) against a real PocketBase, with a
 * small fixture site so these rules are checked independently of the Astro build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let siteDir: string;

const files: Record<string, string> = {
  'index.html': '<h1>início</h1>',
  '404.html': '<h1>404 página do site</h1>',
  'admin/index.html': '<h1>admin</h1>',
  'quem-somos/index.html': '<h1>quem somos</h1>',
  '_astro/app.abc123.js': 'console.log(1)',
  'robots.txt': 'User-agent: *',
  '.build-stamp.json': '{}',
};

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'site-fixture-'));
  for (const [name, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(siteDir, name)), { recursive: true });
    await writeFile(path.join(siteDir, name), body);
  }
  server = await startTestServer({ siteDir });
});

afterAll(async () => {
  await server?.stop();
  await rm(siteDir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(`${server.url}${pathname}`, { redirect: 'manual' });

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

  test('caches fingerprinted assets for a year and revalidates HTML', async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  test('never serves dotfiles or paths outside the site folder', async () => {
    expect((await get('/.build-stamp.json')).status).toBe(404);
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
