// The backup half of bench/storage.mjs, and the servers both halves start: a PocketBase
// with or without the S3_* variables, its staff, and one storage's backup measured from
// seeding to the restore drill (scripts/restore-drill.mjs).
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { STAFF_PASSWORD, authToken, createBenchData, createStaff, unthrottleLoopback } from './bench-pocketbase.mjs';
import { inPool, upload } from './media-api.mjs';
import { formatNumber } from './report.mjs';
import { seedRows } from './scale-seed.mjs';

/** Each backup's uploads are files of this size. */
export const MEDIA_FILE_BYTES = 1024 * 1024;
const DAY = 86_400_000;
const NOW = Date.now();
const WINDOW = { start: NOW - 3 * 365 * DAY, end: NOW - 3_600_000 };
const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_BACKUPS_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY',
  'S3_SECRET',
  'S3_FORCE_PATH_STYLE',
];
/** The local-disk server's environment: no S3, whatever the shell has. */
const NO_S3 = Object.fromEntries(S3_VARIABLES.map((name) => [name, '']));

/** @param {string} message */
export const progress = (message) => process.stderr.write(`[storage] ${message}\n`);
/** @param {number} value milliseconds */
export const secs = (value) => `${formatNumber(value / 1000, 1)} s`;
/** @param {number} bytes */
export const mib = (bytes) => `${formatNumber(bytes / 2 ** 20, 1)} MiB`;
/** @param {number} value */
export const count = (value) => value.toLocaleString('pt-BR');

/** Prints "what: done of total" at most every 5 s (and at the end). */
function progressEvery(/** @type {string} */ what, /** @type {number} */ total) {
  let last = Date.now();
  let done = 0;
  return () => {
    done++;
    if (done === total || Date.now() - last > 5_000) {
      last = Date.now();
      progress(`  ${what}: ${count(done)} de ${count(total)}`);
    }
  };
}

/**
 * A PocketBase on its own data dir, with `env` (the S3_* variables, or none).
 * @param {string} bin
 * @param {string} dataDir
 * @param {Record<string, string>} env
 */
async function startServer(bin, dataDir, env) {
  const server = await startPocketBase({ bin, port: await freePort(), dataDir, env: { ...NO_S3, ...env } });
  return server;
}

/**
 * A server ready for staff: its superuser, the limiter lifted for loopback, an admin,
 * an editor and authors (the posts' authors), made through the API.
 * @param {string} bin
 * @param {Record<string, string>} env
 */
