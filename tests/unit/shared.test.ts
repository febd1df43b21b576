/**
 * shared/ holds what the site and the hooks both apply, written once. The site imports
 * its modules as ES modules; the hooks load them through pb_hooks/lib/common/shared.js,
 * which evaluates a module's text with its `export` keywords taken off. Every module must
 * come out the same both ways, and nothing in src/ may reach into pb_hooks/ or back.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHARED = path.join(ROOT, 'shared');
const require = createRequire(import.meta.url);
(globalThis as Record<string, unknown>).__hooks = path.join(ROOT, 'pb_hooks');
const { sharedModule } = require('../../pb_hooks/lib/common/shared.js') as {
  sharedModule: (name: string) => Record<string, unknown>;
};
/** A value as both runtimes can show it: functions by kind, patterns by their source. */
function comparable(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (value instanceof RegExp || Object.prototype.toString.call(value) === '[object RegExp]') return String(value);
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  return value;
}

const modules = readdirSync(SHARED).filter((name) => name.endsWith('.js'));

describe('shared modules load the same in the site and in the hooks', () => {
  test('there are modules to compare', () => {
    expect(modules).toEqual(expect.arrayContaining(['slug.js', 'line-endings.js']));
  });

  test.each(modules)('%s exports the same names, of the same kinds, both ways', async (name) => {
    const esm = (await import(path.join(SHARED, name))) as Record<string, unknown>;
    const hooks = sharedModule(name);
    expect(Object.keys(hooks).sort()).toEqual(Object.keys(esm).sort());
    for (const key of Object.keys(esm)) expect(comparable(hooks[key]), key).toEqual(comparable(esm[key]));
  });

  test('the loader refuses a module it cannot load faithfully (an import, a default export)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shared-'));
    mkdirSync(path.join(dir, 'shared'));
    mkdirSync(path.join(dir, 'pb_hooks'));
    writeFileSync(path.join(dir, 'shared', 'imports.js'), "import { fold } from './slug.js';\nexport const A = 1;\n");
    writeFileSync(path.join(dir, 'shared', 'default.js'), 'export default function f() {}\n');
    writeFileSync(path.join(dir, 'shared', 'plain.js'), 'export const A = 1;\nexport function twice(n) {\n  return 2 * n;\n}\n');
    const hooks = (globalThis as Record<string, unknown>).__hooks;
    (globalThis as Record<string, unknown>).__hooks = path.join(dir, 'pb_hooks');
    try {
      expect(() => sharedModule('imports.js')).toThrow(/only 'export function' and 'export const'/);
      expect(() => sharedModule('default.js')).toThrow(/only 'export function' and 'export const'/);
      const plain = sharedModule('plain.js') as { A: number; twice: (n: number) => number };
      expect([plain.A, plain.twice(4)]).toEqual([1, 8]);
    } finally {
      (globalThis as Record<string, unknown>).__hooks = hooks;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('line endings: the hooks and the site turn "\\r\\n" and a lone "\\r" into "\\n"', async () => {
    const esm = (await import('../../shared/line-endings.js')) as { normalizeLineEndings: (text: string) => string };
    const hooks = sharedModule('line-endings.js') as typeof esm;
    for (const fn of [esm.normalizeLineEndings, hooks.normalizeLineEndings]) {
      expect(fn('a\r\nb\rc\n')).toBe('a\nb\nc\n');
      expect(fn('sem quebra')).toBe('sem quebra');
    }
  });
});
