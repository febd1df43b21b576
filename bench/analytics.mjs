// First-party analytics on a real PocketBase with the site's hooks:
// 1. a burst of 2,000 beacon hits, 50 in flight, from 500 addresses (behind a proxy
//    each visitor has its own; the bench trusts X-Forwarded-For as an operator would),
//    against the same burst on the API's health route, the cheapest answer it has;
// 2. the admin's 90-day summary at 5,000,000 stored hits: 30 days of raw hits (the
//    retention) written straight into SQLite with the server stopped, rolled up by the
//    server at start as after any midnight, then 20 summaries read as an editor.
//   node bench/analytics.mjs
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createRequire } from 'node:module';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../scripts/lib/pocketbase-process.mjs';
import { formatNumber, formatRatio, percentile, writeReport } from './lib/report.mjs';

const require = createRequire(import.meta.url);
const rules = require('../pb_hooks/lib/analytics/rules.js');

const BURST = 2000;
const CONCURRENCY = 50;
const ADDRESSES = 500;
const STORED = Number(process.env.ANALYTICS_BENCH_HITS ?? 5_000_000);
const SUMMARIES = 20;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const ms = (/** @type {number} */ value) => `${formatNumber(value, 0)} ms`;

/**
 * Sends `total` requests, CONCURRENCY at a time.
 * @param {number} total @param {(n: number) => Promise<Response>} send
 */
