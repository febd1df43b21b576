/**
 * Every pt-BR date, time, number and size shown by the site or the admin, in one
 * module: date-fns with the ptBR locale for dates, Intl for numbers. Nothing else
 * formats values for people (tests/unit/structure.test.ts holds the rule).
 *
 * Dates are America/Sao_Paulo's, whatever the zone of the machine that builds the
 * site or runs the admin. Two kinds of value reach this module:
 * - a day: a calendar date with no time (an MDX article's `date: 2022-09-13`), held as
 *   a Date at midnight UTC of that day and always read in UTC;
 * - a moment: an instant (a CMS post's `published_at`, a record's `created`), placed
 *   in Brasília first. {@link brasiliaDay} turns a moment into its day.
 */
// Deep imports: 'date-fns' loads every function and 'date-fns/locale' every locale,
// ~2.5 s in a fresh build process (its content sync imports them outside the bundle).
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { ptBR } from 'date-fns/locale/pt-BR';
import { TZDate, tz } from '@date-fns/tz';

/** The site's time zone: Brasília's clock, by the zone's rules rather than a fixed offset. */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

const inBrasilia = tz(SITE_TIME_ZONE);
/** Days are midnight UTC: read in UTC they are the day they name. */
const asDay = tz('UTC');

/** A date as PocketBase sends it ('2025-01-31 12:00:00.000Z'), an ISO string or a Date; undefined when unreadable. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return isValid(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const date = new Date(value.trim().replace(' ', 'T'));
  return isValid(date) ? date : undefined;
}

/**
 * The day a moment falls on in Brasília, as a day (midnight UTC of that date).
 * @example brasiliaDay(new Date('2026-11-27T02:47:00Z')) // 2026-11-26T00:00:00.000Z (23:47 on the 26th in Brasília)
 */
export function brasiliaDay(moment: Date): Date {
  const local = new TZDate(moment.getTime(), SITE_TIME_ZONE);
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
}

/**
 * The moment a day begins in Brasília: where a day sits among moments (ordering).
 * @example startOfBrasiliaDay(new Date('2026-11-26T00:00:00Z')) // 2026-11-26T03:00:00.000Z
 */
export function startOfBrasiliaDay(day: Date): Date {
  return new Date(new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), SITE_TIME_ZONE).getTime());
}

/** The date-fns pattern of {@link formatLongDate}, also used to read such text back. */
export const LONG_DATE = "dd 'de' MMMM 'de' yyyy";

/**
 * A day written out, as articles and legal pages show it.
 * @example formatLongDate(new Date('2020-10-06T00:00:00Z')) // '06 de outubro de 2020'
 */
export function formatLongDate(day: Date): string {
  return format(day, LONG_DATE, { locale: ptBR, in: asDay });
}

/**
 * A day as `<time datetime>` and JSON-LD declare it.
 * @example formatIsoDay(new Date('2026-11-26T00:00:00Z')) // '2026-11-26'
 */
export function formatIsoDay(day: Date): string {
  return format(day, 'yyyy-MM-dd', { in: asDay });
}

/**
 * A moment in ISO 8601 with Brasília's offset, as JSON-LD declares it.
 * @example formatIsoMoment(new Date('2026-11-27T02:47:00Z')) // '2026-11-26T23:47:00-03:00'
 */
export function formatIsoMoment(moment: Date): string {
  return format(moment, "yyyy-MM-dd'T'HH:mm:ssxxx", { in: inBrasilia });
}

/**
 * A moment as RSS dates are written (RFC 822: English names, numeric offset), in Brasília.
 * @example formatRssDate(new Date('2026-11-27T02:47:00Z')) // 'Thu, 26 Nov 2026 23:47:00 -0300'
 */
export function formatRssDate(moment: Date): string {
  return format(moment, 'EEE, dd MMM yyyy HH:mm:ss xx', { in: inBrasilia });
}

/**
 * A moment in Brasília, short form; '' when the value is not a date.
 * @example formatDateTime('2025-01-31 12:00:00.000Z') // '31/01/2025, 09:00'
 * @example formatDateTime('2025-01-31 12:00:00.000Z', { seconds: true }) // '31/01/2025, 09:00:00'
 */
export function formatDateTime(value: unknown, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  return date ? format(date, options.seconds ? 'dd/MM/yyyy, HH:mm:ss' : 'dd/MM/yyyy, HH:mm', { in: inBrasilia }) : '';
}

/** Brasília's time of day, hours and minutes; '' when the value is not a date. @example formatTime('2025-01-31 12:05:00.000Z') // '09:05' */
export function formatTime(value: unknown): string {
  const date = toDate(value);
  return date ? format(date, 'HH:mm', { in: inBrasilia }) : '';
}

/** A moment's day in Brasília, short; '' when the value is not a date. @example formatShortDate('2025-02-01 02:00:00.000Z') // '31/01/2025' */
export function formatShortDate(value: unknown): string {
  const date = toDate(value);
  return date ? format(date, 'dd/MM/yyyy', { in: inBrasilia }) : '';
}

/**
 * A moment as a date-time input holds it ('yyyy-MM-ddTHH:mm'), in Brasília time;
 * read back by parseBrasiliaDateTime (src/lib/dates.ts).
 * @example formatDateTimeInput(new Date('2030-01-02T13:05:00Z')) // '2030-01-02T10:05'
 */
export function formatDateTimeInput(moment: Date): string {
  return format(moment, "yyyy-MM-dd'T'HH:mm", { in: inBrasilia });
}

/**
 * A moment's day in Brasília as a date input holds it ('yyyy-MM-dd').
 * @example formatDateInput(new Date('2024-05-02T02:59:59.999Z')) // '2024-05-01'
 */
export function formatDateInput(moment: Date): string {
  return format(moment, 'yyyy-MM-dd', { in: inBrasilia });
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
