// The bench tables of docs/desempenho.md ("Desempenho medido", linked from the README):
// everything between the bench markers is written by bench/run.mjs, one block per
// benchmark, each between its own markers so a benchmark not run this time keeps its
// previous block.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownTable } from './report.mjs';

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

/**
 * Rewrites the section between the markers (adding the markers, or the document, when missing).
 * @param {{ docPath: string, order: string[], fresh: Map<string, StoredReport>, stored: Map<string, StoredReport>,
 *           summary: string, format: (markdown: string) => Promise<string> }} options
 *   docPath: docs/desempenho.md; fresh: reports of the benchmarks run now; stored: earlier results of the others.
 */
export async function updateBenchTables({ docPath, order, fresh, stored, summary, format }) {
  const before = withSection(await readDocument(docPath));
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
  const body = (await format([summary, ...blocks].join('\n\n'))).trim();
  // Read again right before writing: others may have edited the document meanwhile.
  const text = withSection(await readDocument(docPath));
  const from = text.indexOf(START) + START.length;
  await mkdir(path.dirname(docPath), { recursive: true });
  await writeFile(docPath, `${text.slice(0, from)}\n\n${body}\n\n${text.slice(text.indexOf(END))}`);
}
