/**
 * The audit filter's dates. The admin picks calendar days in their own time zone
 * (what the table shows); PocketBase stores UTC as 'YYYY-MM-DD HH:MM:SS.sssZ'. "Date
 * to" is inclusive: up to the last millisecond of that day.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date as PocketBase writes dates: '2024-05-01 03:00:00.000Z'. */
export function toPocketBaseDate(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

function localDay(day: string, endOfDay: boolean): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = endOfDay
    ? new Date(Number(y), Number(m) - 1, Number(d), 23, 59, 59, 999)
    : new Date(Number(y), Number(m) - 1, Number(d), 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The first instant of a local calendar day, for `created_gte`.
 * @example dayStart('2024-05-01') // in São Paulo (UTC-3): '2024-05-01 03:00:00.000Z'
 */
export function dayStart(day: string): string | null {
  const date = localDay(day, false);
  return date ? toPocketBaseDate(date) : null;
}

/**
 * The last instant of a local calendar day, for `created_lte`.
 * @example dayEnd('2024-05-01') // in São Paulo (UTC-3): '2024-05-02 02:59:59.999Z'
 */
export function dayEnd(day: string): string | null {
  const date = localDay(day, true);
  return date ? toPocketBaseDate(date) : null;
}

/**
 * Back from a stored bound to the local calendar day the date input shows.
 * @example inputDay('2024-05-02 02:59:59.999Z') // in São Paulo: '2024-05-01'
 */
export function inputDay(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  if (DAY.test(value)) return value;
  const date = new Date(value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
