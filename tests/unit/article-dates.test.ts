import { afterAll, describe, expect, test } from 'vitest';
import { cmsDates, declaredDates, newestFirst, publicationMoment, shownUpdate } from '../../src/lib/blog/article-dates';
import { toBlogEntry, type CmsPostRecord } from '../../src/lib/cms/posts';
import { EPOCH } from '../../src/lib/dates';
import { blogPostingLd } from '../../src/lib/site/structured-data';
import { formatIsoDay, formatLongDate } from '../../src/lib/format';

const ZONES = ['UTC', 'America/Sao_Paulo', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A CMS post published on 26/11/2026 at 23:47 in Brasília (02:47 UTC on the 27th). */
const post: CmsPostRecord = {
  id: 'abc123def456ghi',
  title: 'Publicado tarde da noite',
  slug: 'publicado-tarde-da-noite',
  excerpt: 'Um post publicado às 23:47 em Brasília.',
  content: 'Texto.',
  cover: '',
  category: 'Técnico',
  tags: [],
  status: 'published',
  author_name: 'Equipe Operium',
  published_at: '2026-11-27 02:47:00.000Z',
  created: '2026-11-20 12:00:00.000Z',
  updated: '2026-11-27 02:50:00.000Z',
};

describe('a CMS post published at 23:47 in Brasília', () => {
  test('is the 26th in the blog collection, declared at its moment with -03:00, whatever the zone', () => {
    for (const zone of ZONES) {
      process.env.TZ = zone;
      const { data } = toBlogEntry(post, '');
      const dates = data as { date: Date; publishedAt: Date; updated?: Date };
      expect(formatIsoDay(dates.date), zone).toBe('2026-11-26');
      expect(formatLongDate(dates.date), zone).toBe('26 de novembro de 2026');
      expect(dates.publishedAt.toISOString(), zone).toBe('2026-11-27T02:47:00.000Z');
      // Edited three minutes later: the same day, so no 'Atualizado em'.
      expect(dates.updated, zone).toBeUndefined();
      const ld = blogPostingLd(
        {
          title: post.title,
          description: post.excerpt,
          image: '/capa.png',
          author: 'Equipe',
          section: 'Técnico',
          tags: [],
          path: '/blog/x',
          ...declaredDates(dates),
        },
        'https://www.exemplo.com.br',
      );
      expect(ld, zone).toMatchObject({ datePublished: '2026-11-26T23:47:00-03:00', dateModified: '2026-11-26T23:47:00-03:00' });
    }
  });

  test('an edit on a later day in Brasília is its update day; one before midnight there is not', () => {
    process.env.TZ = 'UTC';
    expect(cmsDates(new Date('2026-11-27T02:47:00Z'), new Date('2026-11-27T02:59:59Z')).updated).toBeUndefined();
    expect(cmsDates(new Date('2026-11-27T02:47:00Z'), new Date('2026-11-27T03:00:00Z')).updated).toEqual(day('2026-11-27'));
    const edited = toBlogEntry({ ...post, updated: '2026-12-02 14:00:00.000Z' }, '').data as { date: Date; updated?: Date };
    expect(edited.updated).toEqual(day('2026-12-02'));
    expect(declaredDates(edited)).toMatchObject({ modified: new Date('2026-12-02T03:00:00Z') });
  });

  test('without a publication time, its creation counts; without either, the epoch', () => {
    expect(toBlogEntry({ ...post, published_at: '' }, '').data).toMatchObject({
      date: day('2026-11-20'),
      publishedAt: new Date('2026-11-20T12:00:00Z'),
    });
    expect(cmsDates(undefined)).toEqual({ date: EPOCH });
  });
});

describe('order and update of articles', () => {
  const mdx = (title: string, iso: string, updated?: string) => ({
    title,
    date: day(iso),
    ...(updated ? { updated: day(updated) } : {}),
  });
  const cms = (title: string, moment: string) => ({ title, ...cmsDates(new Date(moment)) });

  test('posts of one day by their time; a day-only article at the start of its day', () => {
    const articles = [
      mdx('MDX do dia 26', '2026-11-26'),
      cms('CMS 26 às 09:00', '2026-11-26T12:00:00Z'),
      cms('CMS 26 às 23:47', '2026-11-27T02:47:00Z'),
      mdx('MDX do dia 27', '2026-11-27'),
      cms('CMS 25 às 23:59', '2026-11-26T02:59:00Z'),
    ];
    expect([...articles].sort(newestFirst).map((article) => article.title)).toEqual([
      'MDX do dia 27',
      'CMS 26 às 23:47',
      'CMS 26 às 09:00',
      'MDX do dia 26',
      'CMS 25 às 23:59',
    ]);
    expect(publicationMoment(mdx('x', '2022-09-13')).toISOString()).toBe('2022-09-13T03:00:00.000Z');
  });

  test("an update is shown only after the publication day ('Atualizado em …')", () => {
    expect(shownUpdate(mdx('a', '2022-09-13', '2023-01-05'))).toEqual(day('2023-01-05'));
    expect(shownUpdate(mdx('a', '2022-09-13', '2022-09-13'))).toBeUndefined();
    expect(shownUpdate(mdx('a', '2022-09-13', '2021-01-01'))).toBeUndefined();
    expect(shownUpdate(mdx('a', '2022-09-13'))).toBeUndefined();
    expect(declaredDates(mdx('a', '2022-09-13'))).toEqual({ published: new Date('2022-09-13T03:00:00Z') });
  });
});
