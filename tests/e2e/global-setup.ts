/**
 * Builds the site into its own folder (with a test analytics id, so the consent
 * gate has a real script to hold back) and serves it with a real PocketBase.
 * Returns the teardown that stops the server.
 */
import path from 'node:path';
import { buildSite } from '../../scripts/lib/build-site.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { startTestServer } from '../helpers/server';

export const TEST_ANALYTICS_ID = 'G-TEST12345';

export default async function globalSetup() {
  const siteDir = path.resolve(process.env.E2E_SITE_DIR ?? fromRoot('.cache', 'e2e-site'));
  const env = { ...process.env, PUBLIC_ANALYTICS_ID: TEST_ANALYTICS_ID, PUBLIC_SITE_URL: 'http://127.0.0.1' };
  await buildSite({ outDir: siteDir, env });
  const server = await startTestServer({ siteDir });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_ANALYTICS_ID = TEST_ANALYTICS_ID;
  process.env.E2E_SITE_DIR = siteDir;
  process.env.E2E_SUPERUSER = JSON.stringify(server.superuser);
  return async () => {
    await server.stop();
  };
}
