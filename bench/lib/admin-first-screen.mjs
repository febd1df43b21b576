// The admin's first screen against a bare react-admin shell, shared by bench/admin-size.mjs
// and bench/editor.mjs: the site built with its chunk map (into
// .cache/bench/admin-size/, reused while fresh), the shell built by the same Vite
// (bench/admin-shell/), and a page's script responses summed as Chromium loads them.
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { chunkMapRecorder, readChunkMap } from './chunk-map.mjs';
import { formatNumber } from './report.mjs';
import { buildSiteWithChunkMap } from './site-build-with-chunks.mjs';

const WORK = fromRoot('.cache', 'bench', 'admin-size');
export const SITE_DIR = path.join(WORK, 'site');
const SITE_CHUNKS = path.join(WORK, 'site-chunks.json');
export const SHELL_DIR = fromRoot('.cache', 'bench', 'admin-shell');
const SHELL_CHUNKS = path.join(WORK, 'shell-chunks.json');
const ADMIN_SOURCES = [fromRoot('src', 'admin') + path.sep, fromRoot('src', 'pages', 'admin') + path.sep];
/** Settings read at build time are left out: the site built from the repository alone. */
const BUILD_SETTINGS = ['PUBLIC_SITE_URL', 'PUBLIC_ANALYTICS_ID', 'PUBLIC_API_URL', 'POCKETBASE_URL'];
export const LOAD_TIMEOUT_MS = 60_000;

/** @param {number} bytes */
export const kib = (bytes) => `${formatNumber(bytes / 1024)} KiB`;
/** @param {string} id */
export const isAdminSource = (id) => ADMIN_SOURCES.some((prefix) => id.startsWith(prefix));
/** @param {string} urlPath "/_astro/x.js" → "_astro/x.js" (chunk map file names) */
export const fileNameOf = (urlPath) => urlPath.replace(/^\//, '');

/**
 * @typedef {{ path: string, encoded: number, decoded: number }} ScriptLoad
 * @typedef {{ scripts: ScriptLoad[], encoded: number, decoded: number, inline: number }} PageLoad
 */

/**
 * The site (from the repository alone, no API configured: the admin talks to the
 * origin that serves it) and the shell, each with its chunk map.
 * @returns {Promise<{ siteMap: import('./chunk-map.mjs').ChunkMap, shellMap: import('./chunk-map.mjs').ChunkMap }>}
 */
export async function buildSiteAndShell() {
  const env = { ...process.env };
  for (const name of BUILD_SETTINGS) delete env[name];
  console.log('Gerando o site (reaproveita um build atual em .cache/bench/admin-size/site)…');
  await buildSiteWithChunkMap({ outDir: SITE_DIR, chunkMapFile: SITE_CHUNKS, cacheDir: path.join(WORK, 'astro-cache'), env });
  console.log('Gerando o shell do react-admin…');
  await viteBuild({
    configFile: fromRoot('bench', 'admin-shell', 'vite.config.mjs'),
    logLevel: 'error',
    plugins: [chunkMapRecorder(SHELL_CHUNKS)],
  });
  return { siteMap: await readChunkMap(SITE_CHUNKS), shellMap: await readChunkMap(SHELL_CHUNKS) };
}

/**
 * Loads one page in a fresh browser context (empty cache) and sums its script responses.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {(page: import('playwright-core').Page) => Promise<void>} ready waits for the page to be usable
 * @returns {Promise<PageLoad>}
 */
export async function loadPage(browser, url, ready) {
  const context = await browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    /** @type {import('playwright-core').Response[]} */
    const responses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(url, { timeout: LOAD_TIMEOUT_MS });
    await ready(page);
    await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
    /** @type {ScriptLoad[]} */
    const scripts = [];
    for (const response of responses) {
      const sizes = await response.request().sizes();
      const body = await response.body();
      scripts.push({ path: new URL(response.url()).pathname, encoded: sizes.responseBodySize, decoded: body.length });
    }
    // Scripts written into the HTML (Astro's island loader) are not requests: reported apart.
    const inline = await page
      .locator('script:not([src])')
      .evaluateAll((scripts) => scripts.reduce((sum, script) => sum + (script.textContent ?? '').length, 0));
    return {
      scripts,
      inline,
      encoded: scripts.reduce((sum, script) => sum + script.encoded, 0),
      decoded: scripts.reduce((sum, script) => sum + script.decoded, 0),
    };
  } finally {
    await context.close();
  }
}

/** @param {import('playwright-core').Page} page */
export const signInFormVisible = (page) =>
  page.locator('input[type="password"]').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
