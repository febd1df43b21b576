import { spawnSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../lib/paths.mjs';

/** Inputs of `astro build`: a change to any of them makes the built site stale. */
const INPUTS = ['src', 'shared', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/**
 * Environment variables read at build time; the stamp records them. PB_DATA_IDENTITY
 * names the data the site was built from (scripts/lib/data-dir.mjs): a site built from
 * other data is stale even when the code is not.
 */
const BUILD_ENV = ['PUBLIC_SITE_URL', 'PUBLIC_ANALYTICS_ID', 'PUBLIC_API_URL', 'POCKETBASE_URL', 'PB_DATA_IDENTITY'];
const STAMP = '.build-stamp.json';

/**
 * Newest modification time under a file or folder (0 when it does not exist).
 * @param {string} entry
 * @returns {Promise<number>}
 */
async function newestMtime(entry) {
  let info;
  try {
    info = await stat(entry);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of await readdir(entry)) newest = Math.max(newest, await newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * Newest modification time among files and folders given from the repository's root.
 * @param {string[]} entries
 */
export async function newestOf(entries) {
  let newest = 0;
  for (const entry of entries) newest = Math.max(newest, await newestMtime(fromRoot(entry)));
  return newest;
}

/** @param {NodeJS.ProcessEnv} env */
function buildEnv(env) {
  return Object.fromEntries(BUILD_ENV.map((name) => [name, env[name] ?? '']));
}

/**
 * True when outDir holds a build made from the current inputs and settings.
 * @param {string} outDir
 * @param {NodeJS.ProcessEnv} [env]
 */
export async function isBuildFresh(outDir, env = process.env) {
  let stamp;
  try {
    stamp = JSON.parse(await readFile(path.join(outDir, STAMP), 'utf8'));
  } catch {
    return false;
  }
  if (JSON.stringify(stamp.env) !== JSON.stringify(buildEnv(env))) return false;
  return (await newestOf(INPUTS)) <= stamp.builtAt;
}

/**
 * True when outDir holds a build made from other data than `identity` names
 * (scripts/lib/data-dir.mjs): serving it would show another database's content. A
 * stamp that does not say (made before it was recorded) is not taken for other data.
 * @param {string} outDir
 * @param {string} identity
 */
export async function isBuiltFromOtherData(outDir, identity) {
  try {
    const stamp = JSON.parse(await readFile(path.join(outDir, STAMP), 'utf8'));
    const recorded = stamp?.env?.PB_DATA_IDENTITY;
    return typeof recorded === 'string' && recorded !== '' && recorded !== identity;
  } catch {
    return false;
  }
}

/**
 * Records what a build in outDir was made from (read back by isBuildFresh).
 * @param {string} outDir
 * @param {number} builtAt when the build started (ms)
 * @param {NodeJS.ProcessEnv} env
 */
export function writeBuildStamp(outDir, builtAt, env) {
  return writeFile(path.join(outDir, STAMP), JSON.stringify({ builtAt, env: buildEnv(env) }));
}

/**
 * Set for every `astro build` process. Vite's bundler (rolldown) allocates through
 * mimalloc, which returns freed pages to the system only on its next allocation after
 * a delay: once bundling ends its threads allocate no more, and ~400 MB at 10,000
 * posts stayed resident through page generation and compression (a build then peaked
 * at 2.15 GB instead of 1.73 GB). With no delay they are returned as they are freed.
 * An operator's own value wins.
 */
export const BUILD_PROCESS_ENV = { MIMALLOC_PURGE_DELAY: '0' };

/**
 * Runs `astro build` into outDir (unless it is fresh and `force` is false).
 * @param {{ outDir?: string, env?: NodeJS.ProcessEnv, force?: boolean }} [options]
 * @returns {Promise<boolean>} whether a build ran
 */
export async function buildSite({ outDir = fromRoot('dist'), env = process.env, force = false } = {}) {
  if (!force && (await isBuildFresh(outDir, env))) return false;
  const startedAt = Date.now();
  process.stderr.write(`[site] Gerando o site estático em ${path.relative(fromRoot(), outDir) || '.'}/…\n`);
  const result = spawnSync(process.execPath, [fromRoot('node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: fromRoot(),
    stdio: 'inherit',
    env: { ...BUILD_PROCESS_ENV, ...env, ASTRO_OUT_DIR: outDir },
  });
  if (result.status !== 0) throw new Error('astro build falhou (veja as mensagens acima)');
  await writeBuildStamp(outDir, startedAt, env);
  process.stderr.write(`[site] Site gerado em ${Math.round((Date.now() - startedAt) / 1000)} s.\n`);
  return true;
}
