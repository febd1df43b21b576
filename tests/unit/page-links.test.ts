/**
 * Where the site links to published CMS pages (src/lib/cms/page-links.ts): the old
 * addresses' redirects.
 */
import { describe, expect, test } from 'vitest';
import { movedPages, type LinkedPage } from '../../src/lib/cms/page-links';

const page = (slug: string, fields: Partial<LinkedPage> = {}): LinkedPage => ({
  slug,
  name: slug,
  is_homepage: false,
  old_slugs: [],
  ...fields,
});

describe('movedPages', () => {
  test('each old slug goes to its page, once', () => {
    expect(movedPages([page('parceiros', { old_slugs: ['parceria', 'programa'] })], ['blog'])).toEqual([
      { from: '/parceria', to: '/parceiros' },
      { from: '/programa', to: '/parceiros' },
    ]);
  });

  test('never an address a page or a built-in route serves, nor one twice', () => {
    const pages = [page('a', { old_slugs: ['b', 'blog', 'x'] }), page('b', { old_slugs: ['x', 'a'] })];
    expect(movedPages(pages, ['blog'])).toEqual([{ from: '/x', to: '/a' }]);
  });
});
