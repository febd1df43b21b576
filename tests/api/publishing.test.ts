/**
 * Publishing end to end, with real builds: PocketBase's hooks ask the publisher
 * (scripts/lib/publisher.mjs) for a rebuild, the publisher builds the site into a
 * fresh folder and swaps it in, and reports each build back into `site_builds`.
 * Also the deploy-hook mode, against a local webhook.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createPublisher,
  deployHookRunner,
  localBuildRunner,
  pocketBaseReporter,
  startPublishEndpoint,
  type BuildStatus,
} from '../../scripts/lib/publisher.mjs';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

const BUILD_TIMEOUT = 240_000;

let staff: StaffServer;
let tmp: string;
let live: string;
let endpoint: { url: string; close: () => Promise<void> };
const statuses: BuildStatus[] = [];
const secret = randomBytes(16).toString('hex');
let pocketbaseUrl = '';

const finished = () => statuses.filter((status) => status.state === 'success' || status.state === 'failed');
let report: (status: BuildStatus) => void = () => {};
const onStatus = (status: BuildStatus) => {
  statuses.push(status);
  report(status);
};

const localPublisher = () =>
  createPublisher({
    debounceMs: 1500,
    onStatus,
    run: localBuildRunner({
      liveLink: live,
      env: () => ({ ...process.env, POCKETBASE_URL: pocketbaseUrl, PUBLIC_SITE_URL: 'http://127.0.0.1' }),
      cacheDir: path.join(tmp, 'astro-cache'),
    }),
  });
let active: ReturnType<typeof createPublisher>;

/** Waits until the active publisher has nothing queued or running (hooks answer first). */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await active.idle();
}

const page = (pathname: string) => fetch(`${pocketbaseUrl}${pathname}`);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'publicacao-'));
  live = path.join(tmp, 'site', 'live');
  active = localPublisher();
  endpoint = await startPublishEndpoint({ publisher: { request: (...args) => active.request(...args) }, secret });
  staff = await startStaffServer({
    siteDir: live,
    unthrottledLoopback: true,
    env: { PUBLISHER_URL: endpoint.url, PUBLISH_SECRET: secret },
  });
  pocketbaseUrl = staff.server.url;
  report = pocketBaseReporter({ pocketbaseUrl, secret });
  active.request('primeiro build', { immediate: true });
  await settled();
  expect(finished().at(-1)?.state, finished().at(-1)?.log).toBe('success');
}, BUILD_TIMEOUT);

