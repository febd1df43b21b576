// package-lock.json agrees with package.json, so `npm ci` installs the same tree on
// every machine: the root entry carries package.json's ranges, every locked version
// satisfies them, and every dependency of every locked package can be found in the
// lockfile. The last check is what catches the other platforms' native bindings
// (esbuild, rolldown, lightningcss, @tailwindcss/oxide…) going missing when the
// lockfile is written from one machine's node_modules.
//
// npm 12 runs no install script that package.json's `allowScripts` does not allow, and
// the `node` package's is what puts Node 24 in node_modules/.bin: every locked package
// with one is reviewed there (allowed or denied), and no entry outlives its package.
// scripts/check-install.mjs proves it by a real install (.ci/run).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fromRoot } from '../lib/paths.mjs';
import { atLeast, runChecks } from './report.mjs';

// semver ships no types; satisfies() is all this check needs.
const semver = /** @type {{ satisfies(version: string, range: string): boolean, validRange(range: string): string | null }} */ (
  createRequire(import.meta.url)('semver')
);

/** @typedef {Record<string, string>} Ranges */
/**
 * @typedef {object} Manifest
 * @property {string} [name]
 * @property {string} [version]
 * @property {Ranges} [dependencies]
 * @property {Ranges} [devDependencies]
 * @property {Ranges} [optionalDependencies]
 * @property {Ranges} [peerDependencies]
 * @property {Ranges} [engines]
 */
/** @typedef {Manifest & { link?: boolean, hasInstallScript?: boolean }} Locked */

/** @param {string} file @returns {any} */
const readJson = (file) => JSON.parse(readFileSync(fromRoot(file), 'utf8'));
const manifest = /** @type {Manifest & { allowScripts?: Record<string, boolean> }} */ (readJson('package.json'));
const lockfile = /** @type {{ lockfileVersion: number, packages?: Record<string, Locked> }} */ (readJson('package-lock.json'));
const packages = lockfile.packages ?? {};
const root = packages[''] ?? {};

/**
 * Where Node would find `name` from the package at `from`: its own node_modules
 * first, then each enclosing node_modules up to the root.
 * @param {string} from @param {string} name
 * @returns {string | undefined}
 */
function resolveLocked(from, name) {
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

// Entries by name: the lockfile has no `resolved` URLs, which npm needs to pin a version.
const reviewed = Object.keys(manifest.allowScripts ?? {});
const withScripts = [
  ...new Set(
    Object.entries(packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
];

await runChecks('package-lock.json', [
  [
    'the lockfile lists packages by path (lockfileVersion 3)',
    () => {
      assert.equal(lockfile.lockfileVersion, 3);
      atLeast(Object.keys(packages).length, 2, 'pacotes no lockfile');
    },
  ],
  [
    "the root entry has exactly package.json's name, version, dependency ranges and engines",
    () => {
      const fields = /** @type {const} */ ([
        'name',
        'version',
        'dependencies',
        'devDependencies',
        'optionalDependencies',
        'peerDependencies',
        'engines',
      ]);
      const pick = (/** @type {Manifest} */ entry) => Object.fromEntries(fields.map((field) => [field, entry[field]]));
      assert.deepEqual(pick(root), pick(manifest), HOW_TO_FIX);
    },
  ],
  [
    "each locked version of a direct dependency satisfies package.json's range",
    () => {
      /** @type {Ranges} */
      const ranges = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies };
      const wrong = Object.entries(ranges)
        .map(([name, range]) => ({ name, range, version: packages[`node_modules/${name}`]?.version }))
        .filter(({ range, version }) => !version || !semver.satisfies(version, range))
        .map(({ name, range, version }) => `${name}: ${range} pedido, ${version ?? 'ausente'} no lockfile`);
      assert.deepEqual(wrong, [], HOW_TO_FIX);
    },
  ],
  [
    'every dependency of every locked package is in the lockfile, where Node would look for it, at a matching version',
    () => {
      /** @type {string[]} */
      const missing = [];
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
      assert.deepEqual(missing, [], HOW_TO_FIX);
    },
  ],
  [
    'allowScripts: every package with an install script is allowed or denied by name',
    () => {
      atLeast(withScripts.length, 1, 'pacotes com script de instalação no lockfile');
      const unreviewed = withScripts.filter((name) => !reviewed.includes(name));
      assert.deepEqual(unreviewed, [], 'revise com `npm approve-scripts <pacote>` ou `npm deny-scripts <pacote>`');
    },
  ],
  [
    'allowScripts: every entry names a locked package that still has an install script',
    () => {
      const stale = reviewed.filter((name) => !withScripts.includes(name));
      assert.deepEqual(stale, [], 'tire do allowScripts (`npm install-scripts prune`)');
    },
  ],
]);
