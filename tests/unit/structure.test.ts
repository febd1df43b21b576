/**
 * The project's shape, checked by machine: one way for each thing.
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
/** A comment of a source file: line, block or HTML (a `//` after a colon or quote is in a URL or a string). */
const COMMENT = /\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|(?<![:'"`\w\\])\/\/[^\n]*/g;

describe('benchmarks are a leaf', () => {
  test('nothing in scripts/, src/, pb_hooks/ or server/ imports from bench/', () => {
    const offenders = ['scripts', 'src', 'pb_hooks', 'server']
      .flatMap((dir) => filesUnder(dir, CODE))
      .filter((file) => /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"][^'"]*\bbench\//.test(read(file)));
    expect(offenders).toEqual([]);
  });
});

describe('the hooks read the built site, not the sources', () => {
  test('the hooks never read src/ at run time', () => {
    // What the hooks need of the site comes from the built site (pb_hooks/lib/common/live-site.js):
    // the server may run where no sources are (the static Docker target). Comments may cite src/.
    const srcPath = /(?<![\w-])src(?:\/|(?=["'`]))/;
    const offenders = filesUnder('pb_hooks', ['.js']).filter((file) => srcPath.test(read(file).replace(COMMENT, '')));
    expect(filesUnder('pb_hooks', ['.js'])).toContain('pb_hooks/lib/posts/git-articles.js');
    expect(offenders).toEqual([]);
  });
});

describe('modules form no cycle', () => {
  /** The src/ modules a file imports at run time (type-only imports are erased), as paths from the root. */
  function runtimeImports(file: string): string[] {
    const found: string[] = [];
    for (const [, typeOnly, spec = ''] of read(file).matchAll(/^\s*import\s+(type\s)?[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
      if (typeOnly) continue;
      const base = path.posix.join(path.posix.dirname(file), spec);
      const target = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
        (candidate) => existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile(),
      );
      if (target) found.push(target);
    }
    return found;
  }

  test('no module of src/ imports, through others, a module that imports it', () => {
    const files = filesUnder('src', ['.ts', '.tsx', '.mjs', '.astro']);
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const cycles: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of runtimeImports(file)) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(files).toContain('src/lib/cms/loaders.ts');
    expect(cycles).toEqual([]);
  });
});

describe('route files are thin', () => {
  const routes = filesUnder('src/pages', ['.astro', '.ts']);

  test('no route file is over 60 lines', () => {
    expect(routes).toContain('src/pages/[...page].astro');
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
    return [...text.matchAll(COMMENT)].map((match) => match[0]);
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

  /** Shell, YAML and Dockerfile comments: from a # at a line's start or after a space, to its end. */
  const hashComments = (text: string) => [...text.matchAll(/(?:^|\s)(#(?!!)[^\n]*)/g)].map((match) => match[1]!);
  /** An issue or pull request by number: "issue 47", "(#21)", "withastro/astro#18087". */
  const issueNumber = /\b(?:issues?|PR|pull request)\s*#?\d+|(?<![\w&])#\d{1,5}\b|[\w.-]+\/[\w.-]+#\d+/i;
  /** The product's source documents, which live outside the repository: "the spec's text", "spec §5". */
  const outsideSpec = /\b(?:[Tt]he|[Aa]|[Ii]ts|[Oo]ur) spec\b|\bspec(?:'s|’s)|\bspec (?:§|rule\b)|\bspec:|§\s*\d/;
  /**
   * A document, hook or test named without its folder ("ARCHITECTURE.md", "zz-public-forms.pb.js"):
   * those all live in the repository, so the name must be one of its files.
   */
  const bareFile = /(?<![\w./@*-])((?:[\w-]+\.)*[\w-]+\.(?:md|pb\.js|test\.ts|spec\.ts))(?![\w/-])/g;

  test('comments cite no issue number and no document outside the repository', () => {
    const names = new Set(filesUnder('.', ['']).map((file) => path.posix.basename(file)));
    const everyFile = [
      ...readdirSync(ROOT).filter((name) => statSync(path.join(ROOT, name)).isFile() && !name.endsWith('.json')),
      ...TOP.flatMap((dir) => filesUnder(dir, [...CODE, '.css', '.sh', '.yml', '.yaml'])),
      '.ci/run',
    ];
    const offenders: string[] = [];
    for (const file of everyFile) {
      if (file === 'tests/unit/structure.test.ts' || file === 'README.md') continue;
      const text = read(file);
      const hashed = /\.(ya?ml|sh)$|^\.ci\/run$|^Dockerfile$|^\.\w+ignore$/.test(file);
      for (const comment of hashed ? hashComments(text) : commentsOf(text)) {
        const line = comment.split('\n').find((part) => issueNumber.test(part) || outsideSpec.test(part));
        if (line) offenders.push(`${file}: ${line.trim()}`);
        for (const [, cited = ''] of comment.matchAll(bareFile)) {
          if (!names.has(cited)) offenders.push(`${file}: ${cited} (não existe no repositório)`);
        }
      }
    }
    expect(offenders).toEqual([]);
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

describe('each runtime keeps to its side; what both apply is in shared/', () => {
  /** The modules a file imports or requires (static, dynamic and the hooks' `${__hooks}/…`). */
  const specifiers = (text: string) =>
    [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)(['"`])([^'"`]+)\1/g)].map((match) => String(match[2]));

  test('src/ never imports pb_hooks/', () => {
    const offenders = filesUnder('src', CODE).filter((file) => specifiers(read(file)).some((spec) => spec.includes('pb_hooks/')));
    expect(offenders).toEqual([]);
  });

  test('pb_hooks/ never imports src/ or scripts/', () => {
    const offenders = filesUnder('pb_hooks', CODE).filter((file) =>
      specifiers(read(file)).some((spec) => /(?:^|\/)(?:src|scripts)\//.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  test('shared/ holds rules only: it imports nothing', () => {
    const modules = filesUnder('shared', CODE);
    expect(modules).toContain('shared/slug.js');
    expect(modules.filter((file) => specifiers(read(file)).length > 0)).toEqual([]);
  });
});

describe('a feature is found by its name, in one folder per side', () => {
  test('pb_hooks/lib holds feature folders only', () => {
    const loose = readdirSync(path.join(ROOT, 'pb_hooks/lib'), { withFileTypes: true }).filter((entry) => !entry.isDirectory());
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });

  test('src/lib holds feature folders, plus the few modules every feature uses', () => {
    const loose = readdirSync(path.join(ROOT, 'src/lib'), { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name);
    expect(loose.sort()).toEqual(['dates.ts', 'format.ts', 'permissions.ts']);
  });

  test('each feature that crosses runtimes says, in a README at its folder, which part runs where', () => {
    const folders = [
      'shared',
      'pb_hooks/lib/newsletter',
      'pb_hooks/lib/forms',
      'pb_hooks/lib/publishing',
      'pb_hooks/lib/backups',
      'pb_hooks/lib/analytics',
      'pb_hooks/lib/media',
      'pb_hooks/lib/catalog',
      'src/lib/search',
    ];
    expect(folders.filter((folder) => !existsSync(path.join(ROOT, folder, 'README.md')))).toEqual([]);
  });
});

describe('files stay readable', () => {
  test('no source file is over 400 lines without a comment saying why ("Long on purpose:")', () => {
    const long = ['src', 'pb_hooks', 'pb_migrations', 'server', 'scripts', 'shared', 'bench']
      .flatMap((dir) => filesUnder(dir, CODE))
      .filter((file) => {
        const text = read(file);
        return text.trimEnd().split('\n').length > 400 && !/Long on purpose:/.test(text);
      });
    expect(long).toEqual([]);
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
