// `npm start`: builds the site when needed, then runs one PocketBase process that
// applies the migrations and serves the site, the admin, the API and the dashboard.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { resolvePocketBase } from './pocketbase.mjs';
import { buildSite } from './lib/build-site.mjs';
import { serveArgs } from './lib/pocketbase-process.mjs';
import { fromRoot } from './lib/paths.mjs';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8090);
const dataDir = path.resolve(process.env.PB_DATA || fromRoot('pb_data'));
const siteDir = path.resolve(process.env.SITE_DIR || fromRoot('dist'));

try {
  const bin = await resolvePocketBase();
  if (!(await buildSite({ outDir: siteDir }))) console.log('[site] Site já está atualizado; pulando o build.');

  const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  console.log(`
  Site:         ${base}/
  Painel admin: ${base}/admin
  API:          ${base}/api/
  Dashboard PB: ${base}/_/
  Dados:        ${dataDir}
`);
  const child = spawn(bin, serveArgs({ host, port, dataDir }), {
    stdio: 'inherit',
    env: { ...process.env, SITE_DIR: siteDir },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(/** @type {NodeJS.Signals} */ (signal)));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} catch (error) {
  console.error(`\nFalha ao iniciar: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
