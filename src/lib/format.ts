/**
 * Every pt-BR date, time, number and size shown by the site or the admin, in one
 * module: date-fns with the ptBR locale for dates, Intl for numbers. Nothing else
 * formats values for people (tests/unit/structure.test.ts holds the rule).
 */
import { format, isValid } from 'date-fns';
import { ptBR } from 'date-fns/locale';

/** A date as PocketBase sends it ('2025-01-31 12:00:00.000Z'), an ISO string or a Date; undefined when unreadable. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return isValid(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const date = new Date(value.trim().replace(' ', 'T'));
  return isValid(date) ? date : undefined;
}

/**
 * A calendar date written out, as articles and legal pages show it. Date-only values
 * are midnight UTC: they are formatted in UTC so Brazil never shows the day before.
 * @example formatLongDate(new Date('2020-10-06T00:00:00Z')) // '06 de outubro de 2020'
 */
export function formatLongDate(date: Date): string {
  const utcDay = new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return format(utcDay, LONG_DATE, { locale: ptBR });
}

/** Brasília's offset from UTC (no daylight saving time since 2019). */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * The day a moment fell on in Brasília, written out: a comment's date, the same on
 * the page whatever time zone the build ran in.
 * @example formatBrasiliaDate(new Date('2026-11-26T01:30:00Z')) // '25 de novembro de 2026'
 */
export function formatBrasiliaDate(moment: Date): string {
  return formatLongDate(new Date(moment.getTime() + BRASILIA_OFFSET_MS));
}

/** The date-fns pattern of {@link formatLongDate}, also used to read such text back. */
export const LONG_DATE = "dd 'de' MMMM 'de' yyyy";

/**
 * A moment in local time, short form; '' when the value is not a date.
 * @example formatDateTime('2025-01-31 12:00:00.000Z') // '31/01/2025, 09:00' in Brasília
 * @example formatDateTime(date, { seconds: true }) // '31/01/2025, 09:00:00'
 */
export function formatDateTime(value: unknown, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  return date ? format(date, options.seconds ? 'dd/MM/yyyy, HH:mm:ss' : 'dd/MM/yyyy, HH:mm', { locale: ptBR }) : '';
}

/** The local time of day, hours and minutes; '' when the value is not a date. @example formatTime('2025-01-31 12:05:00.000Z') // '09:05' in Brasília */
export function formatTime(value: unknown): string {
  const date = toDate(value);
  return date ? format(date, 'HH:mm', { locale: ptBR }) : '';
}

/** A short local date; '' when the value is not a date. @example formatShortDate(new Date(2025, 0, 31)) // '31/01/2025' */
export function formatShortDate(value: unknown): string {
  const date = toDate(value);
  return date ? format(date, 'dd/MM/yyyy', { locale: ptBR }) : '';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with pt-BR grouping and decimal comma.
 * @example formatNumber(12345) // '12.345'
 * @example formatNumber(1.5, { decimals: 2 }) // '1,50'
 * @example formatNumber(1.25, { maxDecimals: 1 }) // '1,3'
 */
export function formatNumber(
  value: number,
  options: { decimals?: number; maxDecimals?: number; grouping?: boolean } = {},
): string {
  const key = `${options.decimals}|${options.maxDecimals}|${options.grouping}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: options.decimals ?? 0,
      maximumFractionDigits: options.decimals ?? options.maxDecimals ?? 0,
      useGrouping: options.grouping ?? true,
    });
    numberFormats.set(key, formatter);
  }
  return formatter.format(value);
}

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A size in Bytes, KB, MB or GB (powers of 1024), rounded to 2 decimals.
 * @example formatBytes(1536) // '1,5 KB'
 * @example formatBytes(10485760) // '10 MB'
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  return `${formatNumber(bytes / 1024 ** exponent, { maxDecimals: 2, grouping: false })} ${BYTE_UNITS[exponent]}`;
}

/** A duration given in milliseconds, in seconds with one decimal. @example formatSeconds(1530) // '1,5 s' */
export function formatSeconds(ms: number): string {
  return `${formatNumber(ms / 1000, { maxDecimals: 1 })} s`;
}
