// The visual editor's goals (docs/desempenho.md), in one run:
// 1. the admin's first screen keeps its size (/admin/login's JavaScript within 1.15× of a
//    bare react-admin shell, measured as bench/admin-size.mjs measures it) and the editor
//    is chunks of its own that the sign-in, the dashboard and the posts list never request;
// 2. in Chromium, against the built admin served by a real PocketBase: a 20,000-word post
//    is editable (its `.ProseMirror` showing its last paragraph) within 1.5 s of the
//    record's API response, and typing at its end costs at most one frame a key at p95
//    (16 ms) and 50 ms at p99;
// 3. a CMS post rendered through the site's one Markdown pipeline, in a publication's
//    build (a new process finding the highlighted blocks of earlier builds on disk),
//    costs at most 1.5× the renderer it replaced (marked 17 + sanitize-html 2 + the
//    rehype article step, loaded from git with its packages installed in
//    .cache/bench-old-renderer/); a new installation's first build is reported beside it.
//   node bench/editor.mjs [--profile]   (--profile: prints the typing profile's heaviest functions and
//                                         writes it to .cache/bench/editor-typing.cpuprofile)
// Long on purpose: the three goals share one built admin, one PocketBase
// and one browser, set up once in main() and measured in order, and the report's notes
// explain each figure. The browser work is in bench/lib/editor-browser.mjs and
// bench/lib/typing-profile.mjs, the old renderer in bench/lib/old-renderer.mjs.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/test-tools/chromium.mjs';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import {
  LOAD_TIMEOUT_MS,
  SHELL_DIR,
  SITE_DIR,
  buildSiteAndShell,
  fileNameOf,
  kib,
  loadPage,
  signInFormVisible,
} from './lib/admin-first-screen.mjs';
import { STAFF_PASSWORD, authToken, createBenchData, createStaff, unthrottleLoopback } from './lib/bench-pocketbase.mjs';
import { chunksHolding, sizeByGroup } from './lib/chunk-map.mjs';
import { runBench } from './lib/deadline.mjs';
import {
  bareEditablePage,
  caretAtEnd,
  editorContext,
  editorCosts,
  openPost,
  percentiles,
  typeAndTime,
  workOf,
} from './lib/editor-browser.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { OLD_RENDERER_COMMIT, OLD_RENDERER_PACKAGES, prepareOldRenderer } from './lib/old-renderer.mjs';
import { RESULTS_DIR, formatNumber, formatRatio, median, writeReport } from './lib/report.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { profileByPart, profileTyping } from './lib/typing-profile.mjs';

ensureModernNode();

const GOALS = { firstScreen: 1.15, editableMs: 1500, keyP95Ms: 16, keyP99Ms: 50, render: 1.5 };
const LONG_POST_WORDS = 20_000;
/** Edit screens opened: the first loads the editor's chunks, the others find them loaded. */
const OPENS = 5;
const KEYSTROKES = 300;
const RENDER_POSTS = 1_000;
/** Rounds of (old, new on an empty store, new on that store) renderer processes, alternated. */
const RENDER_ROUNDS = 5;
const RENDER_PASSES = 1;
const EDITOR_MODULE = fromRoot('src', 'admin', 'editor', 'MarkdownEditor.tsx');
/** Whole run: site build (about a minute, skipped when fresh), browser, renderers. */
const DEADLINE_MS = 12 * 60_000;
const profile = process.argv.includes('--profile');

/** @param {string} message */
const progress = (message) => process.stderr.write(`[editor] ${message}\n`);
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} value */
const count = (value) => value.toLocaleString('pt-BR');

/**
 * Every module reachable from `entries` without entering `blocked`.
 * @param {import('./lib/chunk-map.mjs').ChunkMap} map
 * @param {string[]} entries
 * @param {string} [blocked]
 */
function reachable(map, entries, blocked) {
  const byId = new Map(map.modules.map((module) => [module.id, module]));
  const seen = new Set();
  const pending = [...entries];
  while (pending.length) {
    const id = /** @type {string} */ (pending.pop());
    if (seen.has(id) || id === blocked) continue;
    seen.add(id);
    const module = byId.get(id);
    if (module) pending.push(...module.importedIds, ...module.dynamicallyImportedIds);
  }
  return seen;
}

/**
 * The chunks that only the editor needs: modules reached from MarkdownEditor.tsx that
 * no entry reaches without going through it.
 * @param {import('./lib/chunk-map.mjs').ChunkMap} map
 */
