/**
 * The admin's version tools, pure parts: the word diff and its folding of long
 * unchanged runs, the body of a restore, and the local copy of unsaved changes.
 */
import { describe, expect, test } from 'vitest';
import { foldUnchanged, hasChanges, wordDiff } from '../../src/admin/revisions/wordDiff';
import { COMPARED, menuLinksText, menuPageIds, restoreBody } from '../../src/admin/revisions/versionFields';
import { differsFrom, keptValues } from '../../src/admin/revisions/localCopy';

describe('word diff', () => {
  test('marks removed and added words, keeps the rest', () => {
    const parts = wordDiff('o sensor mede a pressão', 'o sensor mede a temperatura');
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text)).toEqual(['pressão']);
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text)).toEqual(['temperatura']);
    expect(parts.map((part) => (part.kind === 'removed' ? '' : part.text)).join('')).toBe('o sensor mede a temperatura');
    expect(hasChanges(parts)).toBe(true);
    expect(hasChanges(wordDiff('igual', 'igual'))).toBe(false);
    expect(wordDiff('', '')).toEqual([]);
  });

  test('folds a long unchanged run to its edges; the text is all there when unfolded', () => {
    const long = Array.from({ length: 300 }, (_, index) => `palavra${index}`).join(' ');
    const parts = foldUnchanged(wordDiff(`início ${long} fim`, `começo ${long} final`));
    const folded = parts.find((part) => part.hidden);
    expect(folded?.hidden?.words).toBe(300 - 50);
    const whole = parts.map((part) =>
      part.kind === 'removed' ? '' : `${part.text}${part.hidden?.middle ?? ''}${part.hidden?.tail ?? ''}`,
    );
    expect(whole.join('')).toBe(`começo ${long} final`);
    // A short run stays as it is.
    expect(foldUnchanged(wordDiff('a b c', 'a b d')).some((part) => part.hidden)).toBe(false);
  });
});

describe('comparing versions', () => {
  test('a version saved with "\\r\\n" reads like one saved with "\\n": no change, no doubled blank line', () => {
    const content = (data: Record<string, unknown>) => COMPARED.posts.find((field) => field.name === 'content')!.text(data);
    const before = content({ content: 'Um.\r\n\r\nDois.\rTrês.' });
    expect(before).toBe('Um.\n\nDois.\nTrês.');
    expect(hasChanges(wordDiff(before, content({ content: 'Um.\n\nDois.\nTrês.' })))).toBe(false);
    const sections = COMPARED.pages.find((field) => field.name === 'content')!.text;
    const page = { id: 'abcd1234', type: 'text', title: 'A', note: '', body: 'x\r\n\r\ny', style: 'boxed' };
    expect(sections({ content: { sections: [page] } })).toBe(
      '## Texto\n\nTítulo: A\n\nTexto:\nx\n\ny\n\nAparência: Em um quadro',
    );
  });
});

describe("a menu's versions", () => {
  const version = {
    title: 'Recursos',
    items: [
      { id: 'i1', label: 'Sobre', page: 'p1', url: '', new_tab: false },
      { id: 'i2', label: 'Loja', page: '', url: 'https://loja.example.com', new_tab: true },
    ],
  };

  test('read as one link per line, a page by its name (its id while the name is unknown)', () => {
    expect(menuPageIds(version)).toEqual(['p1']);
    expect(menuLinksText(version, { pageNames: { p1: 'Quem Somos' } })).toBe(
      '1. Sobre → página Quem Somos\n2. Loja → https://loja.example.com (nova aba)',
    );
    expect(menuLinksText(version)).toBe('1. Sobre → página p1\n2. Loja → https://loja.example.com (nova aba)');
    expect(menuLinksText({ items: null })).toBe('');
    // A link moved shows as a change.
    const moved = { ...version, items: [version.items[1]!, version.items[0]!] };
    expect(hasChanges(wordDiff(menuLinksText(version), menuLinksText(moved)))).toBe(true);
  });

  test('restored whole: its column title and links', () => {
    expect(restoreBody('menus', { ...version, key: 'footer_resources' }, 'rev2', 'u')).toEqual({
      restored_from: 'rev2',
      updated: 'u',
      title: 'Recursos',
      items: version.items,
    });
    expect(restoreBody('faq', { question: 'P?', answer: 'R.', order: 3 }, 'rev3', 'u')).toEqual({
      restored_from: 'rev3',
      updated: 'u',
      question: 'P?',
      answer: 'R.',
      order: 3,
    });
  });
});

describe('restoring a version', () => {
  test("sends the content fields, the revision and the updated value it is based on, never the workflow's", () => {
    const data = {
      title: 'Antigo',
      slug: 'antigo',
      excerpt: 'Resumo antigo.',
      content: 'Texto antigo.',
      category: 'Técnico',
      tags: ['esp32'],
      status: 'published',
      published_at: '2020-01-01 00:00:00.000Z',
      author: 'alguem',
      cover: 'capa.png',
    };
    expect(restoreBody('posts', data, 'rev1', '2030-01-01 10:00:00.000Z')).toEqual({
      restored_from: 'rev1',
      updated: '2030-01-01 10:00:00.000Z',
      title: 'Antigo',
      slug: 'antigo',
      excerpt: 'Resumo antigo.',
      content: 'Texto antigo.',
      category: 'Técnico',
      tags: '["esp32"]',
    });
  });
});

describe('the local copy of unsaved changes', () => {
  test('keeps what the editors type, never a file; differs only when something does', () => {
    const values = { title: 'T', content: 'C', cover: { rawFile: {}, title: 'capa.png' }, id: 'x', updated: 'u' };
    expect(keptValues(values, ['title', 'content', 'cover'])).toEqual({ title: 'T', content: 'C' });
    expect(differsFrom({ title: 'T', content: 'C' }, { title: 'T', content: 'C', other: 1 })).toBe(false);
    expect(differsFrom({ title: 'T', content: 'C2' }, { title: 'T', content: 'C' })).toBe(true);
    expect(differsFrom({ excerpt: '' }, { excerpt: null })).toBe(false);
  });
});
