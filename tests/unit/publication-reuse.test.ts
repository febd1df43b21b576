/**
 * The pure decisions behind a publication's reuse: which CMS posts to read
 * whole (src/lib/cms/post-sync.ts) and which pages of the live build may be linked into
 * the next one (src/integrations/kept-pages.mjs).
 */
import { describe, expect, test } from 'vitest';
import { pathKey, reusablePages } from '../../src/integrations/kept-pages.mjs';
import { planPostRead, readSynced, writeSynced } from '../../src/lib/cms/post-sync';

describe('planPostRead', () => {
  const known = new Map([
    ['a', { updated: '2026-11-01 10:00:00.000Z', slug: 'post-a' }],
    ['b', { updated: '2026-11-01 10:00:00.000Z', slug: 'post-b' }],
    ['c', { updated: '2026-11-01 10:00:00.000Z', slug: 'post-c' }],
  ]);
  const holds = () => true;

  test('reads the new and the saved-since posts, removes the ones gone', () => {
    const plan = planPostRead(
      known,
      [
        { id: 'a', updated: '2026-11-01 10:00:00.000Z' },
        { id: 'b', updated: '2026-11-02 08:00:00.000Z' },
        { id: 'd', updated: '2026-11-02 09:00:00.000Z' },
      ],
      holds,
    );
    expect(plan.changed).toEqual(['b', 'd']);
    expect(plan.removed).toEqual([['c', known.get('c')]]);
  });

  test('reads a post the store no longer holds as the site had it, however old its last save', () => {
    const plan = planPostRead(
      known,
      [...known].map(([id, { updated }]) => ({ id, updated })),
      (id) => id !== 'a',
    );
    expect(plan).toEqual({ changed: ['a'], removed: [] });
  });

  test('what was stored is read back only under the same version', () => {
    const raw = writeSynced(known, 'v1');
    expect(readSynced(raw, 'v1')).toEqual(known);
    expect(readSynced(raw, 'v2')).toBeNull();
    expect(readSynced(undefined, 'v1')).toBeNull();
    expect(readSynced('{', 'v1')).toBeNull();
  });
});

describe('reusablePages', () => {
  const manifest = (key: string, dependencyHash = 'code-1') => ({
    configHash: 'config',
    lockfileHash: 'lock',
    keyDigest: 'key',
    routes: {
      'src/pages/blog/[slug].astro': {
        dependencyHash,
        paths: {
          '/blog/a': { cacheKey: key, outputFile: 'blog/a/index.html' },
          '/blog/b': { cacheKey: 'b-1', outputFile: 'blog/b/index.html' },
          '/blog/escape': { cacheKey: 'e', outputFile: '../fora/index.html' },
        },
      },
    },
  });

  test('a page is reusable when its entry is the same in the live build and in the cache', () => {
    const pages = reusablePages(manifest('a-1'), manifest('a-2'));
    expect([...pages.keys()]).toEqual(['/blog/b']);
    expect(pages.get('/blog/b')?.file).toBe('blog/b/index.html');
  });

  test('no page is reusable across a change of route code or configuration', () => {
    expect(reusablePages(manifest('a-1'), manifest('a-1', 'code-2')).size).toBe(0);
    expect(reusablePages(manifest('a-1'), { ...manifest('a-1'), configHash: 'other' }).size).toBe(0);
  });

  test('an output outside the build folder is never linked', () => {
    expect(reusablePages(manifest('a-1'), manifest('a-1')).has('/blog/escape')).toBe(false);
  });

  test('a request and the manifest name a page the same way', () => {
    expect(pathKey('/blog/a/')).toBe('/blog/a');
    expect(pathKey('/blog/cal%C3%A7a')).toBe('/blog/calça');
    expect(pathKey('/')).toBe('/');
  });
});
