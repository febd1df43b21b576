// `npm run restore-drill -- BACKUP [--keep]`: proves a backup restores. It restores the
// backup into a fresh data dir with PocketBase's own restore (the code path a real
// restore takes), starts PocketBase on it, then compares what came back with the
// manifest written inside the backup when it was made (pb_hooks/lib/backups/manifest.js):
// the records of every collection, and the size and MD5 of every uploaded file, read
// from the restored disk or from the S3 bucket the files live in.
//
// BACKUP is a .zip path, or a backup's name: looked up in $PB_DATA/backups, then (with
// the S3_* variables set) in the backups bucket. Nothing is written to the live data
// or to the buckets: the drill's PocketBase runs on the local disk of a temporary dir.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { freePort, startPocketBase, upsertSuperuser } from './lib/pocketbase-process.mjs';
import { fromRoot } from './lib/paths.mjs';
import { Bucket, s3ConfigFromEnv } from './lib/s3-client.mjs';
import { resolvePocketBase } from './pocketbase.mjs';

/** The manifest's name inside a backup (pb_hooks/lib/backups/manifest.js). */
const MANIFEST = 'backup-manifest.json';
/** Files checked at once (S3 downloads overlap; the local disk does not mind). */
const CONCURRENCY = 8;
/** Where deleted and replaced files wait in the bucket (pb_hooks/lib/backups/file-trash.js). */
const { TRASH_PREFIX } = /** @type {{ TRASH_PREFIX: string }} */ (
  createRequire(import.meta.url)(fromRoot('pb_hooks', 'lib', 'backups', 'record-files.js'))
);
/**
 * The environment of the drill's PocketBase: the local disk whatever the shell has (it
 * never writes to the site's buckets), and no scheduled job (pb_hooks/storage.pb.js), so
 * the restored data stays as the backup left it while it is compared.
 */
export const DRILL_ENV = {
  ...Object.fromEntries(
    ['S3_ENDPOINT', 'S3_BUCKET', 'S3_BACKUPS_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET', 'S3_FORCE_PATH_STYLE'].map(
      (name) => [name, ''],
    ),
  ),
  RESTORE_DRILL: '1',
};

/**
 * @typedef {object} Manifest
 * @property {number} version
 * @property {string} created
 * @property {{ kind: 'local' } | { kind: 's3', endpoint: string, bucket: string }} storage
 * @property {Record<string, number>} collections
 * @property {{ key: string, collection: string, record: string, field: string, size: number, md5: string }[]} files
 * @property {string[]} missing
 */

/** @param {string} message */
const say = (message) => process.stdout.write(`${message}\n`);
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const megabytes = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Puts the backup's zip at `target`, from a path, $PB_DATA/backups or the backups bucket.
 * @param {string} backup
 * @param {string} target
 * @returns {Promise<string>} where it came from, for the report
 */
async function fetchBackup(backup, target) {
  if (backup.endsWith('.zip') && existsSync(backup)) {
    await copyFile(backup, target);
    return path.resolve(backup);
  }
  const local = path.join(path.resolve(process.env.PB_DATA || fromRoot('pb_data')), 'backups', backup);
  if (existsSync(local)) {
    await copyFile(local, target);
    return local;
  }
  const s3 = s3ConfigFromEnv();
  if (s3) {
    const bucket = new Bucket(s3.backups);
    if (await bucket.download(backup, target)) return `s3://${s3.backups.bucket}/${backup}`;
  }
  throw new Error(
    `Backup "${backup}" não encontrado: nem como arquivo, nem em ${local}` +
      (s3 ? `, nem no bucket ${s3.backups.bucket}.` : ' (sem as variáveis S3_*, o bucket de backups não foi consultado).'),
  );
}

/**
 * Restores with PocketBase's own restore and waits for the process to come back on the
 * restored data (it re-executes itself: same pid, same port).
 * @param {{ bin: string, dataDir: string, name: string }} options
 */
async function restore({ bin, dataDir, name }) {
  const email = `drill-${randomBytes(6).toString('hex')}@restore-drill.invalid`;
  const password = randomBytes(18).toString('hex');
  await upsertSuperuser({ bin, dataDir, email, password, env: DRILL_ENV });
  const server = await startPocketBase({ bin, port: await freePort(), dataDir, env: DRILL_ENV });
  try {
    const auth = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: email, password }),
    });
    if (!auth.ok) throw new Error(`não foi possível entrar no PocketBase do exercício: HTTP ${auth.status}`);
    const { token } = /** @type {{ token: string }} */ (await auth.json());
    const started = await fetch(`${server.url}/api/backups/${encodeURIComponent(name)}/restore`, {
      method: 'POST',
      headers: { Authorization: token },
    });
    if (started.status !== 204)
      throw new Error(`o PocketBase recusou a restauração: HTTP ${started.status} ${await started.text()}`);

    // Done when the restarted process answers and our superuser, who is not in the
    // restored data, is refused; failed when PocketBase logged why (since we asked).
    const asked = new Date().toISOString().replace('T', ' ');
    const deadline = Date.now() + 30 * 60_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const failure = restoreFailure(dataDir, asked);
      if (failure) throw new Error(`a restauração falhou: ${failure}`);
      try {
        const check = await fetch(`${server.url}/api/collections/_superusers/records?perPage=1`, {
          headers: { Authorization: token },
        });
        if (check.status === 401 || check.status === 403) return server;
      } catch {
        // Restarting: not listening for a moment.
      }
    }
    throw new Error('a restauração não terminou em 30 minutos');
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * PocketBase's logged reason for a restore that failed after `since` (its logs database;
 * older entries may be the restored site's own).
 * @param {string} dataDir
 * @param {string} since as PocketBase writes dates: "YYYY-MM-DD HH:MM:SS.sssZ"
 */
