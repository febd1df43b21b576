// The site search at 1,000 and 10,000 articles: our site built on a temporary
// copy with 1,000 generated articles (bench/lib/astro-site.mjs), then the same site with
// 9,000 more as text pages (an Astro build of 10,000 MDX articles takes half an hour
// here, and the index depends on the text, not the layout), each served by a static
// server on loopback and searched in Chromium, as a visitor does.
// Goals at 1,000 articles; 10,000 is reported with none (docs/busca.md).
// - Results in at most 100 ms (p95) once the index is loaded: distinct queries through
//   Pagefind's own API in the page (the search, the excerpts of the 10 results shown first,
//   and the dialog's own search per type with results but none among those 10), each
//   asked as the dialog asks it (src/lib/search/query.mjs drops words such as 'em').
//   The notes give the slowest queries' result counts and Pagefind's own time for them
//   (its `timings`): at 10,000 articles a word in every page costs most of its time inside
//   Pagefind's search, which scores every page it finds. The dialog runs Pagefind on the
//   page's thread, so the notes also give the longest task it held that thread for.
// - The first query moves at most 300 KB at 1,000 articles: every
//   byte from the press of Ctrl+K to the first results (the island, React if the page had
//   none, Pagefind's reader and the index chunks), as the network reports it.
// - Indexing adds at most 15 % to a publication at 1,000 articles: an article edited and
//   the site built again (incremental, as a publication is), the index's time (the build
//   log's "índice de busca") against the rest of that build.
// - Pages load nothing for search before it is opened.
//
//   node bench/search.mjs
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/test-tools/chromium.mjs';
import { generateArticles } from './lib/articles.mjs';
import { astroBuild, copyProject, writeAstroArticles } from './lib/astro-site.mjs';
import { runBench } from './lib/deadline.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { formatNumber, median, percentile, writeReport } from './lib/report.mjs';
import { searchQuery } from '../src/lib/search/query.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { writeSearchIndex } from '../src/integrations/site-search.mjs';
import { SEARCH_BASE_DIR, SEARCH_TYPES } from '../src/config/search-index.mjs';

ensureModernNode();

/** Articles of the site built by Astro, and of the larger index. */
const BUILT_ARTICLES = 1000;
const LARGE_ARTICLES = 10_000;
/** Goals at 1,000 articles; 10,000 is reported with none (docs/busca.md: the site will not reach it). */
const QUERY_P95_GOAL_MS = 100;
const FIRST_QUERY_GOAL_BYTES = 300 * 1024;
const INDEX_SHARE_GOAL = 0.15;
/** What engineers type: products, sensors, protocols, words of the generated articles. */
const QUERIES = [
  'sensor',
  'termopar',
  'calibracao',
  'calibração do sensor',
  'RS485',
  'Modbus',
  'PT100',
  'relé',
  'entrada analógica',
  'saída a transistor',
  'display',
  'ESP32',
  'STM32',
  'firmware',
  'inversor',
  'encoder',
  'temperatura',
  'pressão',
  'tanque',
  'painel',
  'fonte 24 V',
  'célula de carga',
  'optoacoplada',
  'Arduino IDE',
  'milivolts',
  'leitura',
  'tensão',
  'problemas em campo',
  'ligação',
  'programa',
  'testes',
  'controlador',
  'máquina',
  'OPS010',
  'OPX1-001',
  'datasheet',
  'biblioteca',
  'serial',
  'wi-fi',
  'bluetooth',
];

/** @param {string} message */
const progress = (message) => process.stderr.write(`[search] ${message}\n`);
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} bytes */
const kb = (bytes) => `${formatNumber(bytes / 1024, 0)} KB`;
/** @param {number} value */
const count = (value) => value.toLocaleString('pt-BR');

/**
 * The index's own time, from the build log (src/integrations/site-search.mjs).
 * @param {string} log
 */
function indexMs(log) {
  const text = stripVTControlCharacters(log);
  const found = /índice de busca: (\d+) páginas e (\d+) downloads em (\d+) ms/.exec(text);
  if (!found) throw new Error('o build não registrou o índice de busca');
  return { pages: Number(found[1]), ms: Number(found[3]) };
}

