/**
 * CSV for the admin's exports (audit log, contact messages, newsletter). Separated
 * by semicolons and saved with a UTF-8 byte-order mark, which is what spreadsheet
 * programs set to pt-BR expect (the comma is the decimal separator there).
 */
import { formatDateInput, formatDateTime } from '../../lib/format';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

const CSV_SEPARATOR = ';';

/**
 * One cell: text as is, dates in pt-BR, objects as JSON; quoted when needed.
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe: visitors write contact messages, and a cell must never execute.
 */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = formatDateTime(value, { seconds: true });
  else if (typeof value === 'object') text = JSON.stringify(value);
  else if (typeof value === 'boolean') text = value ? 'Sim' : 'Não';
  else text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[";\n\r]/.test(text) || text !== text.trim()) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** The header row, then one line per row (CRLF line ends, as RFC 4180). */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(CSV_SEPARATOR));
  return lines.join('\r\n') + '\r\n';
}

/** 'auditoria-2024-05-01' style file names, the day in Brasília (react-admin's downloadCSV adds '.csv'). */
export function exportFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${formatDateInput(now)}`;
}
