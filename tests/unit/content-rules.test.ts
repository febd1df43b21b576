/**
 * One set of content rules (shared/content-rules.json): what the hooks accept
 * at save is exactly what the site's blog and pages schemas accept at build, for
 * every vector, so no saved record can stop a publication.
 */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { z } from 'astro/zod';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PAGE_RULES, articleFields, pageSchema } from '../../src/lib/cms/content-rules';
import { BLOG_CATEGORIES, CATEGORY_BADGE } from '../../src/lib/blog/filter';
import { toBlogEntry, type CmsPostRecord } from '../../src/lib/cms/posts';
import { routeSlugs } from '../../src/lib/cms/page-links';
import { typedSections } from '../../src/lib/cms/sections';
import { SEARCH_BASE_DIR } from '../../src/config/search-index.mjs';

const require = createRequire(import.meta.url);
(globalThis as Record<string, unknown>).__hooks = new URL('../../pb_hooks', import.meta.url).pathname;
const hooks = require('../../pb_hooks/lib/content/content-rules.js') as {
  postProblems: (post: object) => Record<string, string>;
  pageProblems: (page: object) => Record<string, string>;
  bylineOf: (name: string) => string;
};

const articleSchema = z.object(articleFields);

const post = (fields: Partial<CmsPostRecord>): CmsPostRecord => ({
  id: 'abc123def456ghi',
  title: 'Um título válido',
  slug: 'um-titulo-valido',
  excerpt: 'Um resumo com tamanho suficiente.',
  content: 'Texto.',
  cover: '',
  category: 'Técnico',
  tags: ['esp32'],
  status: 'published',
  author_name: 'Equipe Operium',
  published_at: '2026-01-02 10:00:00.000Z',
  created: '2026-01-02 10:00:00.000Z',
  ...fields,
});

const POSTS: [string, Partial<CmsPostRecord>, string | null][] = [
  ['a valid post', {}, null],
  ['a title of 4 characters', { title: 'Abcd' }, 'title'],
  ['a title of 5 characters with an excerpt', { title: 'Abcde' }, null],
  ['a title of 201 characters', { title: 'a'.repeat(201) }, 'title'],
  ['a title of 200 characters', { title: 'a'.repeat(200) }, null],
  ['an excerpt of 9 characters', { excerpt: 'Curtinho.' }, 'excerpt'],
  ['an excerpt of 501 characters', { excerpt: 'a'.repeat(501) }, 'excerpt'],
  ['no excerpt and a long title', { excerpt: '', title: 'Título com mais de dez' }, null],
  ['no excerpt and a short title', { excerpt: '', title: 'Curto' }, 'excerpt'],
  ['a blank excerpt and a short title', { excerpt: '   ', title: 'Curto' }, 'excerpt'],
  ['an unknown category', { category: 'Outros' }, 'category'],
  ['13 tags', { tags: Array.from({ length: 13 }, (_, i) => `tag${i}`) }, 'tags'],
  ['12 tags', { tags: Array.from({ length: 12 }, (_, i) => `tag${i}`) }, null],
  ['a tag of 41 characters', { tags: ['a'.repeat(41)] }, 'tags'],
  ['an empty tag', { tags: [''] }, 'tags'],
  ['a malformed slug', { slug: 'Com Espaço' }, 'slug'],
  ['a slug of 201 characters', { slug: 'a'.repeat(201) }, 'slug'],
];

describe('posts', () => {
  test.each(POSTS)('%s: the hooks and the build agree', (_name, fields, field) => {
    const record = post(fields);
    const problems = hooks.postProblems(record);
    expect(Object.keys(problems)).toEqual(field ? [field] : []);
    if (field) expect(problems[field]).toMatch(/^(Título|Resumo|Categoria|Tags|Slug): /);
    const built = articleSchema.safeParse(toBlogEntry(record, '').data);
    expect(built.success, JSON.stringify(built.error?.issues)).toBe(field === null);
  });

  test('tags arrive from PocketBase as JSON text', () => {
    expect(hooks.postProblems({ ...post({}), tags: '["esp32","modbus"]' })).toEqual({});
    expect(Object.keys(hooks.postProblems({ ...post({}), tags: '{"a":1}' }))).toEqual(['tags']);
  });

  test('a byline that does not fit becomes the fallback the build accepts', () => {
    for (const name of ['', 'A', 'a'.repeat(101), 'Ana']) {
      const byline = hooks.bylineOf(name);
      expect(articleSchema.shape.author.safeParse(byline).success).toBe(true);
    }
    expect(hooks.bylineOf('Ana')).toBe('Ana');
    expect(hooks.bylineOf('A')).toBe('Equipe Operium');
  });

  test('the categories come from the rules file and each has its badge', () => {
    expect(Object.keys(CATEGORY_BADGE).sort()).toEqual([...BLOG_CATEGORIES].sort());
  });
});

const SECTIONS = [{ heading: 'Quem somos', body: 'Uma empresa de Joinville.' }];

/**
 * A page as the hooks see it (its `content` JSON) and as the build reads it (`sections`,
 * typed by the loader: src/lib/cms/sections.ts typedSections).
 */
const page = (fields: Record<string, unknown>) => {
  const content = { sections: (fields.sections as unknown[] | undefined) ?? SECTIONS };
  return {
    slug: 'politica',
    name: 'Política',
    title: '',
    meta_description: '',
    is_homepage: false,
    ...fields,
    sections: typedSections(content),
    content,
  };
};

const PAGES: [string, Record<string, unknown>, string | null][] = [
  ['a valid page', {}, null],
  ['a name of 1 character', { name: 'P' }, 'name'],
  ['a meta description of 321 characters', { meta_description: 'a'.repeat(321) }, 'meta_description'],
  ['an SEO title of 121 characters', { title: 'a'.repeat(121) }, 'title'],
  ['a malformed slug', { slug: 'Página' }, 'slug'],
  ['a page of its own with no sections', { sections: [] }, 'content'],
  ['the home page with no sections (it lends its SEO to the home page)', { sections: [], is_homepage: true }, null],
  ['a page at a code route’s address with no sections (the site leaves it out)', { sections: [], slug: 'produtos' }, null],
];

describe('pages', () => {
  test('the built-in slugs of the rules are the addresses the routes of src/pages serve', () => {
    // As import.meta.glob lists them from src/pages (src/pages/[...page].astro).
    const routes = readdirSync('src/pages', { recursive: true, encoding: 'utf8' })
      .map((name) => `./${name.split(path.sep).join('/')}`)
      .filter((name) => /\.(astro|ts|md|mdx)$/.test(name));
    expect([...PAGE_RULES.content.builtInSlugs].sort()).toEqual(routeSlugs(routes).sort());
    // A folder with only deeper pages leaves its address to a page: /contato is the Contato page.
    expect(PAGE_RULES.content.builtInSlugs).not.toContain('contato');
    expect(PAGE_RULES.content.builtInSlugs).toContain(SEARCH_BASE_DIR);
    const folders = readdirSync('src/pages', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect([...PAGE_RULES.content.routeFolders].sort()).toEqual(folders.map((entry) => entry.name).sort());
  });

  test.each(PAGES)('%s: the hooks and the build agree', (_name, fields, field) => {
    const record = page(fields);
    expect(Object.keys(hooks.pageProblems(record))).toEqual(field ? [field] : []);
    if (field === 'content') expect(hooks.pageProblems(record).content).toBe('Adicione conteúdo à página antes de publicá-la.');
    expect(pageSchema.safeParse(record).success).toBe(field === null);
  });
});