/**
 * In Chromium: what a page loads before the search opens, the first query's bytes, then
 * the time of each query once the index is loaded.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url the static server
 */
async function measureInBrowser(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    /** @type {{ url: string, bytes: number, afterOpening: boolean }[]} */
    const responses = [];
    let opened = false;
    page.on('requestfinished', async (request) => {
      const afterOpening = opened;
      const sizes = await request.sizes().catch(() => null);
      if (sizes) responses.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize, afterOpening });
    });
    await page.goto(`${url}/blog`, { waitUntil: 'networkidle' });
    const beforeOpening = responses.filter((response) => new RegExp(`/${SEARCH_BASE_DIR}/|SiteSearch`, 'i').test(response.url));

    opened = true;
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Buscar no site' });
    await dialog.getByRole('searchbox').fill('sensor');
    await dialog.getByRole('link').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const firstQueryBytes = responses.filter((response) => response.afterOpening).reduce((sum, r) => sum + r.bytes, 0);

    const measured = await page.evaluate(
      async ({ queries, types, base }) => {
        // The dialog's own copy (it has answered the first search): the same module, options and index.
        const pagefind = await import(/* @vite-ignore */ `/${base}/pagefind.js`);
        let longestTask = 0;
        const tasks = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
        });
        tasks.observe({ type: 'longtask' });
        /** @type {{ ms: number, results: number, pagefindMs: number, typeSearches: number }[]} */
        const out = [];
        for (const query of queries) {
          const started = performance.now();
          const found = await pagefind.search(query);
          const first = await Promise.all(found.results.slice(0, 10).map((/** @type {any} */ result) => result.data()));
          // As the dialog does before it shows anything: a type with results but none among
          // the first 10 is searched on its own for its best 3.
          const counts = found.filters?.type ?? {};
          const missing = types.filter(
            (type) => (counts[type] ?? 0) > 0 && !first.some((item) => (item.meta.type ?? 'Páginas') === type),
          );
          const more = await Promise.all(
            missing.map(async (type) => {
              const only = await pagefind.search(query, { filters: { type } });
              return Promise.all(only.results.slice(0, 3).map((/** @type {any} */ result) => result.data()));
            }),
          );
          const ms = performance.now() - started;
          // Pagefind's own search time.
          const pagefindMs = found.timings.reduce((/** @type {number} */ sum, /** @type {any} */ t) => sum + t.search, 0);
          out.push({ ms, results: found.results.length, pagefindMs, typeSearches: more.length });
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
        tasks.disconnect();
        return { queries: out, longestTask };
      },
      { queries: QUERIES.map(searchQuery), types: SEARCH_TYPES, base: SEARCH_BASE_DIR },
    );
    return {
      beforeOpening,
      firstQueryBytes,
      times: measured.queries.map((query) => query.ms),
      queries: measured.queries,
      longestTask: measured.longestTask,
    };
  } finally {
    await page.close();
  }
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An article as a page the index reads like a built one: its text in a <main> with the
 * article's type (the index depends on the text; the layout around it is left out).
 * @param {import('./lib/articles.mjs').BenchArticle} article
 */
