/**
 * Route files stay thin (issue #21): they hand data from the query modules in
 * src/lib to components, and the JSON content reaches them only through the
 * schema-checked collections of src/content.config.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string) =>
  readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(astro|ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
const routes = files('src/pages');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The CMS page route filters the pages it must not shadow; point 1 of issue #21 moves that to a loader. */
const FILTER_EXEMPT = new Set(['src/pages/[page].astro']);

describe('route files', () => {
  test('are found', () => {
    expect(routes).toContain('src/pages/index.astro');
  });

  test.each(routes)('%s has at most 60 lines', (file) => {
    expect(read(file).split('\n').length - 1).toBeLessThanOrEqual(60);
  });

  test.each(routes)('%s reads collections only through src/lib', (file) => {
    const source = read(file);
    expect(source).not.toMatch(/\bget(Collection|Entry|Entries)\(/);
    expect(source).not.toMatch(/\.sort\(/);
    if (!FILTER_EXEMPT.has(file)) expect(source).not.toMatch(/\.filter\(/);
  });
});

test('pages and components import no content JSON directly', () => {
  const offenders = [...routes, ...files('src/components')].filter((file) =>
    /from\s+['"][./]*content\/[^'"]+\.json['"]/.test(read(file)),
  );
  expect(offenders).toEqual([]);
});
