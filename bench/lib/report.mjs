// One benchmark's result: printed as a table and written to .cache/bench/<name>.json,
// where bench/run.mjs collects every benchmark into the tables of docs/desempenho.md.
import { mkdir, writeFile } from 'node:fs/promises';
import { fromRoot } from '../../scripts/lib/paths.mjs';

/**
 * @typedef {{ measure: string, ours: string, peer: string, ratio: string, goal: string, ok: boolean }} BenchRow
 * @typedef {{ title: string, rows: BenchRow[], notes?: string[] }} BenchReport
 */

export const RESULTS_DIR = fromRoot('.cache', 'bench');

/**
 * Formats a number the pt-BR way ("1.234,5").
 * @param {number} value
 */
export function formatNumber(value, digits = 1) {
  return value.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "0,42×" @param {number} value */
export function formatRatio(value) {
  return `${formatNumber(value, 2)}×`;
}

/** Median of a non-empty list of numbers. @param {number[]} values @returns {number} */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** Nearest-rank percentile (p in 0..100) of a non-empty list. @param {number[]} values @param {number} p @returns {number} */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Renders rows as a Markdown table (used for the console and docs/desempenho.md). @param {BenchRow[]} rows */
export function markdownTable(rows) {
  const header = ['Medida', 'Nosso', 'Referência', 'Razão', 'Meta', ''];
  const lines = [
    header,
    header.map(() => '---'),
    ...rows.map((row) => [row.measure, row.ours, row.peer, row.ratio, row.goal, row.ok ? 'ok' : 'FALHOU']),
  ];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/**
 * Prints the report and writes it for bench/run.mjs.
 * @param {string} name the benchmark's file name without .mjs
 * @param {BenchReport} report
 */
export async function writeReport(name, report) {
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(`${RESULTS_DIR}/${name}.json`, JSON.stringify(report, null, 2) + '\n');
  console.log(`\n## ${report.title}\n\n${markdownTable(report.rows)}\n`);
  for (const note of report.notes ?? []) console.log(`- ${note}`);
}
