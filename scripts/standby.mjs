// A standby on a second machine, from the continuous replica alone (server/replication/):
//
//   npm run standby -- --target DIR              keeps DIR restored from the replica, each
//                                                change applied about a second after the
//                                                primary made it, until stopped (Ctrl+C);
//                                                started again, it carries on where it stopped
//   npm run standby -- --target DIR --assumir    the primary is down (and the standby stopped):
//                                                restores the replica's latest state over DIR,
//                                                checked, as a plain data directory; then
//                                                PB_DATA=DIR npm start serves it (and replicates
//                                                from it, carrying the replica on)
//
// Run with the primary's S3_* variables. Only one server may write to the replica: take
// over only once the old primary is stopped for good (docs/backups.md, "Standby").
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolvePocketBase } from './pocketbase.mjs';
import { REPLICA_CONFIG_ENV, markFilesToRecover, replicaConfigJson, runJsonCommand } from './restore.mjs';
import { formatDateTime } from '../src/lib/format.ts';

/** @param {string} message */
const say = (message) => process.stdout.write(`${message}\n`);

/** Where a following standby leaves its process id (take-over refuses while it runs). */
const pidFile = (/** @type {string} */ target) => path.join(target, '.standby.pid');

/**
 * The process id of a standby following into `target`, or 0.
 * @param {string} target
 */
async function runningFollower(target) {
  const pid = Number(await readFile(pidFile(target), 'utf8').catch(() => '0'));
  if (!pid) return 0;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return 0;
  }
}

/**
 * Follows the replica into `target` until SIGINT/SIGTERM.
 * @param {string} target
 */
async function follow(target) {
  const bin = await resolvePocketBase();
  const env = { ...process.env, [REPLICA_CONFIG_ENV]: replicaConfigJson() };
  const running = await runningFollower(target);
  if (running) throw new Error(`já há um standby seguindo a réplica em ${target} (processo ${running})`);
  await mkdir(target, { recursive: true });
  await writeFile(pidFile(target), String(process.pid));
  const child = spawn(bin, ['replica', 'follow', `--target=${target}`], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.on('exit', () => void rm(pidFile(target), { force: true }));
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
  const running = await runningFollower(target);
  if (running) {
    throw new Error(
      `o standby ainda está seguindo a réplica em ${target} (processo ${running}): pare-o (Ctrl+C) e rode --assumir de novo.`,
    );
  }
  const bin = await resolvePocketBase();
  const env = { ...process.env, [REPLICA_CONFIG_ENV]: replicaConfigJson() };
  say('Restaurando o último estado da réplica sobre o standby…');
  const lines = await runJsonCommand(bin, ['replica', 'take-over', `--target=${target}`], env);
  const ready = lines.find((line) => line.event === 'ready');
  if (!ready) throw new Error('o standby não ficou pronto');
  // Files deleted on the primary after these records were written wait in the bucket's trash.
  await markFilesToRecover(target);
  say(
    `Pronto: ${target} tem o banco como estava em ${formatDateTime(String(ready.restoredTo), { seconds: true })} ` +
      `(a última alteração copiada).\nPara servir: PB_DATA=${target} npm start`,
  );
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
