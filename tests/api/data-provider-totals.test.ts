/**
 * The admin data provider's totals on a real PocketBase: exact up to
 * EXACT_TOTAL_LIMIT matching rows (from a short page, or a probe and a count), and
 * next/previous pagination past it, with the last page still giving the total.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DataProvider } from 'ra-core';
import { createDataProvider, EXACT_TOTAL_LIMIT } from '../../src/admin/dataProvider';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;
let provider: DataProvider;
const TOTAL = EXACT_TOTAL_LIMIT + 7;
const TUTORIALS = 30;
const newest = { field: 'created', order: 'DESC' as const };

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  provider = createDataProvider(s.admin.client);
  const posts = s.admin.client.collection('posts');
  for (let start = 0; start < TOTAL; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, TOTAL - start) }, (_, i) =>
        posts.create({ title: `Post de contagem ${start + i}`, category: start + i < TUTORIALS ? 'Tutoriais' : 'Técnico' }),
      ),
    );
  }
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

describe('list totals', () => {
  test('past the limit, a full page has next/previous pagination and no total', async () => {
    const first = await provider.getList('posts', { pagination: { page: 1, perPage: 25 }, sort: newest, filter: {} });
    expect(first.data).toHaveLength(25);
    expect(first.total).toBeUndefined();
    expect(first.pageInfo).toEqual({ hasPreviousPage: false, hasNextPage: true });

    const second = await provider.getList('posts', { pagination: { page: 2, perPage: 25 }, sort: newest, filter: {} });
    expect(second.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
    expect(second.data.map((post) => post.id)).not.toContain(first.data[0]!.id);
  });

  test('the last page gives the exact total, however many rows match', async () => {
    const lastPage = Math.ceil(TOTAL / 25);
    const last = await provider.getList('posts', { pagination: { page: lastPage, perPage: 25 }, sort: newest, filter: {} });
    expect(last.data).toHaveLength(TOTAL - (lastPage - 1) * 25);
    expect(last.total).toBe(TOTAL);
  });

  test('up to the limit, a full page has the exact total', async () => {
    const tutorials = await provider.getList('posts', {
      pagination: { page: 1, perPage: 25 },
      sort: newest,
      filter: { category: 'Tutoriais' },
    });
    expect(tutorials.data).toHaveLength(25);
    expect(tutorials.total).toBe(TUTORIALS);
    expect(tutorials.pageInfo).toBeUndefined();
  });

  test('a filter matching nothing has a total of zero', async () => {
    const none = await provider.getList('posts', {
      pagination: { page: 1, perPage: 25 },
      sort: newest,
      filter: { q: 'nenhum post tem este texto' },
    });
    expect(none).toEqual({ data: [], total: 0 });
  });
});
