// A production build of the site (the same `astro build`, with astro.config.mjs) that
// also records the client bundle's module graph: which source modules landed in which
// emitted chunk, and who imports whom. Benchmarks read it to tell admin code apart
// from public code by module, not by file name.
//   node bench/lib/site-build-with-chunks.mjs <outDir> <chunkMapFile>
// Runs in its own process (Astro needs Node ≥ 22; the caller picks the binary).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildFresh, writeBuildStamp } from '../../scripts/publish/fresh-build.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { chunkMapRecorder } from './chunk-map.mjs';

/**
 * Builds the site into outDir with the chunk map beside it, unless both are fresh.
 * @param {{ outDir: string, chunkMapFile: string, cacheDir: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<boolean>} whether a build ran
 */
export async function buildSiteWithChunkMap({ outDir, chunkMapFile, cacheDir, env }) {
  if (existsSync(chunkMapFile) && (await isBuildFresh(outDir, env))) return false;
  // Astro 7 needs Node ≥ 22: prefer the project's pinned Node (the `node` devDependency).
  const pinnedNode = fromRoot('node_modules', '.bin', 'node');
  const nodeBin = existsSync(pinnedNode) ? pinnedNode : process.execPath;
  const startedAt = Date.now();
  const result = spawnSync(nodeBin, [fileURLToPath(import.meta.url), outDir, chunkMapFile], {
    cwd: fromRoot(),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, ASTRO_CACHE_DIR: cacheDir, ASTRO_OUT_DIR: outDir },
  });
  if (result.status !== 0) throw new Error('astro build falhou (veja as mensagens acima)');
  await writeBuildStamp(outDir, startedAt, env);
  return true;
}

/** Child process: the build itself, through Astro's API so the recorder can join the Vite plugins. */
async function main() {
  const [outDir, chunkMapFile] = process.argv.slice(2).map((entry) => path.resolve(entry));
  if (!outDir || !chunkMapFile) throw new Error('Uso: node bench/lib/site-build-with-chunks.mjs <outDir> <chunkMapFile>');
  const { build } = await import('astro');
  await build({
    root: fromRoot(),
    outDir,
    logLevel: 'error',
    vite: { plugins: [chunkMapRecorder(chunkMapFile)] },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
