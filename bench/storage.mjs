// Files and backups on S3-compatible storage beside the local disk: how fast each is.
// A real SeaweedFS S3 server on loopback (scripts/lib/seaweedfs.mjs) and two PocketBase
// servers (this repository's migrations and hooks): one with the S3_* variables
// (pb_hooks/lib/storage.js), one on its own data dir. Measured:
// - media uploads of the same photo-like JPEGs by an editor, 4 at a time, and the
//   first 100x100 thumbnail of each (generated on that request), 4 at a time: p95 on
//   S3 at most 2× the local disk's;
// - a backup of 100,000 posts and 1,000 MiB of uploads, created through the admin's
//   route (pb_hooks/backups.pb.js) and restored by the restore drill
//   (scripts/restore-drill.mjs), on the local disk (the zip holds the files) and on S3
//   (the zip holds the database, the files stay in the bucket): times, size, no problems.
//
//   node bench/storage.mjs
//   STORAGE_BENCH_POSTS=2000 STORAGE_BENCH_MEDIA_MB=50 STORAGE_BENCH_IMAGES=60 node bench/storage.mjs   (a quick try)
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';
import { startS3Server } from '../scripts/lib/seaweedfs.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { STAFF_PASSWORD, authToken, createBenchData, createStaff, unthrottleLoopback } from './lib/bench-pocketbase.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { formatNumber, formatRatio, median, percentile, writeReport } from './lib/report.mjs';
import { randomSource, seedRows } from './lib/scale-seed.mjs';

ensureModernNode();