async function burst(total, send) {
  /** @type {Record<string, number>} */
  const statuses = {};
  let next = 0;
  const startedAt = performance.now();
  const worker = async () => {
    for (let n = next++; n < total; n = next++) {
      let status = 'erro de conexão';
      try {
        const response = await send(n);
        await response.arrayBuffer();
        status = String(response.status);
      } catch {
        // counted as a connection error
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { statuses, seconds: (performance.now() - startedAt) / 1000 };
}

/**
 * Writes `total` hits over the last 30 days into the stopped server's database.
 * @param {string} dataDir @param {number} total
 */
function seed(dataDir, total) {
  const db = new DatabaseSync(path.join(dataDir, 'data.db'));
  const today = rules.localDay(Date.now());
  const paths = Array.from({ length: 300 }, (_, n) => (n < 7 ? `/produtos/p${n}` : `/blog/artigo-${n}`));
  const insert = db.prepare(
    'INSERT INTO analytics_hits (ts, day, visitor, path, title, referrer, event, browser, os, device) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const referrers = ['', '', 'google.com', 'linkedin.com', 'bing.com'];
  const devices = ['desktop', 'mobile', 'mobile', 'tablet'];
  const events = ['whatsapp_click', 'quote_click', 'contact_submit', 'datasheet_download'];
  const perDay = Math.ceil(total / 30);
  db.exec('BEGIN');
  for (let n = 0; n < total; n++) {
    const day = rules.daysBefore(today, Math.floor(n / perDay));
    const visitor = `v${n % 40_000}-${day}`;
    const event = n % 25 === 0 ? (events[n % events.length] ?? '') : '';
    insert.run(
      `${day}T12:00:00.000Z`,
      day,
      visitor,
      paths[n % paths.length] ?? '/',
      'Página',
      referrers[n % 5] ?? '',
      event,
      'Chrome',
      'Windows',
      devices[n % 4] ?? 'desktop',
    );
    if (n % 200_000 === 199_999) {
      db.exec('COMMIT');
      db.exec('BEGIN');
    }
  }
  db.exec('COMMIT');
  db.close();
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-analytics-'));
/** @type {Awaited<ReturnType<typeof startPocketBase>> | undefined} */
let server;
try {
  const bin = await resolvePocketBase();
  const dataDir = path.join(work, 'pb_data');
  const superuser = { email: 'bench@exemplo.com.br', password: randomBytes(12).toString('hex') };
  await upsertSuperuser({ bin, dataDir, ...superuser });
  const port = await freePort();
  server = await startPocketBase({ bin, port, dataDir });
  let url = server.url;
  const auth = await (
    await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
    })
  ).json();
  const admin = { 'Content-Type': 'application/json', Authorization: auth.token };
  const settings = await (await fetch(`${url}/api/settings`, { headers: admin })).json();
  // The limiter stays on (120 hits a minute per address); the proxy's header names the visitor.
  await fetch(`${url}/api/settings`, {
    method: 'PATCH',
    headers: admin,
    body: JSON.stringify({ trustedProxy: { ...settings.trustedProxy, headers: ['X-Forwarded-For'] } }),
  });
  const from = (/** @type {number} */ n) => `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  const health = await burst(BURST, (n) => fetch(`${url}/api/health`, { headers: { 'X-Forwarded-For': from(n % ADDRESSES) } }));
  const hits = await burst(BURST, (n) =>
    fetch(`${url}/api/analytics/hit`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'User-Agent': UA, 'X-Forwarded-For': from(n % ADDRESSES) },
      body: JSON.stringify({ path: `/produtos/p${n % 7}`, referrer: 'https://www.google.com/', title: 'Produto' }),
    }),
  );

  // An editor to read the summary as the admin does.
  await fetch(`${url}/api/collections/users/records`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      email: 'editor@exemplo.com.br',
      password: 'Editor-Bench-1',
      passwordConfirm: 'Editor-Bench-1',
      full_name: 'Editora',
      role: 'editor',
      is_active: true,
    }),
  });
  await server.stop();
  const seedStarted = performance.now();
  seed(dataDir, STORED);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const rollupStarted = performance.now();
  server = await startPocketBase({ bin, port, dataDir });
  url = server.url;
  // The server's upkeep (a cron, each minute) rolls up the 29 finished days.
  const rolled = () => {
    const db = new DatabaseSync(path.join(dataDir, 'data.db'), { readOnly: true });
    try {
      return Number(/** @type {{ n: number }} */ (db.prepare('SELECT COUNT(*) AS n FROM analytics_rolled').get()).n);
    } finally {
      db.close();
    }
  };
  while (rolled() < 29) {
    if (performance.now() - rollupStarted > 15 * 60_000) throw new Error('a consolidação diária não terminou em 15 minutos');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const rollupSeconds = (performance.now() - rollupStarted) / 1000;
  const signIn = await (
    await fetch(`${url}/api/collections/users/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: 'editor@exemplo.com.br', password: 'Editor-Bench-1' }),
    })
  ).json();
  /** @type {number[]} */
  const times = [];
  let pageviews = 0;
  for (let n = 0; n < SUMMARIES; n++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/analytics/summary?days=90`, { headers: { Authorization: signIn.token } });
    const body = await response.json();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`resumo: HTTP ${response.status} ${JSON.stringify(body)}`);
    pageviews = body.pageviews;
  }

  const failures = (/** @type {Record<string, number>} */ statuses, /** @type {string} */ ok) =>
    Object.entries(statuses)
      .filter(([status]) => status !== ok)
      .reduce((sum, [, n]) => sum + n, 0);
  const first = times[0] ?? 0;
  const median = percentile(times, 50);
  await writeReport('analytics', {
    title: `Analytics: rajada de ${formatNumber(BURST, 0)} visitas e o resumo de 90 dias com ${formatNumber(STORED, 0)} visitas guardadas`,
    rows: [
      {
        measure: `${formatNumber(BURST, 0)} visitas, ${CONCURRENCY} por vez: respostas que não são 204`,
        ours: formatNumber(failures(hits.statuses, '204'), 0),
        peer: `${formatNumber(failures(health.statuses, '200'), 0)} (rota de saúde da API)`,
        ratio: '—',
        goal: '0',
        ok: failures(hits.statuses, '204') === 0,
      },
      {
        measure: 'Visitas registradas por segundo na rajada',
        ours: formatNumber(BURST / hits.seconds),
        peer: `${formatNumber(BURST / health.seconds)} (rota de saúde da API)`,
        ratio: formatRatio(health.seconds / hits.seconds),
        goal: '—',
        ok: true,
      },
      {
        measure: `Resumo de 90 dias com ${formatNumber(STORED, 0)} visitas: mediana de ${SUMMARIES} (primeiro)`,
        ours: `${ms(median)} (${ms(first)})`,
        peer: '—',
        ratio: '—',
        goal: '≤ 200 ms',
        ok: median <= 200,
      },
    ],
    notes: [
      `Respostas das visitas: ${JSON.stringify(hits.statuses)}; da rota de saúde: ${JSON.stringify(health.statuses)}.`,
      `${formatNumber(STORED, 0)} visitas gravadas direto no SQLite em ${formatNumber(seedSeconds)} s; consolidação dos 29 dias ` +
        `anteriores pela rotina do servidor (até um minuto depois de iniciar): ${formatNumber(rollupSeconds)} s. ` +
        `O resumo contou ${formatNumber(pageviews, 0)} visualizações.`,
      'O resumo lê os totais diários consolidados; o dia de hoje, com mais de 20.000 visitas, é recalculado no máximo a cada minuto.',
    ],
  });
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
