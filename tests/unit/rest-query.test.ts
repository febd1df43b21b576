/** The simple-REST list query of the admin's non-collection routes (pb_hooks/lib/common/rest.js). */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);

interface Spec {
  sortFields: string[];
  defaultSort: [string, string];
  filters: Record<string, 'list' | 'text'>;
}
type Parsed =
  | { error: string }
  | { sort: { field: string; order: string }; range: { start: number; end: number }; filter: Record<string, string[] | string> };

const rest = require('../../pb_hooks/lib/common/rest.js') as {
  MAX_RANGE: number;
  parseListQuery: (raw: { sort?: string; range?: string; filter?: string }, spec: Spec) => Parsed;
  contentRange: (resource: string, start: number, count: number, total: number) => string;
  pageInMemory: <T extends { id: string }>(
    items: T[],
    sort: { field: string; order: string },
    range: { start: number; end: number },
  ) => { items: T[]; total: number };
};

const spec: Spec = {
  sortFields: ['id', 'name', 'size'],
  defaultSort: ['name', 'DESC'],
  filters: { id: 'list', q: 'text' },
};

describe('parseListQuery', () => {
  test('reads what ra-data-simple-rest sends for getList', () => {
    expect(rest.parseListQuery({ sort: '["size","ASC"]', range: '[25,49]', filter: '{"q":"abc","id":"x"}' }, spec)).toEqual({
      sort: { field: 'size', order: 'ASC' },
      range: { start: 25, end: 49 },
      filter: { q: 'abc', id: ['x'] },
    });
  });

  test('reads getMany (filter={"id":[…]}, no sort, no range) with the defaults', () => {
    expect(rest.parseListQuery({ filter: '{"id":["a","b"]}' }, spec)).toEqual({
      sort: { field: 'name', order: 'DESC' },
      range: { start: 0, end: rest.MAX_RANGE - 1 },
      filter: { id: ['a', 'b'] },
    });
  });

  test('treats cleared filters (null, "") and a null filter as no filter', () => {
    expect(rest.parseListQuery({ filter: '{"q":"","id":null}' }, spec)).toMatchObject({ filter: {} });
    expect(rest.parseListQuery({ filter: 'null' }, spec)).toMatchObject({ filter: {} });
  });

  test.each([
    ['sort', '["size"'],
    ['sort', '"size"'],
    ['sort', '["size","UP"]'],
    ['sort', '[1,"ASC"]'],
    ['sort', '["size","ASC","x"]'],
    ['range', '[0]'],
    ['range', '[5,2]'],
    ['range', '[-1,3]'],
    ['range', '[0.5,3]'],
    ['range', '["0","9"]'],
    ['range', '[0,1000]'],
    ['range', '{}'],
    ['filter', '{"q":'],
    ['filter', '[1,2]'],
    ['filter', '"texto"'],
    ['filter', '{"q":{"$ne":1}}'],
    ['filter', '{"q":["a"]}'],
    ['filter', '{"id":[{"a":1}]}'],
  ])('refuses %s=%s with a pt-BR reason', (name, value) => {
    const parsed = rest.parseListQuery({ [name]: value }, spec);
    expect(parsed).toHaveProperty('error');
    expect((parsed as { error: string }).error).toMatch(new RegExp(`parâmetro ${name} é inválido|Valor inválido para o filtro`));
  });

  test('names the unknown sort field or filter and lists the accepted ones', () => {
    expect(rest.parseListQuery({ sort: '["password","ASC"]' }, spec)).toEqual({
      error: 'Não é possível ordenar por "password". Campos aceitos: id, name, size.',
    });
    expect(rest.parseListQuery({ filter: '{"__proto__":1}' }, spec)).toHaveProperty('error');
    expect(rest.parseListQuery({ filter: '{"toString":"x"}' }, spec)).toEqual({
      error: 'Filtro desconhecido: "toString". Filtros aceitos: id, q.',
    });
  });
});

describe('contentRange', () => {
  test('is "<resource> first-last/total", or "*/total" for an empty page', () => {
    expect(rest.contentRange('backups', 0, 25, 312)).toBe('backups 0-24/312');
    expect(rest.contentRange('site-builds', 50, 3, 53)).toBe('site-builds 50-52/53');
    expect(rest.contentRange('backups', 0, 0, 0)).toBe('backups */0');
    expect(rest.contentRange('backups', 40, 0, 12)).toBe('backups */12');
  });
});

describe('pageInMemory', () => {
  const items = [
    { id: 'b', size: 2 },
    { id: 'a', size: 2 },
    { id: 'c', size: 1 },
  ];
  test('sorts by the field, ties by id, and slices the range', () => {
    expect(rest.pageInMemory(items, { field: 'size', order: 'ASC' }, { start: 0, end: 9 }).items.map((i) => i.id)).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(rest.pageInMemory(items, { field: 'size', order: 'DESC' }, { start: 1, end: 1 })).toEqual({
      items: [{ id: 'a', size: 2 }],
      total: 3,
    });
  });
});
