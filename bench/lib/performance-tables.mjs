// The bench tables of docs/desempenho.md ("Desempenho medido", linked from the README), the
// one document that holds the benchmarks' figures: everything between the bench markers is
// written by bench/run.mjs, one block per benchmark, each between its own markers so a
// benchmark not run this time keeps its previous block. No other file gets figures.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { markdownTable } from './report.mjs';

/** Where the tables go. */
export const PERFORMANCE_DOC = fromRoot('docs', 'desempenho.md');

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';
const blockStart = (/** @type {string} */ name) => `<!-- bench:${name}:start -->`;
const blockEnd = (/** @type {string} */ name) => `<!-- bench:${name}:end -->`;

/** The document when it does not exist yet; a document without markers gets them at its end. */
const NEW_DOCUMENT = `# Desempenho medido

Números do último \`npm run bench\` (cada benchmark também roda sozinho, por exemplo
\`npm run bench -- lighthouse\`). As tabelas abaixo são reescritas pelo próprio comando.

${START}
${END}
`;

/**
 * @typedef {{ date: string, machine: string, command: string }} RunInfo
 * @typedef {import('./report.mjs').BenchReport & { run?: RunInfo }} StoredReport
 */

/** @param {string} text @param {string} name */
function existingBlock(text, name) {
  const start = text.indexOf(blockStart(name));
  const end = text.indexOf(blockEnd(name));
  return start >= 0 && end > start ? text.slice(start, end + blockEnd(name).length) : null;
}

/**
 * One benchmark's block: title, when/where/how it was measured, table and notes.
 * @param {string} name @param {StoredReport} report
 */
export function renderBlock(name, report) {
  const run = report.run;
  const lines = [
    blockStart(name),
    `## ${report.title}`,
    '',
    run ? `Medido em ${run.date} · ${run.machine} · \`${run.command}\`` : 'Medido numa execução anterior (data não registrada).',
    '',
    markdownTable(report.rows),
    '',
    ...(report.notes ?? []).map((note) => `- ${note}`),
    ...(report.notes?.length ? [''] : []),
    blockEnd(name),
  ];
  return lines.join('\n');
}

/** @param {string} text */
function withSection(text) {
  if (text.includes(START) && text.includes(END)) return text;
  return text.trim() ? `${text.trimEnd()}\n\n${START}\n${END}\n` : NEW_DOCUMENT;
}

/** The document's text, or '' when it does not exist yet. @param {string} file */
async function readDocument(file) {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return '';
    throw error;
  }
}

/** Formats Markdown with the project's Prettier settings, so `prettier --check` stays green. */
async function formatMarkdown(/** @type {string} */ markdown) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(PERFORMANCE_DOC)) ?? {};
  return prettier.format(markdown, { ...options, plugins: [], filepath: PERFORMANCE_DOC, parser: 'markdown' });
}

/**
 * Rewrites the section of docs/desempenho.md between the markers (adding the markers, or the
 * document, when missing).
 * @param {{ order: string[], fresh: Map<string, StoredReport>, stored: Map<string, StoredReport>, summary: string }} options
 *   fresh: reports of the benchmarks run now; stored: earlier results of the others.
 */
export async function updateBenchTables({ order, fresh, stored, summary }) {
  const before = withSection(await readDocument(PERFORMANCE_DOC));
  const current = before.slice(before.indexOf(START), before.indexOf(END));
  const blocks = [];
  for (const name of order) {
    const report = fresh.get(name);
    const kept = report ? null : existingBlock(current, name);
    const old = stored.get(name);
    if (report) blocks.push(renderBlock(name, report));
    else if (kept) blocks.push(kept);
    else if (old) blocks.push(renderBlock(name, old));
  }
  const body = (await formatMarkdown([summary, ...blocks].join('\n\n'))).trim();
  // Read again right before writing: others may have edited the document meanwhile.
  const text = withSection(await readDocument(PERFORMANCE_DOC));
  const from = text.indexOf(START) + START.length;
  await mkdir(path.dirname(PERFORMANCE_DOC), { recursive: true });
  await writeFile(PERFORMANCE_DOC, `${text.slice(0, from)}\n\n${body}\n\n${text.slice(text.indexOf(END))}`);
}