function textPage(article) {
  const blocks = article.body.split(/\n{2,}/).map((block) => {
    if (block.startsWith('## ')) return `<h2>${escapeHtml(block.slice(3))}</h2>`;
    if (block.startsWith('```')) return `<pre><code>${escapeHtml(block.replace(/^```\w*\n|```$/g, ''))}</code></pre>`;
    return `<p>${escapeHtml(block)}</p>`;
  });
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(article.title)}</title></head>` +
    '<body><main data-pagefind-body data-pagefind-meta="type:Artigos" data-pagefind-filter="type:Artigos">' +
    `<h1>${escapeHtml(article.title)}</h1><p>${escapeHtml(article.excerpt)}</p>${blocks.join('')}</main></body></html>`
  );
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} root a built site with its index
 */
async function measureSite(browser, root) {
  const server = await startStaticServer({ root });
  try {
    return await measureInBrowser(browser, server.url);
  } finally {
    await server.close();
  }
}

await runBench(
  async (cleanups) => {
    const started = Date.now();
    const browser = await chromium.launch({ executablePath: await ensureChromium(), headless: true, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    const dir = await mkdtemp(path.join(tmpdir(), 'search-bench-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    copyProject(dir);
    const articles = generateArticles(BUILT_ARTICLES);
    writeAstroArticles(dir, articles);
    // As the publisher builds (scripts/publish/publisher.mjs): into one staging folder, then
    // renamed; the next build keeps what it can of that one (PUBLISH_PREVIOUS_BUILD).
    const live = path.join(dir, 'no-ar');
    const env = {
      ASTRO_OUT_DIR: path.join(dir, 'dist'),
      ASTRO_CACHE_DIR: path.join(dir, '.cache-astro'),
      PUBLISH_PREVIOUS_BUILD: '',
    };
    progress(`${count(BUILT_ARTICLES)} artigos: build completo`);
    const full = astroBuild(dir, env);
    await rename(env.ASTRO_OUT_DIR, live);
    const fullIndex = indexMs(full.log);
    progress(`  ${formatNumber(full.ms / 1000, 1)} s; índice ${ms(fullIndex.ms)} (${count(fullIndex.pages)} páginas)`);

    // A publication: one article edited, the site built again (incremental).
    const edited = path.join(dir, 'src', 'content', 'blog', `${articles[0]?.slug}.mdx`);
    await writeFile(edited, (await readFile(edited, 'utf8')).replace(/^excerpt: '/m, "excerpt: 'Revisado: "));
    const publication = astroBuild(dir, { ...env, PUBLISH_PREVIOUS_BUILD: live });
    const publicationIndex = indexMs(publication.log);
    const share = publicationIndex.ms / (publication.ms - publicationIndex.ms);
    progress(`  publicação ${formatNumber(publication.ms / 1000, 1)} s, índice ${ms(publicationIndex.ms)}`);

    /** @type {{ size: number, measured: Awaited<ReturnType<typeof measureInBrowser>> }[]} */
    const sizes = [{ size: BUILT_ARTICLES, measured: await measureSite(browser, env.ASTRO_OUT_DIR) }];

    // The same site with 10,000 articles: the 9,000 more as text pages, indexed as a build does.
    const large = path.join(dir, 'dist-10000');
    await cp(env.ASTRO_OUT_DIR, large, { recursive: true });
    for (const article of generateArticles(LARGE_ARTICLES).slice(BUILT_ARTICLES)) {
      await mkdir(path.join(large, 'blog', article.slug), { recursive: true });
      await writeFile(path.join(large, 'blog', article.slug, 'index.html'), textPage(article));
    }
    const largeIndex = await writeSearchIndex(large);
    progress(`${count(LARGE_ARTICLES)} artigos: índice ${ms(largeIndex.ms)} (${count(largeIndex.pages)} páginas)`);
    sizes.push({ size: LARGE_ARTICLES, measured: await measureSite(browser, large) });

    /** @type {any[]} */
    const rows = [];
    /** @type {string[]} */
    const slowNotes = [];
    for (const { size, measured } of sizes) {
      const p95 = percentile(measured.times, 95);
      progress(`${count(size)} artigos: consulta p95 ${ms(p95)}; primeira consulta ${kb(measured.firstQueryBytes)}`);
      const slowest = QUERIES.map((query, index) => ({ query, ...measured.queries[index] }))
        .sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0))
        .slice(0, 4);
      slowNotes.push(
        `${count(size)} artigos, consultas mais lentas (resultados; tempo da busca dentro do Pagefind; buscas por tipo): ` +
          `${slowest.map(({ query, ms: time = 0, results = 0, pagefindMs = 0, typeSearches = 0 }) => `“${query}” ${ms(time)} (${count(results)}; ${ms(pagefindMs)}; ${typeSearches})`).join(', ')}; ` +
          `a maior tarefa que a busca deixou na thread da página: ${measured.longestTask ? ms(measured.longestTask) : 'nenhuma acima de 50 ms'}.`,
      );
      const goals = size === BUILT_ARTICLES;
      rows.push(
        {
          measure: `${count(size)} artigos: resultados de uma busca, índice carregado (p95 de ${QUERIES.length} consultas)`,
          ours: `${ms(p95)} (mediana ${ms(median(measured.times))})`,
          peer: '—',
          ratio: '—',
          goal: goals ? `≤ ${QUERY_P95_GOAL_MS} ms` : 'informativo',
          ok: !goals || p95 <= QUERY_P95_GOAL_MS,
        },
        {
          measure: `${count(size)} artigos: bytes da primeira busca (do Ctrl+K aos resultados)`,
          ours: kb(measured.firstQueryBytes),
          peer: '—',
          ratio: '—',
          goal: goals ? `≤ ${kb(FIRST_QUERY_GOAL_BYTES)}` : 'informativo',
          ok: !goals || measured.firstQueryBytes <= FIRST_QUERY_GOAL_BYTES,
        },
        {
          measure: `${count(size)} artigos: JavaScript da busca antes de abrir`,
          ours: `${measured.beforeOpening.length} arquivos`,
          peer: '—',
          ratio: '—',
          goal: '0',
          ok: measured.beforeOpening.length === 0,
        },
      );
    }
    rows.push(
      {
        measure: `${count(BUILT_ARTICLES)} artigos: indexação numa publicação (um artigo editado, o site inteiro indexado), sobre o resto do build`,
        ours: `${ms(publicationIndex.ms)} de ${formatNumber(publication.ms / 1000, 1)} s (+${formatNumber(share * 100, 1)} %)`,
        peer: '—',
        ratio: '—',
        goal: `≤ +${INDEX_SHARE_GOAL * 100} %`,
        ok: share <= INDEX_SHARE_GOAL,
      },
      {
        measure: `${count(LARGE_ARTICLES)} artigos: tempo do índice completo`,
        ours: ms(largeIndex.ms),
        peer: '—',
        ratio: '—',
        goal: 'informativo',
        ok: true,
      },
    );
    const notes = [
      `${count(BUILT_ARTICLES)} artigos: o nosso site numa cópia temporária com artigos gerados (bench/lib/articles.mjs), ` +
        `build completo em ${formatNumber(full.ms / 1000, 1)} s, com o índice (${count(fullIndex.pages)} páginas e os downloads) em ${ms(fullIndex.ms)}.`,
      `${count(LARGE_ARTICLES)} artigos: o mesmo site com mais ${count(LARGE_ARTICLES - BUILT_ARTICLES)} artigos gerados como páginas ` +
        'de texto (título, resumo e corpo no <main> marcado para a busca), indexados como um build indexa: o índice depende do ' +
        'texto, não do layout em volta, e um build do Astro com 10.000 artigos MDX levaria meia hora nesta máquina.',
    ];
    await writeReport('search', {
      title: 'Busca do site (Pagefind)',
      rows,
      notes: [
        ...notes,
        ...slowNotes,
        'Cada site é servido por um servidor estático em 127.0.0.1 (gzip) e buscado no Chromium.',
        `Consultas: ${QUERIES.length} termos diferentes (produtos, sensores, protocolos, palavras dos artigos), pela API do ` +
          'Pagefind na própria página, como o diálogo pede (sem palavras como “em” e “de”, src/lib/search/query.mjs): a busca e ' +
          'os trechos dos 10 primeiros resultados, e a busca de cada tipo com resultados que não aparece entre eles ' +
          '(os 3 melhores), tudo o que o diálogo faz antes de mostrar os resultados.',
        'Primeira busca: todos os bytes desde o Ctrl+K (a ilha, o React se a página ainda não o tinha, o leitor do Pagefind ' +
          'em WebAssembly e os pedaços do índice que a consulta pede) até os resultados, numa página do blog.',
        'Indexação: o tempo que o próprio build registra para o índice, contra o resto do build incremental que se segue à ' +
          'edição de um artigo, feito como o publicador faz (o Pagefind indexa o site inteiro de novo, a cada publicação). ' +
          'A mesma parcela numa publicação de post do CMS está em "Publicação".',
        `Tempo total: ${formatNumber((Date.now() - started) / 60_000, 1)} min.`,
      ],
    });
  },
  { deadlineMs: 60 * 60_000, describeError: (error) => `[search] ${error instanceof Error ? error.stack : error}` },
);
