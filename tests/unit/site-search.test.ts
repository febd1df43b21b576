/**
 * The site search's pure parts: the words a not-found address gives, the shortcuts that
 * open it (src/lib/search/trigger.ts), results grouped by type (src/lib/search/results.ts),
 * the words searched (src/lib/search/query.mjs), and Pagefind's excerpts as text.
 */
import { describe, expect, test } from 'vitest';
import { searchQuery } from '../../src/lib/search/query.mjs';
import { isSearchShortcut, queryFromPath } from '../../src/lib/search/trigger';
import { bestPartial, excerptSegments, groupHits, partialQueries, resultsText } from '../../src/lib/search/results';

describe('queryFromPath', () => {
  test.each([
    ['/blog/calibracao-sensor', 'calibracao sensor'],
    ['/produtos/opx1001/', 'opx1001'],
    ['/blog/pagina/3', ''],
    ['/referencias/datasheets.html', 'datasheets'],
    ['/termopar%20tipo%20K', 'termopar tipo'],
    ['/%E0%A4%A', 'e0 a4'],
    ['/a/b/c', ''],
  ])('%s → %j', (path, words) => expect(queryFromPath(path)).toBe(words));
});

describe('searchQuery', () => {
  test.each([
    ['problemas em campo', 'problemas campo'],
    ['Calibração do sensor', 'Calibração sensor'],
    ['célula de carga', 'célula carga'],
    ['  saída   a transistor ', 'saída transistor'],
    ['PT100 e RS485', 'PT100 RS485'],
    ['fonte 24 V', 'fonte 24 V'],
    ['OPX1-001', 'OPX1-001'],
    ['relé NA', 'relé NA'],
    ['Em, campo', 'campo'],
    ['de', 'de'],
    ['de um', 'de um'],
    ['', ''],
  ])('%j → %j', (text, query) => expect(searchQuery(text)).toBe(query));
});

describe('isSearchShortcut', () => {
  const key = (key: string, extra: Partial<KeyboardEvent> = {}, target: unknown = null) =>
    ({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra }) as unknown as KeyboardEvent;
  const field = { closest: (selector: string) => (selector.includes('input') ? {} : null) };
  const body = { closest: () => null };

  test("Ctrl+K and ⌘K anywhere, even typing; '/' only outside a field", () => {
    expect(isSearchShortcut(key('k', { ctrlKey: true }, field))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }, body))).toBe(true);
    expect(isSearchShortcut(key('/', {}, body))).toBe(true);
    expect(isSearchShortcut(key('/', {}, field))).toBe(false);
    expect(isSearchShortcut(key('k', {}, body))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }, body))).toBe(false);
    expect(isSearchShortcut(key('/', { ctrlKey: true }, body))).toBe(false);
  });
});

describe('results', () => {
  const hit = (type: string, title: string) => ({ url: `/${title}`, title, type, excerpt: [] });

  test('grouped in the fixed order of types, best first within each, empty groups left out', () => {
    const groups = groupHits([hit('Artigos', 'a1'), hit('Downloads', 'd1'), hit('Produtos', 'p1'), hit('Artigos', 'a2')]);
    expect(groups.map((group) => [group.type, group.hits.map((item) => item.title)])).toEqual([
      ['Produtos', ['p1']],
      ['Artigos', ['a1', 'a2']],
      ['Downloads', ['d1']],
    ]);
  });

  test('the status line says what was found, in pt-BR', () => {
    expect(resultsText('', 0)).toMatch(/^Digite o que procura/);
    expect(resultsText(' RS485 ', 0)).toBe('Nenhum resultado para “RS485”.');
    expect(resultsText('RS485', 1)).toBe('1 resultado para “RS485”.');
    expect(resultsText('RS485', 7)).toBe('7 resultados para “RS485”.');
    expect(resultsText('fonte 48V', 0, 1)).toBe('Nenhuma página tem todas as palavras de “fonte 48V”: 1 resultado parcial.');
    expect(resultsText('fonte 48V', 0, 4)).toBe('Nenhuma página tem todas as palavras de “fonte 48V”: 4 resultados parciais.');
  });
});

describe('partial results', () => {
  test('one search per word left out, only when there are two words or more', () => {
    expect(partialQueries(' fonte  chaveada 48V ')).toEqual([
      { missing: 'fonte', query: 'chaveada 48V' },
      { missing: 'chaveada', query: 'fonte 48V' },
      { missing: '48V', query: 'fonte chaveada' },
    ]);
    expect(partialQueries('termopr')).toEqual([]);
    expect(partialQueries('  ')).toEqual([]);
  });

  test('the best pages of all the searches, each once under its best score', () => {
    const result = (id: string, score: number) => ({ id, score });
    const best = bestPartial(
      [
        { missing: 'fonte', results: [result('a', 2), result('b', 1)] },
        { missing: '48V', results: [result('b', 5), result('c', 0.5)] },
      ],
      10,
    );
    expect(best.map(({ missing, result: { id } }) => [id, missing])).toEqual([
      ['b', '48V'],
      ['a', 'fonte'],
      ['c', '48V'],
    ]);
    expect(bestPartial([{ missing: 'x', results: [result('a', 1), result('b', 2), result('c', 3)] }], 2)).toHaveLength(2);
  });
});

describe('excerptSegments', () => {
  test("Pagefind's excerpt as text, the words found marked, never as HTML", () => {
    expect(excerptSegments('Entrada <mark>PT100</mark> &amp; termopar &lt;J&gt; <b>x</b><mark>K</mark>')).toEqual([
      { text: 'Entrada ', mark: false },
      { text: 'PT100', mark: true },
      { text: ' & termopar <J> x', mark: false },
      { text: 'K', mark: true },
    ]);
  });
});
