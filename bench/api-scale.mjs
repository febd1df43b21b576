// The admin's API under data. A real PocketBase (this repository's
// migrations and hooks) is seeded straight in SQLite with 10,000 posts and 10,000
// audit rows, then grown to 100,000 posts and 1,000,000 audit rows. At both sizes
// an admin asks, through the admin's own data provider and its token, what the
// posts and audit screens ask (newest first, a deep page, each filter); p95 at the
// large size must stay within 1.5× of the small one. Then the latency of a staff
// save (4 concurrent admins creating and editing posts) with the audit log's JS
// hooks, p95 at most 50 ms, beside the same server with those hooks switched off
// (a copy of pb_hooks/ without audit.pb.js).
//
//   node bench/api-scale.mjs [--quick] [--keep]
//
// --quick grows to 30,000 posts and 100,000 audit rows (a trial run); --keep
// leaves the data dir behind (printed) for EXPLAIN QUERY PLAN investigations.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureModernNode } from './lib/modern-node.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { adminDataProvider, importAdminModule } from './lib/admin-data-provider.mjs';
import {
  STAFF_PASSWORD,
  authToken,
  createBenchData,
  createStaff,
  hooksCopy,
  startBenchServer,
  unthrottleLoopback,
} from './lib/bench-pocketbase.mjs';
import { formatNumber, formatRatio, median, percentile, writeReport } from './lib/report.mjs';
import { filterGuardPacer } from './lib/filter-guard-pacer.mjs';
import { sampleInTurns } from './lib/sampling.mjs';
import { measureWrites } from './lib/staff-writes.mjs';
import { postTitle, seedRows } from './lib/scale-seed.mjs';

ensureModernNode();

const quick = process.argv.includes('--quick');
const keep = process.argv.includes('--keep');
const SMALL = { posts: 10_000, auditRows: 10_000 };
const LARGE = quick ? { posts: 30_000, auditRows: 100_000 } : { posts: 100_000, auditRows: 1_000_000 };
const LATENCY_GOAL = 1.5;
/** p95 of one staff save (create or update of a post), in ms, with the audit log. */
const SAVE_P95_GOAL_MS = 50;
const PER_PAGE = 25;
const SAMPLE = { warmup: 5, count: 200, minCount: 100, budgetMs: 20_000 };
const WRITES = { clients: 4, total: 150, warmup: 20, rounds: 4 };
const DAY = 86_400_000;
const NOW = Date.now();
// Three years of history, ending an hour ago (rows made during the run come after it).
const WINDOW = { start: NOW - 3 * 365 * DAY, end: NOW - 3_600_000 };

/** @param {string} message */
const progress = (message) => process.stderr.write(`[api-scale] ${message}\n`);
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} value */
const count = (value) => value.toLocaleString('pt-BR');

/**
 * @typedef {import('./lib/bench-pocketbase.mjs').RunningServer} RunningServer
 * @typedef {import('./lib/sampling.mjs').Latency} Latency
 * @typedef {{ name: string, resource: string, params: import('ra-core').GetListParams }} AdminQuery
 * @typedef {import('./lib/staff-writes.mjs').WriteRun} WriteRun
 * @typedef {'small' | 'large'} Size
 */

/**
 * What the posts and audit screens ask (src/admin/posts/PostList.tsx,
 * src/admin/audit/AuditList.tsx): react-admin's getList parameters.
 * @param {import('./lib/bench-pocketbase.mjs').StaffAccount[]} staff
 * @returns {Promise<AdminQuery[]>}
 */
