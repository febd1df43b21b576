// Admin size benchmark (#8): the JavaScript a browser downloads for the admin's sign-in
// screen (/admin/login) against a bare react-admin shell (bench/admin-shell/: stock
// <Admin>, default login page, one ListGuesser resource) built with the same Vite and
// minifier, both served gzipped by the same loopback server and loaded in headless
// Chromium. Also checks that the home page, /blog and a product page load no admin code
// (admin chunks found through the build's module graph, not by file name), and lists
// what weighs most in the login route's chunks.
//   node bench/admin-size.mjs
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.mjs';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { chunkMapRecorder, chunksHolding, partModules, readChunkMap, sizeByGroup } from './lib/chunk-map.mjs';
import { formatNumber, formatRatio, writeReport } from './lib/report.mjs';
import { buildSiteWithChunkMap } from './lib/site-build-with-chunks.mjs';
import { startStaticServer } from './lib/static-server.mjs';

const GOAL_RATIO = 1.15;
const WORK = fromRoot('.cache', 'bench', 'admin-size');
const SITE_DIR = path.join(WORK, 'site');
const SITE_CHUNKS = path.join(WORK, 'site-chunks.json');
const SHELL_DIR = fromRoot('.cache', 'bench', 'admin-shell');
const SHELL_CHUNKS = path.join(WORK, 'shell-chunks.json');
const ADMIN_SOURCES = [fromRoot('src', 'admin') + path.sep, fromRoot('src', 'pages', 'admin') + path.sep];
/** Settings read at build time are left out: the site built from the repository alone. */
const BUILD_SETTINGS = ['PUBLIC_SITE_URL', 'PUBLIC_ANALYTICS_ID', 'PUBLIC_API_URL', 'POCKETBASE_URL'];
/** Whole run, builds included (a fresh site build takes about a minute here). */
const DEADLINE_MS = 5 * 60_000;
const LOAD_TIMEOUT_MS = 60_000;

/** @param {number} bytes */
const kib = (bytes) => `${formatNumber(bytes / 1024)} KiB`;
/** @param {string} id */
const isAdminSource = (id) => ADMIN_SOURCES.some((prefix) => id.startsWith(prefix));

/**
 * @typedef {{ path: string, encoded: number, decoded: number }} ScriptLoad
 * @typedef {{ scripts: ScriptLoad[], encoded: number, decoded: number, inline: number }} PageLoad
 */

/**
 * Loads one page in a fresh browser context (empty cache) and sums its script responses.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {(page: import('playwright-core').Page) => Promise<void>} ready waits for the page to be usable
 * @returns {Promise<PageLoad>}
 */
async function loadPage(browser, url, ready) {
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
const signInFormVisible = (page) =>
  page.locator('input[type="password"]').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
/** @param {import('playwright-core').Page} page */
const mainVisible = (page) => page.locator('main').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });

/** The shell's production build, with its chunk map. */
async function buildShell() {
  await viteBuild({
    configFile: fromRoot('bench', 'admin-shell', 'vite.config.mjs'),
    logLevel: 'error',
    plugins: [chunkMapRecorder(SHELL_CHUNKS)],
  });
}

/** The site's first product page (by folder name) under /produtos/. */
async function productPath() {
  const entries = await readdir(path.join(SITE_DIR, 'produtos'), { withFileTypes: true });
  const first = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()[0];
  if (!first) throw new Error('O build não tem página de produto em /produtos/.');
  return `/produtos/${first}`;
}

/**
 * The heaviest groups (package or source folder) of the given chunks, for the notes.
 * @param {import('./lib/chunk-map.mjs').ChunkMap} map
 * @param {string[]} fileNames
 * @param {number} count
 */
function heaviest(map, fileNames, count) {
  return sizeByGroup(map, fileNames)
    .slice(0, count)
    .map(([group, size]) => `${group} ${kib(size)}`)
    .join(', ');
}