function restoreFailure(dataDir, since) {
  const file = path.join(dataDir, 'auxiliary.db');
  if (!existsSync(file)) return '';
  try {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const row = db
        .prepare("SELECT data FROM _logs WHERE message = 'Failed to restore backup' AND created >= ? LIMIT 1")
        .get(since);
      return row ? String(JSON.parse(String(row.data)).error ?? 'erro desconhecido') : '';
    } finally {
      db.close();
    }
  } catch {
    return '';
  }
}

/**
 * Records per collection in the restored database, read beside the running server.
 * @param {string} dataDir
 * @param {string[]} collections
 */
function countRecords(dataDir, collections) {
  const db = new DatabaseSync(path.join(dataDir, 'data.db'), { readOnly: true });
  try {
    /** @type {Record<string, number | null>} */
    const counts = {};
    for (const name of collections) {
      try {
        counts[name] = Number(db.prepare(`SELECT COUNT(*) AS n FROM "${name.replaceAll('"', '""')}"`).get()?.n);
      } catch {
        counts[name] = null;
      }
    }
    return counts;
  } finally {
    db.close();
  }
}

/** @param {string} file */
function md5OfFile(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('md5');
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * Size and MD5 of each manifest file as the restore left it: in the restored storage
 * folder, or in the S3 bucket the manifest names.
 * @param {Manifest} manifest
 * @param {string} dataDir
 * @returns {Promise<Map<string, { size: number, md5: string, fromTrash?: boolean } | null>>}
 */
async function readFiles(manifest, dataDir) {
  /** @type {(key: string) => Promise<{ size: number, md5: string, fromTrash?: boolean } | null>} */
  let read;
  if (manifest.storage.kind === 's3') {
    const s3 = s3ConfigFromEnv();
    if (!s3) {
      throw new Error(
        `Os arquivos deste backup estão no S3 (bucket ${manifest.storage.bucket}): defina as variáveis S3_* para conferi-los.`,
      );
    }
    // The bucket of this environment, not one a manifest names: a zip from elsewhere
    // must not send requests signed with these keys to another host.
    if (manifest.storage.bucket !== s3.files.bucket || manifest.storage.endpoint !== s3.files.endpoint) {
      say(
        `  aviso: o backup guardava os arquivos em ${manifest.storage.endpoint}/${manifest.storage.bucket}; ` +
          `conferindo em ${s3.files.endpoint}/${s3.files.bucket} (as variáveis S3_* deste ambiente)`,
      );
    }
    const bucket = new Bucket(s3.files);
    // A file deleted or replaced since the backup waits in the trash, from where a
    // real restore puts it back (pb_hooks/lib/backups/file-trash.js): checked there.
    read = async (key) => {
      const found = await bucket.digest(key);
      if (found) return found;
      const trashed = await bucket.digest(`${TRASH_PREFIX}${key}`);
      return trashed ? { ...trashed, fromTrash: true } : null;
    };
  } else {
    read = async (key) => {
      const file = path.join(dataDir, 'storage', ...key.split('/'));
      try {
        return { size: (await stat(file)).size, md5: /** @type {string} */ (await md5OfFile(file)) };
      } catch {
        return null;
      }
    };
  }
  /** @type {Map<string, { size: number, md5: string, fromTrash?: boolean } | null>} */
  const found = new Map();
  let next = 0;
  let lastReport = Date.now();
  const worker = async () => {
    while (next < manifest.files.length) {
      const file = manifest.files[next++];
      if (!file) break;
      found.set(file.key, await read(file.key));
      if (Date.now() - lastReport > 5_000) {
        lastReport = Date.now();
        say(`  … ${found.size} de ${manifest.files.length} arquivos conferidos`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return found;
}

/**
 * Compares restored data in `dataDir` with the manifest in it (written by the backup,
 * or by `pocketbase backup-manifest` for a replica's restore, scripts/restore.mjs): the
 * records of every collection, and the size and MD5 of every file, read from the
 * restored disk or from this environment's bucket. Run while a PocketBase serves the
 * restored data (it must boot on it). Returns the differences found.
 * @param {string} dataDir
 */
export async function checkAgainstManifest(dataDir) {
  if (!existsSync(path.join(dataDir, MANIFEST))) {
    throw new Error(
      'o backup restaurou e o PocketBase subiu sobre ele, mas ele não tem manifesto (foi feito antes desta versão ' +
        'ou veio de fora): não há com o que comparar registros e arquivos.',
    );
  }
  /** @type {Manifest} */
  const manifest = JSON.parse(await readFile(path.join(dataDir, MANIFEST), 'utf8'));
  say(
    `Manifesto de ${manifest.created}: ${Object.keys(manifest.collections).length} coleções, ${manifest.files.length} arquivos`,
  );

  /** @type {string[]} */
  const problems = [];
  const counts = countRecords(dataDir, Object.keys(manifest.collections));
  let records = 0;
  for (const [collection, expected] of Object.entries(manifest.collections)) {
    const actual = counts[collection];
    records += expected;
    if (actual !== expected) {
      problems.push(`coleção ${collection}: ${expected} registros no backup, ${actual ?? 'tabela ausente'} restaurados`);
    }
  }
  say(`Registros: ${records} em ${Object.keys(manifest.collections).length} coleções`);

  const checking = Date.now();
  const files = await readFiles(manifest, dataDir);
  let bytes = 0;
  let fromTrash = 0;
  let sizeOnly = 0;
  for (const file of manifest.files) {
    const found = files.get(file.key);
    bytes += file.size;
    if (found?.fromTrash) fromTrash++;
    if (found && !file.md5) sizeOnly++;
    if (!found) problems.push(`arquivo ausente: ${file.key} (${file.collection}.${file.field})`);
    else if (found.size !== file.size) problems.push(`arquivo ${file.key}: ${file.size} bytes no backup, ${found.size} agora`);
    else if (file.md5 && found.md5 !== file.md5)
      problems.push(`arquivo ${file.key}: conteúdo diferente (MD5 ${found.md5}, esperado ${file.md5})`);
  }
  say(
    `Arquivos: ${manifest.files.length} (${megabytes(bytes)}) conferidos em ${seconds(checking)}` +
      (manifest.storage.kind === 's3' ? ` no bucket ${manifest.storage.bucket}` : ' no disco restaurado'),
  );
  // S3 gives no MD5 for a file uploaded in parts (PocketBase does so from 6 MiB up).
  if (sizeOnly) say(`  ${sizeOnly} arquivo(s) enviados em partes ao S3 conferidos só pelo tamanho (sem MD5 no manifesto)`);
  if (fromTrash) say(`  ${fromTrash} arquivo(s) excluído(s) ou trocado(s) depois do backup: voltam da lixeira ao restaurar`);
  for (const key of manifest.missing ?? []) {
    say(`  aviso: ${key} já faltava quando o backup foi feito`);
  }
  return { problems, records, files: manifest.files.length, bytes };
}

/**
 * Runs the drill. Returns the problems found (empty: the backup restores as made).
 * @param {{ backup: string, keep?: boolean }} options
 */
export async function restoreDrill({ backup, keep = false }) {
  const began = Date.now();
  const bin = await resolvePocketBase();
  const workDir = await mkdtemp(path.join(tmpdir(), 'restore-drill-'));
  const dataDir = path.join(workDir, 'pb_data');
  /** @type {Awaited<ReturnType<typeof startPocketBase>> | undefined} */
  let server;
  try {
    const name = path.basename(backup);
    await mkdir(path.join(dataDir, 'backups'), { recursive: true });
    const zip = path.join(dataDir, 'backups', name);
    const source = await fetchBackup(backup, zip);
    say(`Backup: ${source} (${megabytes((await stat(zip)).size)}) em ${seconds(began)}`);

    const restoring = Date.now();
    server = await restore({ bin, dataDir, name });
    const restoreTime = Date.now() - restoring;
    say(`Restaurado em ${dataDir} e o PocketBase respondeu sobre os dados restaurados em ${seconds(restoring)}`);

    const checked = await checkAgainstManifest(dataDir);
    return { ...checked, restoreMs: restoreTime, totalMs: Date.now() - began };
  } finally {
    await server?.stop();
    if (keep) say(`Dados restaurados mantidos em ${dataDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const backup = args.find((arg) => !arg.startsWith('--'));
  if (!backup) {
    console.error('Uso: npm run restore-drill -- BACKUP [--keep]   (BACKUP: caminho de um .zip ou nome de um backup)');
    process.exit(2);
  }
  try {
    const result = await restoreDrill({ backup, keep: args.includes('--keep') });
    if (result.problems.length) {
      say(`\nFALHOU: ${result.problems.length} diferença(s) entre o backup e o que foi restaurado:`);
      for (const problem of result.problems) say(`  - ${problem}`);
      process.exit(1);
    }
    say(`\nOK: tudo confere (${result.records} registros, ${result.files} arquivos) em ${(result.totalMs / 1000).toFixed(1)} s.`);
  } catch (error) {
    console.error(`\nFALHOU: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
