// Admin size benchmark: the JavaScript a browser downloads for the admin's sign-in
// screen (/admin/login) against a bare react-admin shell (bench/admin-shell/: stock
// <Admin>, default login page, one ListGuesser resource) built with the same Vite and
// minifier, both served gzipped by the same loopback server and loaded in headless
// Chromium. Also checks that the home page, /blog and a product page load no admin code
// (admin chunks found through the build's module graph, not by file name), and lists
// what weighs most in the login route's chunks.
//   node bench/admin-size.mjs
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.mjs';
import { fromRoot } from '../scripts/lib/paths.mjs';
import {
  LOAD_TIMEOUT_MS,
  SHELL_DIR,
  SITE_DIR,
  buildSiteAndShell,
  fileNameOf,
  isAdminSource,
  kib,
  loadPage,
  signInFormVisible,
} from './lib/admin-first-screen.mjs';
import { chunksHolding, partModules, sizeByGroup } from './lib/chunk-map.mjs';
import { runBench } from './lib/deadline.mjs';
import { formatRatio, writeReport } from './lib/report.mjs';
import { startStaticServer } from './lib/static-server.mjs';

const GOAL_RATIO = 1.15;
/** Whole run, builds included (a fresh site build takes about a minute here). */
const DEADLINE_MS = 5 * 60_000;

/**
 * @typedef {import('./lib/admin-first-screen.mjs').PageLoad} PageLoad
 */

/** @param {import('playwright-core').Page} page */
const mainVisible = (page) => page.locator('main').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });

/** The site's first product page (by folder name) under /produtos/ (folders without a page, as linha/, skipped). */
async function productPath() {
  const entries = await readdir(path.join(SITE_DIR, 'produtos'), { withFileTypes: true });
  const first = entries
    .filter((entry) => entry.isDirectory() && existsSync(path.join(SITE_DIR, 'produtos', entry.name, 'index.html')))
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

/**
 * @param {import('./lib/deadline.mjs').Cleanups} cleanups servers and the browser, stopped last-started first,
 *   on success, failure or timeout
 */
async function main(cleanups) {
  const chromiumPath = await findChromium();
  if (!chromiumPath) throw new Error('Nenhum Chromium encontrado: instale o pacote chromium ou indique CHROME_PATH.');

  const { siteMap, shellMap } = await buildSiteAndShell();
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

await runBench(main, { deadlineMs: DEADLINE_MS });