async function adminQueries(staff) {
  const { dayStart, dayEnd } = await importAdminModule('audit/dateRange.ts');
  /** A local calendar day, `daysAgo` before now, as the date inputs give it. @param {number} daysAgo */
  const day = (daysAgo) => {
    const date = new Date(NOW - daysAgo * DAY);
    const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  const author = staff.find((member) => member.role === 'author');
  if (!author) throw new Error('nenhuma conta de autor');
  /** @type {{ field: string, order: 'DESC' }} */
  const newest = { field: 'created', order: 'DESC' };
  /** @param {string} resource @param {Record<string, unknown>} [filter] @param {number} [page] */
  const list = (resource, filter = {}, page = 1) => ({
    resource,
    params: { pagination: { page, perPage: PER_PAGE }, sort: newest, filter },
  });
  return [
    { name: 'Posts, mais novos primeiro', ...list('posts') },
    { name: 'Posts, página 200', ...list('posts', {}, 200) },
    { name: 'Posts, status rascunho', ...list('posts', { status: 'draft' }) },
    { name: 'Posts, categoria Tutoriais', ...list('posts', { category: 'Tutoriais' }) },
    { name: 'Posts, de um autor', ...list('posts', { author: author.id }) },
    { name: 'Posts, busca comum ("modbus")', ...list('posts', { q: 'modbus' }) },
    { name: 'Posts, busca de um título', ...list('posts', { q: postTitle(1234) }) },
    { name: 'Auditoria, mais novos primeiro', ...list('audit') },
    { name: 'Auditoria, por usuário', ...list('audit', { user: author.id }) },
    { name: 'Auditoria, por ação (Exclusão)', ...list('audit', { action: 'DELETE' }) },
    { name: 'Auditoria, por tabela (pages)', ...list('audit', { table_name: 'pages' }) },
    {
      name: 'Auditoria, por período (7 dias)',
      ...list('audit', { created_gte: dayStart(day(67)), created_lte: dayEnd(day(60)) }),
    },
    {
      name: 'Auditoria, filtros combinados',
      ...list('audit', {
        action: 'UPDATE',
        table_name: 'posts',
        user: author.id,
        created_gte: dayStart(day(120)),
        created_lte: dayEnd(day(30)),
      }),
    },
  ];
}

/**
 * p50/p95 of every admin query, asked of both servers in turns.
 * @param {Record<Size, RunningServer>} servers
 * @param {AdminQuery[]} queries
 * @returns {Promise<Map<string, Record<Size, Latency>>>}
 */
async function measureQueries(servers, queries) {
  const { collectionOf } = await importAdminModule('resources.ts');
  /** @param {RunningServer} server */
  const client = async (server) => {
    const { token } = await authToken(server.url, 'users', 'admin@exemplo.com.br', STAFF_PASSWORD);
    const pacer = filterGuardPacer();
    const provider = await adminDataProvider(server.url, token, {
      onEmptyFilteredList: (collection) => pacer.recordEmptyAnswer(collection),
    });
    return { provider, pacer };
  };
  /** @type {Record<Size, Awaited<ReturnType<typeof client>>>} */
  const clients = { small: await client(servers.small), large: await client(servers.large) };
  const sizes = /** @type {Size[]} */ (['small', 'large']);
  const results = new Map();
  for (const query of queries) {
    /** @type {Record<string, string>} */
    const totals = {};
    for (const size of sizes) {
      const first = await clients[size].provider.getList(query.resource, query.params);
      if (!first.data.length) throw new Error(`${query.name} (${size}): nenhuma linha (a consulta não mediria nada)`);
      totals[size] = first.total === undefined ? 'sem total' : `total ${count(first.total)}`;
    }
    /** @param {Size} size */
    const ask = (size) => () => clients[size].provider.getList(query.resource, query.params);
    const collection = collectionOf(query.resource);
    const timing = await sampleInTurns(
      { small: ask('small'), large: ask('large') },
      { ...SAMPLE, prepare: (size) => clients[size].pacer.waitForRoom(collection) },
    );
    /** @param {Size} size */
    const describe = (size) => `p95 ${ms(timing[size].p95)}, p50 ${ms(timing[size].p50)}, ${totals[size]}`;
    progress(
      `  ${query.name} (${timing.large.samples.length} pedidos): grande ${describe('large')}; pequeno ${describe('small')}`,
    );
    results.set(query.name, timing);
  }
  return results;
}

async function main() {
  const started = Date.now();
  const bin = await resolvePocketBase();
  /** Everything to stop or remove at the end, last first. @type {(() => Promise<unknown> | void)[]} */
  const cleanups = [];
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)));
  /** @param {string} dataDir @param {string[]} [extraArgs] */
  const start = async (dataDir, extraArgs = []) => {
    const server = await startBenchServer({ bin, dataDir, extraArgs });
    cleanups.push(server.stop);
    return server;
  };
  /** @param {string} dataDir */
  const temporaryCopy = async (dataDir) => {
    const copy = await mkdtemp(path.join(tmpdir(), 'pb-bench-copy-'));
    cleanups.push(() => rm(copy, { recursive: true, force: true }));
    await cp(dataDir, copy, { recursive: true });
    return copy;
  };

  try {
    const data = await createBenchData(bin);
    cleanups.push(async () => {
      if (keep) progress(`dados mantidos em ${data.dataDir}`);
      else await data.remove();
    });
    const dbPath = path.join(data.dataDir, 'data.db');
    let server = await start(data.dataDir);
    await unthrottleLoopback(server.url, data.superuser);
    const staff = await createStaff(server.url, { editors: 2, authors: 5 });
    await server.stop();

    /** @param {typeof SMALL} from @param {typeof SMALL} to */
    const seed = async (from, to) => {
      const seedStarted = Date.now();
      let last = 0;
      await seedRows({
        dbPath,
        staff,
        posts: { from: from.posts, to: to.posts },
        auditRows: { from: from.auditRows, to: to.auditRows },
        window: WINDOW,
        now: NOW,
        onProgress: (what, done, total) => {
          if (done === total || Date.now() - last > 5_000) {
            last = Date.now();
            progress(`  semeando ${what}: ${count(done)} de ${count(total)}`);
          }
        },
      });
      progress(`  semeado em ${formatNumber((Date.now() - seedStarted) / 1000, 1)} s`);
    };

    progress(`Tamanho pequeno: ${count(SMALL.posts)} posts, ${count(SMALL.auditRows)} linhas de auditoria`);
    await seed({ posts: 0, auditRows: 0 }, SMALL);
    const smallDir = await temporaryCopy(data.dataDir);
    progress(`Tamanho grande: ${count(LARGE.posts)} posts, ${count(LARGE.auditRows)} linhas de auditoria`);
    await seed(SMALL, LARGE);

    progress('Consultas do painel, nos dois tamanhos em turnos');
    const queries = await adminQueries(staff);
    const smallServer = await start(smallDir);
    server = await start(data.dataDir);
    const latencies = await measureQueries({ small: smallServer, large: server }, queries);
    await smallServer.stop();

    progress(`Escrita: ${WRITES.clients} administradoras, ${WRITES.total} posts criados e editados por rodada`);
    const { hooksDir: hooksWithoutAudit, remove } = await hooksCopy(
      'pb-hooks-sem-auditoria-',
      (source) => path.basename(source) !== 'audit.pb.js',
    );
    cleanups.push(remove);
    const plainServer = await start(await temporaryCopy(data.dataDir), [`--hooksDir=${hooksWithoutAudit}`]);
    await measureWrites(server, data.superuser, 'aquecimento', { clients: WRITES.clients, total: WRITES.warmup });
    await measureWrites(plainServer, data.superuser, 'aquecimento', { clients: WRITES.clients, total: WRITES.warmup });
    /** @type {WriteRun[]} */
    const withAudit = [];
    /** @type {WriteRun[]} */
    const withoutAudit = [];
    for (let round = 1; round <= WRITES.rounds; round++) {
      const audited = await measureWrites(server, data.superuser, `com-${round}`, WRITES);
      const plain = await measureWrites(plainServer, data.superuser, `sem-${round}`, WRITES);
      withAudit.push(audited);
      withoutAudit.push(plain);
      progress(
        `  rodada ${round}: p95 ${ms(percentile(audited.latencies, 95))} com auditoria, ` +
          `${ms(percentile(plain.latencies, 95))} sem`,
      );
    }
    await cleanUp();

    const rows = queries.map((query) => {
      const { large, small } = /** @type {Record<Size, Latency>} */ (latencies.get(query.name));
      const ratio = large.p95 / small.p95;
      return {
        measure: `${query.name} — p95`,
        ours: `${ms(large.p95)} (p50 ${ms(large.p50)})`,
        peer: `${ms(small.p95)} (p50 ${ms(small.p50)})`,
        ratio: formatRatio(ratio),
        goal: `≤ ${formatRatio(LATENCY_GOAL)}`,
        ok: ratio <= LATENCY_GOAL,
      };
    });
    // Every save of every round, so the p95 rests on rounds × 2 × WRITES.total samples.
    const auditP95 = percentile(
      withAudit.flatMap((run) => run.latencies),
      95,
    );
    const plainP95 = percentile(
      withoutAudit.flatMap((run) => run.latencies),
      95,
    );
    const auditP50 = median(withAudit.flatMap((run) => run.latencies));
    const plainP50 = median(withoutAudit.flatMap((run) => run.latencies));
    const auditRate = median(withAudit.map((run) => run.perSecond));
    const plainRate = median(withoutAudit.map((run) => run.perSecond));
    /** @param {WriteRun[]} runs */
    const cpuOf = (runs) => {
      const values = runs.map((run) => run.cpuPerWrite).filter((value) => value !== null);
      return values.length === runs.length ? median(values) : null;
    };
    const auditCpu = cpuOf(withAudit);
    const plainCpu = cpuOf(withoutAudit);
    rows.push(
      {
        measure: 'Gravação de um post pela equipe (criar ou editar) — p95, com auditoria × sem',
        ours: `${ms(auditP95)} (p50 ${ms(auditP50)})`,
        peer: `${ms(plainP95)} (p50 ${ms(plainP50)})`,
        ratio: formatRatio(auditP95 / plainP95),
        goal: `≤ ${SAVE_P95_GOAL_MS} ms`,
        ok: auditP95 <= SAVE_P95_GOAL_MS,
      },
      {
        measure: 'Gravações de posts por segundo, com auditoria × sem',
        ours: `${formatNumber(auditRate, 0)}/s`,
        peer: `${formatNumber(plainRate, 0)}/s`,
        ratio: formatRatio(auditRate / plainRate),
        goal: 'informativo',
        ok: true,
      },
    );
    await writeReport('api-scale', {
      title: `API do painel com ${count(LARGE.posts)} posts e ${count(LARGE.auditRows)} linhas de auditoria`,
      rows,
      notes: [
        `"Nosso": ${count(LARGE.posts)} posts e ${count(LARGE.auditRows)} linhas de auditoria; "Referência": ` +
          `${count(SMALL.posts)} posts e ${count(SMALL.auditRows)} linhas, num segundo PocketBase consultado em turnos ` +
          `com o primeiro. Cada consulta é a que a tela do painel faz (src/admin/dataProvider.ts, ${PER_PAGE} por página, ` +
          `mais novos primeiro), como administradora, até ${SAMPLE.count} pedidos seguidos após ${SAMPLE.warmup} de aquecimento.`,
        'Respostas vazias de listas filtradas (a sondagem do total) ficam em no máximo 3 a cada 3 s por servidor, ' +
          'esperando fora do tempo medido: acima disso o PocketBase atrasa a resposta de propósito (até 0,5 s, contra ' +
          'enumeração por filtros), ritmo que uma pessoa usando o painel não atinge.',
        `Escrita: ${WRITES.clients} administradoras simultâneas criam e editam ${WRITES.total} posts (2 gravações cada), ` +
          `${WRITES.rounds} rodadas alternadas entre o nosso PocketBase e o mesmo binário com os hooks JS do log de ` +
          'auditoria desligados (uma cópia de pb_hooks/ sem audit.pb.js; mesmos dados, cada servidor no seu diretório); ' +
          'o p95 junta as gravações de todas as rodadas, o ritmo é a mediana das rodadas.',
        ...(auditCpu !== null && plainCpu !== null
          ? [
              `CPU do PocketBase por gravação (mediana): ${formatNumber(auditCpu, 2)} ms com auditoria, ` +
                `${formatNumber(plainCpu, 2)} ms sem (razão ${formatRatio(plainCpu / auditCpu)}; ` +
                'menos sensível que o tempo de relógio à carga de outros processos na máquina).',
            ]
          : []),
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
  console.error(`[api-scale] ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exitCode = 1;
}