function editorChunks(map) {
  if (!map.modules.some((module) => module.id === EDITOR_MODULE)) {
    throw new Error(`${path.relative(fromRoot(), EDITOR_MODULE)} não está no build: ajuste bench/editor.mjs`);
  }
  const entries = map.modules.filter((module) => module.isEntry).map((module) => module.id);
  const elsewhere = reachable(map, entries, EDITOR_MODULE);
  const editorOnly = new Set([...reachable(map, [EDITOR_MODULE])].filter((id) => !elsewhere.has(id)));
  return chunksHolding(map, editorOnly);
}

/** @param {Iterable<string>} fileNames chunk files in the built site @returns {Promise<number>} gzip bytes (level 6, as served) */
async function gzipSize(fileNames) {
  let total = 0;
  for (const file of fileNames) total += gzipSync(await readFile(path.join(SITE_DIR, file)), { level: 6 }).length;
  return total;
}

/**
 * Runs bench/lib/render-timing.mjs in a new process, as a build is one.
 * @param {'new' | 'old'} which @param {string} postsFile @param {string} oldBundle
 * @param {string} [storeDir] the new pipeline's highlighted blocks on disk, as Astro's cache folder keeps them
 * @returns {Promise<import('./lib/render-timing.mjs').RenderTiming>}
 */
