import PocketBase from 'pocketbase';
import { describe, expect, test } from 'vitest';
import {
  buildFilter,
  buildSort,
  createDataProvider,
  EXACT_TOTAL_LIMIT,
  INDEXED_SEARCH,
  SEARCH_FIELDS,
  searchOptions,
  toBody,
} from '../../src/admin/dataProvider';

// The SDK's own placeholder binding, without any server.
const pb = new PocketBase('http://127.0.0.1:1');

/**
 * A fake client over `rows` matching records that records the calls the provider
 * makes; getList answers like PocketBase (totalItems -1 when skipTotal is set).
 */
function fakeClient(rows = 1) {
  const calls: { collection: string; method: string; args: unknown[] }[] = [];
  const collection = (name: string) =>
    new Proxy(
      {},
      {
        get:
          (_, method: string) =>
          async (...args: unknown[]) => {
            calls.push({ collection: name, method, args });
            if (method === 'getList') {
              const [page, perPage, options] = args as [number, number, { skipTotal?: boolean }];
              const start = (page - 1) * perPage;
              const items = Array.from({ length: Math.max(0, Math.min(perPage, rows - start)) }, (_, i) => ({
                id: `r${start + i}`,
              }));
              return { items, totalItems: options?.skipTotal ? -1 : rows };
            }
            if (method === 'getFullList') return [{ id: 'a' }, { id: 'b' }];
            return { id: 'x', ...((args[1] ?? args[0]) as object) };
          },
      },
    );
  return { calls, client: { collection, filter: pb.filter.bind(pb) } as never };
}

describe('buildFilter', () => {
  test('binds values with placeholders, never by concatenation', () => {
    expect(buildFilter(pb, 'posts', { status: 'draft' })).toBe('status = "draft"');
    expect(buildFilter(pb, 'posts', { title_like: 'Diz "olá"' })).toBe('title ~ "Diz \\"olá\\""');
  });

  test('turns ranges, lists and free text into PocketBase operators', () => {
    expect(
      buildFilter(pb, 'audit_logs', { created_gte: '2026-01-01', created_lte: '2026-01-31 23:59:59', action: 'DELETE' }),
    ).toBe('created >= "2026-01-01" && created <= "2026-01-31 23:59:59" && action = "DELETE"');
    expect(buildFilter(pb, 'posts', { status: ['draft', 'scheduled'] })).toBe('(status = "draft" || status = "scheduled")');
    expect(buildFilter(pb, 'users', { q: 'ana' })).toBe('(email ~ "ana" || full_name ~ "ana")');
    expect(buildFilter(pb, 'posts', { q: '', status: undefined })).toBe('');
  });

  test('refuses field names that are not plain identifiers', () => {
    expect(() => buildFilter(pb, 'posts', { 'id != "" || 1': 'x' })).toThrow(/Filtro inválido/);
  });

  test('leaves the free text of an indexed collection to the search parameter', () => {
    expect(buildFilter(pb, 'posts', { q: 'modbus', status: 'draft' })).toBe('status = "draft"');
    expect(searchOptions('posts', { q: 'modbus', status: 'draft' })).toEqual({ query: { search: 'modbus' } });
    expect(searchOptions('posts', { q: '  ' })).toEqual({});
    expect(searchOptions('posts', {})).toEqual({});
    expect(searchOptions('users', { q: 'ana' })).toEqual({});
    for (const collection of INDEXED_SEARCH) expect(SEARCH_FIELDS[collection]).toBeUndefined();
  });
});

describe('buildSort', () => {
  test('maps react-admin sort to PocketBase, newest first by default', () => {
    expect(buildSort({ field: 'title', order: 'ASC' })).toBe('title');
    expect(buildSort({ field: 'published_at', order: 'DESC' })).toBe('-published_at');
    expect(buildSort({ field: 'id', order: 'DESC' })).toBe('-created');
    expect(buildSort(undefined)).toBe('-created');
  });
});

describe('toBody', () => {
  test('keeps JSON when there is no file', () => {
    expect(toBody({ title: 'Olá', tags: ['a'] })).toEqual({ title: 'Olá', tags: ['a'] });
  });

  test('switches to FormData for uploads, unwrapping react-admin file inputs', () => {
    const file = new File(['conteúdo'], 'nota.txt', { type: 'text/plain' });
    const body = toBody({ file: { rawFile: file, title: 'nota' }, alt_text: 'Nota', meta: { a: 1 } });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect((form.get('file') as File).name).toBe('nota.txt');
    expect(form.get('alt_text')).toBe('Nota');
    expect(form.get('meta')).toBe('{"a":1}');
  });
});

