/**
 * The admin's texts come from its i18n messages, as in react-admin's demo:
 * every label of an input, field or column
 * bound to a `source` read from `resources.<name>.fields.<source>` (or given as a key
 * of the messages, never as literal text), and every resource registered with an
 * icon and a translated name for the menu. Also, as in the demo, screens read
 * through the providers: only App.tsx, which builds them, imports the PocketBase client.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { messages } from '../../src/admin/i18n';
import { resourceMessages } from '../../src/admin/i18n/resources';

const ADMIN = path.resolve('src/admin');

function has(key: string): boolean {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

function sourceFiles(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, ext);
    return ext.test(entry.name) ? [full] : [];
  });
}

interface Tag {
  file: string;
  line: number;
  name: string;
  attributes: Map<string, ts.JsxAttribute>;
}

/** Every JSX opening tag of the admin's screens, with its attributes by name. */
function jsxTags(): Tag[] {
  const tags: Tag[] = [];
  for (const file of sourceFiles(ADMIN, /\.tsx$/)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const attributes = new Map<string, ts.JsxAttribute>();
        for (const attribute of node.attributes.properties)
          if (ts.isJsxAttribute(attribute)) attributes.set(attribute.name.getText(source), attribute);
        tags.push({
          file: path.relative(process.cwd(), file),
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          name: node.tagName.getText(source),
          attributes,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return tags;
}

const stringValue = (attribute: ts.JsxAttribute | undefined): string | undefined =>
  attribute?.initializer && ts.isStringLiteral(attribute.initializer) ? attribute.initializer.text : undefined;

describe('labels', () => {
  const tags = jsxTags();

  test('the scan sees the screens (a broken parse would pass vacuously)', () => {
    expect(tags.filter((tag) => tag.attributes.has('source')).length).toBeGreaterThan(50);
  });

  test('no input, field or column bound to a source passes a literal label', () => {
    const literal = tags
      .filter((tag) => tag.attributes.has('source') && tag.attributes.has('label'))
      .filter((tag) => {
        const value = stringValue(tag.attributes.get('label'));
        return value === undefined || !has(value);
      })
      .map((tag) => `${tag.file}:${tag.line} <${tag.name}>`);
    expect(literal).toEqual([]);
  });

  test('every label given as a key names a message that exists', () => {
    const unknown = tags
      .map((tag) => ({ tag, value: stringValue(tag.attributes.get('label')) ?? stringValue(tag.attributes.get('primaryText')) }))
      .filter(({ value }) => value !== undefined && /^(resources|admin|ra)\./.test(value) && !has(value))
      .map(({ tag, value }) => `${tag.file}:${tag.line} ${value}`);
    expect(unknown).toEqual([]);
  });
});

describe('resources', () => {
  const app = fs.readFileSync(path.join(ADMIN, 'App.tsx'), 'utf8');
  const registered = [...app.matchAll(/<Resource name="([\w-]+)" \{\.\.\.(\w+)\} \/>/g)].map((match) => match[1]!);

  test('App.tsx registers every resource from its folder', () => {
    expect(registered).toEqual([
      'users',
      'posts',
      'pages',
      'menus',
      'testimonials',
      'faq',
      'partners',
      'products',
      'lines',
      'datasheets',
      'software',
      'media',
      'comments',
      'messages',
      'newsletter',
      'sends',
      'audit',
    ]);
  });

  test.each(registered)('%s exports its screens and icon, and has a translated name', async (name) => {
    const definition = (await import(`../../src/admin/${name}/index.ts`)).default as Record<string, unknown>;
    expect(definition.icon, `${name}/index.ts exports no icon`).toBeTruthy();
    expect(definition.list, `${name}/index.ts exports no list`).toBeTruthy();
    expect(resourceMessages[name as keyof typeof resourceMessages]?.name).toMatch(/\S \|\|\|\| \S/);
  });
});

describe('data access', () => {
  test('no screen imports the PocketBase client: App.tsx hands it to the providers', () => {
    const importers = sourceFiles(ADMIN, /\.tsx?$/)
      .filter((file) => /from '(\.\.?\/)+pocketbase'/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ADMIN, file));
    expect(importers).toEqual(['App.tsx']);
  });
});
