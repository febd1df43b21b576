/**
 * Each data directory its own site: two `npm start` from one checkout with different
 * PB_DATA and no SITE_DIR build and serve their own sites at the same time (each its
 * own site folder and build cache, scripts/lib/data-dir.mjs); started again on other
 * data at the same path, an instance builds before serving that data's site, instead
 * of the site of the data it had before.
 */
import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { dataScopedDir } from '../../scripts/lib/data-dir.mjs';
import { startLiveStack, waitUntilLive, type LiveStack } from '../helpers/live-stack';

const roots: string[] = [];
const stacks: LiveStack[] = [];

afterAll(async () => {
  for (const stack of stacks) await stack.stop();
  for (const root of roots) {
    await rm(dataScopedDir(path.join(root, 'pb_data')), { recursive: true, force: true });
    await rm(root, { recursive: true, force: true });
  }
});

async function start(root: string) {
  const stack = await startLiveStack({ dataDir: path.join(root, 'pb_data'), defaultSiteDir: true, timeoutMs: 420_000 });
  stacks.push(stack);
  return stack;
}

async function stop(stack: LiveStack) {
  stacks.splice(stacks.indexOf(stack), 1);
  await stack.stop();
}

/** The first account of a new installation (its admin) publishes a post titled `title`. */
async function publishPost(stack: LiveStack, title: string, slug: string) {
  const account = { email: 'admin@exemplo.com.br', password: 'Senha-Forte-123', full_name: 'Ana Admin' };
  const created = await fetch(`${stack.url}/api/collections/users/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, passwordConfirm: account.password }),
  });
  expect(created.status, await created.clone().text()).toBe(200);
  const auth = await fetch(`${stack.url}/api/collections/users/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: account.email, password: account.password }),
  });
  const { token } = (await auth.json()) as { token: string };
  const post = await fetch(`${stack.url}/api/collections/posts/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({
      title,
      slug,
      excerpt: `Resumo de ${title}, com tamanho suficiente.`,
      content: `Texto de ${title}.`,
      category: 'Técnico',
      tags: '[]',
      status: 'published',
    }),
  });
  expect(post.status, await post.clone().text()).toBe(200);
}

const status = async (stack: LiveStack, pathname: string) => (await fetch(`${stack.url}${pathname}`)).status;

test('two instances from one checkout build and serve their own sites; other data at the same path is built before it is served', async () => {
  const [rootA, rootB] = await Promise.all([1, 2].map(() => mkdtemp(path.join(tmpdir(), 'operium-data-'))));
  roots.push(rootA!, rootB!);
  // Both first builds at once: before, they shared .cache/site and the Astro cache.
  const [first, b] = await Promise.all([start(rootA!), start(rootB!)]);
  let a = first;

  await Promise.all([publishPost(a!, 'Artigo da instância A', 'artigo-a'), publishPost(b!, 'Artigo da instância B', 'artigo-b')]);
  const [blogA, blogB] = await Promise.all([
    waitUntilLive(a!, '/blog/artigo-a', 240_000),
    waitUntilLive(b!, '/blog/artigo-b', 240_000),
  ]);
  expect(blogA).toContain('Artigo da instância A');
  expect(blogB).toContain('Artigo da instância B');
  // The proof the other one would be found: each site answers its own post (above).
  expect(await status(a!, '/blog/artigo-b')).toBe(404);
  expect(await status(b!, '/blog/artigo-a')).toBe(404);

  // Each live site is a build under its own data directory's folder.
  const siteA = await realpath(dataScopedDir(path.join(rootA!, 'pb_data'), 'site', 'live'));
  const siteB = await realpath(dataScopedDir(path.join(rootB!, 'pb_data'), 'site', 'live'));
  expect(siteA).not.toBe(siteB);
  expect(siteA.startsWith(await realpath(dataScopedDir(path.join(rootA!, 'pb_data'))))).toBe(true);
  expect(siteB.startsWith(await realpath(dataScopedDir(path.join(rootB!, 'pb_data'))))).toBe(true);

  // A's directory gets B's data (as a restore or a copy would put it): A's built site is stale.
  await Promise.all([stop(a!), stop(b!)]);
  await rm(path.join(rootA!, 'pb_data'), { recursive: true, force: true });
  await cp(path.join(rootB!, 'pb_data'), path.join(rootA!, 'pb_data'), { recursive: true });
  a = await start(rootA!);
  expect(a.output()).toContain('O site no ar foi gerado de outros dados');
  expect(await status(a, '/blog/artigo-b')).toBe(200);
  expect(await status(a, '/blog/artigo-a')).toBe(404);
}, 900_000);