afterAll(async () => {
  active?.stop();
  await endpoint?.close();
  await staff?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const post = (client: PocketBase, title: string, extra: Record<string, unknown> = {}) =>
  client.collection('posts').create({ title, content: `Texto de ${title}.`, category: 'Técnico', status: 'published', ...extra });

describe('rebuild on publish', () => {
  test(
    'a published post goes live, a draft does not, and two quick saves make one build',
    async () => {
      const before = finished().length;
      const published = await post(staff.editor.client, 'Lançamento do novo módulo de relés');
      const draft = await post(staff.editor.client, 'Rascunho que não deve aparecer', { status: 'draft' });
      await staff.editor.client.collection('posts').update(published.id, { excerpt: 'Resumo revisado.' });
      await settled();

      expect(finished().length - before, 'uma só publicação para as três gravações').toBe(1);
      expect(finished().at(-1)!.state).toBe('success');
      const article = await page(`/blog/${published.slug}`);
      expect(article.status).toBe(200);
      expect(await article.text()).toContain('Lançamento do novo módulo de relés');
      expect((await page(`/blog/${draft.slug}`)).status).toBe(404);

      // Staff read the outcome in the admin.
      const rows = await staff.editor.client
        .collection('site_builds')
        .getList(1, 1, { sort: '-created', filter: 'state = "success"' });
      expect(rows.items[0]).toMatchObject({ state: 'success', mode: 'local' });
      expect(rows.items[0]!.pages).toBeGreaterThan(20);
      expect(await statusOf(staff.author.client.collection('site_builds').getList(1, 1))).toBe(200);
      expect((await staff.author.client.collection('site_builds').getList(1, 1)).totalItems).toBe(0);
    },
    BUILD_TIMEOUT,
  );

  test(
    'a failing build leaves the live site served and is reported with its log',
    async () => {
      const liveArticle = await page('/blog');
      expect(liveArticle.status).toBe(200);
      // A CMS slug that an MDX article already uses is a build error.
      const clash = await post(staff.editor.client, 'Post que colide com um artigo', { slug: 'funcao-map-no-arduino' });
      await settled();
      const failure = finished().at(-1)!;
      expect(failure.state).toBe('failed');
      expect(failure.log).toContain('funcao-map-no-arduino');
      expect((await page('/blog')).status).toBe(200);
      expect((await page('/blog/funcao-map-no-arduino')).status).toBe(200);

      const row = await staff.admin.client
        .collection('site_builds')
        .getFirstListItem(staff.admin.client.filter('build_id = {:id}', { id: failure.id }));
      expect(row.state).toBe('failed');
      expect(row.log).toContain('funcao-map-no-arduino');

      await staff.editor.client.collection('posts').delete(clash.id);
      await settled();
      expect(finished().at(-1)!.state).toBe('success');
    },
    BUILD_TIMEOUT,
  );

  test(
    "'Publicar agora' builds at once for admins and editors, and is refused to authors",
    async () => {
      const before = finished().length;
      expect(await statusOf(staff.author.client.send('/api/site/publish', { method: 'POST' }))).toBe(403);
      expect(await statusOf(staff.anonymous.client.send('/api/site/publish', { method: 'POST' }))).toBe(401);
      await staff.editor.client.send('/api/site/publish', { method: 'POST' });
      await settled();
      expect(finished().length - before).toBe(1);
      expect(finished().at(-1)!.reasons.join(' ')).toContain('Publicar agora');
    },
    BUILD_TIMEOUT,
  );

  test('only the publisher may report builds', async () => {
    const response = await fetch(`${pocketbaseUrl}/api/site/builds/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Publish-Secret': 'errado' },
      body: JSON.stringify({ id: 'x', state: 'success', mode: 'local', reasons: [] }),
    });
    expect(response.status).toBe(403);
  });
});

describe('deploy-hook mode', () => {
  let webhook: Server;
  const calls: { body: string }[] = [];

  beforeAll(async () => {
    // Fails once, then accepts: the publisher retries.
    webhook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        calls.push({ body });
        response.writeHead(calls.length === 1 ? 502 : 200).end();
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    const { port } = webhook.address() as { port: number };
    active = createPublisher({
      mode: 'deploy-hook',
      debounceMs: 500,
      onStatus,
      run: deployHookRunner({ url: `http://127.0.0.1:${port}/build`, attempts: 3, backoffMs: 100 }),
    });
  });
  afterAll(() => new Promise<void>((resolve) => webhook.close(() => resolve())));

  test('calls the webhook instead of building, retries, and records the outcome', async () => {
    await post(staff.editor.client, 'Post publicado na CDN');
    await settled();
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[1]!.body)).toMatchObject({ trigger: 'cms' });
    expect(calls[1]!.body).toContain('Post publicado na CDN');
    const outcome = finished().at(-1)!;
    expect(outcome).toMatchObject({ state: 'success', mode: 'deploy-hook' });
    expect(outcome.log).toBe('Tentativa 1: HTTP 502\nTentativa 2: HTTP 200');
    await settled();
    const row = await staff.admin.client
      .collection('site_builds')
      .getFirstListItem(staff.admin.client.filter('build_id = {:id}', { id: outcome.id }));
    expect(row).toMatchObject({ state: 'success', mode: 'deploy-hook' });
  });
});
