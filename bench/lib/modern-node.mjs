// Benchmarks that need Node 24 features (node:sqlite, type stripping, module hooks)
// re-run themselves under the project's own Node (the `node` devDependency) when
// started with an older system Node, so `node bench/<name>.mjs` always works.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fromRoot } from '../../scripts/lib/paths.mjs';

const REQUIRED_MAJOR = 24;

/**
 * Returns when this process already runs a recent enough Node; otherwise runs the
 * same script under node_modules/.bin/node and exits with its status.
 */
export function ensureModernNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_MAJOR) return;
  const projectNode = fromRoot('node_modules', '.bin', 'node');
  if (!existsSync(projectNode)) {
    console.error(`Este benchmark precisa do Node ${REQUIRED_MAJOR} ou mais novo (rode npm install para ter o do projeto).`);
    process.exit(1);
  }
  const result = spawnSync(projectNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
