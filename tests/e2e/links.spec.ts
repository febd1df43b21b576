import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from './fixtures';

const ORIGIN = 'http://site.invalid';

/** The page a built file is served at: blog/index.html → /blog, 404.html → /404. */
function routeOf(file: string): string {
  const route = `/${file.split(path.sep).join('/')}`.replace(/(\/index)?\.html$/, '');
  return route || '/';
}

/** Attribute values as the browser reads them (the few entities Astro writes in URLs). */
function unescape(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#38;/g, '&')
    .replace(/&quot;/g, '"');
}

/** Every internal link and asset reference in the built HTML resolves on the server. */
test('no built page has a broken internal link or asset', async ({ request }) => {
  test.setTimeout(120_000);
  const siteDir = process.env.E2E_SITE_DIR!;
  const files = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  const targets = new Map<string, string>();
  for (const file of files) {
    const html = await readFile(path.join(siteDir, file), 'utf8');
    for (const match of html.matchAll(/\s(?:href|src|srcset)="([^"]+)"/g)) {
      for (const candidate of unescape(match[1]!)
        .split(',')
        .map((part) => part.trim().split(/\s+/)[0]!)) {
        if (!candidate.startsWith('/') || candidate.startsWith('//')) continue;
        const url = new URL(candidate, ORIGIN);
        if (!targets.has(url.pathname)) targets.set(url.pathname, file);
      }
    }
  }
  expect(targets.size).toBeGreaterThan(30);
  const broken: string[] = [];
  for (const [target, file] of targets) {
    const response = await request.get(target, { maxRedirects: 0 });
    if (response.status() !== 200) broken.push(`${target} (${response.status()}) em ${file}`);
  }
  expect(broken).toEqual([]);
});

/** Every `#fragment` of a link to one of our pages names an element id on that page. */
test('no built page links to a missing fragment', async () => {
  const siteDir = process.env.E2E_SITE_DIR!;
  const files = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  const ids = new Map<string, Set<string>>();
  const links: { file: string; route: string; fragment: string }[] = [];
  for (const file of files) {
    const html = await readFile(path.join(siteDir, file), 'utf8');
    const route = routeOf(file);
    ids.set(route, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => unescape(match[1]!))));
    for (const match of html.matchAll(/\shref="([^"]*#[^"]+)"/g)) {
      const href = unescape(match[1]!);
      if (!href.startsWith('#') && (!href.startsWith('/') || href.startsWith('//'))) continue;
      const url = new URL(href, `${ORIGIN}${route}`);
      links.push({ file, route: url.pathname.replace(/\/+$/, '') || '/', fragment: decodeURIComponent(url.hash.slice(1)) });
    }
  }
  expect(links.length).toBeGreaterThan(files.length / 2);
  const missing = links
    .filter(({ route, fragment }) => !ids.get(route)?.has(fragment))
    .map(({ file, route, fragment }) => `${route}#${fragment} em ${file}`);
  expect([...new Set(missing)]).toEqual([]);
});