export async function prepareServer(bin, env) {
  const data = await createBenchData(bin);
  try {
    const server = await startServer(bin, data.dataDir, env);
    try {
      await unthrottleLoopback(server.url, data.superuser);
      const staff = await createStaff(server.url, { editors: 1, authors: 2 });
      return { data, server, staff };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await data.remove();
    throw error;
  }
}

/** @param {string} url */
export const editorToken = async (url) => (await authToken(url, 'users', 'editor1@exemplo.com.br', STAFF_PASSWORD)).token;
/** @param {string} url */
const adminToken = async (url) => (await authToken(url, 'users', 'admin@exemplo.com.br', STAFF_PASSWORD)).token;

/**
 * @typedef {{ kind: 'local' | 's3', error?: string, seedMs?: number, uploadMs?: number, backupMs?: number,
 *             zipBytes?: number, drill?: { problems: string[], restoreMs: number, totalMs: number, records: number,
 *             files: number, bytes: number }, drillError?: string }} BackupRun
 */

/**
 * Part 2 on one storage: staff, posts seeded into SQLite, uploads through the API, a
 * backup through the admin's route, then the restore drill on it. Never throws: a
 * failure is reported in its row.
 * @param {{ bin: string, kind: 'local' | 's3', env: Record<string, string>,
 *           register: (cleanup: () => Promise<unknown>) => void,
 *           size: { posts: number, mediaFiles: number }, concurrency: number }} options
 *   size: posts seeded and 1 MiB files uploaded; concurrency: uploads in flight.
 * @returns {Promise<BackupRun>}
 */
export async function backupRun({ bin, kind, env, register, size, concurrency }) {
  const label = kind === 's3' ? 'S3' : 'disco local';
  /** @type {BackupRun} */
  const run = { kind };
  let prepared;
  try {
    progress(`Backup no ${label}: ${count(size.posts)} posts e ${count(size.mediaFiles)} arquivos de 1 MiB`);
    const seedStarted = performance.now();
    prepared = await prepareServer(bin, env);
    const { data, staff } = prepared;
    register(data.remove);
    await prepared.server.stop();
    let last = 0;
    await seedRows({
      dbPath: path.join(data.dataDir, 'data.db'),
      staff,
      posts: { from: 0, to: size.posts },
      auditRows: { from: 0, to: 0 },
      window: WINDOW,
      now: NOW,
      onProgress: (what, done, total) => {
        if (done === total || Date.now() - last > 5_000) {
          last = Date.now();
          progress(`  ${what}: ${count(done)} de ${count(total)}`);
        }
      },
    });
    const server = await startServer(bin, data.dataDir, env);
    prepared.server = server;
    register(server.stop);
    const token = await editorToken(server.url);
    const uploadStarted = performance.now();
    const tick = progressEvery(`arquivos enviados ao ${label}`, size.mediaFiles);
    const header = Buffer.from('%PDF-1.4\n');
    await inPool(
      Array.from({ length: size.mediaFiles }, (_, index) => index),
      concurrency,
      async (index) => {
        // Random bytes after a PDF header: accepted by the library, and incompressible, so
        // the zip is as big as the files (PocketBase deflates every entry).
        const bytes = Buffer.concat([header, randomBytes(MEDIA_FILE_BYTES - header.length)]);
        const name = `catalogo-${String(index + 1).padStart(4, '0')}.pdf`;
        await upload(server.url, token, { name, type: 'application/pdf', bytes, alt: `Catálogo ${index + 1}` });
        tick();
      },
    );
    run.uploadMs = performance.now() - uploadStarted;
    run.seedMs = performance.now() - seedStarted;
    progress(`  dados prontos em ${secs(run.seedMs)} (envios: ${secs(run.uploadMs)})`);

    progress(`  criando o backup pela rota do painel`);
    const admin = await adminToken(server.url);
    const backupStarted = performance.now();
    const response = await fetch(`${server.url}/api/admin/rest/backups`, {
      method: 'POST',
      headers: { Authorization: admin, 'Content-Type': 'application/json' },
      body: '{}',
    });
    const text = await response.text();
    run.backupMs = performance.now() - backupStarted;
    if (response.status !== 201) throw new Error(`criar o backup: HTTP ${response.status} ${text.slice(0, 500)}`);
    const item = /** @type {{ name: string, size: number }} */ (JSON.parse(text));
    const zipPath = path.join(data.dataDir, 'backups', item.name);
    run.zipBytes = kind === 'local' ? (await stat(zipPath)).size : item.size;
    progress(`  backup ${item.name}: ${mib(run.zipBytes)} em ${secs(run.backupMs)}`);
    // The drill runs its own PocketBase: the live one would only compete for the CPU.
    await server.stop();

    progress(`  exercício de restauração (scripts/restore-drill.mjs)`);
    // Imported here: it loads node:sqlite, which the system's Node may lack before
    // ensureModernNode() has re-run this file under the project's.
    const { restoreDrill } = await import('../../scripts/restore-drill.mjs');
    /** @type {Record<string, string | undefined>} */
    const saved = Object.fromEntries([...S3_VARIABLES, 'PB_DATA'].map((name) => [name, process.env[name]]));
    try {
      // The drill reads the bucket's address and keys from the environment, as an operator
      // runs it; PB_DATA points its lookup by name at this server's (empty) backups folder.
      for (const name of S3_VARIABLES) delete process.env[name];
      Object.assign(process.env, env, { PB_DATA: data.dataDir });
      run.drill = await restoreDrill({ backup: kind === 'local' ? zipPath : item.name });
    } catch (error) {
      run.drillError = error instanceof Error ? error.message : String(error);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    if (run.drill) {
      progress(
        `  restaurado em ${secs(run.drill.restoreMs)}, exercício em ${secs(run.drill.totalMs)}: ` +
          (run.drill.problems.length ? `${run.drill.problems.length} diferença(s)` : 'tudo confere'),
      );
      for (const problem of run.drill.problems.slice(0, 10)) progress(`    - ${problem}`);
    } else progress(`  o exercício falhou: ${run.drillError}`);
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    progress(`  falhou: ${run.error}`);
  } finally {
    // Each storage's gigabyte goes as soon as it is measured.
    await prepared?.server.stop();
    await prepared?.data.remove();
  }
  return run;
}
