// The compression step's own rules: hidden files are not compressed, and its cache is
// pruned of old entries at most once a day (src/integrations/precompress.mjs).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { precompressDir } from '../../src/integrations/precompress.mjs';

let work = '';
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'precompress-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

const page = `<!doctype html><title>x</title>${'<p>Texto de uma página.</p>'.repeat(100)}`;

test('compresses the pages but never the hidden files of a build', async () => {
  const site = path.join(work, 'site');
  await mkdir(site);
  await writeFile(path.join(site, 'index.html'), page);
  await writeFile(path.join(site, '.incremental-build.json'), JSON.stringify({ routes: page }));
  await precompressDir(site, path.join(work, 'cache'));
  const files = await readdir(site);
  expect(files).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
  expect(files.filter((name) => name.startsWith('.incremental-build.json.'))).toEqual([]);
});

test('prunes entries unused for 14 days, then not again within a day', async () => {
  const site = path.join(work, 'site');
  const cache = path.join(work, 'cache');
  await mkdir(site);
  await mkdir(cache);
  await writeFile(path.join(site, 'index.html'), page);
  const old = new Date(Date.now() - 20 * 24 * 3600 * 1000);
  const unused = async (name: string) => {
    await writeFile(path.join(cache, name), 'x');
    await utimes(path.join(cache, name), old, old);
  };
  await unused('antigo-1.br');
  await precompressDir(site, cache);
  expect(existsSync(path.join(cache, 'antigo-1.br'))).toBe(false);
  // The page's own compressions were stored and kept.
  expect((await readdir(cache)).filter((name) => name.endsWith('.br'))).toHaveLength(1);

  await unused('antigo-2.br');
  await precompressDir(site, cache);
  expect(existsSync(path.join(cache, 'antigo-2.br'))).toBe(true);

  // A day later it is pruned.
  const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
  await utimes(path.join(cache, '.pruned'), dayAgo, dayAgo);
  await precompressDir(site, cache);
  expect(existsSync(path.join(cache, 'antigo-2.br'))).toBe(false);
});
