// `npm run restore -- [--at "AAAA-MM-DD HH:MM"] [--target DIR]`: brings the database back
// from its continuous replica in S3 (server/replication/, Litestream) into a NEW data
// directory: as it was at that minute (Brasília time; seconds and ISO 8601 with a zone
// are accepted too), or as it was last replicated. Then the restore drill checks it
// (scripts/restore-drill.mjs): a PocketBase boots on it, and every file its records
// name is in the bucket (or in its trash) with the size and MD5 the bucket recorded.
// The live data and the replica are not touched; the restored directory is what a new
// server starts on (docs/backups.md, "Num servidor novo").
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDateTime } from '../src/lib/format.ts';
import { parseBrasiliaDateTime } from '../src/lib/dates.ts';
import { freePort, startPocketBase } from './lib/pocketbase-process.mjs';
import { fromRoot } from './lib/paths.mjs';
import { s3ConfigFromEnv } from './lib/s3-client.mjs';
import { resolvePocketBase } from './pocketbase.mjs';
import { DRILL_ENV, checkAgainstManifest } from './restore-drill.mjs';

/** The environment variable server/replication/ reads the replica's configuration from. */
export const REPLICA_CONFIG_ENV = 'OPERIUM_REPLICA_CONFIG';

const { RESTORE_MARKER } = /** @type {{ RESTORE_MARKER: string }} */ (
  createRequire(import.meta.url)(fromRoot('pb_hooks', 'lib', 'backups', 'record-files.js'))
);

/** @param {string} message */
const say = (message) => process.stdout.write(`${message}\n`);

/**
 * The replica's configuration as the server reads it (pb_hooks/lib/backups/storage.js),
 * as JSON for `pocketbase replica …`; a pt-BR error when this environment has none.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function replicaConfigJson(env = process.env) {
  const replica = s3ConfigFromEnv(env)?.replica;
  if (!replica) {
    throw new Error('Sem réplica contínua neste ambiente: defina as mesmas variáveis S3_* do servidor (e não REPLICA=off).');
  }
  return JSON.stringify(replica);
}

/**
 * Leaves in a restored data directory the marker PocketBase's own restore leaves: its
 * first start with S3 brings back from the bucket's trash each file its records name
 * (pb_hooks/lib/backups/file-trash.js). Used by the restore and the standby's take-over.
 * @param {string} target
 */
export async function markFilesToRecover(target) {
  await mkdir(path.join(target, 'backups'), { recursive: true });
  await writeFile(path.join(target, 'backups', RESTORE_MARKER), new Date().toISOString(), { mode: 0o600 });
}

/**
 * Runs `pocketbase <args>` and returns its JSON lines (stdout); an error carries its last words.
 * @param {string} bin
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<Record<string, unknown>[]>}
 */
export function runJsonCommand(bin, args, env) {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const said = stderr
          .trim()
          .split('\n')
          .filter((line) => line.startsWith('Error:'))
          .pop();
        reject(
          new Error(said ? said.replace(/^Error:\s*/, '') : `${args[0]} terminou com erro: ${stderr.trim() || error.message}`),
        );
        return;
      }
      resolve(
        stdout
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line)),
      );
    });
  });
}

/**
 * Restores and checks. `at`: a Date (null: the latest). Returns what the drill found.
 * @param {{ at: Date | null, target: string }} options
 */
