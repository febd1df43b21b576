// A standby on a second machine, from the continuous replica alone (server/replication/):
//
//   npm run standby -- --target DIR              keeps DIR restored from the replica, each
//                                                change applied about a second after the
//                                                primary made it, until stopped (Ctrl+C);
//                                                started again, it carries on where it stopped
//   npm run standby -- --target DIR --assumir    the primary is down: applies its last changes,
//                                                makes DIR a plain data directory, then
//                                                PB_DATA=DIR npm start serves it (and replicates
//                                                from it, carrying the replica on)
//
// Run with the primary's S3_* variables. Only one server may write to the replica: take
// over only once the old primary is stopped for good (docs/backups.md, "Standby").
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromRoot } from './lib/paths.mjs';
import { resolvePocketBase } from './pocketbase.mjs';
import { REPLICA_CONFIG_ENV, replicaConfigJson, runJsonCommand } from './restore.mjs';
import { formatDateTime } from '../src/lib/format.ts';

const { RESTORE_MARKER } = /** @type {{ RESTORE_MARKER: string }} */ (
  createRequire(import.meta.url)(fromRoot('pb_hooks', 'lib', 'backups', 'record-files.js'))
);

/** @param {string} message */
const say = (message) => process.stdout.write(`${message}\n`);

/**
 * Follows the replica into `target` until SIGINT/SIGTERM.
 * @param {string} target
 */
async function follow(target) {
  const bin = await resolvePocketBase();
  const env = { ...process.env, [REPLICA_CONFIG_ENV]: replicaConfigJson() };
  const child = spawn(bin, ['replica', 'follow', `--target=${target}`], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const event = JSON.parse(line);
      if (event.event === 'following') say(`Standby em ${event.path}: seguindo a réplica (Ctrl+C para parar).`);
      else if (event.event === 'applied')
        say(`  em dia com a réplica: transação ${event.txid}, às ${formatDateTime(event.at, { seconds: true })}`);
      else if (event.event === 'stopped') say(`Standby parado na transação ${event.txid}; rode de novo para continuar.`);
    }
  });
  const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 0)));
  if (code !== 0) throw new Error('o standby parou com erro (veja acima)');
}

/**
 * The take-over: the standby's last changes, then a plain data directory.
 * @param {string} target
 */
export async function takeOver(target) {
  const bin = await resolvePocketBase();
  const env = { ...process.env, [REPLICA_CONFIG_ENV]: replicaConfigJson() };
  say('Aplicando as últimas alterações da réplica…');
  const lines = await runJsonCommand(bin, ['replica', 'take-over', `--target=${target}`], env);
  const ready = lines.find((line) => line.event === 'ready');
  if (!ready) throw new Error('o standby não ficou pronto');
  // Files deleted on the primary after these records were written wait in the bucket's
  // trash: the first start brings back those the records name (pb_hooks/lib/backups/file-trash.js).
  await mkdir(path.join(target, 'backups'), { recursive: true });
  await writeFile(path.join(target, 'backups', RESTORE_MARKER), new Date().toISOString(), { mode: 0o600 });
  say(`Pronto: ${target} tem o banco até a transação ${ready.txid}.\nPara servir: PB_DATA=${target} npm start`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--target');
  const targetArg =
    args.find((arg) => arg.startsWith('--target='))?.slice('--target='.length) ?? (at >= 0 ? args[at + 1] : undefined);
  if (!targetArg || targetArg.startsWith('--')) {
    console.error('Uso: npm run standby -- --target DIRETÓRIO [--assumir]');
    process.exit(2);
  }
  const target = path.resolve(targetArg);
  try {
    if (args.includes('--assumir')) await takeOver(target);
    else await follow(target);
  } catch (error) {
    console.error(`\nFALHOU: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
