import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from './fixtures';

/**
 * Routes the navigation already links to and that a later issue builds: the blog
 * (issue #5). The test fails once such a route exists, so this list cannot go stale.
 */
const PENDING: string[] = [];

/** Every internal link and asset reference in the built HTML resolves on the server. */
test('no built page has a broken internal link or asset', async ({ request }) => {
  test.setTimeout(120_000);
  const siteDir = process.env.E2E_SITE_DIR!;
  const files = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  const targets = new Map<string, string>();
  for (const file of files) {
    const html = await readFile(path.join(siteDir, file), 'utf8');
    for (const match of html.matchAll(/\s(?:href|src|srcset)="([^"]+)"/g)) {
      for (const candidate of match[1]!.split(',').map((part) => part.trim().split(/\s+/)[0]!)) {
        if (!candidate.startsWith('/') || candidate.startsWith('//')) continue;
        const url = new URL(candidate, 'http://site.invalid');
        if (!targets.has(url.pathname)) targets.set(url.pathname, file);
      }
    }
  }
  expect(targets.size).toBeGreaterThan(30);
  const broken: string[] = [];
  for (const [target, file] of targets) {
    const response = await request.get(target, { maxRedirects: 0 });
    if (PENDING.includes(target)) {
      expect(response.status(), `${target} já existe: retire-o de PENDING`).toBe(404);
      continue;
    }
    if (response.status() !== 200) broken.push(`${target} (${response.status()}) em ${file}`);
  }
  expect(broken).toEqual([]);
});