export async function restoreFromReplica({ at, target }) {
  const began = Date.now();
  if (existsSync(path.join(target, 'data.db'))) {
    throw new Error(`${target} já tem um banco (data.db): escolha um diretório novo com --target.`);
  }
  const bin = await resolvePocketBase();
  const env = { ...process.env, [REPLICA_CONFIG_ENV]: replicaConfigJson() };
  // What the replica can give, said in Brasília time before anything is written.
  const info = (await runJsonCommand(bin, ['replica', 'info'], env)).find((line) => line.event === 'info');
  if (!info?.first) throw new Error('a réplica está vazia: nada a restaurar.');
  if (at && at.getTime() < new Date(String(info.first)).getTime()) {
    throw new Error(
      `a réplica não tem o banco como estava em ${formatDateTime(at)}: ela começa em ` +
        `${formatDateTime(String(info.first), { seconds: true })} (o que é mais antigo saiu do período guardado).`,
    );
  }
  say(
    at
      ? `Restaurando o banco como estava em ${formatDateTime(at, { seconds: true })}…`
      : 'Restaurando o banco como estava por último…',
  );
  const lines = await runJsonCommand(
    bin,
    ['replica', 'restore', `--target=${target}`, ...(at ? [`--at=${at.toISOString()}`] : [])],
    env,
  );
  const restored = lines.find((line) => line.event === 'restored');
  if (!restored) throw new Error('a restauração não disse o que restaurou');
  say(
    `Banco restaurado em ${restored.path} como estava em ${formatDateTime(String(restored.restoredTo), { seconds: true })}, ` +
      `em ${Number(restored.seconds).toFixed(1)} s.`,
  );

  // The manifest a backup of this data would carry, with the files as this environment's bucket holds them.
  await runJsonCommand(
    bin,
    [
      'backup-manifest',
      `--dir=${target}`,
      `--hooksDir=${fromRoot('pb_hooks')}`,
      `--migrationsDir=${fromRoot('pb_migrations')}`,
      '--hooksWatch=false',
      '--dev=false',
    ],
    process.env,
  );

  // The files stay in the bucket: a file deleted since then waits in its trash, and the
  // first start of a server with S3 on this directory brings it back (the marker
  // PocketBase's own restore leaves, pb_hooks/lib/backups/file-trash.js). Left after the
  // manifest, whose start would otherwise do it now, even for a copy only looked at.
  await markFilesToRecover(target);

  // The drill: a PocketBase of its own boots on it (no jobs, no bucket), then the check.
  const server = await startPocketBase({ bin, port: await freePort(), dataDir: target, env: DRILL_ENV });
  try {
    say(`O PocketBase subiu sobre os dados restaurados (${server.url}).`);
    const checked = await checkAgainstManifest(target);
    return { ...checked, restoredTo: String(restored.restoredTo), totalMs: Date.now() - began };
  } finally {
    await server.stop();
  }
}

/**
 * What `--at` says: Brasília time ('2026-11-29 14:03', seconds optional) or a moment with its zone.
 * @param {string} text
 */
export function parseAt(text) {
  // A day alone would be read as midnight UTC (21:00 the day before, in Brasília): a time is asked for.
  const at = /\d:\d\d/.test(text) ? parseBrasiliaDateTime(text) : null;
  if (!at) {
    throw new Error(
      `Data e hora inválidas em --at: "${text}". Use AAAA-MM-DD HH:MM (hora de Brasília), por exemplo 2026-11-29 14:03.`,
    );
  }
  if (at.getTime() > Date.now()) throw new Error(`--at ${text} ainda não chegou: escolha um momento passado.`);
  return at;
}

/** A new directory beside the live data: pb_data-restaurado-20261129-1403-<random>. */
function defaultTarget() {
  const live = path.resolve(process.env.PB_DATA || fromRoot('pb_data'));
  const now = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  return `${live}-restaurado-${now}-${randomBytes(2).toString('hex')}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  /** @param {string} name */
  const value = (name) => {
    const index = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
    if (index < 0) return undefined;
    const arg = /** @type {string} */ (args[index]);
    return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  };
  try {
    const atText = value('--at');
    const at = atText ? parseAt(atText) : null;
    const target = path.resolve(value('--target') || defaultTarget());
    const result = await restoreFromReplica({ at, target });
    if (result.problems.length) {
      say(`\nFALHOU: ${result.problems.length} diferença(s) nos dados restaurados:`);
      for (const problem of result.problems) say(`  - ${problem}`);
      process.exit(1);
    }
    say(
      `\nOK: banco restaurado em ${target} e conferido (${result.records} registros, ${result.files} arquivos) ` +
        `em ${(result.totalMs / 1000).toFixed(1)} s.\n` +
        `Para servir estes dados no lugar de um servidor perdido (desligado de vez): PB_DATA=${target} npm start\n` +
        `Para só consultá-los com o servidor principal no ar: PB_DATA=${target} REPLICA=off npm start ` +
        '(dois servidores não podem copiar para a mesma réplica).',
    );
  } catch (error) {
    console.error(`\nFALHOU: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
