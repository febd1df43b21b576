/**
 * The admin's posts search (server/search): `search=<text>` on the posts list is
 * answered from a full-text index, and must find exactly what PocketBase's `~`
 * filter over title, excerpt and slug finds, under the same list rule, for every
 * role; the index follows every write, rows loaded straight into SQLite included,
 * and is rebuilt when its triggers go missing.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStaffServer, type StaffMember, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  const posts = [
    { by: s.admin, title: 'Gateway Modbus na linha de envase', excerpt: 'Leitura de inversores por RS485.', status: 'published' },
    { by: s.admin, title: 'Módulo de E/S: AÇÃO rápida', excerpt: 'Entradas e saídas em ação.', status: 'published' },
    { by: s.editor, title: 'Sensor 4-20 mA em câmaras frias', excerpt: 'Calibração do laço de corrente.', status: 'draft' },
    { by: s.editor, title: 'Campo_com_sublinhado e_s', excerpt: '100% de cobertura, 50%_off', status: 'published' },
    { by: s.author, title: 'Diz "olá" ao CLP', excerpt: 'Rascunho do autor sobre MODBUS TCP.', status: 'draft' },
    { by: s.otherAuthor, title: 'Automação de caldeiras', excerpt: 'Rascunho da outra autora.', status: 'draft' },
  ];
  for (const { by, ...post } of posts) await by.client.collection('posts').create({ category: 'Técnico', ...post });
});
afterAll(async () => {
  await s?.stop();
});

/** Ids the search finds, as `client` may see them. */
async function searched(client: PocketBase, text: string): Promise<string[]> {
  const records = await client.collection('posts').getFullList({ query: { search: text }, fields: 'id' });
  return records.map((record) => record.id).sort();
}

/** Ids PocketBase's own `~` filter over the same fields finds. */
async function filtered(client: PocketBase, text: string): Promise<string[]> {
  const filter = client.filter('title ~ {:text} || excerpt ~ {:text} || slug ~ {:text}', { text });
  const records = await client.collection('posts').getFullList({ filter, fields: 'id' });
  return records.map((record) => record.id).sort();
}

// Texts without % or \ (which `~` reads as a pattern or an escape; the search takes them literally).
const TEXTS = [
  'modbus',
  'MODBUS',
  'Mod',
  'ação',
  'AÇÃO',
  'Ação',
  'e_s',
  'com_sub',
  '"olá"',
  'diz "olá" ao',
  'o',
  'de',
  ' de ',
  '4-20 mA',
  'sensor-4-20',
  'rascunho',
  'caldeiras',
  'xyz',
  'ç',
  'câmaras frias',
];

