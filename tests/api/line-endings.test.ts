/**
 * Texts staff write are saved with "\n" line endings whatever the path (a browser's
 * textarea sends "\r\n"): posts' body and excerpt, pages' sections (JSON), so the
 * history compares what was really changed (pb_hooks/lib/common/line-endings.js).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, unique } from '../helpers/records';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

describe('posts', () => {
  test('body and excerpt lose "\\r\\n" and lone "\\r" on create and update, by staff or in the dashboard', async () => {
    const post = await s.editor.client.collection('posts').create({
      title: unique('Quebras de linha'),
      category: 'Técnico',
      status: 'published',
      excerpt: 'Resumo\r\nem duas linhas.',
      content: '## Título\r\n\r\nParágrafo um.\r\n\r\nParágrafo\rdois.\r\n',
    });
    expect(post.content).toBe('## Título\n\nParágrafo um.\n\nParágrafo\ndois.\n');
    expect(post.excerpt).toBe('Resumo\nem duas linhas.');

    const edited = await s.editor.client.collection('posts').update(post.id, { content: 'Linha 1\r\n\r\nLinha 2' });
    expect(edited.content).toBe('Linha 1\n\nLinha 2');
    const dashboard = await s.superuser.collection('posts').update(post.id, { content: 'A\r\rB', excerpt: 'Outro\r\nresumo.' });
    expect(dashboard).toMatchObject({ content: 'A\n\nB', excerpt: 'Outro\nresumo.' });

    const [latest] = await history(s.editor.client, 'posts', post.id);
    expect(latest!.data).toMatchObject({ content: 'A\n\nB', excerpt: 'Outro\nresumo.' });
  });

  test('an excerpt is measured as saved: "\\r\\n" does not push it past the limit', async () => {
    // 501 characters as sent, 500 (the limit) as saved.
    const post = await s.editor.client.collection('posts').create({
      title: unique('Resumo no limite'),
      category: 'Técnico',
      status: 'published',
      excerpt: `${'a'.repeat(498)}\r\nb`,
    });
    expect(post.excerpt).toHaveLength(500);
  });
});

describe('pages', () => {
  test('every text of the sections loses "\\r", on create and update', async () => {
    const page = await s.editor.client.collection('pages').create({
      name: unique('Página com seções'),
      status: 'draft',
      content: { sections: [{ id: 'quem1', type: 'page_header', title: 'Quem somos', subtitle: 'Um.\r\n\r\nDois.\rTrês.' }] },
    });
    expect(page.content).toEqual({
      sections: [{ id: 'quem1', type: 'page_header', title: 'Quem somos', subtitle: 'Um.\n\nDois.\nTrês.' }],
    });

    const sections = [
      { id: 'primeira', type: 'text', title: 'Primeira', body: 'Texto\r\n\r\n- item\r\n- item' },
      { id: 'segunda', type: 'boxes', items: [{ title: 'Segunda', text: 'Linha 1\r\nLinha 2' }] },
    ];
    const edited = await s.superuser.collection('pages').update(page.id, { content: { sections } });
    expect(edited.content).toEqual({
      sections: [
        { id: 'primeira', type: 'text', title: 'Primeira', body: 'Texto\n\n- item\n- item' },
        { id: 'segunda', type: 'boxes', items: [{ title: 'Segunda', text: 'Linha 1\nLinha 2' }] },
      ],
    });
    const [latest] = await history(s.editor.client, 'pages', page.id);
    expect(JSON.stringify(latest!.data)).not.toContain('\\r');
  });

  test('a body that only holds the two characters \\ and r is left as typed', async () => {
    const page = await s.editor.client.collection('pages').create({
      name: unique('Barra erre'),
      status: 'draft',
      content: { sections: [{ id: 'caminho', type: 'text', title: 'Caminho', body: 'C:\\rede\\arquivo' }] },
    });
    expect(page.content).toEqual({ sections: [{ id: 'caminho', type: 'text', title: 'Caminho', body: 'C:\\rede\\arquivo' }] });
  });
});
