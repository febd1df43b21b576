/**
 * The audit filter's dates. The admin picks calendar days in Brasília, the time the
 * table shows (src/lib/format.ts), whatever the browser's zone; PocketBase stores UTC
 * as 'YYYY-MM-DD HH:MM:SS.sssZ'. "Date to" is inclusive: up to the last millisecond of that day.
 */
import { parseBrasiliaDateTime } from '../../lib/dates';
import { formatDateInput } from '../../lib/format';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date as PocketBase writes dates: '2024-05-01 03:00:00.000Z'. */
export function toPocketBaseDate(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

function brasiliaTime(day: string, endOfDay: boolean): Date | null {
  return DAY.test(day) ? parseBrasiliaDateTime(`${day}T${endOfDay ? '23:59:59.999' : '00:00'}`) : null;
}

/**
 * The first instant of a calendar day in Brasília, for `created_gte`.
 * @example dayStart('2024-05-01') // '2024-05-01 03:00:00.000Z'
 */
export function dayStart(day: string): string | null {
  const date = brasiliaTime(day, false);
  return date ? toPocketBaseDate(date) : null;
}

/**
 * The last instant of a calendar day in Brasília, for `created_lte`.
 * @example dayEnd('2024-05-01') // '2024-05-02 02:59:59.999Z'
 */
export function dayEnd(day: string): string | null {
  const date = brasiliaTime(day, true);
  return date ? toPocketBaseDate(date) : null;
}

/**
 * Back from a stored bound to the Brasília day the date input shows.
 * @example inputDay('2024-05-02 02:59:59.999Z') // '2024-05-01'
 */
export function inputDay(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  if (DAY.test(value)) return value;
  const date = parseBrasiliaDateTime(value);
  return date ? formatDateInput(date) : '';
}

const BR_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * A day typed as 'dd/mm/aaaa' as 'YYYY-MM-DD', or null unless it is a real calendar day.
 * @example parseBrDay('29/02/2024') // '2024-02-29'
 * @example parseBrDay('31/02/2024') // null
 */
export function parseBrDay(text: string): string | null {
  const match = BR_DAY.exec(text.trim());
  if (!match) return null;
  const [, d, m, y] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${m}-${d}`;
}

/** 'YYYY-MM-DD' as the pt-BR 'dd/mm/aaaa'; anything else as ''. */
export function brDay(day: string): string {
  const match = DAY.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * What the user typed, with the slashes of 'dd/mm/aaaa' put in as the digits come.
 * @example maskBrDay('31012025') // '31/01/2025'
 */
export function maskBrDay(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}
