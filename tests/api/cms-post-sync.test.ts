/**
 * A publication reads whole only the CMS posts that changed (src/lib/cms/post-sync.ts,
 * src/lib/blog/loader.ts): against a real PocketBase and Astro's own data store, an
 * edit, an unpublish, a deletion, a new slug and a post the publisher leaves out each
 * reach the store, and a build with nothing changed reads no post.
 */
import { createHash } from 'node:crypto';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MutableDataStore } from '../../node_modules/astro/dist/content/mutable-data-store.js';
import { markdownConfig } from '../../src/config/markdown';
import { storeCmsPosts } from '../../src/lib/blog/loader';
import { fetchPublicPostVersions } from '../../src/lib/cms/posts';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;
const store = new MutableDataStore();
let warnings: string[] = [];

function context(): LoaderContext {
  const quiet = () => {};
  return {
    collection: 'blog',
    store: store.scopedStore('blog'),
    meta: store.metaStore('blog'),
    parseData: async ({ data }: { data: Record<string, unknown> }) => data,
    generateDigest: (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('hex'),
    config: { markdown: markdownConfig },
    logger: { info: quiet, error: quiet, debug: quiet, warn: (line: string) => warnings.push(line) },
  } as unknown as LoaderContext;
}

/** One build's read of the posts: how many were read whole, and the slugs stored after it. */
async function sync(env: Record<string, string> = {}) {
  warnings = [];
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const read = await storeCmsPosts(context(), s.server.url, await fetchPublicPostVersions(s.server.url), () => false);
    return {
      read,
      slugs: store
        .values('blog')
        .map((entry) => entry.id)
        .sort(),
    };
  } finally {
    process.env = saved;
  }
}

const posts = () => s.editor.client.collection('posts');
const create = (title: string, slug: string) =>
  posts().create({
    title,
    slug,
    excerpt: `Resumo do ${title}.`,
    content: `Texto de ${title}.`,
    category: 'Técnico',
    status: 'published',
  });

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  for (const n of [1, 2, 3, 4, 5]) await create(`Post ${n}`, `post-${n}`);
});
afterAll(async () => {
  await s?.stop();
});

describe('reading the changed CMS posts', () => {
  test('the first build reads every post; a build with nothing changed reads none', async () => {
    expect(await sync()).toEqual({ read: 5, slugs: ['post-1', 'post-2', 'post-3', 'post-4', 'post-5'] });
    expect(await sync()).toEqual({ read: 0, slugs: ['post-1', 'post-2', 'post-3', 'post-4', 'post-5'] });
  });

  test('an edit reads that post alone, and the store has the new version', async () => {
    const [post] = (await posts().getList(1, 1, { filter: 'slug = "post-2"' })).items;
    await posts().update(post!.id, { title: 'Post 2 revisado' });
    expect((await sync()).read).toBe(1);
    expect(store.get<{ data: { title: string } }>('blog', 'post-2')?.data.title).toBe('Post 2 revisado');
  });

  test('an unpublished and a deleted post leave the store without reading anything', async () => {
    const [unpublished] = (await posts().getList(1, 1, { filter: 'slug = "post-3"' })).items;
    const [deleted] = (await posts().getList(1, 1, { filter: 'slug = "post-4"' })).items;
    await posts().update(unpublished!.id, { status: 'draft' });
    await posts().delete(deleted!.id);
    expect(await sync()).toEqual({ read: 0, slugs: ['post-1', 'post-2', 'post-5'] });
    // Published again: read and back.
    await posts().update(unpublished!.id, { status: 'published' });
    expect(await sync()).toEqual({ read: 1, slugs: ['post-1', 'post-2', 'post-3', 'post-5'] });
  });

  test('a new slug replaces the old entry', async () => {
    const [post] = (await posts().getList(1, 1, { filter: 'slug = "post-5"' })).items;
    await posts().update(post!.id, { slug: 'post-5-novo' });
    expect(await sync()).toEqual({ read: 1, slugs: ['post-1', 'post-2', 'post-3', 'post-5-novo'] });
  });

  test('a post the publisher leaves out is dropped, read again and named at each build, and back once allowed', async () => {
    const left = await sync({ PUBLISH_EXCLUDE: JSON.stringify({ 'blog:post-1': 'A página falhou' }) });
    expect(left).toEqual({ read: 1, slugs: ['post-2', 'post-3', 'post-5-novo'] });
    expect(warnings.join('\n')).toContain('post-1');
    expect(await sync()).toEqual({ read: 1, slugs: ['post-1', 'post-2', 'post-3', 'post-5-novo'] });
    expect(await sync()).toEqual({ read: 0, slugs: ['post-1', 'post-2', 'post-3', 'post-5-novo'] });
  });

  test('a change of the code or settings that make entries reads every post again', async () => {
    expect((await sync({ PUBLIC_API_URL: 'https://api.exemplo.com.br' })).read).toBe(4);
    expect(store.get<{ data: { coverUrl?: string } }>('blog', 'post-1')).toBeDefined();
    expect((await sync({ PUBLIC_API_URL: 'https://api.exemplo.com.br' })).read).toBe(0);
  });
});
