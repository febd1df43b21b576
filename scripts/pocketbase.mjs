// Resolves the PocketBase binary, in this order:
//   1. POCKETBASE_BIN, when set;
//   2. a cached build of the pinned version (.cache/pocketbase/);
//   3. `go build` of server/ when Go is installed (the version is pinned by server/go.mod);
//   4. the official release archive of the same version, checked against its SHA-256.
// Run directly (`npm run pocketbase`), it prints the binary's path.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, rename, writeFile, access, constants } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromRoot } from './lib/paths.mjs';
import { extractZipEntry } from './lib/unzip.mjs';

/**
 * SHA-256 of the official release archives, per version and platform.
 * @type {Record<string, Record<string, string>>}
 */
const RELEASE_SHA256 = {
  '0.39.11': {
    linux_amd64: '08b9fcda0d5fd42cb315dc15a36dfa121c993855bd635f01d347c31b4328ec34',
    linux_arm64: '8c785618840df7ebba795fdf4eba33a5fed64ac5307ad8023b955b4ebb82048b',
    darwin_amd64: '888892fe5fe64cea4a1441937671e191b32ed8f322fa09d3d7b3ca2fc1d7be29',
    darwin_arm64: '9da6fbe11e82c5b1704e56f7457b24682e01c510206c29b798a458119fa2be20',
  },
};

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
  for (const file of ['go.mod', 'go.sum', 'main.go']) {
    hash.update(file).update(await readFile(path.join(SERVER_DIR, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** @param {string} file */
async function isExecutable(file) {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasGo() {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

/** The release archive's platform suffix for this machine, e.g. linux_amd64. */
function releasePlatform() {
  /** @type {Record<string, string>} */
  const systems = { linux: 'linux', darwin: 'darwin' };
  /** @type {Record<string, string>} */
  const architectures = { x64: 'amd64', arm64: 'arm64' };
  const os = systems[process.platform];
  const arch = architectures[process.arch];
  return os && arch ? `${os}_${arch}` : undefined;
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
  execFileSync(
    'go',
    ['build', '-trimpath', '-ldflags', `-s -w -X github.com/pocketbase/pocketbase.Version=${version}`, '-o', temporary, '.'],
    { cwd: SERVER_DIR, stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' } },
  );
  await rename(temporary, target);
  log(`PocketBase compilado em ${Math.round((Date.now() - started) / 1000)} s.`);
}

/**
 * @param {string} version
 * @param {string} platform e.g. linux_amd64
 * @param {string} target where the binary goes
 */
async function downloadRelease(version, platform, target) {
  const expected = RELEASE_SHA256[version]?.[platform];
  if (!expected) {
    throw new Error(
      `Não há checksum conhecido para o PocketBase ${version} em ${platform}. Instale o Go (https://go.dev/dl/) ` +
        'para compilar server/, ou aponte POCKETBASE_BIN para um binário do PocketBase.',
    );
  }
  const url = `https://github.com/pocketbase/pocketbase/releases/download/v${version}/pocketbase_${version}_${platform}.zip`;
  log(`Go não encontrado: baixando a versão oficial ${version} (${platform})…`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Falha ao baixar ${url}: HTTP ${response.status}`);
  const archive = Buffer.from(await response.arrayBuffer());
  const actual = createHash('sha256').update(archive).digest('hex');
  if (actual !== expected) {
    throw new Error(`Checksum inválido para ${url}: esperado ${expected}, obtido ${actual}. O arquivo foi descartado.`);
  }
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}`;
  await writeFile(temporary, extractZipEntry(archive, 'pocketbase'));
  await chmod(temporary, 0o755);
  await rename(temporary, target);
}

/**
 * Returns the absolute path of a PocketBase binary of the pinned version,
 * building or downloading it when needed.
 */
export async function resolvePocketBase() {
  const fromEnv = process.env.POCKETBASE_BIN;
  if (fromEnv) {
    const bin = path.resolve(fromEnv);
    if (!(await isExecutable(bin))) throw new Error(`POCKETBASE_BIN aponta para "${bin}", que não é um executável.`);
    return bin;
  }

  const version = await pinnedVersion();
  const built = path.join(CACHE_DIR, `${version}-${await sourceHash()}`, 'pocketbase');
  if (await isExecutable(built)) return built;

  if (hasGo()) {
    await buildWithGo(version, built);
    return built;
  }

  const platform = releasePlatform();
  const official = path.join(CACHE_DIR, `${version}-official-${platform}`, 'pocketbase');
  if (await isExecutable(official)) return official;
  if (!platform) throw new Error(`Plataforma ${process.platform}/${process.arch} sem binário oficial: instale o Go.`);
  await downloadRelease(version, platform, official);
  return official;
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
