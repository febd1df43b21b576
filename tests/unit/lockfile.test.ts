/**
 * package-lock.json agrees with package.json, so `npm ci` installs the same tree on
 * every machine: the root entry carries package.json's ranges, every
 * locked version satisfies them, and every dependency of every locked package can be
 * found in the lockfile. The last check is what catches the other platforms' native
 * bindings (esbuild, rolldown, lightningcss, @tailwindcss/oxide…) going missing when
 * the lockfile is written from one machine's node_modules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.mjs';

// semver ships no types; satisfies() is all this test needs.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  validRange(range: string): string | null;
};

type Ranges = Record<string, string>;
interface Manifest {
  name?: string;
  version?: string;
  dependencies?: Ranges;
  devDependencies?: Ranges;
  optionalDependencies?: Ranges;
  peerDependencies?: Ranges;
  engines?: Ranges;
}
interface Locked extends Manifest {
  link?: boolean;
  hasInstallScript?: boolean;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(fromRoot(file), 'utf8'));
const manifest = readJson('package.json') as Manifest & { allowScripts?: Record<string, boolean> };
const lockfile = readJson('package-lock.json') as { lockfileVersion: number; packages?: Record<string, Locked> };
const packages = lockfile.packages ?? {};
const root = packages[''] ?? {};

/**
 * Where Node would find `name` from the package at `from`: its own node_modules
 * first, then each enclosing node_modules up to the root.
 */
function resolveLocked(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

const HOW_TO_FIX =
  'package-lock.json não corresponde ao package.json. Rode `npm install --no-audit --no-fund` numa cópia ' +
  'limpa do repositório (sem node_modules) e faça commit do package-lock.json resultante.';

describe('package-lock.json agrees with package.json', () => {
  test('the lockfile lists packages by path (lockfileVersion 3)', () => {
    expect(lockfile.lockfileVersion).toBe(3);
    expect(Object.keys(packages).length).toBeGreaterThan(1);
  });

  test("the root entry has exactly package.json's name, version, dependency ranges and engines", () => {
    const fields = [
      'name',
      'version',
      'dependencies',
      'devDependencies',
      'optionalDependencies',
      'peerDependencies',
      'engines',
    ] as const;
    const pick = (entry: Manifest) => Object.fromEntries(fields.map((field) => [field, entry[field]]));
    expect(pick(root), HOW_TO_FIX).toEqual(pick(manifest));
  });

  test("each locked version of a direct dependency satisfies package.json's range", () => {
    const ranges: Ranges = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies };
    const wrong = Object.entries(ranges)
      .map(([name, range]) => ({ name, range, version: packages[`node_modules/${name}`]?.version }))
      .filter(({ range, version }) => !version || !semver.satisfies(version, range))
      .map(({ name, range, version }) => `${name}: ${range} pedido, ${version ?? 'ausente'} no lockfile`);
    expect(wrong, HOW_TO_FIX).toEqual([]);
  });

  test('every dependency of every locked package is in the lockfile, where Node would look for it, at a matching version', () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(packages)) {
      if (!location.startsWith('node_modules/') || entry.link) continue;
      // Optional ones too: other platforms' native bindings are optional dependencies.
      for (const [name, range] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
        const found = resolveLocked(location, name);
        const version = found ? packages[found]?.version : undefined;
        if (!found) missing.push(`${location} → ${name} ${range}: ausente`);
        // Ranges such as npm: aliases, URLs or tags are not semver ranges; being present is enough for them.
        else if (version && semver.validRange(range) && !semver.satisfies(version, range)) {
          missing.push(`${location} → ${name} ${range}: ${version} no lockfile`);
        }
      }
    }
    expect(missing, HOW_TO_FIX).toEqual([]);
  });
});

/**
 * npm 12 runs no install script that package.json's `allowScripts` does not allow, and
 * the `node` package's is what puts Node 24 in node_modules/.bin: every locked package
 * with one is reviewed there (allowed or denied), and no entry outlives its package.
 * scripts/check-install.mjs proves it by a real install (.ci/run).
 */
describe("package.json's allowScripts covers the lockfile's install scripts", () => {
  // Entries by name: the lockfile has no `resolved` URLs, which npm needs to pin a version.
  const reviewed = Object.keys(manifest.allowScripts ?? {});
  const withScripts = [
    ...new Set(
      Object.entries(packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    ),
  ];

  test('every package with an install script is allowed or denied by name', () => {
    expect(withScripts.length, 'pacotes com script de instalação no lockfile').toBeGreaterThan(0);
    const unreviewed = withScripts.filter((name) => !reviewed.includes(name));
    expect(unreviewed, 'revise com `npm approve-scripts <pacote>` ou `npm deny-scripts <pacote>`').toEqual([]);
  });

  test('every entry names a locked package that still has an install script', () => {
    const stale = reviewed.filter((name) => !withScripts.includes(name));
    expect(stale, 'tire do allowScripts (`npm install-scripts prune`)').toEqual([]);
  });
});
