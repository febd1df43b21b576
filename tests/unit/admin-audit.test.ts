/** The audit screen's pure parts: field diff, inclusive date range, CSV cells. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { changedFields, diffValues, formatValue, sameValue } from '../../src/admin/audit/diff';
import { brDay, dayEnd, dayStart, inputDay, maskBrDay, parseBrDay, toPocketBaseDate } from '../../src/admin/audit/dateRange';
import { csvCell, exportFileName, toCsv } from '../../src/admin/audit/csv';
import { actionLabel, countText, shortId } from '../../src/admin/audit/labels';

describe('diffValues', () => {
  test('an update: the changed field is marked, the others kept', () => {
    const before = { id: 'u1', is_active: true, role: 'author', updated: '2024-05-01 10:00:00.000Z' };
    const after = { id: 'u1', is_active: false, role: 'author', updated: '2024-05-01 10:05:00.000Z' };
    expect(diffValues(before, after).map((entry) => [entry.field, entry.change])).toEqual([
      ['id', 'same'],
      ['is_active', 'changed'],
      ['role', 'same'],
      ['updated', 'changed'],
    ]);
    expect(changedFields(before, after)).toEqual(['is_active', 'updated']);
    expect(diffValues(before, after)[1]).toMatchObject({ before: true, after: false, hasBefore: true, hasAfter: true });
  });

  test('an insert has only new fields; a delete only removed ones', () => {
    expect(diffValues(null, { title: 'Novo' })).toEqual([
      { field: 'title', before: undefined, after: 'Novo', hasBefore: false, hasAfter: true, change: 'added' },
    ]);
    expect(diffValues({ title: 'Velho' }, null).map((entry) => entry.change)).toEqual(['removed']);
    expect(diffValues(null, null)).toEqual([]);
  });

  test('fields only on one side of an update; null is a value, not a missing field', () => {
    const entries = diffValues({ a: 1, b: null }, { b: null, c: 3 });
    expect(entries.map((entry) => [entry.field, entry.change])).toEqual([
      ['a', 'removed'],
      ['b', 'same'],
      ['c', 'added'],
    ]);
  });

  test('objects and arrays compare by value, whatever the key order', () => {
    expect(sameValue({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameValue({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(changedFields({ tags: ['x'] }, { tags: ['x'] })).toEqual([]);
  });

  test('non-object values count as no values', () => {
    expect(diffValues('texto', [1, 2])).toEqual([]);
  });

  test('formatValue: text as is, the rest as JSON', () => {
    expect(formatValue('olá')).toBe('olá');
    expect(formatValue(false)).toBe('false');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(undefined)).toBe('');
    expect(formatValue({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe('audit date filter typed in pt-BR', () => {
  test('reads dd/mm/aaaa only when it is a real day', () => {
    expect(parseBrDay('29/02/2024')).toBe('2024-02-29');
    expect(parseBrDay(' 01/12/2025 ')).toBe('2025-12-01');
    for (const text of ['31/02/2024', '29/02/2023', '00/01/2024', '12/13/2024', '2024-02-01', '1/2/2024', ''])
      expect(parseBrDay(text), text).toBeNull();
  });

  test('shows a stored day as dd/mm/aaaa and puts the slashes in as digits are typed', () => {
    expect(brDay('2025-01-31')).toBe('31/01/2025');
    expect(brDay('')).toBe('');
    expect(maskBrDay('31012025')).toBe('31/01/2025');
    expect(maskBrDay('3101')).toBe('31/01');
    expect(maskBrDay('31/0')).toBe('31/0');
    expect(maskBrDay('31a01b2025999')).toBe('31/01/2025');
  });
});

describe('audit date filter (days in Brasília whatever the zone, inclusive end)', () => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    // Half a day ahead of Brasília: a browser's local day would be the wrong one.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    // Assigning undefined would leave the text 'undefined' as the zone.
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  test('a day in São Paulo spans 03:00 UTC to 02:59:59.999 UTC the next day', () => {
    expect(dayStart('2024-05-01')).toBe('2024-05-01 03:00:00.000Z');
    expect(dayEnd('2024-05-01')).toBe('2024-05-02 02:59:59.999Z');
  });

  test('the date input shows the Brasília day of a stored bound', () => {
    expect(inputDay(dayStart('2024-12-31'))).toBe('2024-12-31');
    expect(inputDay(dayEnd('2024-12-31'))).toBe('2024-12-31');
    expect(inputDay('2024-02-29')).toBe('2024-02-29');
    expect(inputDay('')).toBe('');
    expect(inputDay(undefined)).toBe('');
    expect(inputDay('não é data')).toBe('');
  });

  test('anything but YYYY-MM-DD is no bound', () => {
    expect(dayStart('01/05/2024')).toBeNull();
    expect(dayEnd('')).toBeNull();
  });

  test('PocketBase date format', () => {
    expect(toPocketBaseDate(new Date('2024-05-01T12:34:56.789Z'))).toBe('2024-05-01 12:34:56.789Z');
  });
});

describe('CSV', () => {
  test('header row, semicolons, CRLF, quoting of separators, quotes and line breaks', () => {
    const rows = [{ name: 'Maria; Silva', message: 'Disse "olá"\nNova linha', read: true, n: 3 }];
    const csv = toCsv(rows, [
      { header: 'Nome', value: (row) => row.name },
      { header: 'Mensagem', value: (row) => row.message },
      { header: 'Lida', value: (row) => row.read },
      { header: 'Número', value: (row) => row.n },
    ]);
    expect(csv).toBe('Nome;Mensagem;Lida;Número\r\n"Maria; Silva";"Disse ""olá""\nNova linha";Sim;3\r\n');
  });

  test('only the header when there are no rows', () => {
    expect(toCsv([], [{ header: 'E-mail', value: () => '' }])).toBe('E-mail\r\n');
  });

  test('visitor text that a spreadsheet would run as a formula is neutralized', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+5511')).toBe("'+5511");
    expect(csvCell('@soma')).toBe("'@soma");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
  });

  test('objects as JSON, empty values as empty cells, padded text quoted', () => {
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(' x ')).toBe('" x "');
    expect(csvCell(false)).toBe('Não');
  });

  test('file names carry the local date', () => {
    expect(exportFileName('auditoria', new Date(2024, 0, 5, 12))).toBe('auditoria-2024-01-05');
  });
});

describe('labels', () => {
  test('the spec’s action labels and 8-character ids', () => {
    expect(['INSERT', 'UPDATE', 'DELETE'].map(actionLabel)).toEqual(['Criação', 'Atualização', 'Exclusão']);
    expect(shortId('abcdefghijklmno')).toBe('abcdefgh');
    expect(shortId(undefined)).toBe('');
  });

  test('the count line: exact up to the data provider’s limit, "mais de 250" past it', () => {
    expect(countText(0, false)).toBe('0 registro(s) encontrado(s)');
    expect(countText(250, false)).toBe('250 registro(s) encontrado(s)');
    expect(countText(undefined, true)).toBe('Mais de 250 registros encontrados');
    expect(countText(undefined, false)).toBeNull();
  });
});
