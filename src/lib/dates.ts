/**
 * Reading dates (showing them is src/lib/format.ts's job).
 * Article dates arrive as Date objects (front matter, CMS) or as Portuguese text such
 * as '06 de outubro de 2020'; text that cannot be read counts as the epoch start, so
 * such an article sorts last instead of breaking the build.
 * Date-times typed by staff are Brasília time.
 */
// Deep imports, as in src/lib/format.ts.
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { ptBR } from 'date-fns/locale/pt-BR';
import { TZDate } from '@date-fns/tz';
import { LONG_DATE, SITE_TIME_ZONE } from './format.ts';

export const EPOCH = new Date(0);

/**
 * Reads a date given as a Date, an ISO string or Portuguese long text; anything
 * unreadable becomes the epoch start.
 * @example parseArticleDate('06 de outubro de 2020') // 2020-10-06T00:00:00.000Z
 */
export function parseArticleDate(value: unknown): Date {
  if (value instanceof Date) return isValid(value) ? value : EPOCH;
  if (typeof value !== 'string' || value.trim() === '') return EPOCH;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const iso = new Date(text.length === 10 ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
    return isValid(iso) ? iso : EPOCH;
  }
  const local = parse(text.toLowerCase(), LONG_DATE, new Date(2000, 0, 1), { locale: ptBR });
  return isValid(local) ? new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate())) : EPOCH;
}

/** A date-time with no zone: 'yyyy-MM-ddTHH:mm', optionally with seconds and milliseconds. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * Reads a date-time. Without a zone ('2030-01-02T10:05', as a date-time input gives it)
 * it is Brasília time, whatever the browser's zone; with one ('…Z', '…-03:00', and
 * PocketBase's '2030-01-02 13:05:00.000Z') it is that moment. Null when unreadable
 * or not a real calendar time.
 * @example parseBrasiliaDateTime('2030-01-02T10:05') // 2030-01-02T13:05:00.000Z
 */
export function parseBrasiliaDateTime(value: unknown): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const wall = WALL_TIME.exec(text);
  if (!wall) {
    const moment = new Date(text.replace(' ', 'T'));
    return isValid(moment) ? moment : null;
  }
  const [year, month, day, hours, minutes, seconds] = wall.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((wall[7] ?? '').padEnd(3, '0'));
  const local = new TZDate(year, month - 1, day, hours, minutes, seconds, ms, SITE_TIME_ZONE);
  // Rolled over (31/02, 25:00) or skipped by a daylight-saving change: not a time Brasília had.
  const real = local.getDate() === day && local.getMonth() === month - 1 && local.getHours() === hours;
  return real ? new Date(local.getTime()) : null;
}
