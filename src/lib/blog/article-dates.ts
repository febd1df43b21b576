/**
 * An article's publication and last update, as the blog collection carries them
 * (src/lib/cms/content-rules.ts articleFields) and as the site orders, shows and declares
 * them. A day-only article (MDX) sits at the start of its day in Brasília; a CMS post
 * at its publication moment, so posts of one day keep their order by time.
 */
import { brasiliaDay, startOfBrasiliaDay } from '../format';
import { EPOCH } from '../dates';

export interface ArticleDates {
  /** The publication day (midnight UTC of the date). */
  date: Date;
  /** The publication moment, when known (CMS posts). */
  publishedAt?: Date;
  /** The last update's day. */
  updated?: Date;
}

/**
 * When the article was published, as a moment: for ordering, the feed and JSON-LD.
 * @example publicationMoment({ date: new Date('2022-09-13T00:00:00Z') }) // 2022-09-13T03:00:00.000Z (00:00 in Brasília)
 */
export function publicationMoment(dates: ArticleDates): Date {
  return dates.publishedAt ?? startOfBrasiliaDay(dates.date);
}

/**
 * The update worth showing ('Atualizado em …'): only a day after the publication day.
 * @returns the update's day, or undefined
 */
export function shownUpdate(dates: ArticleDates): Date | undefined {
  return dates.updated && dates.updated.getTime() > dates.date.getTime() ? dates.updated : undefined;
}

/**
 * The moments JSON-LD declares: the publication, and the start of the shown update's
 * day (the collection keeps the update's day, not its time).
 */
export function declaredDates(dates: ArticleDates): { published: Date; modified?: Date } {
  const update = shownUpdate(dates);
  return { published: publicationMoment(dates), ...(update ? { modified: startOfBrasiliaDay(update) } : {}) };
}

/** Newest first: by publication moment, then by title. */
export function newestFirst(a: ArticleDates & { title: string }, b: ArticleDates & { title: string }): number {
  return publicationMoment(b).getTime() - publicationMoment(a).getTime() || a.title.localeCompare(b.title, 'pt-BR');
}

/**
 * A CMS post's dates as the collection takes them: the Brasília day and the moment of
 * its publication, and its last update's day when that is a later day. Without a
 * readable publication, the epoch start (as src/lib/dates.ts treats unreadable dates).
 * @example cmsDates(new Date('2026-11-27T02:47:00Z')) // { date: 2026-11-26T00:00:00.000Z, publishedAt: 2026-11-27T02:47:00.000Z }
 */
export function cmsDates(published: Date | undefined, updated?: Date): ArticleDates {
  if (!published) return { date: EPOCH };
  const dates: ArticleDates = { date: brasiliaDay(published), publishedAt: published };
  const updatedDay = updated && brasiliaDay(updated);
  return updatedDay && updatedDay.getTime() > dates.date.getTime() ? { ...dates, updated: updatedDay } : dates;
}
