/** The admin's data provider against a real PocketBase, signed in as an admin through the SDK. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DataProvider } from 'ra-core';
import { createDataProvider } from '../../src/admin/dataProvider';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;
let provider: DataProvider;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  provider = createDataProvider(s.admin.client);
});
afterAll(async () => {
  await s?.stop();
});

describe('data provider on a real PocketBase', () => {
  test('creates, lists with filter, sort and pagination, reads many, updates and deletes posts', async () => {
    const titles = ['Alfa sobre ESP32', 'Beta sobre RS485', 'Gama sobre ESP32'];
    const created = [];
    for (const title of titles)
      created.push((await provider.create('posts', { data: { title, category: 'Técnico', status: 'draft' } })).data);

    const page = await provider.getList('posts', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'title', order: 'ASC' },
      filter: { q: 'esp32' },
    });
    expect(page.total).toBe(2);
    expect(page.data.map((post) => post.title)).toEqual(['Alfa sobre ESP32', 'Gama sobre ESP32']);

    const many = await provider.getMany('posts', { ids: [created[0]!.id, created[2]!.id] });
    expect(many.data.map((post) => post.id).sort()).toEqual([created[0]!.id, created[2]!.id].sort());

    const updated = await provider.update('posts', {
      id: created[1]!.id,
      data: { status: 'published' },
      previousData: created[1]!,
    });
    expect(updated.data.status).toBe('published');
    const published = await provider.getList('posts', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: ['published'] },
    });
    expect(published.data.map((post) => post.title)).toEqual(['Beta sobre RS485']);

    await provider.deleteMany('posts', { ids: created.map((post) => post.id) });
    expect(
      (
        await provider.getList('posts', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'id', order: 'DESC' },
          filter: {},
        })
      ).total,
    ).toBe(0);
  });

  test('uploads a file from a react-admin file input', async () => {
    const rawFile = new File(['manual de instalação'], 'manual.txt', { type: 'text/plain' });
    const { data } = await provider.create('media', { data: { file: { rawFile, title: 'manual.txt' }, alt_text: 'Manual' } });
    expect(data).toMatchObject({ original_filename: 'manual.txt', mime_type: 'text/plain', alt_text: 'Manual' });
  });

  test('filters the audit log by action and date range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await provider.getList('audit_logs', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'created', order: 'DESC' },
      filter: { action: 'DELETE', table_name: 'posts', created_gte: `${today} 00:00:00`, created_lte: `${today} 23:59:59.999` },
    });
    expect(rows.total).toBe(3);
    expect(rows.data.every((row) => row.action === 'DELETE' && row.table_name === 'posts')).toBe(true);
  });
});
