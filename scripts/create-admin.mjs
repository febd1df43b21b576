// `npm run create-admin -- EMAIL PASSWORD [NAME]`: creates (or promotes) an active
// admin of the panel in PB_DATA (default ./pb_data), for operators of a new install.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { resolvePocketBase } from './pocketbase.mjs';
import { fromRoot } from './lib/paths.mjs';

const args = process.argv.slice(2);
if (args.length < 2) {
  console.error('Uso: npm run create-admin -- EMAIL SENHA [NOME]');
  process.exit(1);
}
const bin = await resolvePocketBase();
const dataDir = path.resolve(process.env.PB_DATA || fromRoot('pb_data'));
const result = spawnSync(
  bin,
  [
    'create-admin',
    ...args,
    `--dir=${dataDir}`,
    `--hooksDir=${fromRoot('pb_hooks')}`,
    `--migrationsDir=${fromRoot('pb_migrations')}`,
    '--hooksWatch=false',
    // Explicit, as in scripts/lib/pocketbase-process.mjs: left out, PocketBase turns dev
    // mode on when its binary lives under the temp dir (a checkout in /tmp) and prints
    // every SQL statement, the new admin's password hash among them.
    '--dev=false',
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
