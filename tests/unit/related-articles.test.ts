import { describe, expect, test } from 'vitest';
import { relatedArticles } from '../../src/lib/blog/related-articles';

type Item = { id: string; data: { category: string } };
const item = (id: string, category: string): Item => ({ id, data: { category } });
const ids = (items: Item[]) => items.map((entry) => entry.id);

describe('related articles', () => {
  // Newest first, as getArticles returns them.
  const all = [
    item('t1', 'Técnico'),
    item('n1', 'Negócios'),
    item('t2', 'Técnico'),
    item('t3', 'Técnico'),
    item('n2', 'Negócios'),
    item('t4', 'Técnico'),
    item('t5', 'Técnico'),
  ];

  test("picks the same category's nearest in time: next older, next newer, second older", () => {
    expect(ids(relatedArticles(all[3]!, all))).toEqual(['t4', 't2', 't5']);
    expect(ids(relatedArticles(all[0]!, all))).toEqual(['t2', 't3', 't4']);
  });

  test('fills up with the newest of other categories', () => {
    expect(ids(relatedArticles(all[1]!, all))).toEqual(['n2', 't1', 't2']);
    expect(ids(relatedArticles(item('s1', 'Tutoriais'), [item('s1', 'Tutoriais'), ...all]))).toEqual(['t1', 'n1', 't2']);
  });

  test('gives, for every article of a large list, what filtering the list each time gave', () => {
    const categories = ['Técnico', 'Negócios', 'Casos de Sucesso', 'Tutoriais'];
    // Uneven categories (a seeded sequence), so some run short of neighbours.
    let seed = 7;
    const large = Array.from({ length: 600 }, (_, n) => {
      seed = (seed * 48271) % 2147483647;
      return item(`a${n}`, categories[seed % 7 < 4 ? seed % 4 : 0]!);
    });
    large.push(item('alone', 'Casos raros'));
    const filtered = (article: Item, count = 3) => {
      const same = large.filter((other) => other.data.category === article.data.category);
      const at = same.findIndex((other) => other.id === article.id);
      const picked: Item[] = [];
      for (let step = 1; picked.length < count && step < same.length; step++)
        for (const other of [same[at + step], same[at - step]]) if (other && picked.length < count) picked.push(other);
      for (const other of large) if (picked.length < count && other.data.category !== article.data.category) picked.push(other);
      return picked;
    };
    for (const article of large) expect(ids(relatedArticles(article, large)), article.id).toEqual(ids(filtered(article)));
  });
});
