// Resolves the PocketBase binary, in this order:
//   1. POCKETBASE_BIN, when set (refused when built from an older server/ that lacks
//      one of SERVER_FEATURES, which it reports in --version);
//   2. a cached build of the pinned version (.cache/pocketbase/);
//   3. `go build` of server/ (the version is pinned by server/go.mod). The official
//      release binary is no substitute: server/ adds the site serving (package site).
// Run directly (`npm run pocketbase`), it prints the binary's path.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExecutable } from './lib/go-tool.mjs';
import { fromRoot } from './lib/paths.mjs';

const SERVER_DIR = fromRoot('server');
const CACHE_DIR = fromRoot('.cache', 'pocketbase');

/** The PocketBase version pinned in server/go.mod. */
export async function pinnedVersion() {
  const goMod = await readFile(path.join(SERVER_DIR, 'go.mod'), 'utf8');
  const match = goMod.match(/github\.com\/pocketbase\/pocketbase v(\d+\.\d+\.\d+)/);
  if (!match?.[1]) throw new Error('server/go.mod não fixa uma versão de github.com/pocketbase/pocketbase');
  return match[1];
}

/** Hash of the Go sources, so a change to server/ invalidates the cached build. */
async function sourceHash() {
  const hash = createHash('sha256');
  const entries = await readdir(SERVER_DIR, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /(\.go|^go\.mod|^go\.sum)$/.test(entry.name) && !entry.name.endsWith('_test.go'))
    .map((entry) => path.relative(SERVER_DIR, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    hash.update(file).update(await readFile(path.join(SERVER_DIR, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

function hasGo() {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

/**
 * The `go build` arguments (run in server/), as the Dockerfile's Go stage has them.
 * @param {string} version the PocketBase version the binary reports
 * @param {string} output where the binary goes
 */
export function goBuildArgs(version, output) {
  return ['build', '-trimpath', '-ldflags', `-s -w -X github.com/pocketbase/pocketbase.Version=${version}`, '-o', output, '.'];
}

/**
 * @param {string} version
 * @param {string} target where the binary goes
 */
async function buildWithGo(version, target) {
  log(`Compilando o PocketBase ${version} a partir de server/ (a primeira vez leva alguns minutos)…`);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}`;
  const started = Date.now();
  execFileSync('go', goBuildArgs(version, temporary), {
    cwd: SERVER_DIR,
    stdio: 'inherit',
    env: { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' },
  });
  await rename(temporary, target);
  log(`PocketBase compilado em ${Math.round((Date.now() - started) / 1000)} s.`);
}

/**
 * What server/ adds to PocketBase, as its --version reports it ("(operium: site
 * forms)", server/main.go): a binary without one was built from an older server/ (or is
 * the official release) and would not serve the site or answer the forms sent without
 * JavaScript.
 */
export const SERVER_FEATURES = ['site', 'forms', 'newsletter', 'jobs', 'mailtimeout', 'replication'];

/**
 * The features a `--version` output reports, or [] for a binary that reports none.
 * @param {string} versionText
 * @returns {string[]}
 */
export function reportedFeatures(versionText) {
  const match = /\(operium: ([^)]*)\)/.exec(versionText);
  return match?.[1]?.split(/\s+/).filter(Boolean) ?? [];
}

/** Binaries already found to have every feature, so a process asks each once. */
const checkedBinaries = new Set();

/**
 * Throws, in pt-BR, when the binary lacks one of SERVER_FEATURES.
 * @param {string} bin
 */
export function assertServerFeatures(bin) {
  if (checkedBinaries.has(bin)) return;
  let output;
  try {
    output = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`POCKETBASE_BIN aponta para "${bin}", que não respondeu a --version.`, { cause: error });
  }
  const reported = reportedFeatures(output);
  const missing = SERVER_FEATURES.filter((feature) => !reported.includes(feature));
  if (missing.length) {
    throw new Error(
      `POCKETBASE_BIN aponta para "${bin}", compilado sem ${missing.join(', ')} (${output.trim()}): ` +
        'recompile a partir de server/ (npm run pocketbase) ou remova a variável.',
    );
  }
  checkedBinaries.add(bin);
}

/**
 * Returns the absolute path of a PocketBase binary of the pinned version,
 * building it when needed.
 */
export async function resolvePocketBase() {
  const fromEnv = process.env.POCKETBASE_BIN;
  if (fromEnv) {
    const bin = path.resolve(fromEnv);
    if (!(await isExecutable(bin))) throw new Error(`POCKETBASE_BIN aponta para "${bin}", que não é um executável.`);
    assertServerFeatures(bin);
    return bin;
  }

  const version = await pinnedVersion();
  const built = path.join(CACHE_DIR, `${version}-${await sourceHash()}`, 'pocketbase');
  if (await isExecutable(built)) return built;

  if (!hasGo()) {
    throw new Error(
      'O Go (≥ 1.25) é necessário para compilar o PocketBase deste projeto (server/): instale-o ' +
        '(https://go.dev/dl/) ou aponte POCKETBASE_BIN para um binário compilado de server/.',
    );
  }
  await buildWithGo(version, built);
  return built;
}

/** @param {string} message */
function log(message) {
  process.stderr.write(`[pocketbase] ${message}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(await resolvePocketBase());
  } catch (error) {
    console.error(`[pocketbase] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
