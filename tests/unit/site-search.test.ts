/**
 * The site search's pure parts: the words a not-found address gives, the shortcuts that
 * open it (src/lib/search-trigger.ts), results grouped by type (src/lib/site-search.ts),
 * the words searched (src/lib/search-query.mjs), how words become the index's terms on both
 * sides (src/lib/search-text.mjs), and excerpts around the words found
 * (src/lib/search-engine.ts).
 */
import { describe, expect, test } from 'vitest';
import { searchQuery } from '../../src/lib/search-query.mjs';
import { isSearchShortcut, queryFromPath } from '../../src/lib/search-trigger';
import { excerpt } from '../../src/lib/search-engine';
import { queryTerms, textTokens } from '../../src/lib/search-text.mjs';
import { groupHits, resultsText } from '../../src/lib/site-search';

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
  });
});

describe('terms', () => {
  const termsOf = (text: string) => textTokens(text).map((token) => token.forms);

  test('a word is indexed by its pt stem, with and without its accents', () => {
    expect(termsOf('Calibração sensores')).toEqual([['calibr', 'calibraca'], ['sensor']]);
    // What a visitor types without accents meets one of the two.
    expect(queryTerms('calibracao sensor')).toEqual([['calibraca'], ['sensor']]);
    expect(queryTerms('Calibração')).toEqual([['calibr', 'calibraca']]);
  });

  test('a code is indexed by its parts and its parts joined, and asked joined', () => {
    expect(termsOf('RS-485 OPX1-001 4-20')).toEqual([
      ['rs485', 'rs', '485'],
      ['opx1001', 'opx1', '001'],
      ['420', '4', '20'],
    ]);
    expect(queryTerms('RS485 OPX1-001')).toEqual([['rs485'], ['opx1001']]);
  });

  test('stop words are not asked, and a word asked twice counts once', () => {
    expect(queryTerms('problemas em campo')).toEqual([['problem'], ['camp']]);
    expect(queryTerms('sensor sensores')).toEqual([['sensor']]);
    expect(queryTerms('  ')).toEqual([]);
  });

  test('words keep where they are, for the excerpt', () => {
    const [first, second] = textTokens('Olá, PT100!');
    expect(first).toMatchObject({ start: 0, end: 3 });
    expect(second).toMatchObject({ start: 5, end: 10, forms: ['pt100'] });
  });
});

describe('excerpt', () => {
  const marked = (segments: { text: string; mark: boolean }[]) =>
    segments.map((segment) => (segment.mark ? `[${segment.text}]` : segment.text)).join('');

  test('the words found are marked, with the text between them as it was', () => {
    expect(marked(excerpt('Entrada PT100 & termopar <J>, RS-485.', new Set(['pt100', 'rs485'])))).toBe(
      'Entrada [PT100] & termopar <J>, [RS-485].',
    );
    // Found by any of its terms: 'calibracao' matched the unaccented stem of 'Calibração'.
    expect(marked(excerpt('Calibração do sensor', new Set(['calibraca'])))).toBe('[Calibração] do sensor');
  });

  test('a long text gives the 24 words around the most words found, cut with ellipses', () => {
    const words = Array.from({ length: 100 }, (_, index) => `palavra${index}`);
    words[60] = 'termopar';
    words[62] = 'termopar';
    const text = marked(excerpt(words.join(' '), new Set(['termop'])));
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(text.match(/\S+/g)?.filter((word) => word !== '…')).toHaveLength(24);
    expect(text).toContain('[termopar] palavra61 [termopar]');
  });

  test('a single word found sits in the middle of its excerpt, with text on both sides', () => {
    const words = Array.from({ length: 100 }, (_, index) => `palavra${index}`);
    words[60] = 'termopar';
    const text = marked(excerpt(words.join(' '), new Set(['termop'])));
    expect(text).toContain('palavra50 ');
    expect(text).toContain(' palavra70');
    expect(text).toContain('[termopar]');
  });

  test('text pasted decomposed or with invisible characters is read as typed', () => {
    expect(queryTerms('calibrac\u0327a\u0303o')).toEqual(queryTerms('calibração'));
    expect(queryTerms('cali\u00adbra\u200bção')).toEqual(queryTerms('calibração'));
  });

  test('with no word found, the start of the text', () => {
    expect(marked(excerpt('Um texto curto.', new Set(['sensor'])))).toBe('Um texto curto.');
    expect(excerpt('', new Set())).toEqual([]);
  });
});