/** @param {string} urlPath "/_astro/x.js" → "_astro/x.js" (chunk map file names) */
const fileNameOf = (urlPath) => urlPath.replace(/^\//, '');

async function main() {
  const chromiumPath = await findChromium();
  if (!chromiumPath) throw new Error('Nenhum Chromium encontrado: instale o pacote chromium ou indique CHROME_PATH.');

  const env = { ...process.env };
  for (const name of BUILD_SETTINGS) delete env[name];
  console.log('Gerando o site (reaproveita um build atual em .cache/bench/admin-size/site)…');
  await buildSiteWithChunkMap({ outDir: SITE_DIR, chunkMapFile: SITE_CHUNKS, cacheDir: path.join(WORK, 'astro-cache'), env });
  console.log('Gerando o shell do react-admin…');
  await buildShell();

  const siteMap = await readChunkMap(SITE_CHUNKS);
  const shellMap = await readChunkMap(SHELL_CHUNKS);
  const adminChunks = chunksHolding(siteMap, partModules(siteMap, isAdminSource));
  const product = await productPath();

  const siteServer = await startStaticServer({ root: SITE_DIR, fallbacks: [{ prefix: '/admin/', file: 'admin/index.html' }] });
  cleanups.push(() => siteServer.close());
  const shellServer = await startStaticServer({ root: SHELL_DIR });
  cleanups.push(() => shellServer.close());
  // Playwright gives the browser a fresh temporary profile and removes it on close.
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  {
    console.log('Medindo no Chromium…');
    const ours = await loadPage(browser, `${siteServer.url}/admin/login`, signInFormVisible);
    const shell = await loadPage(browser, `${shellServer.url}/`, signInFormVisible);
    /** @type {[string, PageLoad][]} */
    const publicLoads = [];
    for (const pagePath of ['/', '/blog', product]) {
      publicLoads.push([pagePath, await loadPage(browser, `${siteServer.url}${pagePath}`, mainVisible)]);
    }

    const ratio = ours.encoded / shell.encoded;
    const publicAdmin = publicLoads.flatMap(([pagePath, load]) =>
      load.scripts.filter((script) => adminChunks.has(fileNameOf(script.path))).map((script) => ({ pagePath, script })),
    );
    const publicAdminBytes = publicAdmin.reduce((sum, { script }) => sum + script.encoded, 0);
    const loginFiles = ours.scripts.map((script) => fileNameOf(script.path));
    const publicFiles = new Set(publicLoads.flatMap(([, load]) => load.scripts.map((script) => fileNameOf(script.path))));
    const loginOnly = loginFiles.filter((file) => !publicFiles.has(file));
    const loginOnlyNotAdmin = loginOnly.filter((file) => !adminChunks.has(file));
    const shellFiles = shell.scripts.map((script) => fileNameOf(script.path));

    const notes = [
      'Transferido: corpo das respostas de script com gzip (nível 6), sem cabeçalhos; decodificado: o JavaScript que o navegador executa. Os dois servidos pelo mesmo servidor estático local, cada página num contexto novo do Chromium (cache vazio), medida quando o formulário de login aparece e a rede fica ociosa.',
      `Referência: react-admin ${await packageVersion('react-admin')} puro (bench/admin-shell/: <Admin> com a página de login padrão, um auth provider trivial, um data provider em memória e um recurso com ListGuesser), gerado pelo mesmo Vite com a mesma minificação (esnext).`,
      `Código do painel = chunks com módulos de src/admin/ ou só alcançáveis a partir dele (grafo de módulos do build): ${adminChunks.size} chunks. Páginas públicas medidas: /, /blog e ${product}.`,
      `Scripts escritos no HTML (não contados acima): ${kib(ours.inline)} no nosso, ${kib(shell.inline)} na referência.`,
      `Páginas públicas carregaram ${publicLoads.map(([pagePath, load]) => `${pagePath}: ${load.scripts.length} arquivos de JS (${kib(load.encoded)})`).join('; ')}.`,
      `Arquivos só do login (que nenhuma das páginas públicas medidas carrega): ${loginOnly.length}; ${loginOnlyNotAdmin.length ? `desses, compartilhados com o site: ${loginOnlyNotAdmin.join(', ')}` : 'todos do painel'}.`,
      `Mais pesado no login (antes da minificação): ${heaviest(siteMap, loginFiles, 8)}.`,
      `Mais pesado no shell (antes da minificação): ${heaviest(shellMap, shellFiles, 8)}.`,
    ];
    if (publicAdmin.length) {
      notes.push(
        `Código do painel em páginas públicas: ${publicAdmin.map(({ pagePath, script }) => `${pagePath} → ${script.path}`).join(', ')}.`,
      );
    }

    await writeReport('admin-size', {
      title: 'Painel: JavaScript do login',
      rows: [
        {
          measure: 'JS transferido em /admin/login (gzip)',
          ours: kib(ours.encoded),
          peer: kib(shell.encoded),
          ratio: formatRatio(ratio),
          goal: `≤ ${formatRatio(GOAL_RATIO)}`,
          ok: ratio <= GOAL_RATIO,
        },
        {
          measure: 'JS decodificado em /admin/login',
          ours: kib(ours.decoded),
          peer: kib(shell.decoded),
          ratio: formatRatio(ours.decoded / shell.decoded),
          goal: 'informativo',
          ok: true,
        },
        {
          measure: 'Requisições de JS em /admin/login',
          ours: String(ours.scripts.length),
          peer: String(shell.scripts.length),
          ratio: formatRatio(ours.scripts.length / shell.scripts.length),
          goal: 'informativo',
          ok: true,
        },
        {
          measure: 'Código do painel nas páginas públicas',
          ours: kib(publicAdminBytes),
          peer: '—',
          ratio: '—',
          goal: '0 KiB',
          ok: publicAdmin.length === 0,
        },
      ],
      notes,
    });
  }
}

/** @param {string} name */
async function packageVersion(name) {
  return JSON.parse(await readFile(fromRoot('node_modules', name, 'package.json'), 'utf8')).version;
}

/** Servers and the browser, stopped last-started first, on success, failure or timeout. */
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
async function cleanUp() {
  for (const stop of cleanups.splice(0).reverse()) await stop().catch(() => undefined);
}

const deadline = setTimeout(async () => {
  console.error(`Benchmark passou de ${DEADLINE_MS / 60_000} min: interrompido.`);
  await cleanUp();
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();
try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
