// Installs bench's own packages (bench/package.json, pinned by bench/package-lock.json) when
// they are missing or not the locked versions; bench/package.json's scripts run it first, so
// `npm run bench` works on a fresh clone. They are not in the root package on purpose: the
// root `npm install` (site, panel, tests) never downloads Lighthouse and the rest of what only
// the benchmarks use. Only Node's own modules and bench/lib/npm.mjs: it runs before them.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedVersion, npmCommand } from './npm.mjs';

const BENCH_PACKAGE = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} file */
const readJson = async (file) => JSON.parse(await readFile(path.join(BENCH_PACKAGE, file), 'utf8'));

const manifest = await readJson('package.json');
const lockfile = await readJson('package-lock.json');
const stale = [];
for (const name of Object.keys(manifest.dependencies ?? {})) {
  const locked = lockfile.packages?.[`node_modules/${name}`]?.version;
  if ((await installedVersion(BENCH_PACKAGE, name)) !== locked) stale.push(name);
}
if (stale.length) {
  console.log(`[bench] Instalando as dependências de bench/ (faltam ou mudaram: ${stale.join(', ')})…`);
  const npm = npmCommand();
  // `npm ci`: exactly the lockfile's tree, and a refusal when package.json no longer agrees with it.
  const install = spawnSync(npm.command, [...npm.args, 'ci', '--no-audit', '--no-fund'], {
    cwd: BENCH_PACKAGE,
    stdio: 'inherit',
  });
  if (install.status !== 0) {
    console.error('[bench] npm ci em bench/ falhou: veja a saída acima.');
    process.exit(install.status ?? 1);
  }
}
