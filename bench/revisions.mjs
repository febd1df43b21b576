// Revisions at scale. A real PocketBase (this repository's migrations and
// hooks) is seeded straight in SQLite with 100,000 posts and 1,000,000 revisions, one
// post holding 1,000 of them. Measured:
// - the p95 of a staff save (4 concurrent admins creating and editing posts) with
//   revisions, beside the same server with them switched off (a copy of pb_hooks/ whose
//   pb_hooks/lib/audit/audit.js revises no collection): at most 1.2×;
// - the history of the post with 1,000 revisions, as the 'Histórico' tab asks for it
//   (newest first, 20 per page; also a deep page): p95 at most 100 ms;
// - the comparison of two 20,000-word versions rendered in Chromium (the admin's own
//   component, word diff + React + layout): at most 300 ms.
//
//   node bench/revisions.mjs [--quick]     (--quick: 20,000 posts, 100,000 revisions)
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/test-tools/chromium.mjs';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { adminDataProvider } from './lib/admin-data-provider.mjs';
import {
  STAFF_PASSWORD,
  authToken,
  createBenchData,
  createStaff,
  hooksCopy,
  startBenchServer,
  unthrottleLoopback,
} from './lib/bench-pocketbase.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { formatNumber, formatRatio, median, percentile, writeReport } from './lib/report.mjs';
import { sampleInTurns } from './lib/sampling.mjs';
import { seedRevisions, seedRows } from './lib/scale-seed.mjs';
import { measureWrites } from './lib/staff-writes.mjs';

ensureModernNode();

const quick = process.argv.includes('--quick');
const SIZE = quick ? { posts: 20_000, revisions: 100_000 } : { posts: 100_000, revisions: 1_000_000 };
const TARGET_REVISIONS = 1_000;
const SAVE_RATIO_GOAL = 1.2;
const HISTORY_P95_GOAL_MS = 100;
const DIFF_GOAL_MS = 300;
const WRITES = { clients: 4, total: 150, warmup: 20, rounds: 4 };
const DIFF_WORDS = 20_000;
const DIFF_RUNS = 12;
const DAY = 86_400_000;
const NOW = Date.now();
const WINDOW = { start: NOW - 3 * 365 * DAY, end: NOW - 3_600_000 };

/** @param {string} message */
const progress = (message) => process.stderr.write(`[revisions] ${message}\n`);
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} value */
const count = (value) => value.toLocaleString('pt-BR');

/**
 * Two versions of a 20,000-word article: the second with about 1 % of its words
 * changed, a paragraph added in the middle and another removed, as an edit looks.
 */
function articleVersions() {
  const vocabulary = (
    'sensor pressão tanque leitura controlador relé entrada saída analógica digital calibração ' +
    'firmware placa módulo sinal ruído filtro média amostra tensão corrente máquina linha painel ' +
    'operador alarme registro protocolo serial rede comando ajuste medida valor faixa escala'
  ).split(' ');
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () => /** @type {string} */ (vocabulary[Math.floor(next() * vocabulary.length)]);
  /** @type {string[][]} */
  const paragraphs = [];
  for (let words = 0; words < DIFF_WORDS; words += 80) paragraphs.push(Array.from({ length: 80 }, word));
  const before = paragraphs.map((paragraph) => paragraph.join(' ')).join('\n\n');
  const edited = paragraphs.map((paragraph) => paragraph.map((item) => (next() < 0.01 ? `${item}s` : item)));
  edited.splice(Math.floor(edited.length / 2), 0, Array.from({ length: 100 }, word));
  edited.splice(Math.floor(edited.length / 4), 1);
  return { before, after: edited.map((paragraph) => paragraph.join(' ')).join('\n\n') };
}

