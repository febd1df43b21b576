// Runs the benchmarks one after the other, prints one summary of their figures and
// rewrites the tables of docs/desempenho.md ("Desempenho medido", linked from the README).
//   npm run bench                        every bench/*.mjs
//   npm run bench -- lighthouse hugo     only these
// Exit code 1 when a benchmark crashed or any of its rows missed its goal.
// bench/standalone/ holds measurements run on their own, with figures but no goals nor
// table in docs/desempenho.md: `npm run bench:blog`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { updateBenchTables } from './lib/performance-tables.mjs';
import { RESULTS_DIR, markdownTable } from './lib/report.mjs';

/** Run order (and the tables' order); other benchmarks follow alphabetically. */
const PREFERRED_ORDER = [
  'lighthouse',
  'serving',
  'hugo',
  'publish',
  'comments',
  'analytics',
  'api-scale',
  'revisions',
  'storage',
  'replication',
  'admin-size',
];
const BENCH_DIR = fromRoot('bench');
/** The project's Node 24 (the `node` devDependency) when installed, so `node bench/run.mjs` works too. */
const PROJECT_NODE = fromRoot('node_modules', '.bin', 'node');
const NODE = existsSync(PROJECT_NODE) ? PROJECT_NODE : process.execPath;

/** @typedef {import('./lib/performance-tables.mjs').StoredReport} StoredReport */

async function availableBenches() {
  const names = (await readdir(BENCH_DIR))
    .filter((file) => file.endsWith('.mjs') && file !== 'run.mjs')
    .map((file) => file.slice(0, -'.mjs'.length));
  const preferred = PREFERRED_ORDER.filter((name) => names.includes(name));
  return [...preferred, ...names.filter((name) => !preferred.includes(name)).sort()];
}

/** @param {string} name @returns {Promise<StoredReport | null>} */
async function readResult(name) {
  try {
    return JSON.parse(await readFile(path.join(RESULTS_DIR, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/** @param {string} name */
async function resultTime(name) {
  try {
    return (await stat(path.join(RESULTS_DIR, `${name}.json`))).mtimeMs;
  } catch {
    return 0;
  }
}

/** "22/11/2025 às 06:40 (UTC)" */
function formatDate(date = new Date()) {
  const day = date.toLocaleDateString('pt-BR', { timeZone: 'UTC' });
  const time = date.toLocaleTimeString('pt-BR', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${day} às ${time} (UTC)`;
}

function machine() {
  const cpus = os.cpus();
  const model = (cpus[0]?.model ?? 'CPU desconhecida').replace(/\s+/g, ' ').trim();
  return `${cpus.length} núcleos, ${model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB de memória`;
}

const available = await availableBenches();
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name.replace(/\.mjs$/, '')));
if (unknown.length) {
  console.error(`Benchmark desconhecido: ${unknown.join(', ')}. Disponíveis: ${available.join(', ')}.`);
  process.exit(1);
}
const selected = requested.length
  ? available.filter((name) => requested.some((wanted) => wanted.replace(/\.mjs$/, '') === name))
  : available;
const command = `npm run bench${requested.length ? ` -- ${selected.join(' ')}` : ''}`;
const runInfo = { date: formatDate(), machine: machine(), command };

/** @type {Map<string, { status: 'ok' | 'crashed', detail: string, seconds: number }>} */
const outcomes = new Map();
/** @type {Map<string, StoredReport>} */
const fresh = new Map();
for (const [position, name] of selected.entries()) {
  console.log(`\n=== [${position + 1}/${selected.length}] bench/${name}.mjs ===\n`);
  const startedAt = Date.now();
  const child = spawnSync(NODE, [path.join(BENCH_DIR, `${name}.mjs`)], { cwd: fromRoot(), stdio: 'inherit' });
  const seconds = (Date.now() - startedAt) / 1000;
  const wroteResult = (await resultTime(name)) >= startedAt - 1000;
  const report = wroteResult ? await readResult(name) : null;
  if (child.error || child.status !== 0 || !report) {
    const why = child.error
      ? child.error.message
      : child.signal
        ? `terminou pelo sinal ${child.signal}`
        : child.status !== 0
          ? `terminou com o código ${child.status}`
          : `não gravou .cache/bench/${name}.json`;
    outcomes.set(name, { status: 'crashed', detail: why, seconds });
    continue;
  }
  // Remember when, where and how it was measured, for docs/desempenho.md.
  const stored = { ...report, run: runInfo };
  await writeFile(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(stored, null, 2) + '\n');
  fresh.set(name, stored);
  const failed = report.rows.filter((row) => !row.ok).length;
  outcomes.set(name, {
    status: 'ok',
    detail: failed ? `${failed} de ${report.rows.length} linhas fora da meta` : `${report.rows.length} linhas dentro da meta`,
    seconds,
  });
}

console.log(`\n# Resumo dos benchmarks (${runInfo.date}; ${runInfo.machine})\n`);
for (const name of selected) {
  const outcome = outcomes.get(name);
  const report = fresh.get(name);
  console.log(`## ${report?.title ?? name} (bench/${name}.mjs, ${Math.round(outcome?.seconds ?? 0)} s)\n`);
  if (!report || outcome?.status !== 'ok') {
    console.log(`FALHOU: ${outcome?.detail}\n`);
    continue;
  }
  console.log(`${markdownTable(report.rows)}\n\n${outcome.detail}.\n`);
}

/** @type {Map<string, StoredReport>} */
const stored = new Map();
for (const name of available) {
  if (fresh.has(name)) continue;
  const report = await readResult(name);
  if (report) stored.set(name, report);
}
const crashed = [...outcomes].filter(([, outcome]) => outcome.status === 'crashed').map(([name]) => name);
const summary =
  `Última execução: ${runInfo.date}, numa máquina com ${runInfo.machine}, com \`${command}\`.` +
  (crashed.length ? ` Falharam sem resultado: ${crashed.join(', ')}.` : '');
await updateBenchTables({ order: available, fresh, stored, summary });
console.log('docs/desempenho.md: tabelas de "Desempenho medido" atualizadas.');

const missed = [...fresh.values()].some((report) => report.rows.some((row) => !row.ok));
if (crashed.length || missed) {
  console.log(
    `Resultado: ${[crashed.length ? `${crashed.length} benchmark(s) falharam` : '', missed ? 'há linhas fora da meta' : '']
      .filter(Boolean)
      .join('; ')}.`,
  );
  process.exitCode = 1;
}
