/**
 * Reading article dates (showing them is src/lib/format.ts's job).
 * Dates arrive as Date objects (front matter, CMS) or as Portuguese text such as
 * '06 de outubro de 2020'; text that cannot be read counts as the epoch start, so
 * such an article sorts last instead of breaking the build (the spec's rule).
 */
import { isValid, parse } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { LONG_DATE } from './format';

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