/** The comparison rendered in Chromium, DIFF_RUNS times: milliseconds each. */
async function measureDiffInBrowser() {
  const bundle = await build({
    entryPoints: [fromRoot('bench', 'lib', 'version-diff-page.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const script = /** @type {import('esbuild').OutputFile} */ (bundle.outputFiles[0]).text;
  const browser = await chromium.launch({ executablePath: await ensureChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent('<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ content: script, type: 'module' });
    await page.waitForFunction(() => typeof (/** @type {any} */ (globalThis).renderDiff) === 'function');
    const { before, after } = articleVersions();
    /** @type {number[]} */
    const times = [];
    for (let run = 0; run < DIFF_RUNS + 2; run++) {
      const time = await page.evaluate(
        ([a, b]) => /** @type {any} */ (globalThis).renderDiff(a, b),
        /** @type {const} */ ([before, after]),
      );
      if (run >= 2) times.push(time);
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function main() {
  const started = Date.now();
  const bin = await resolvePocketBase();
  /** @type {(() => Promise<unknown> | void)[]} */
  const cleanups = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)));
  try {
    progress(`Comparação de duas versões de ${count(DIFF_WORDS)} palavras no Chromium`);
    const diffTimes = await measureDiffInBrowser();
    progress(`  mediana ${ms(median(diffTimes))}, p95 ${ms(percentile(diffTimes, 95))}`);

    const data = await createBenchData(bin);
    cleanups.push(() => data.remove());
    const dbPath = path.join(data.dataDir, 'data.db');
    let server = await startBenchServer({ bin, dataDir: data.dataDir });
    await unthrottleLoopback(server.url, data.superuser);
    const staff = await createStaff(server.url, { editors: 2, authors: 5 });
    await server.stop();

    progress(`Semeando ${count(SIZE.posts)} posts e ${count(SIZE.revisions)} versões`);
    let last = 0;
    /** @param {string} what @param {number} done @param {number} total */
    const onProgress = (what, done, total) => {
      if (done === total || Date.now() - last > 5_000) {
        last = Date.now();
        progress(`  ${what}: ${count(done)} de ${count(total)}`);
      }
    };
    await seedRows({
      dbPath,
      staff,
      posts: { from: 0, to: SIZE.posts },
      auditRows: { from: 0, to: 0 },
      window: WINDOW,
      now: NOW,
      onProgress,
    });
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(dbPath, { readOnly: true });
    const target = /** @type {{ id: string }} */ (db.prepare('SELECT id FROM posts ORDER BY id LIMIT 1').get()).id;
    db.close();
    await seedRevisions({
      dbPath,
      total: SIZE.revisions,
      target: { id: target, count: TARGET_REVISIONS },
      window: WINDOW,
      onProgress,
    });

    const copy = await mkdtemp(path.join(tmpdir(), 'pb-bench-sem-versoes-'));
    cleanups.push(() => rm(copy, { recursive: true, force: true }));
    await cp(data.dataDir, copy, { recursive: true });
    const { hooksDir: hooksWithoutRevisions, remove } = await hooksCopy('pb-hooks-sem-versoes-');
    cleanups.push(remove);
    // The same hooks with no collection revised: the audit log's handler writes no revision.
    const auditLib = path.join(hooksWithoutRevisions, 'lib', 'audit', 'audit.js');
    const auditSource = await readFile(auditLib, 'utf8');
    const REVISED = 'const REVISED = ["posts", "pages"];';
    if (!auditSource.includes(REVISED)) throw new Error(`lib/audit/audit.js não tem mais "${REVISED}": ajuste o benchmark`);
    await writeFile(auditLib, auditSource.replace(REVISED, 'const REVISED = [];'));
    server = await startBenchServer({ bin, dataDir: data.dataDir });
    cleanups.push(server.stop);
    const plain = await startBenchServer({ bin, dataDir: copy, extraArgs: [`--hooksDir=${hooksWithoutRevisions}`] });
    cleanups.push(plain.stop);

    progress(`Histórico do post com ${count(TARGET_REVISIONS)} versões`);
    const { token } = await authToken(server.url, 'users', 'admin@exemplo.com.br', STAFF_PASSWORD);
    const provider = await adminDataProvider(server.url, token);
    /** @param {number} page */
    const history = (page) => () =>
      provider.getList('revisions', {
        filter: { collection: 'posts', record: target },
        sort: { field: 'created', order: 'DESC' },
        pagination: { page, perPage: 20 },
        meta: undefined,
      });
    const first = await history(1)();
    if (first.data.length !== 20) throw new Error(`o histórico trouxe ${first.data.length} versões, não 20`);
    const historyTimes = await sampleInTurns(
      { first: history(1), deep: history(TARGET_REVISIONS / 20) },
      { warmup: 5, count: 200, minCount: 100, budgetMs: 20_000 },
    );
    progress(
      `  primeira página p95 ${ms(historyTimes.first.p95)}; página ${TARGET_REVISIONS / 20} p95 ${ms(historyTimes.deep.p95)}`,
    );

    progress(`Escrita: ${WRITES.clients} administradoras, ${WRITES.total} posts criados e editados por rodada`);
    const warmup = { clients: WRITES.clients, total: WRITES.warmup };
    await measureWrites(server, data.superuser, 'aquecimento', warmup);
    await measureWrites(plain, data.superuser, 'aquecimento', warmup);
    /** @type {number[]} */
    const withRevisions = [];
    /** @type {number[]} */
    const without = [];
    for (let round = 1; round <= WRITES.rounds; round++) {
      withRevisions.push(...(await measureWrites(server, data.superuser, `com-${round}`, WRITES)).latencies);
      without.push(...(await measureWrites(plain, data.superuser, `sem-${round}`, WRITES)).latencies);
      progress(`  rodada ${round}: p95 com versões ${ms(percentile(withRevisions, 95))}, sem ${ms(percentile(without, 95))}`);
    }
    const savedP95 = percentile(withRevisions, 95);
    const plainP95 = percentile(without, 95);
    const diffP95 = percentile(diffTimes, 95);

    await writeReport('revisions', {
      title: `Versões com ${count(SIZE.posts)} posts e ${count(SIZE.revisions)} versões`,
      rows: [
        {
          measure: `Gravação de um post (p95, ${WRITES.clients} simultâneas), com versões × sem`,
          ours: `${ms(savedP95)} (p50 ${ms(median(withRevisions))})`,
          peer: `${ms(plainP95)} (p50 ${ms(median(without))})`,
          ratio: formatRatio(savedP95 / plainP95),
          goal: `≤ ${formatRatio(SAVE_RATIO_GOAL)}`,
          ok: savedP95 / plainP95 <= SAVE_RATIO_GOAL,
        },
        {
          measure: `Histórico de um post com ${count(TARGET_REVISIONS)} versões, 1ª página (p95)`,
          ours: ms(historyTimes.first.p95),
          peer: '—',
          ratio: '—',
          goal: `≤ ${HISTORY_P95_GOAL_MS} ms`,
          ok: historyTimes.first.p95 <= HISTORY_P95_GOAL_MS,
        },
        {
          measure: `Histórico, página ${TARGET_REVISIONS / 20} (as mais antigas, p95)`,
          ours: ms(historyTimes.deep.p95),
          peer: '—',
          ratio: '—',
          goal: `≤ ${HISTORY_P95_GOAL_MS} ms`,
          ok: historyTimes.deep.p95 <= HISTORY_P95_GOAL_MS,
        },
        {
          measure: `Diferenças entre duas versões de ${count(DIFF_WORDS)} palavras, no navegador (p95)`,
          ours: `${ms(diffP95)} (mediana ${ms(median(diffTimes))})`,
          peer: '—',
          ratio: '—',
          goal: `≤ ${DIFF_GOAL_MS} ms`,
          ok: diffP95 <= DIFF_GOAL_MS,
        },
      ],
      notes: [
        `Dados semeados direto no SQLite: ${count(SIZE.posts)} posts e ${count(SIZE.revisions)} versões, ` +
          `${count(TARGET_REVISIONS)} delas de um mesmo post (todas publicadas, que a retenção mantém).`,
        `Escrita: ${WRITES.clients} administradoras simultâneas criam e editam ${WRITES.total} posts (2 gravações cada), ` +
          `${WRITES.rounds} rodadas alternadas entre o nosso PocketBase e o mesmo binário sem versões ` +
          '(uma cópia de pb_hooks/ cujo lib/audit/audit.js não grava versão de nenhuma coleção; mesmos dados, cada servidor no seu diretório); o p95 junta ' +
          'as gravações de todas as rodadas.',
        'Histórico: o pedido da aba "Histórico" (src/admin/revisions/RevisionHistory.tsx: 20 por página, mais novas ' +
          'primeiro) pelo data provider do painel, como administradora.',
        `Diferenças: o componente do painel (src/admin/revisions/VersionDiff.tsx) no Chromium, do início ao resultado ` +
          `diagramado (diff por palavras, render do React e layout), ${DIFF_RUNS} vezes após 2 de aquecimento; a segunda ` +
          'versão muda ~1 % das palavras, ganha um parágrafo e perde outro.',
        `Tempo total: ${formatNumber((Date.now() - started) / 60_000, 1)} min.`,
      ],
    });
  } finally {
    await cleanUp();
  }
}

try {
  await main();
} catch (error) {
  console.error(`[revisions] ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exitCode = 1;
}