describe('posts search', () => {
  test('finds what the ~ filter finds, for every role under the list rule', async () => {
    const members: StaffMember[] = [s.admin, s.editor, s.author, s.otherAuthor, s.anonymous];
    for (const member of members) {
      for (const text of TEXTS) {
        expect(await searched(member.client, text), `${member.name}: "${text}"`).toEqual(await filtered(member.client, text));
      }
    }
    // The rule, not just agreement: an author's draft is only theirs to find.
    expect(await searched(s.author.client, 'rascunho')).toHaveLength(1);
    expect(await searched(s.otherAuthor.client, 'rascunho')).toHaveLength(1);
    expect(await searched(s.anonymous.client, 'rascunho')).toEqual([]);
    expect(await searched(s.admin.client, 'rascunho')).toHaveLength(2);
  });

  test('takes % and \\ literally', async () => {
    const [coverage] = await s.admin.client.collection('posts').getFullList({ filter: 'title ~ "Campo_com"' });
    expect(await searched(s.admin.client, '100%')).toEqual([coverage!.id]);
    expect(await searched(s.admin.client, '50%_off')).toEqual([coverage!.id]);
    expect(await searched(s.admin.client, '%ação%')).toEqual([]);
    expect(await searched(s.admin.client, 'de\\')).toEqual([]);
  });

  test('works with the other list parameters: filter, sort, pages and total', async () => {
    const list = await s.admin.client
      .collection('posts')
      .getList(1, 1, { query: { search: 'ação' }, filter: 'status = "published"', sort: 'title' });
    expect(list.totalItems).toBe(1);
    expect(list.items.map((post) => post.title)).toEqual(['Módulo de E/S: AÇÃO rápida']);
    const all = await s.admin.client.collection('posts').getList(1, 10, { query: { search: '' } });
    expect(all.totalItems).toBe(6);
    // Blank text is text, as for ~ (the admin does not send it).
    expect(await searched(s.admin.client, '  ')).toEqual(await filtered(s.admin.client, '  '));
  });

  test('follows creates, edits and deletes', async () => {
    const post = await s.editor.client
      .collection('posts')
      .create({ title: 'Controlador de irrigação', category: 'Técnico', status: 'draft' });
    expect(await searched(s.editor.client, 'irrigação')).toEqual([post.id]);
    await s.editor.client.collection('posts').update(post.id, { title: 'Controlador de bombas', excerpt: 'Telemetria.' });
    expect(await searched(s.editor.client, 'irrigação')).toEqual([]);
    expect(await searched(s.editor.client, 'telemetria')).toEqual([post.id]);
    await s.editor.client.collection('posts').delete(post.id);
    expect(await searched(s.editor.client, 'telemetria')).toEqual([]);
  });

  test('refuses a text over 200 characters, or with control characters, with a clear message', async () => {
    const ask = async (text: string) => {
      const response = await fetch(`${s.server.url}/api/collections/posts/records?search=${encodeURIComponent(text)}`);
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    expect(await ask('a'.repeat(201))).toEqual({ status: 400, message: 'A busca pode ter no máximo 200 caracteres.' });
    for (const text of ['abc\u0000def', 'ab\u0000', 'linha\nnova'])
      expect(await ask(text)).toEqual({ status: 400, message: 'A busca contém caracteres inválidos.' });
  });

  test('indexes rows loaded straight into SQLite and rebuilds a broken index on start; common texts still agree', async () => {
    await s.server.kill();
    const db = new DatabaseSync(path.join(s.server.dataDir, 'data.db'));
    try {
      // A bulk load after the insert trigger went missing (PocketBase rebuilding the
      // table when a field changes would drop it): the index no longer follows.
      db.exec('DROP TRIGGER posts_search_insert');
      const columns = (db.prepare('PRAGMA table_info(posts)').all() as { name: string }[]).map((column) => column.name);
      const values = columns.map((column) => {
        if (column === 'id') return `printf('lote%011d', n)`;
        if (column === 'title') return `'Lote comum ' || n`;
        if (column === 'slug') return `'lote-comum-' || n`;
        if (column === 'excerpt') return `'Carga em massa.'`;
        return column;
      });
      db.exec(`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 1200)
        INSERT INTO posts (${columns.join(', ')})
        SELECT ${values.join(', ')} FROM seq, (SELECT * FROM posts WHERE status = 'published' LIMIT 1)`);
    } finally {
      db.close();
    }
    await s.server.restart();
    const admin = s.admin.client;
    // More than 1,000 candidates: answered by LIKE; a rare one by the index.
    for (const text of ['lote comum', 'comum 1', 'lote comum 1137', 'massa', 'modbus'])
      expect(await searched(admin, text), text).toEqual(await filtered(admin, text));
    expect(await searched(admin, 'lote comum 1137')).toHaveLength(1);
    const triggers = new DatabaseSync(path.join(s.server.dataDir, 'data.db'), { readOnly: true });
    try {
      const names = triggers
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'posts_search%' ORDER BY name")
        .all();
      expect(names.map((row) => row.name)).toEqual(['posts_search_delete', 'posts_search_insert', 'posts_search_update']);
    } finally {
      triggers.close();
    }
  });

  test('survives a renamed field: the index follows the fields left, before and after a restart', async () => {
    const superuser = s.superuser;
    const rename = async (from: string, to: string) => {
      const posts = await superuser.collections.getOne('posts');
      const fields = posts.fields.map((field) => (field.name === from ? { ...field, name: to } : field));
      await superuser.collections.update('posts', { fields });
    };
    const admin = s.admin.client;
    const excerptOnly = 'Leitura de inversores';
    expect(await searched(admin, excerptOnly)).toHaveLength(1);

    await rename('excerpt', 'resumo');
    expect(await searched(admin, excerptOnly)).toEqual([]);
    expect(await searched(admin, 'gateway modbus')).toHaveLength(1);
    await s.server.kill();
    await s.server.restart();
    expect(await searched(admin, 'gateway modbus')).toHaveLength(1);
    expect(await searched(admin, excerptOnly)).toEqual([]);

    await rename('resumo', 'excerpt');
    expect(await searched(admin, excerptOnly)).toHaveLength(1);
    expect(await searched(admin, excerptOnly)).toEqual(await filtered(admin, excerptOnly));
  });
});