/** @param {string} name @param {number} fallback */
function sizeFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} deve ser um inteiro positivo (recebido "${raw}")`);
  return value;
}

const SIZE = {
  images: sizeFromEnv('STORAGE_BENCH_IMAGES', 300),
  posts: sizeFromEnv('STORAGE_BENCH_POSTS', 100_000),
  // One 1 MiB file per "MB" asked for.
  mediaFiles: sizeFromEnv('STORAGE_BENCH_MEDIA_MB', 1_000),
};
const CONCURRENCY = 4;
const WARMUP_IMAGES = 8;
/** Image uploads and thumbnails alternate between the servers in this many slices, so load from elsewhere hits both alike. */
const ROUNDS = 4;
const RATIO_GOAL = 2;
/** Uploads one at a time on each server, for the note that explains the ratio. */
const SINGLE_UPLOADS = 40;
const THUMB = '100x100';
const MEDIA_FILE_BYTES = 1024 * 1024;
/** Photo shapes (landscape, portrait, 16:9, 3:2). */
const SHAPES = /** @type {const} */ ([
  [1600, 1200],
  [1200, 1600],
  [1920, 1080],
  [2000, 1333],
]);
/** Per-pixel grain amplitude: what puts the JPEGs at 200–500 KB, as camera photos resized for the web are. */
const GRAIN = 24;
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
const progress = (message) => process.stderr.write(`[storage] ${message}\n`);
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} value milliseconds */
const secs = (value) => `${formatNumber(value / 1000, 1)} s`;
/** @param {number} bytes */
const mib = (bytes) => `${formatNumber(bytes / 2 ** 20, 1)} MiB`;
/** @param {number} value */
const count = (value) => value.toLocaleString('pt-BR');
/** @param {number} bytes */
const kib = (bytes) => `${count(Math.round(bytes / 1024))} KiB`;

/**
 * Runs `task` over the items, `concurrency` at a time, keeping each result in place.
 * @template T, R
 * @param {T[]} items
 * @param {number} concurrency
 * @param {(item: T, index: number) => Promise<R>} task
 * @returns {Promise<R[]>}
 */
async function inPool(items, concurrency, task) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(/** @type {T} */ (items[index]), index);
      }
    }),
  );
  return results;
}

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
 * Photo number `index`: a scene (sky and ground gradients, objects with edges, cables,
 * a light) blurred like a lens and with sensor grain, as JPEG. Deterministic: the same
 * index gives the same bytes, so both servers and every run get the same images.
 * @param {number} index
 */
async function photo(index) {
  const random = randomSource(0x1a6e + index * 7919);
  const [width, height] = /** @type {readonly [number, number]} */ (SHAPES[index % SHAPES.length]);
  const color = () => `rgb(${random.int(256)},${random.int(256)},${random.int(256)})`;
  const horizon = height * (0.35 + random.next() * 0.3);
  const parts = [
    '<defs>',
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color()}"/><stop offset="1" stop-color="${color()}"/></linearGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color()}"/><stop offset="1" stop-color="${color()}"/></linearGradient>`,
    '<radialGradient id="light"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  ];
  const ridge = Array.from({ length: 8 }, (_, i) => `${(i / 7) * width},${horizon - random.next() * height * 0.15}`);
  parts.push(`<polygon points="0,${height} ${ridge.join(' ')} ${width},${height}" fill="url(#ground)"/>`);
  for (let i = 0; i < 14; i++) {
    const x = random.next() * width;
    const y = horizon * 0.6 + random.next() * (height - horizon * 0.6);
    const side = 40 + random.next() * width * 0.2;
    const opacity = (0.5 + random.next() * 0.5).toFixed(2);
    parts.push(
      i % 3 === 0
        ? `<circle cx="${x}" cy="${y}" r="${side / 2}" fill="${color()}" fill-opacity="${opacity}"/>`
        : `<rect x="${x}" y="${y}" width="${side}" height="${side * (0.4 + random.next())}" rx="${random.int(20)}" ` +
            `fill="${color()}" fill-opacity="${opacity}" stroke="${color()}" stroke-width="${1 + random.int(6)}"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<line x1="${random.next() * width}" y1="${random.next() * height}" x2="${random.next() * width}" ` +
        `y2="${random.next() * height}" stroke="${color()}" stroke-width="${1 + random.int(4)}" stroke-opacity="0.6"/>`,
    );
  }
  parts.push(`<circle cx="${random.next() * width}" cy="${random.next() * horizon}" r="${width * 0.3}" fill="url(#light)"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).blur(1.2).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) {
    data[i] = Math.max(0, Math.min(255, /** @type {number} */ (data[i]) + (random.next() - 0.5) * GRAIN));
  }
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: `foto-${String(index + 1).padStart(4, '0')}.jpg`, bytes: jpeg, width, height };
}

/**
 * One upload to the media library, as the admin's library sends it (multipart with the
 * file and its description).
 * @param {string} url
 * @param {string} token
 * @param {{ name: string, type: string, bytes: Uint8Array, alt: string }} file
 */
async function upload(url, token, { name, type, bytes, alt }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  form.append('alt_text', alt);
  const started = performance.now();
  const response = await fetch(`${url}/api/collections/media/records`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`envio de ${name}: HTTP ${response.status} ${text.slice(0, 500)}`);
  return { record: /** @type {{ id: string, file: string }} */ (JSON.parse(text)), ms: elapsed };
}

/**
 * The first request of a thumbnail: PocketBase reads the original from its storage,
 * decodes, resizes, writes the thumbnail back and serves it. On failure it would serve
 * the original instead, so a body as big as the original is an error here.
 * @param {string} url
 * @param {{ id: string, file: string }} record
 * @param {number} originalBytes
 */
async function firstThumbnail(url, record, originalBytes) {
  const started = performance.now();
  const response = await fetch(`${url}/api/files/media/${record.id}/${record.file}?thumb=${THUMB}`);
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('image/jpeg') || body.length === 0 || body.length >= originalBytes / 4) {
    throw new Error(
      `miniatura de ${record.file}: HTTP ${response.status}, ${type}, ${body.length} bytes (original ${originalBytes}): não é uma miniatura`,
    );
  }
  return elapsed;
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
async function prepareServer(bin, env) {
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
const editorToken = async (url) => (await authToken(url, 'users', 'editor1@exemplo.com.br', STAFF_PASSWORD)).token;
/** @param {string} url */
const adminToken = async (url) => (await authToken(url, 'users', 'admin@exemplo.com.br', STAFF_PASSWORD)).token;

/**
 * @typedef {{ name: string, bytes: Buffer, width: number, height: number }} Photo
 * @typedef {{ url: string, token: string, upload: number[], thumbnail: number[] }} Side
 */

/**
 * Part 1: the same photos uploaded to both servers, then their first thumbnails, in
 * slices taken in turns (which server goes first alternates).
 * @param {{ local: Side, s3: Side }} sides
 * @param {Photo[]} photos
 * @param {Photo[]} warmup
 */
async function measureMedia(sides, photos, warmup) {
  /** @type {Record<'local' | 's3', { id: string, file: string, bytes: number }[]>} */
  const uploaded = { local: [], s3: [] };
  const kinds = /** @type {const} */ (['local', 's3']);
  for (const kind of kinds) {
    const side = sides[kind];
    const records = await inPool(warmup, CONCURRENCY, (item) =>
      upload(side.url, side.token, { name: item.name, type: 'image/jpeg', bytes: item.bytes, alt: 'Aquecimento' }),
    );
    await inPool(records, CONCURRENCY, ({ record }, index) =>
      firstThumbnail(side.url, record, /** @type {Photo} */ (warmup[index]).bytes.length),
    );
  }
  const sliceSize = Math.ceil(photos.length / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    const slice = photos.slice(round * sliceSize, (round + 1) * sliceSize);
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      const side = sides[kind];
      const results = await inPool(slice, CONCURRENCY, (item, index) =>
        upload(side.url, side.token, {
          name: item.name,
          type: 'image/jpeg',
          bytes: item.bytes,
          alt: `Foto ${round * sliceSize + index + 1} do banco de imagens`,
        }),
      );
      for (const [index, result] of results.entries()) {
        side.upload.push(result.ms);
        uploaded[kind].push({ ...result.record, bytes: /** @type {Photo} */ (slice[index]).bytes.length });
      }
    }
    progress(
      `  envios, rodada ${round + 1} de ${ROUNDS}: p95 S3 ${ms(percentile(sides.s3.upload, 95))}, ` +
        `disco ${ms(percentile(sides.local.upload, 95))}`,
    );
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      const side = sides[kind];
      const slice = uploaded[kind].slice(round * sliceSize, (round + 1) * sliceSize);
      side.thumbnail.push(...(await inPool(slice, CONCURRENCY, (record) => firstThumbnail(side.url, record, record.bytes))));
    }
    progress(
      `  miniaturas, rodada ${round + 1} de ${ROUNDS}: p95 S3 ${ms(percentile(sides.s3.thumbnail, 95))}, ` +
        `disco ${ms(percentile(sides.local.thumbnail, 95))}`,
    );
  }
}

/**
 * What explains the upload ratio, measured after the timed rounds: the same uploads
 * one at a time (no queueing for the 2 cores behind the others), taking turns between
 * the servers; and the same photos PUT straight into a scratch bucket, 4 at a time (the
 * storage's own share, without PocketBase).
 * @param {{ local: Side, s3: Side }} sides
 * @param {Photo[]} photos
 * @param {import('../scripts/lib/s3-client.mjs').Bucket} scratch
 */
async function explainUploads(sides, photos, scratch) {
  /** @type {Record<'local' | 's3', number[]>} */
  const single = { local: [], s3: [] };
  const sample = photos.slice(0, SINGLE_UPLOADS);
  for (const [index, item] of sample.entries()) {
    for (const kind of index % 2 === 0 ? /** @type {const} */ (['local', 's3']) : /** @type {const} */ (['s3', 'local'])) {
      const side = sides[kind];
      const result = await upload(side.url, side.token, {
        name: item.name,
        type: 'image/jpeg',
        bytes: item.bytes,
        alt: 'Um por vez',
      });
      single[kind].push(result.ms);
    }
  }
  await scratch.create();
  const direct = await inPool(photos, CONCURRENCY, async (item, index) => {
    const started = performance.now();
    await scratch.put(`direto/${index}-${item.name}`, item.bytes);
    return performance.now() - started;
  });
  return { single, direct };
}

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
 *           register: (cleanup: () => Promise<unknown>) => void }} options
 * @returns {Promise<BackupRun>}
 */
async function backupRun({ bin, kind, env, register }) {
  const label = kind === 's3' ? 'S3' : 'disco local';
  /** @type {BackupRun} */
  const run = { kind };
  let prepared;
  try {
    progress(`Backup no ${label}: ${count(SIZE.posts)} posts e ${count(SIZE.mediaFiles)} arquivos de 1 MiB`);
    const seedStarted = performance.now();
    prepared = await prepareServer(bin, env);
    const { data, staff } = prepared;
    register(data.remove);
    await prepared.server.stop();
    let last = 0;
    await seedRows({
      dbPath: path.join(data.dataDir, 'data.db'),
      staff,
      posts: { from: 0, to: SIZE.posts },
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
    const tick = progressEvery(`arquivos enviados ao ${label}`, SIZE.mediaFiles);
    const header = Buffer.from('%PDF-1.4\n');
    await inPool(
      Array.from({ length: SIZE.mediaFiles }, (_, index) => index),
      CONCURRENCY,
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
    const { restoreDrill } = await import('../scripts/restore-drill.mjs');
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

async function main() {
  const started = Date.now();
  const bin = await resolvePocketBase();
  /** @type {(() => Promise<unknown> | void)[]} */
  const cleanups = [];
  /** @param {() => Promise<unknown> | void} cleanup */
  const register = (cleanup) => void cleanups.push(cleanup);
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        progress(`limpeza: ${error instanceof Error ? error.message : error}`);
      }
    }
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => cleanUp().finally(() => process.exit(130)));
  }
  try {
    progress(`Gerando ${count(SIZE.images + WARMUP_IMAGES)} fotos JPEG`);
    const generated = await inPool(
      Array.from({ length: SIZE.images + WARMUP_IMAGES }, (_, index) => index),
      2,
      (index) => photo(index),
    );
    const warmup = generated.slice(0, WARMUP_IMAGES);
    const photos = generated.slice(WARMUP_IMAGES);
    const photoSizes = photos.map((item) => item.bytes.length);
    progress(
      `  de ${kib(Math.min(...photoSizes))} a ${kib(Math.max(...photoSizes))} (mediana ${kib(median(photoSizes))}), ` +
        `${mib(photoSizes.reduce((sum, size) => sum + size, 0))} no total`,
    );

    progress('Iniciando o SeaweedFS (S3) no loopback');
    const s3 = await startS3Server({ log: progress });
    register(s3.stop);

    progress(`Envio e miniaturas: ${count(SIZE.images)} fotos em cada servidor, ${CONCURRENCY} por vez`);
    const mediaEnv = await s3.createBuckets(`midia-${randomBytes(4).toString('hex')}`);
    const local = await prepareServer(bin, {});
    register(local.data.remove);
    register(local.server.stop);
    const remote = await prepareServer(bin, mediaEnv);
    register(remote.data.remove);
    register(remote.server.stop);
    /** @type {{ local: Side, s3: Side }} */
    const sides = {
      local: { url: local.server.url, token: await editorToken(local.server.url), upload: [], thumbnail: [] },
      s3: { url: remote.server.url, token: await editorToken(remote.server.url), upload: [], thumbnail: [] },
    };
    await measureMedia(sides, photos, warmup);
    // A server that silently fell back to its disk would measure the disk twice.
    const inBucket = (await s3.bucket(/** @type {string} */ (mediaEnv.S3_BUCKET)).list()).length;
    if (inBucket < 2 * (photos.length + warmup.length)) {
      throw new Error(`o bucket de mídia tem ${inBucket} objetos: as fotos e miniaturas não foram para o S3`);
    }
    progress(`  diagnóstico: ${SINGLE_UPLOADS} envios um por vez em cada servidor; as fotos direto no SeaweedFS`);
    const explained = await explainUploads(sides, photos, s3.bucket(`direto-${randomBytes(4).toString('hex')}`));
    for (const prepared of [local, remote]) {
      await prepared.server.stop();
      await prepared.data.remove();
    }

    const localBackup = await backupRun({ bin, kind: 'local', env: {}, register });
    const s3Backup = await backupRun({
      bin,
      kind: 's3',
      env: await s3.createBuckets(`backup-${randomBytes(4).toString('hex')}`),
      register,
    });

    const uploadP95 = { s3: percentile(sides.s3.upload, 95), local: percentile(sides.local.upload, 95) };
    const thumbP95 = { s3: percentile(sides.s3.thumbnail, 95), local: percentile(sides.local.thumbnail, 95) };
    /** @param {number[]} samples */
    const latency = (samples) => `${ms(percentile(samples, 95))} (p50 ${ms(median(samples))})`;
    /** @param {BackupRun} run @param {(run: BackupRun) => string | null} show */
    const cell = (run, show) => (run.error ? `falhou: ${run.error.slice(0, 120)}` : (show(run) ?? `falhou: ${run.drillError}`));
    /** @param {(run: BackupRun) => number | undefined} pick */
    const ratio = (pick) => {
      const s3Value = pick(s3Backup);
      const localValue = pick(localBackup);
      return s3Value !== undefined && localValue ? formatRatio(s3Value / localValue) : '—';
    };
    const both = [localBackup, s3Backup];
    const drilled = both.every((run) => !run.error && run.drill);
    const clean = drilled && both.every((run) => run.drill?.problems.length === 0);
    /** @param {BackupRun} run */
    const drillText = (run) =>
      run.drill
        ? `${secs(run.drill.totalMs)}, ${run.drill.problems.length ? `${run.drill.problems.length} diferença(s)` : 'tudo confere'}`
        : null;
    const mediaLabel = `${count(SIZE.mediaFiles)} MiB de arquivos`;
    const totalBytes = SIZE.mediaFiles * MEDIA_FILE_BYTES;
    const problems = both.flatMap((run) =>
      (run.drill?.problems ?? []).slice(0, 5).map((problem) => `${run.kind === 's3' ? 'S3' : 'disco'}: ${problem}`),
    );

    await writeReport('storage', {
      title: 'Arquivos e backups: disco local × S3 (SeaweedFS no loopback)',
      rows: [
        {
          measure: `Envio de uma foto à biblioteca de mídia (p95, ${CONCURRENCY} simultâneos), S3 × disco local`,
          ours: latency(sides.s3.upload),
          peer: latency(sides.local.upload),
          ratio: formatRatio(uploadP95.s3 / uploadP95.local),
          goal: `≤ ${formatRatio(RATIO_GOAL)}`,
          ok: uploadP95.s3 / uploadP95.local <= RATIO_GOAL,
        },
        {
          measure: `Primeira miniatura ${THUMB} de uma foto (p95, ${CONCURRENCY} simultâneas), S3 × disco local`,
          ours: latency(sides.s3.thumbnail),
          peer: latency(sides.local.thumbnail),
          ratio: formatRatio(thumbP95.s3 / thumbP95.local),
          goal: `≤ ${formatRatio(RATIO_GOAL)}`,
          ok: thumbP95.s3 / thumbP95.local <= RATIO_GOAL,
        },
        {
          measure: `Backup de ${count(SIZE.posts)} posts e ${mediaLabel}: criar pela rota do painel (tamanho do zip)`,
          ours: cell(s3Backup, (run) => `${secs(/** @type {number} */ (run.backupMs))} (${mib(run.zipBytes ?? 0)})`),
          peer: cell(localBackup, (run) => `${secs(/** @type {number} */ (run.backupMs))} (${mib(run.zipBytes ?? 0)})`),
          ratio: ratio((run) => run.backupMs),
          goal: 'conclui',
          ok: both.every((run) => !run.error),
        },
        {
          measure: 'Restauração desse backup num diretório novo, até o PocketBase responder',
          ours: cell(s3Backup, (run) => (run.drill ? secs(run.drill.restoreMs) : null)),
          peer: cell(localBackup, (run) => (run.drill ? secs(run.drill.restoreMs) : null)),
          ratio: ratio((run) => run.drill?.restoreMs),
          goal: 'restaura',
          ok: drilled,
        },
        {
          measure: 'Exercício de restauração completo (buscar o zip, restaurar, conferir registros e arquivos)',
          ours: cell(s3Backup, drillText),
          peer: cell(localBackup, drillText),
          ratio: ratio((run) => run.drill?.totalMs),
          goal: 'tudo confere',
          ok: clean,
        },
      ],
      notes: [
        `Nosso: PocketBase com as variáveis S3_* (pb_hooks/lib/storage.js) apontando para um SeaweedFS ` +
          `(weed server -filer -s3, scripts/lib/seaweedfs.mjs) no mesmo computador; Referência: o mesmo PocketBase ` +
          'guardando os arquivos no próprio diretório de dados. Mesmas contas (criadas pela API) e mesmos arquivos nos dois.',
        `Fotos: ${count(SIZE.images)} JPEGs gerados (cenas com degradês, objetos, cabos e granulação de sensor; ` +
          `de 1200×1600 a 2000×1333 pixels, ${kib(Math.min(...photoSizes))} a ${kib(Math.max(...photoSizes))}, ` +
          `mediana ${kib(median(photoSizes))}), enviados por uma editora (multipart com o arquivo e o texto alternativo), ` +
          `${CONCURRENCY} por vez, em ${ROUNDS} rodadas que alternam qual servidor vai primeiro, depois de ` +
          `${WARMUP_IMAGES} de aquecimento em cada. Depois, o primeiro pedido da miniatura ${THUMB} de cada foto ` +
          '(o PocketBase lê o original do armazenamento, reduz, grava a miniatura e a serve), também em rodadas alternadas.',
        `Envios um por vez (${SINGLE_UPLOADS} em cada servidor, alternados): p95 S3 ` +
          `${latency(explained.single.s3)}, disco ${latency(explained.single.local)} ` +
          `(razão ${formatRatio(percentile(explained.single.s3, 95) / percentile(explained.single.local, 95))}). ` +
          `As mesmas ${count(photos.length)} fotos enviadas direto ao SeaweedFS (PUT assinado, sem o PocketBase), ` +
          `${CONCURRENCY} por vez: p95 ${latency(explained.direct)}.`,
        `Backup: ${count(SIZE.posts)} posts gravados direto no SQLite e ${count(SIZE.mediaFiles)} PDFs de 1 MiB ` +
          `de bytes aleatórios (incompressíveis, ${mib(totalBytes)}) enviados pela API por uma editora, ${CONCURRENCY} por vez; ` +
          `preparar os dados levou ${localBackup.seedMs === undefined ? '—' : secs(localBackup.seedMs)} no disco ` +
          `(envios: ${localBackup.uploadMs === undefined ? '—' : secs(localBackup.uploadMs)}) e ` +
          `${s3Backup.seedMs === undefined ? '—' : secs(s3Backup.seedMs)} no S3 ` +
          `(envios: ${s3Backup.uploadMs === undefined ? '—' : secs(s3Backup.uploadMs)}), fora das medidas.`,
        'O backup é criado por uma administradora (POST /api/admin/rest/backups, com o manifesto de registros e arquivos); ' +
          'no disco local o zip leva o banco e os arquivos, no S3 só o banco (os arquivos ficam no bucket, o zip vai ' +
          'para o bucket de backups). O exercício é o de npm run restore-drill (scripts/restore-drill.mjs): copia ou ' +
          'baixa o zip, restaura com a restauração do próprio PocketBase num diretório novo, sobe o PocketBase e confere ' +
          'a contagem de cada coleção e o tamanho e o MD5 de cada arquivo (no S3, baixando-os do bucket).',
        ...(problems.length ? [`Diferenças encontradas: ${problems.join('; ')}.`] : []),
        `Tudo em 127.0.0.1, numa máquina de ${os.cpus().length} núcleos compartilhada com outros processos: o cliente, ` +
          'os PocketBase e o SeaweedFS (mestre, volume, filer e S3 num só processo) dividem a CPU e o disco. Um S3 de ' +
          'verdade na rede acrescenta a cada pedido a ida e volta até ele, que o loopback não mede. Com ' +
          `${Math.round(os.totalmem() / 2 ** 30)} GiB de memória, o zip e os arquivos recém-escritos são lidos do cache ` +
          'do sistema: num servidor com pouca memória, restaurar e conferir depende também da velocidade do disco.',
        `Tempo total: ${formatNumber((Date.now() - started) / 60_000, 1)} min.`,
      ],
    });
  } finally {
    await cleanUp();
  }
}

try {
  await main();
} catch (error) {
  console.error(`[storage] ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exitCode = 1;
}
