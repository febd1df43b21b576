// Lighthouse: our site (static pages built by Astro, served by PocketBase exactly as in
// production) against a client-rendered Vite + React + react-router app with the same
// content, images and CSS (bench/spa, generated at bench time, served by nginx with
// gzip and SPA fallback). Mobile default config (simulated throttling), N interleaved
// runs per URL, medians.
//   node bench/lighthouse.mjs [runs=5]  (5 by default: on a shared 2-core machine one
//   disturbed run in 3 moves a median; in 5 it takes two)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite } from '../scripts/publish/fresh-build.mjs';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { auditPage, launchChromium, seedLocalStorage } from './lib/lighthouse-audit.mjs';
import { startNginx } from './lib/nginx.mjs';
import { formatNumber, formatRatio, median, writeReport } from './lib/report.mjs';
import { buildSpaFixture } from './lib/spa-fixture.mjs';

// Lighthouse 13 and Astro 7 want a recent Node: under an older system Node, re-run
// this script with the project's own (the `node` devDependency).
if (Number(process.versions.node.split('.')[0]) < 24 && existsSync(fromRoot('node_modules', '.bin', 'node'))) {
  const again = spawnSync(fromRoot('node_modules', '.bin', 'node'), process.argv.slice(1), { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const RUNS = Math.max(1, Number(process.argv[2] ?? 5));
const SITE_DIR = fromRoot('.cache', 'bench', 'site');
const SPA_DIR = fromRoot('.cache', 'bench', 'spa');
// JavaScript is reported, not judged, per page (a first visit brings the cookie banner
// and React); a returning visitor, choice stored, on a page whose islands are below the
// fold must get none.
const GOALS = { score: 98, tbtRatio: 0.3, lcpRatio: 0.6, cls: 0.02 };
/** A returning visitor: the cookie choice the site stores (src/lib/consent/consent.ts). */
const RETURNING_VISITOR = {
  'cookie-consent': 'true',
  'cookie-preferences': JSON.stringify({ necessary: true, analytics: false, marketing: false }),
};

/** @typedef {import('./lib/lighthouse-audit.mjs').PageFigures} PageFigures */
/** @typedef {{ label: string, path: string, shared: boolean }} BenchPage */

const ms = (/** @type {number} */ value) => `${formatNumber(value, 0)} ms`;
const seconds = (/** @type {number} */ value) => `${formatNumber(value / 1000, 2)} s`;
const kib = (/** @type {number} */ bytes) => `${formatNumber(bytes / 1024, 1)} KiB`;
const log = (/** @type {string} */ line) => console.log(`[lighthouse] ${line}`);

async function lighthouseVersion() {
  return JSON.parse(await readFile(fromRoot('bench', 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
}

/** The six pages of our site: the three the SPA also renders, plus three of ours only. */
async function benchPages() {
  /** @type {{ slug: string }[]} */
  const articles = JSON.parse(await readFile(path.join(SITE_DIR, 'blog', 'dados', 'indice.json'), 'utf8'));
  // A fresh install's catalogue (pb_migrations/1795311500_catalog.js seeds it).
  /** @type {{ lines: { slug: string, order: number }[], products: { slug: string, line: string, order: number }[] }} */
  const { lines, products } = JSON.parse(await readFile(fromRoot('shared', 'site-catalog.json'), 'utf8'));
  const firstLine = [...lines].sort((a, b) => a.order - b.order)[0];
  const product = products.filter((item) => item.line === firstLine?.slug).sort((a, b) => a.order - b.order)[0];
  const article = articles[0];
  if (!product || !article) throw new Error('sem produto ou artigo para medir');
  /** @type {BenchPage[]} */
  return [
    { label: 'Início', path: '/', shared: true },
    { label: 'Produtos', path: '/produtos', shared: false },
    { label: 'Produto', path: `/produtos/${product.slug}`, shared: false },
    { label: 'Blog', path: '/blog', shared: true },
    { label: 'Artigo', path: `/blog/${article.slug}`, shared: true },
    { label: 'Contato', path: '/contato', shared: false },
  ];
}

/**
 * A ratio row: ours/peer against a "≤" goal. When the peer measures 0, there is no
 * ratio; the goal is then met only when ours is 0 too.
 * @param {{ measure: string, ours: number, peer: number, goal: number, format: (value: number) => string }} input
 */
function ratioRow({ measure, ours, peer, goal, format }) {
  if (peer === 0) {
    return {
      measure,
      ours: format(ours),
      peer: format(peer),
      ratio: 'n/d (referência 0)',
      goal: `≤ ${formatRatio(goal)} (0 se a referência for 0)`,
      ok: ours === 0,
    };
  }
  const ratio = ours / peer;
  return {
    measure,
    ours: format(ours),
    peer: format(peer),
    ratio: formatRatio(ratio),
    goal: `≤ ${formatRatio(goal)}`,
    ok: ratio <= goal,
  };
}

/**
 * The audits that cost points, each once, with how many runs flagged it (the text
 * shown is from the last run that did).
 * @param {PageFigures[]} runs
 */
function recurringDiagnostics(runs) {
  /** @type {Map<string, { count: number, text: string }>} */
  const byId = new Map();
  for (const run of runs) {
    for (const { id, text } of run.diagnostics) byId.set(id, { count: (byId.get(id)?.count ?? 0) + 1, text });
  }
  return [...byId.values()].sort((a, b) => b.count - a.count).map(({ count, text }) => `${text} em ${count}/${runs.length}`);
}

/**
 * Medians of the runs of one page on one site (the worst run for render-blocking scripts).
 * @param {PageFigures[]} runs
 */
function summarize(runs) {
  const pick = (/** @type {(figures: PageFigures) => number} */ read) => median(runs.map(read));
  return {
    score: pick((run) => run.score),
    tbt: pick((run) => run.tbt),
    lcp: pick((run) => run.lcp),
    fcp: pick((run) => run.fcp),
    cls: pick((run) => run.cls),
    jsBytes: pick((run) => run.jsBytes),
    blockingScripts: Math.max(...runs.map((run) => run.renderBlockingScripts.length)),
    blockingScriptUrls: [...new Set(runs.flatMap((run) => run.renderBlockingScripts))],
    tbtMin: Math.min(...runs.map((run) => run.tbt)),
    diagnostics: recurringDiagnostics(runs),
  };
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
/** @type {(() => Promise<void>)[]} */
const cleanups = [];
const startedAt = Date.now();
try {
  log('gerando o nosso site (astro build) e a SPA de referência (vite build)…');
  // Only the content in git: a CMS named in the environment would make runs differ.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, ASTRO_CACHE_DIR: fromRoot('.cache', 'bench', 'astro-cache') };
  delete env.POCKETBASE_URL;
  await buildSite({ outDir: SITE_DIR, env });
  const spaDist = await buildSpaFixture({ siteDir: SITE_DIR, workDir: SPA_DIR });
  const pages = await benchPages();

  const pocketbase = await startPocketBase({
    bin: await resolvePocketBase(),
    port: await freePort(),
    dataDir: path.join(work, 'pb_data'),
    siteDir: SITE_DIR,
  });
  cleanups.push(pocketbase.stop);
  const nginx = await startNginx({ root: spaDist, port: await freePort(), workDir: path.join(work, 'nginx') });
  cleanups.push(nginx.stop);
  log(`nosso site (PocketBase) em ${pocketbase.url}; SPA (nginx) em ${nginx.url}`);

  // One request per URL first, so no run pays for a cold disk cache.
  for (const page of pages) {
    for (const base of page.shared ? [pocketbase.url, nginx.url] : [pocketbase.url]) {
      const response = await fetch(`${base}${page.path}`);
      if (!response.ok) throw new Error(`${base}${page.path}: HTTP ${response.status}`);
      await response.arrayBuffer();
    }
  }

  let chromium = await launchChromium();
  cleanups.push(() => chromium.close());
  /** @param {string} url */
  const audit = async (url) => {
    try {
      return await auditPage(url, chromium.port);
    } catch (error) {
      // One retry on a fresh browser: a crashed tab must not sink the whole run.
      log(`falha em ${url} (${error instanceof Error ? error.message : error}); nova tentativa com outro Chromium`);
      await chromium.close();
      chromium = await launchChromium();
      return auditPage(url, chromium.port);
    }
  };

  /**
   * A returning visitor on the home page, whose only island (the footer's newsletter)
   * is below the fold: a fresh browser with the cookie choice already stored.
   */
  const auditReturningVisitor = async () => {
    const fresh = await launchChromium();
    try {
      await seedLocalStorage(fresh.port, pocketbase.url, RETURNING_VISITOR);
      return await auditPage(`${pocketbase.url}/`, fresh.port, { keepStorage: true });
    } finally {
      await fresh.close();
    }
  };

  /** @type {Map<string, { ours: PageFigures[], spa: PageFigures[] }>} */
  const results = new Map(pages.map((page) => [page.path, { ours: [], spa: [] }]));
  /** @type {PageFigures[]} */
  const returning = [];
  const total = RUNS * (pages.reduce((count, page) => count + (page.shared ? 2 : 1), 0) + 1);
  let done = 0;
  for (let round = 1; round <= RUNS; round += 1) {
    for (const page of pages) {
      // Interleaved, and each round swaps who goes first, so drift hits both sides.
      const sides = page.shared ? (round % 2 ? ['ours', 'spa'] : ['spa', 'ours']) : ['ours'];
      for (const side of sides) {
        const base = side === 'ours' ? pocketbase.url : nginx.url;
        const figures = await audit(`${base}${page.path}`);
        results.get(page.path)?.[side === 'ours' ? 'ours' : 'spa'].push(figures);
        done += 1;
        log(
          `${done}/${total} rodada ${round} · ${page.label} (${page.path}) · ${side === 'ours' ? 'nosso' : 'SPA'}: ` +
            `nota ${formatNumber(figures.score, 0)}, LCP ${seconds(figures.lcp)}, TBT ${ms(figures.tbt)}, ` +
            `CLS ${formatNumber(figures.cls, 3)}, JS ${kib(figures.jsBytes)}`,
        );
      }
    }
    const figures = await auditReturningVisitor();
    returning.push(figures);
    done += 1;
    log(`${done}/${total} rodada ${round} · Início (/) · visitante que volta: JS ${kib(figures.jsBytes)}`);
  }

  /** @type {import('./lib/report.mjs').BenchRow[]} */
  const rows = [];
  /** @type {string[]} */
  const misses = [];
  for (const page of pages) {
    const entry = results.get(page.path);
    if (!entry) continue;
    const ours = summarize(entry.ours);
    const spa = page.shared ? summarize(entry.spa) : null;
    const name = `${page.label} (${page.path})`;
    const before = rows.length;
    rows.push({
      measure: `Nota de desempenho · ${name}`,
      ours: formatNumber(ours.score, 0),
      peer: spa ? formatNumber(spa.score, 0) : '—',
      ratio: '—',
      goal: `≥ ${GOALS.score}`,
      ok: ours.score >= GOALS.score,
    });
    if (spa) {
      rows.push(ratioRow({ measure: `TBT · ${name}`, ours: ours.tbt, peer: spa.tbt, goal: GOALS.tbtRatio, format: ms }));
      rows.push(ratioRow({ measure: `LCP · ${name}`, ours: ours.lcp, peer: spa.lcp, goal: GOALS.lcpRatio, format: seconds }));
      rows.push({
        measure: `CLS · ${name}`,
        ours: formatNumber(ours.cls, 3),
        peer: formatNumber(spa.cls, 3),
        ratio: '—',
        goal: `≤ ${formatNumber(GOALS.cls, 2)}`,
        ok: ours.cls <= GOALS.cls,
      });
      rows.push({
        measure: `JavaScript transferido · ${name}`,
        ours: kib(ours.jsBytes),
        peer: kib(spa.jsBytes),
        ratio: spa.jsBytes ? formatRatio(ours.jsBytes / spa.jsBytes) : '—',
        goal: 'informativo',
        ok: true,
      });
      rows.push({
        measure: `Scripts que bloqueiam a renderização · ${name}`,
        ours: String(ours.blockingScripts),
        peer: String(spa.blockingScripts),
        ratio: '—',
        goal: '= 0',
        ok: ours.blockingScripts === 0,
      });
    }
    if (rows.slice(before).some((row) => !row.ok)) {
      const scripts = entry.ours[0]?.scripts ?? [];
      misses.push(
        `${name}: o Lighthouse aponta ${ours.diagnostics.join('; ') || 'nenhuma auditoria abaixo de 0,9'}` +
          (ours.blockingScriptUrls.length ? `; scripts bloqueantes: ${ours.blockingScriptUrls.join(', ')}` : '') +
          (scripts.length
            ? `; nosso JS: ${scripts
                .slice(0, 4)
                .map((script) => `${path.basename(script.path)} ${kib(script.bytes)}`)
                .join(', ')}${scripts.length > 4 ? ` e mais ${scripts.length - 4}` : ''}`
            : ''),
      );
    }
  }

  const returningJs = Math.max(...returning.map((run) => run.jsBytes));
  rows.push({
    measure: 'JavaScript antes de rolar, visitante que já escolheu os cookies · Início (/)',
    ours: kib(returningJs),
    peer: '—',
    ratio: '—',
    goal: '= 0 KiB',
    ok: returningJs === 0,
  });

  const minutes = (Date.now() - startedAt) / 60_000;
  await writeReport('lighthouse', {
    title: 'Lighthouse (celular): nosso site × SPA renderizada no navegador',
    rows,
    notes: [
      `Lighthouse ${await lighthouseVersion()}, configuração padrão de celular ` +
        `(throttling simulado), Chromium do sistema; ${RUNS} execuções intercaladas por URL (nosso/SPA alternando), medianas.`,
      'Nosso: páginas estáticas do Astro servidas pelo PocketBase como em produção. Referência: Vite + React 19 + ' +
        'react-router 7 com o mesmo conteúdo, as mesmas imagens otimizadas e o mesmo CSS (bench/spa), servida pelo ' +
        'nginx com gzip e fallback de SPA; o artigo chega como JSON com o HTML compilado do MDX.',
      `Produto medido: ${pages[2]?.path}; artigo medido: ${pages[4]?.path} (o mais recente).`,
      'Cada execução é uma primeira visita (o Lighthouse limpa o armazenamento): o aviso de cookies aparece e traz o ' +
        'React; o JavaScript transferido é só informado. O visitante que volta é medido num Chromium novo com a escolha ' +
        'de cookies já guardada (pior das execuções): nenhum arquivo de JavaScript antes de rolar a página.',
      'O TBT só soma as tarefas longas depois do FCP: o JavaScript que a SPA executa antes de pintar não entra no TBT dela, ' +
        'enquanto as nossas ilhas hidratam depois de uma primeira pintura já pronta.',
      `TBT mínimo (nosso / SPA), o piso sem interferência: ${pages
        .filter((page) => page.shared)
        .map((page) => {
          const entry = results.get(page.path);
          return entry ? `${page.label} ${ms(summarize(entry.ours).tbtMin)} / ${ms(summarize(entry.spa).tbtMin)}` : '';
        })
        .join('; ')}.`,
      `FCP mediano (nosso / SPA): ${pages
        .filter((page) => page.shared)
        .map((page) => {
          const entry = results.get(page.path);
          return entry ? `${page.label} ${seconds(summarize(entry.ours).fcp)} / ${seconds(summarize(entry.spa).fcp)}` : '';
        })
        .join('; ')}.`,
      `Máquina durante as medições: benchmarkIndex do Lighthouse (mediana) ${formatNumber(
        median([...results.values()].flatMap((entry) => [...entry.ours, ...entry.spa]).map((run) => run.benchmarkIndex)),
        0,
      )}; carga média ao terminar ${loadavg()
        .map((value) => formatNumber(value, 1))
        .join(' / ')} (1/5/15 min). O throttling simulado multiplica o tempo de CPU observado por 4, então uma ` +
        'máquina lenta ou ocupada infla o TBT dos dois lados.',
      ...misses,
      `Duração: ${formatNumber(minutes, 1)} min.`,
    ],
  });
  if (misses.length) log(`${misses.length} página(s) fora da meta: veja as notas acima.`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await rm(work, { recursive: true, force: true });
}
