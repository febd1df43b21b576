/** The posts search's text handling (pb_hooks/lib/posts/search.js); the API tests run it against PocketBase. */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const search = require('../../pb_hooks/lib/posts/search.js') as {
  likePattern: (text: string) => string;
  lowerASCII: (text: string) => string;
  phrase: (text: string) => string;
  quote: (value: string) => string;
  trigramCover: (text: string) => string;
  utf8Length: (text: string) => number;
};

describe('posts search text (pb_hooks/lib/posts/search.js)', () => {
  test('lowers ASCII letters only, as SQLite lower() and LIKE do', () => {
    expect(search.lowerASCII('Módulo AÇÃO E/S')).toBe('módulo aÇÃo e/s');
  });

  test('covers a text with consecutive trigrams, the last one overlapping to reach the end', () => {
    expect(search.trigramCover('abc')).toBe('"abc"');
    expect(search.trigramCover('abcdefg')).toBe('"abc" AND "def" AND "efg"');
    // Characters, not UTF-16 units; quotes doubled, as FTS5 strings want them.
    expect(search.trigramCover('ação"x')).toBe('"açã" AND "o""x"');
    expect(search.phrase('diz "olá"')).toBe('"diz ""olá"""');
  });

  test('takes %, _ and \\ literally in the ~ pattern, and quotes it as the filter grammar reads it back', () => {
    expect(search.likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(search.quote("d'água \\ ok")).toBe("'d\\'água \\\\ ok'");
  });

  test('measures a filter in UTF-8 bytes, as PocketBase bounds it', () => {
    for (const text of ['abc', 'ação', '€ 4-20 mA', '🔧 chave']) expect(search.utf8Length(text)).toBe(Buffer.byteLength(text));
  });
});
