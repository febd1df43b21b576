import { describe, expect, test } from 'vitest';
import seed from '../../shared/site-pages.json';
import { SECTION_ID_PATTERN, sectionProblems } from '../../shared/page-sections.js';
import { pageSchema } from '../../src/lib/cms/content-rules';

describe('the seeded pages (shared/site-pages.json)', () => {
  test.each(seed.pages.map((page) => [page.slug, page] as const))('%s: sections the shared rules accept', (_slug, page) => {
    expect(sectionProblems(page.content.sections)).toEqual([]);
    for (const section of page.content.sections) expect(section.id).toMatch(new RegExp(SECTION_ID_PATTERN));
  });

  test.each(seed.pages.map((page) => [page.slug, page] as const))('%s: a page the build accepts', (_slug, page) => {
    const result = pageSchema.safeParse({ ...page, sections: page.content.sections });
    expect(result.error?.issues ?? []).toEqual([]);
  });

  test('one home page; every other page published at its own slug', () => {
    expect(seed.pages.filter((page) => page.is_homepage).map((page) => page.slug)).toEqual(['inicio']);
    expect(seed.pages.map((page) => page.status)).toEqual(seed.pages.map(() => 'published'));
    expect(seed.pages.map((page) => page.slug).sort()).toEqual([
      'clientes',
      'contato',
      'inicio',
      'projetos-sob-medida',
      'quem-somos',
    ]);
  });
});
