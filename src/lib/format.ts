/** pt-BR formatting in one place. Date-only values are formatted in UTC so Brazil never shows the day before. */

const longDate = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * @example formatDate(new Date('2020-10-06')) // '06 de outubro de 2020'
 */
export function formatDate(date: Date): string {
  return longDate.format(date);
}