describe('createDataProvider', () => {
  const published = {
    sort: { field: 'title', order: 'ASC' as const },
    filter: { status: 'published' },
  };
  const pageArgs = (page: number, perPage: number) => [
    page,
    perPage,
    { sort: 'title', filter: 'status = "published"', skipTotal: true },
  ];

  test('getList asks for the page, sort and filter without the total; the last page gives it', async () => {
    const { calls, client } = fakeClient(41);
    const result = await createDataProvider(client).getList('posts', { ...published, pagination: { page: 5, perPage: 10 } });
    expect(result).toEqual({ data: [{ id: 'r40' }], total: 41 });
    expect(calls).toEqual([{ collection: 'posts', method: 'getList', args: pageArgs(5, 10) }]);
  });

  test('a full page gets an exact total when at most EXACT_TOTAL_LIMIT rows match', async () => {
    const { calls, client } = fakeClient(41);
    const result = await createDataProvider(client).getList('posts', { ...published, pagination: { page: 2, perPage: 10 } });
    expect(result).toEqual({ data: Array.from({ length: 10 }, (_, i) => ({ id: `r${10 + i}` })), total: 41 });
    expect(calls.map((call) => call.args)).toEqual([
      pageArgs(2, 10),
      // One row past the limit? No: then count.
      [EXACT_TOTAL_LIMIT + 1, 1, { sort: 'title', filter: 'status = "published"', skipTotal: true, fields: 'id' }],
      [1, 1, { filter: 'status = "published"', fields: 'id' }],
    ]);
  });

  test('past EXACT_TOTAL_LIMIT rows a list pages with next and previous only, never counting', async () => {
    const rows = EXACT_TOTAL_LIMIT * 3 + 4;
    const { calls, client } = fakeClient(rows);
    const provider = createDataProvider(client);
    const first = await provider.getList('posts', { ...published, pagination: { page: 1, perPage: 25 } });
    expect(first.total).toBeUndefined();
    expect(first.pageInfo).toEqual({ hasPreviousPage: false, hasNextPage: true });
    expect(calls.map((call) => call.args)).toEqual([
      pageArgs(1, 25),
      [EXACT_TOTAL_LIMIT + 1, 1, { sort: 'title', filter: 'status = "published"', skipTotal: true, fields: 'id' }],
    ]);

    // A page that already reaches past the limit needs no probe; the last page has its total.
    calls.length = 0;
    const deep = await provider.getList('posts', { ...published, pagination: { page: 30, perPage: 25 } });
    expect(deep.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
    const lastPage = Math.ceil(rows / 25);
    const last = await provider.getList('posts', { ...published, pagination: { page: lastPage, perPage: 25 } });
    expect(last).toMatchObject({
      data: [{ id: `r${rows - 4}` }, { id: `r${rows - 3}` }, { id: `r${rows - 2}` }, { id: `r${rows - 1}` }],
    });
    expect(last.total).toBe(rows);
    expect(calls.map((call) => call.args)).toEqual([pageArgs(30, 25), pageArgs(lastPage, 25)]);
  });

  test('getMany reads the ids in one request; getManyReference adds the target', async () => {
    const { calls, client } = fakeClient();
    const provider = createDataProvider(client);
    await provider.getMany('users', { ids: ['a', 'b'] });
    await provider.getManyReference('posts', {
      target: 'author',
      id: 'u1',
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(calls[0]).toEqual({ collection: 'users', method: 'getFullList', args: [{ filter: 'id = "a" || id = "b"' }] });
    expect(calls[1]).toEqual({
      collection: 'posts',
      method: 'getList',
      args: [1, 5, { sort: '-created', filter: 'author = "u1"', skipTotal: true }],
    });
    expect(await provider.getMany('users', { ids: [] })).toEqual({ data: [] });
  });

  test('an indexed search goes with every request of the list: page, probe and count', async () => {
    const { calls, client } = fakeClient(EXACT_TOTAL_LIMIT);
    await createDataProvider(client).getList('posts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created', order: 'DESC' },
      filter: { q: 'modbus', status: 'draft' },
    });
    expect(calls.map((call) => call.args[2])).toEqual([
      { sort: '-created', filter: 'status = "draft"', skipTotal: true, query: { search: 'modbus' } },
      { sort: '-created', filter: 'status = "draft"', skipTotal: true, fields: 'id', query: { search: 'modbus' } },
      { filter: 'status = "draft"', fields: 'id', query: { search: 'modbus' } },
    ]);
  });

  test('writes and deletes one record per id', async () => {
    const { calls, client } = fakeClient();
    const provider = createDataProvider(client);
    await provider.update('users', { id: 'u1', data: { is_active: false }, previousData: { id: 'u1' } });
    await provider.deleteMany('media', { ids: ['m1', 'm2'] });
    expect(calls.map((call) => `${call.collection}.${call.method}(${String(call.args[0])})`)).toEqual([
      'users.update(u1)',
      'media.delete(m1)',
      'media.delete(m2)',
    ]);
  });
});
