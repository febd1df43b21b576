import { describe, expect, test } from 'vitest';
import { EPOCH, parseArticleDate } from '../../src/lib/dates';
import { formatLongDate } from '../../src/lib/format';
import { filterFromSearch, filterToSearch, matches } from '../../src/lib/blog/filter';

describe('article dates', () => {
  test('reads Portuguese long dates, ISO dates and Date objects', () => {
    expect(parseArticleDate('06 de outubro de 2020').toISOString()).toBe('2020-10-06T00:00:00.000Z');
    expect(parseArticleDate('15 de Março de 2021').toISOString()).toBe('2021-03-15T00:00:00.000Z');
    expect(parseArticleDate('2022-01-31').toISOString()).toBe('2022-01-31T00:00:00.000Z');
    const date = new Date('2023-05-02T00:00:00Z');
    expect(parseArticleDate(date)).toBe(date);
  });

  test('counts unreadable dates as the epoch start', () => {
    for (const value of ['ontem', '31 de fevereiro de 2020', '', undefined, 42, new Date('x')])
      expect(parseArticleDate(value)).toEqual(EPOCH);
  });

  test("shows dates as 'dd de MMMM de yyyy', never the day before", () => {
    expect(formatLongDate(new Date('2020-10-06T00:00:00Z'))).toBe('06 de outubro de 2020');
    expect(formatLongDate(new Date('2024-01-01T00:00:00Z'))).toBe('01 de janeiro de 2024');
  });
});

describe('blog filter', () => {
  const article = {
    title: 'Leitura de Termopar',
    excerpt: 'Como ler a temperatura com o ESP32.',
    tags: ['Calibração', 'Sensores'],
    category: 'Tutoriais' as const,
  };

  test('matches title, excerpt or any tag, ignoring case and accents', () => {
    for (const query of ['termopar', 'TEMPERATURA', 'calibracao', 'SENS', ''])
      expect(matches(article, { category: 'Todos', query }), query).toBe(true);
    expect(matches(article, { category: 'Todos', query: 'modbus' })).toBe(false);
  });

  test('requires the category unless it is Todos', () => {
    expect(matches(article, { category: 'Tutoriais', query: 'termopar' })).toBe(true);
    expect(matches(article, { category: 'Técnico', query: 'termopar' })).toBe(false);
  });

  test('round-trips through the URL and ignores unknown categories', () => {
    const filter = { category: 'Casos de Sucesso', query: 'display ttl' };
    expect(filterFromSearch(filterToSearch(filter))).toEqual(filter);
    expect(filterToSearch({ category: 'Todos', query: ' ' })).toBe('');
    expect(filterFromSearch('?categoria=Esportes&busca=x')).toEqual({ category: 'Todos', query: 'x' });
  });
});