function timeRenderer(which, postsFile, oldBundle, storeDir = '') {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fromRoot('bench', 'lib', 'render-timing.mjs'), which, postsFile, String(RENDER_PASSES), oldBundle, storeDir],
      { cwd: fromRoot(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`render-timing ${which} terminou com o código ${code}`));
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? ''));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** @param {import('./lib/deadline.mjs').Cleanups} cleanups servers, browser and temporary data, stopped last-started first */
async function main(cleanups) {
  const started = Date.now();
  const loadAtStart = loadavg()[0] ?? 0;
  // TypeScript sources load only under Node 24 (type stripping), after ensureModernNode().
  const { countWords } = await import('../src/lib/blog/reading.ts');
  const { cmsPosts, longPost } = await import('./lib/markdown-posts.mjs');
  const chromiumPath = await ensureChromium();
  /** @type {import('./lib/report.mjs').BenchRow[]} */
  const rows = [];
  /** @type {string[]} */
  const notes = [];

  // 1. First screen and the editor's chunks.
  const { siteMap } = await buildSiteAndShell();
  const editorFiles = editorChunks(siteMap);
  const editorBytes = await gzipSize(editorFiles);
  const siteServer = await startStaticServer({ root: SITE_DIR, fallbacks: [{ prefix: '/admin/', file: 'admin/index.html' }] });
  cleanups.push(() => siteServer.close());
  const shellServer = await startStaticServer({ root: SHELL_DIR });
  cleanups.push(() => shellServer.close());
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  progress('Primeira tela do painel × shell do react-admin');
  const login = await loadPage(browser, `${siteServer.url}/admin/login`, signInFormVisible);
  const shell = await loadPage(browser, `${shellServer.url}/`, signInFormVisible);
  const firstScreenRatio = login.encoded / shell.encoded;
  rows.push({
    measure: 'JS transferido na primeira tela do painel (/admin/login, gzip)',
    ours: kib(login.encoded),
    peer: kib(shell.encoded),
    ratio: formatRatio(firstScreenRatio),
    goal: `≤ ${formatRatio(GOALS.firstScreen)}`,
    ok: firstScreenRatio <= GOALS.firstScreen,
  });
  await siteServer.close();
  await shellServer.close();

  // 2. The editor in Chromium, against the built admin served by PocketBase.
  const bin = await resolvePocketBase();
  const data = await createBenchData(bin);
  cleanups.push(() => data.remove());
  const server = await startPocketBase({ bin, port: await freePort(), dataDir: data.dataDir, siteDir: SITE_DIR });
  cleanups.push(() => server.stop());
  await unthrottleLoopback(server.url, data.superuser);
  const [admin] = await createStaff(server.url, { editors: 0, authors: 0 });
  if (!admin) throw new Error('a administradora não foi criada');
  const session = await authToken(server.url, 'users', admin.email, STAFF_PASSWORD);
  /** @type {{ id: string, marker: string }[]} */
  const posts = [];
  for (let i = 1; i <= OPENS; i++) {
    const marker = `Fim do post de referencia numero ${i}, com vinte mil palavras.`;
    const content = longPost(LONG_POST_WORDS, marker);
    const response = await fetch(`${server.url}/api/collections/posts/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: session.token },
      body: JSON.stringify({
        title: `Guia completo de controladores industriais, parte ${i}`,
        slug: `guia-completo-controladores-parte-${i}`,
        excerpt: 'Um post longo para medir o editor visual.',
        category: 'Técnico',
        status: 'draft',
        content,
      }),
    });
    if (!response.ok) throw new Error(`criar post ${i}: HTTP ${response.status} ${await response.text()}`);
    posts.push({ id: String((await response.json()).id), marker });
  }
  const sample = longPost(LONG_POST_WORDS, 'x');
  const longWords = countWords(sample);
  const codeBlocks = (sample.match(/^```\w/gm) ?? []).length;

  const context = await editorContext(browser, session);
  cleanups.push(() => context.close());
  const page = await context.newPage();
  /** @type {Set<string>} */
  const requested = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.add(fileNameOf(new URL(request.url()).pathname));
  });
  const editorRequested = () => [...editorFiles].filter((file) => requested.has(file));

  progress('Painel e lista de posts, sem o editor');
  await page.goto(`${server.url}/admin`, { timeout: LOAD_TIMEOUT_MS });
  await page.locator('main').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
  const onDashboard = editorRequested();
  await page.goto(`${server.url}/admin/posts`, { timeout: LOAD_TIMEOUT_MS });
  await page.getByText('Guia completo de controladores industriais, parte 1').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
  const onList = editorRequested();
  const onLogin = [...editorFiles].filter((file) => login.scripts.some((script) => fileNameOf(script.path) === file));

  progress(`Abrindo ${OPENS} posts de ${count(longWords)} palavras`);
  const [first, ...others] = posts;
  if (!first) throw new Error('nenhum post criado');
  // The first edit screen of the session, from its address: the editor's chunks load after the record.
  const coldMs = await openPost(page, server.url, first, true);
  const onEdit = editorRequested();
  if (onEdit.length === 0) throw new Error('a tela de edição não pediu nenhum chunk do editor: ajuste editorChunks()');
  /** @type {number[]} */
  const warmMs = [];
  for (const post of others) warmMs.push(await openPost(page, server.url, post, false));
  progress(`  primeira abertura ${ms(coldMs)}; seguintes ${warmMs.map(ms).join(', ')}`);

  progress(`Digitando ${KEYSTROKES} teclas no fim do post`);
  await caretAtEnd(page);
  const typing = await typeAndTime(page, KEYSTROKES);
  progress(`  trabalho por tecla p50 ${ms(typing.work.p50)}, p95 ${ms(typing.work.p95)}, p99 ${ms(typing.work.p99)}`);
  const afterPauseKeys = typing.keys.filter((key) => key.afterPause).map(workOf);
  const afterPauseCount = `${afterPauseKeys.length} teclas`;
  const afterPause = percentiles(afterPauseKeys.length ? afterPauseKeys : [NaN]);
  const steady = percentiles(typing.keys.filter((key) => !key.afterPause).map(workOf));
  const costs = await editorCosts(page);
  // Where the time goes, always (a profile after the measurement, so it never slows it).
  const PROFILED_KEYS = 100;
  const cpuProfile = await profileTyping(context, page, PROFILED_KEYS);
  const parts = profileByPart(cpuProfile, siteMap, PROFILED_KEYS, profile);
  if (profile) {
    const file = path.join(RESULTS_DIR, 'editor-typing.cpuprofile');
    await writeFile(file, JSON.stringify(cpuProfile));
    progress(`  perfil em ${path.relative(fromRoot(), file)} (abre no DevTools, aba Performance)`);
  }
  await page.close();
  progress(`A mesma digitação num contenteditable sem JavaScript (referência)`);
  const bare = await bareEditablePage(context, server.url, sample);
  await caretAtEnd(bare.page, bare.selector);
  const bareTyping = await typeAndTime(bare.page, KEYSTROKES, bare.selector);
  await context.close();

  rows.push(
    {
      measure: 'Editor nas telas sem edição (login, painel, lista de posts)',
      ours: onLogin.length + onDashboard.length + onList.length === 0 ? 'não pedido' : 'PEDIDO',
      peer: '—',
      ratio: '—',
      goal: 'não pedido',
      ok: onLogin.length + onDashboard.length + onList.length === 0,
    },
    {
      measure: `Chunks só do editor, pedidos pela tela de edição (gzip)`,
      ours: `${kib(editorBytes)} (${editorFiles.size} ${editorFiles.size === 1 ? 'arquivo' : 'arquivos'})`,
      peer: '—',
      ratio: '—',
      goal: 'informativo',
      ok: true,
    },
    {
      measure: `Post de ${count(longWords)} palavras editável após a resposta da API: 1ª abertura`,
      ours: ms(coldMs),
      peer: '—',
      ratio: '—',
      goal: `≤ ${formatNumber(GOALS.editableMs / 1000, 1)} s`,
      ok: coldMs <= GOALS.editableMs,
    },
    {
      measure: `Idem, aberturas seguintes (mediana de ${warmMs.length}; pior)`,
      ours: `${ms(median(warmMs))} (${ms(Math.max(...warmMs))})`,
      peer: '—',
      ratio: '—',
      goal: `≤ ${formatNumber(GOALS.editableMs / 1000, 1)} s`,
      ok: median(warmMs) <= GOALS.editableMs,
    },
    {
      measure: `Digitação no fim do post: trabalho por tecla, p95 (${typing.keys.length} teclas)`,
      ours: `${ms(typing.work.p95)} (p50 ${ms(typing.work.p50)})`,
      peer: `${ms(bareTyping.work.p95)} (p50 ${ms(bareTyping.work.p50)})`,
      ratio: '—',
      goal: `≤ ${GOALS.keyP95Ms} ms`,
      ok: typing.work.p95 <= GOALS.keyP95Ms,
    },
    {
      measure: 'Digitação no fim do post: trabalho por tecla, p99',
      ours: ms(typing.work.p99),
      peer: ms(bareTyping.work.p99),
      ratio: '—',
      goal: `≤ ${GOALS.keyP99Ms} ms`,
      ok: typing.work.p99 <= GOALS.keyP99Ms,
    },
    {
      measure: 'Digitação: da tecla ao quadro que a mostra, com a espera (p50 / p95 / p99)',
      ours: `${ms(typing.latency.p50)} / ${ms(typing.latency.p95)} / ${ms(typing.latency.p99)}`,
      peer: `${ms(bareTyping.latency.p50)} / ${ms(bareTyping.latency.p95)} / ${ms(bareTyping.latency.p99)}`,
      ratio: '—',
      goal: 'informativo',
      ok: true,
    },
  );
  notes.push(
    `Primeira tela: /admin/login como bench/admin-size.mjs a mede (bench/lib/admin-first-screen.mjs: mesmo build, mesmo shell do react-admin ${await packageVersion('react-admin')}, servidos com gzip, cache vazio). ` +
      `Chunks do editor = os que guardam módulos alcançados a partir de src/admin/editor/MarkdownEditor.tsx e por nenhuma entrada sem passar por ele (grafo do build): ${editorFiles.size} ${editorFiles.size === 1 ? 'arquivo' : 'arquivos'}, ${kib(editorBytes)} com gzip; ` +
      `pedidos pela tela de edição (${onEdit.length} de ${editorFiles.size}); nenhum pelo login, pelo painel (/admin) ou pela lista de posts. Mais pesado neles (antes da minificação): ${sizeByGroup(
        siteMap,
        editorFiles,
      )
        .slice(0, 5)
        .map(([group, size]) => `${group} ${kib(size)}`)
        .join(', ')}.`,
    `Editor: o painel gerado servido pelo nosso PocketBase (diretório de dados temporário) em 127.0.0.1, no Chromium headless (${CHROMIUM_ARGS.join(' ')}), janela de 1280×900, sessão de administradora. ` +
      `${OPENS} posts de ${count(longWords)} palavras (${count(sample.length)} caracteres de Markdown: ${codeBlocks} blocos de código, tabelas, listas, links, citações e imagens; bench/lib/markdown-posts.mjs). ` +
      `A 1ª abertura carrega a página do endereço do post (o chunk do editor só é pedido depois do registro); as seguintes navegam pelo roteador do painel, com o editor já carregado. ` +
      `Medido do fim da resposta de GET /api/collections/posts/records/:id (Resource Timing) ao primeiro quadro em que o .ProseMirror editável mostra o último parágrafo do post.`,
    `Digitação: ${typing.keys.length} teclas no fim do post (texto, Enter, Backspace) em ${formatNumber(typing.seconds, 0)} s, 60–140 ms entre teclas e pausas de 0,2–1 s (as de 300 ms ou mais fazem o editor escrever o Markdown de volta no formulário). ` +
      'Trabalho por tecla = do timestamp do keydown (com a espera na fila) ao fim do trabalho dos seus eventos (transação do ProseMirror e render do React, medidos por ouvintes em window na fase de bolha) mais o estilo e o layout do quadro que a mostra (forçados no requestAnimationFrame); a espera ociosa até esse quadro fica de fora, e a pintura e a composição (feitas por outras threads, sem GPU aqui) não entram. ' +
      `Referência: as mesmas teclas, no mesmo navegador, num contenteditable com o texto do post em parágrafos e nenhum script além da medida (o piso desta máquina). Da tecla ao quadro: do keydown ao requestAnimationFrame do quadro que a mostra, com a espera. ` +
      `Teclas logo após uma pausa de escrita: p50 ${ms(afterPause.p50)}, p95 ${ms(afterPause.p95)} (${afterPauseCount}); as demais: p50 ${ms(steady.p50)}, p95 ${ms(steady.p95)}, p99 ${ms(steady.p99)}. ` +
      `Event Timing API (granularidade de 8 ms, com a espera pelo quadro, só interações ≥ 16 ms): ${typing.slowInteractions.length} de ${typing.keys.length} teclas acima de 16 ms, ${typing.slowInteractions.filter((value) => value > 50).length} acima de 50 ms, a maior ${ms(Math.max(0, ...typing.slowInteractions))}.`,
    `Onde vai o tempo da thread principal durante a digitação (perfil de CPU de ${PROFILED_KEYS} teclas depois da medida; tempo próprio dividido pelas teclas, com o que o navegador faz entre elas): ${parts
      .filter(([, value]) => value >= 0.1)
      .map(([label, value]) => `${label} ${ms(value)}`)
      .join('; ')}. ` +
      `Fora da digitação, no mesmo navegador: escrever o documento em Markdown (editor.getMarkdown(), a cada pausa) ${ms(costs.serialize)}; contar as palavras ${ms(costs.count)} (${costs.nodes} blocos, ${count(costs.chars)} caracteres).`,
  );

  // 3. The Markdown pipeline against the renderer it replaced, each build a new process.
  progress(`Renderizando ${count(RENDER_POSTS)} posts: pipeline atual × marked + sanitize-html (${RENDER_ROUNDS} rodadas)`);
  const oldBundle = await prepareOldRenderer();
  const tempDir = await mkdtemp(path.join(tmpdir(), 'bench-editor-'));
  cleanups.push(() => rm(tempDir, { recursive: true, force: true }));
  const renderSet = cmsPosts(RENDER_POSTS);
  const postsFile = path.join(tempDir, 'posts.json');
  await writeFile(postsFile, JSON.stringify(renderSet.map(({ hasCode, body }) => ({ hasCode, body }))));
  /** @type {Record<'old' | 'empty' | 'stored', import('./lib/render-timing.mjs').RenderTiming[]>} */
  const timings = { old: [], empty: [], stored: [] };
  for (let round = 0; round < RENDER_ROUNDS; round++) {
    const storeDir = path.join(tempDir, `highlight-${round}`);
    timings.old.push(await timeRenderer('old', postsFile, oldBundle));
    // A new installation's first build fills the store; the next build, a new process, reads it.
    timings.empty.push(await timeRenderer('new', postsFile, oldBundle, storeDir));
    timings.stored.push(await timeRenderer('new', postsFile, oldBundle, storeDir));
  }
  const storedBlocks = (await readdir(path.join(tempDir, 'highlight-0'))).length;
  for (const timing of [...timings.empty, ...timings.stored]) {
    if (!timing.sample.includes('astro-code')) throw new Error('o pipeline atual não destacou o código (sem astro-code)');
  }
  /** A build: loading the renderer plus rendering every post once, per post. @param {import('./lib/render-timing.mjs').RenderTiming} timing */
  const buildPerPost = (timing) => (timing.loadMs + /** @type {{ totalMs: number }} */ (timing.passes[0]).totalMs) / RENDER_POSTS;
  const oldBuild = median(timings.old.map(buildPerPost));
  const emptyBuild = median(timings.empty.map(buildPerPost));
  const storedBuild = median(timings.stored.map(buildPerPost));
  /** Mean per post, for posts with or without code. @param {import('./lib/render-timing.mjs').RenderTiming[]} list @param {boolean} withCode */
  const passOf = (list, withCode) =>
    median(
      list.map((timing) => {
        const times = /** @type {{ perPost: number[] }} */ (timing.passes[0]).perPost.filter(
          (_, index) => renderSet[index]?.hasCode === withCode,
        );
        return times.reduce((sum, value) => sum + value, 0) / times.length;
      }),
    );
  const loadOld = median(timings.old.map((timing) => timing.loadMs));
  const loadNew = median(timings.empty.map((timing) => timing.loadMs));
  const firstTenEmpty = median(
    timings.empty.map((timing) =>
      /** @type {{ perPost: number[] }} */ (timing.passes[0]).perPost.slice(0, 10).reduce((a, b) => a + b, 0),
    ),
  );
  const renderWords = renderSet.reduce((sum, post) => sum + countWords(post.body), 0) / RENDER_POSTS;
  const perPost = (/** @type {number} */ value) => `${formatNumber(value, 2)} ms/post`;
  rows.push(
    {
      measure:
        'Post do CMS num build de publicação (processo novo; blocos de código já destacados, no cache em disco), pipeline atual × anterior',
      ours: perPost(storedBuild),
      peer: perPost(oldBuild),
      ratio: formatRatio(storedBuild / oldBuild),
      goal: `≤ ${formatRatio(GOALS.render)}`,
      ok: storedBuild / oldBuild <= GOALS.render,
    },
    {
      measure: 'Idem, 1º build de uma instalação nova (cache vazio: o Shiki começa e destaca cada bloco)',
      ours: perPost(emptyBuild),
      peer: perPost(oldBuild),
      ratio: formatRatio(emptyBuild / oldBuild),
      goal: 'informativo',
      ok: true,
    },
  );
  notes.push(
    `Build: ${count(RENDER_POSTS)} posts gerados (média de ${count(Math.round(renderWords))} palavras; um terço com um bloco de código em C++, shell ou JSON, nenhum bloco igual a outro; links, tabelas, listas, citações, imagens). ` +
      `Atual: createArticleRenderer() e renderArticle() de src/lib/markdown/render.ts (Sätteri, sanitização, Shiki com o tema do site, passos do artigo, ids dos títulos), o que os loaders do CMS chamam para cada post alterado, com os blocos destacados guardados em disco como no cacheDir do Astro (src/lib/markdown/highlight-store.ts; ${count(storedBlocks)} arquivos após o 1º build). ` +
      `Anterior: renderMarkdown() de src/lib/markdown.ts em ${OLD_RENDERER_COMMIT} (${Object.entries(OLD_RENDERER_PACKAGES)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}, instalados em .cache/bench-old-renderer/ na hora do bench; o código vem do git). ` +
      `Cada build é um processo Node novo (carregar o renderizador + renderizar todos os posts uma vez), ${RENDER_ROUNDS} rodadas alternadas (anterior; atual com cache vazio; atual com o cache que o anterior deixou), mediana. Posts sem alteração não são renderizados em nenhum dos dois (resumo por conteúdo nos loaders): numa publicação, só o post editado passa por aqui.`,
    `Onde vai o custo: carregar o renderizador ${ms(loadNew)} (anterior ${ms(loadOld)}); com o cache vazio, os 10 primeiros posts ${ms(firstTenEmpty)} (o Shiki carrega seu motor WebAssembly, o tema e cada gramática na primeira vez; só a de C++ leva ~0,2 s); ` +
      `posts com código ${perPost(passOf(timings.empty, true))} com o cache vazio, ${perPost(passOf(timings.stored, true))} com o cache (anterior, sem destaque: ${perPost(passOf(timings.old, true))}); sem código ${perPost(passOf(timings.stored, false))} (anterior ${perPost(passOf(timings.old, false))}).`,
    `Máquina de ${cpus().length} núcleos compartilhada com outros processos (testes de outras pessoas rodando ao mesmo tempo): os tempos de navegador e de build variam de uma execução para outra; uma única execução, sem repetir até passar. ` +
      `Carga média (1 min) no início ${formatNumber(loadAtStart, 1)}, no fim ${formatNumber(loadavg()[0] ?? 0, 1)}; a referência sem JavaScript da digitação mostra o piso da máquina naquele momento.`,
    `Tempo total: ${formatNumber((Date.now() - started) / 60_000, 1)} min.`,
  );

  await writeReport('editor', { title: 'Editor visual e pipeline de Markdown', rows, notes });
}

/** @param {string} name */
async function packageVersion(name) {
  return JSON.parse(await readFile(fromRoot('node_modules', name, 'package.json'), 'utf8')).version;
}

await runBench(main, {
  deadlineMs: DEADLINE_MS,
  describeError: (error) => `[editor] ${error instanceof Error ? (error.stack ?? error.message) : error}`,
});
