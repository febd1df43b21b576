/**
 * The project's shape, checked by machine (issue #21): one way for each thing.
 * Each rule names the files that break it, so a failure says what to move.
 * The admin's own rules (labels from i18n, icons, data through the providers) are
 * in tests/unit/admin-i18n.test.ts.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.astro', '.cache', 'pb_data', '.git', 'test-results', 'playwright-report']);

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    const absolute = path.join(ROOT, relative);
    if (!existsSync(absolute)) return;
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (extensions.some((extension) => entry.name.endsWith(extension))) found.push(child);
    }
  };
  walk(dir);
  return found;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const CODE = ['.ts', '.tsx', '.mjs', '.js', '.astro', '.go'];

describe('benchmarks are a leaf', () => {
  test('nothing in scripts/, src/, pb_hooks/ or server/ imports from bench/', () => {
    const offenders = ['scripts', 'src', 'pb_hooks', 'server']
      .flatMap((dir) => filesUnder(dir, CODE))
      .filter((file) => /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"][^'"]*\bbench\//.test(read(file)));
    expect(offenders).toEqual([]);
  });
});

describe('route files are thin', () => {
  const routes = filesUnder('src/pages', ['.astro', '.ts']);

  test('no route file is over 60 lines', () => {
    expect(routes).toContain('src/pages/index.astro');
    const long = routes
      .map((file) => ({ file, lines: read(file).trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > 60)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });

  test('routes read collections through src/lib and neither sort nor filter them', () => {
    const offenders = routes.filter((file) => /\bget(?:Collection|Entry|Entries)\(|\.sort\(|\.filter\(/.test(read(file)));
    expect(offenders).toEqual([]);
  });

  test('pages and components import no content JSON directly (only through the collections)', () => {
    const offenders = [...routes, ...filesUnder('src/components', ['.astro', '.ts', '.tsx'])].filter((file) =>
      /from\s+['"][./]*content\/[^'"]+\.json['"]/.test(read(file)),
    );
    expect(offenders).toEqual([]);
  });
});

describe('one formatting module', () => {
  test('only src/lib/format.ts formats dates, numbers and sizes for people', () => {
    const formatting = /\.toLocale(?:Date|Time)?String\(|\bIntl\.|import\s*\{[^}]*\bformat\w*\b[^}]*\}\s*from\s*['"]date-fns/;
    const offenders = filesUnder('src', ['.ts', '.tsx', '.astro', '.mjs']).filter(
      (file) => file !== 'src/lib/format.ts' && formatting.test(read(file)),
    );
    expect(offenders).toEqual([]);
  });
});

describe('comments tell the truth', () => {
  const TOP = ['src', 'scripts', 'pb_hooks', 'pb_migrations', 'server', 'tests', 'bench', 'public', '.ci', '.github'];
  const pathInText = new RegExp(
    `(?<![\\w./-])((?:${TOP.map((top) => top.replace('.', '\\.')).join('|')})/[\\w./\\[\\]-]*[\\w\\]])`,
    'g',
  );

  /** The text of the comments of a source file (line, block and HTML comments). */
  function commentsOf(text: string): string[] {
    const comments: string[] = [];
    const pattern = /\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|(?<![:'"`\w\\])\/\/[^\n]*/g;
    for (const match of text.matchAll(pattern)) comments.push(match[0]);
    return comments;
  }

  /** A file name with a folder and a source extension, e.g. lib/audit.js or ../config/site.ts. */
  const relativeFile = /(?<![\w./@'"`-])((?:\.\.?\/)*[\w-]+(?:\/[\w.[\]-]+)+\.(?:ts|tsx|js|mjs|astro|go|json|css))(?![\w/-])/g;

  /** A relative name may be meant from the citing file's folder or any folder above it. */
  function resolves(file: string, cited: string): boolean {
    for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
      if (existsSync(path.join(ROOT, dir, cited))) return true;
      if (dir === '.' || dir === '') return false;
    }
  }

  test('every path a comment names exists', () => {
    const missing = new Set<string>();
    for (const file of ['astro.config.mjs', ...TOP.flatMap((dir) => filesUnder(dir, [...CODE, '.css', '.sh']))]) {
      if (file === 'tests/unit/structure.test.ts') continue;
      for (const comment of commentsOf(read(file))) {
        for (const [, cited = ''] of comment.matchAll(pathInText)) {
          if (/[*{}<>$]/.test(cited)) continue;
          const target = cited.replace(/[.,;:]+$/, '');
          if (!existsSync(path.join(ROOT, target))) missing.add(`${file}: ${target}`);
        }
        for (const [, cited = ''] of comment.matchAll(relativeFile)) {
          if (/^(?:node_modules|github\.com|pocketbase)\//.test(cited) || cited.includes('pb_data/')) continue;
          if (!resolves(file, cited)) missing.add(`${file}: ${cited}`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });

  test('integrations live together in src/integrations', () => {
    // astro.config.mjs is configuration: it imports integrations and the site's origin, nothing else of ours.
    const config = read('astro.config.mjs');
    const localImports = [...config.matchAll(/from\s+['"](\.\/[^'"]+)['"]/g)].map((match) => String(match[1]));
    expect(localImports.filter((file) => !/^\.\/src\/(integrations|config)\//.test(file))).toEqual([]);
  });

  test('test helpers exist once', () => {
    const names = filesUnder('tests', ['.ts']).filter((file) => !/\.(test|spec)\.ts$/.test(file));
    const byName = new Map<string, string[]>();
    for (const file of names) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file]);
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
    expect(statSync(path.join(ROOT, 'tests/helpers')).isDirectory()).toBe(true);
  });
});

describe('the site is served by PocketBase, without the API’s JS checks', () => {
  test('the site’s route leaves out the JS request guards by the id pb_hooks/requests.pb.js gives them', () => {
    const id = read('server/site/site.go').match(/RequestGuardsID = "([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(read('server/site/site.go')).toMatch(/\.\s*Unbind\(RequestGuardsID\)/);
    expect(read('pb_hooks/requests.pb.js')).toContain(`routerUse(new Middleware(`);
    expect(read('pb_hooks/requests.pb.js')).toContain(`"${id}"`);
  });
});

describe('the admin reaches the server one way', () => {
  /**
   * The transport: the only admin files that may call the server. The two data
   * providers are react-admin's way to the server (records through the SDK, the REST
   * routes through ra-data-simple-rest, and the named custom methods screens call with
   * useAdminDataProvider); the auth provider is react-admin's way to the session, and
   * session.ts is its helper (verifySession reads the own record); pocketbase.ts builds
   * the one SDK client.
   */
  const TRANSPORT = new Set(
    ['dataProvider.ts', 'restDataProvider.ts', 'authProvider.ts', 'session.ts', 'pocketbase.ts'].map(
      (file) => `src/admin/${file}`,
    ),
  );

  test('no admin file but the providers calls fetch(, pb.send( or .collection(', () => {
    const files = filesUnder('src/admin', ['.ts', '.tsx']);
    expect(files).toContain('src/admin/privacy/PrivacyPage.tsx');
    // Code only: a comment may say what fetch() does (comment lines, and `// …` after code).
    const code = (file: string) =>
      read(file)
        .split('\n')
        .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
        .map((line) => line.replace(/\s\/\/\s.*$/, ''))
        .join('\n');
    const offenders = files.filter((file) => !TRANSPORT.has(file) && /\bfetch\(|\bpb\.send\(|\.collection\(/.test(code(file)));
    expect(offenders).toEqual([]);
  });
});
