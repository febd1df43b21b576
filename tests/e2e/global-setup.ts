/**
 * Starts a real PocketBase on a free port (with the Node endpoint that renders the
 * editor's previews), publishes one post in its CMS, then
 * builds the site from the MDX articles plus that post (POCKETBASE_URL) into its
 * own folder, with a test analytics id so the consent gate has a real script to
 * hold back. The server then serves that build. Returns the teardown.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildSite } from '../../scripts/publish/fresh-build.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { startPublishEndpoint } from '../../scripts/publish/endpoint.mjs';
import { startTestServer, superuserToken, type TestServer } from '../helpers/server';

const TEST_ANALYTICS_ID = 'G-TEST12345';

/** The CMS post every browser test can expect on the blog. */
export const CMS_POST = {
  title: 'Novidades do CMS para integradores',
  slug: 'novidades-do-cms-para-integradores',
  excerpt: 'Um post publicado pelo painel administrativo, lido pelo build do site.',
  category: 'Negócios',
  tags: ['CMS', 'Integradores'],
  content:
    '## Publicado pelo painel\n\nEste texto veio do **PocketBase**.\n\n<script>window.__hacked = true</script>\n\n<img src="/favicon.svg" alt="ícone" onerror="window.__hacked = true">\n\n[não clique](javascript:window.__hacked=true)',
};

async function publishCmsPost(server: TestServer) {
  const token = await superuserToken(server);
  const call = async (collection: string, body: unknown) => {
    const response = await fetch(`${server.url}/api/collections/${collection}/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`seed ${collection}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const author = await call('users', {
    email: 'redacao@exemplo.com.br',
    password: 'Redacao-Forte-1',
    passwordConfirm: 'Redacao-Forte-1',
    full_name: 'Redação Operium',
    role: 'editor',
    is_active: true,
  });
  await call('posts', { ...CMS_POST, status: 'published', author: author.id });
}

/**
 * Every browser test comes from 127.0.0.1: PocketBase's per-IP limiter (an operator
 * setting) would count them all as one visitor. The per-account sign-in throttle,
 * a hook, still applies. X-Forwarded-For is trusted, as behind a proxy, so a test
 * that sends many public forms can be visitors of their own addresses (the comments'
 * own limit, a hook, counts per address).
 */
async function unthrottleLoopback(server: TestServer) {
  const token = await superuserToken(server);
  const headers = { 'Content-Type': 'application/json', Authorization: token };
  const settings = (await (await fetch(`${server.url}/api/settings`, { headers })).json()) as { rateLimits: object };
  const response = await fetch(`${server.url}/api/settings`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({
      rateLimits: { ...settings.rateLimits, excludedIPs: ['127.0.0.1'] },
      trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: true },
    }),
  });
  if (!response.ok) throw new Error(`settings: HTTP ${response.status} ${await response.text()}`);
}

export default async function globalSetup() {
  const siteDir = path.resolve(process.env.E2E_SITE_DIR ?? fromRoot('.cache', 'e2e-site'));
  // The editor's preview renders in a Node process, as under `npm start`; there is no publisher.
  const secret = randomBytes(16).toString('hex');
  // The preview reads the collections (FAQ, testimonials…) as this build leaves them, as
  // the publisher's renderer reads its builds' (scripts/publish/site-components.mjs).
  const cacheDir = fromRoot('.cache', 'astro-e2e');
  const renderer = await startPublishEndpoint({ secret, renderEnv: { ...process.env, ASTRO_CACHE_DIR: cacheDir } });
  const server = await startTestServer({ siteDir, env: { PREVIEW_URL: renderer.url, PUBLISH_SECRET: secret } });
  try {
    await unthrottleLoopback(server);
    await publishCmsPost(server);
    const env = {
      ...process.env,
      PUBLIC_ANALYTICS_ID: TEST_ANALYTICS_ID,
      PUBLIC_SITE_URL: 'http://127.0.0.1',
      POCKETBASE_URL: server.url,
      ASTRO_CACHE_DIR: cacheDir,
    };
    await buildSite({ outDir: siteDir, env, force: true });
  } catch (error) {
    await server.stop();
    await renderer.close();
    throw error;
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_ANALYTICS_ID = TEST_ANALYTICS_ID;
  process.env.E2E_SITE_DIR = siteDir;
  process.env.E2E_SUPERUSER = JSON.stringify(server.superuser);
  return async () => {
    await server.stop();
    await renderer.close();
  };
}
