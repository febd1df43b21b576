// Files and backups on S3-compatible storage beside the local disk: how fast each is.
// A real SeaweedFS S3 server on loopback (scripts/test-tools/seaweedfs.mjs) and two PocketBase
// servers (this repository's migrations and hooks): one with the S3_* variables
// (pb_hooks/lib/backups/storage.js), one on its own data dir. Measured:
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
import os from 'node:os';
import { startS3Server } from '../scripts/test-tools/seaweedfs.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { THUMB, firstThumbnail, inPool, upload } from './lib/media-api.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { photo } from './lib/photos.mjs';
import { formatNumber, formatRatio, median, percentile, writeReport } from './lib/report.mjs';
import { MEDIA_FILE_BYTES, backupRun, count, editorToken, mib, prepareServer, progress, secs } from './lib/storage-backup.mjs';

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
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} bytes */
const kib = (bytes) => `${count(Math.round(bytes / 1024))} KiB`;

/**
 * @typedef {import('./lib/photos.mjs').Photo} Photo
 * @typedef {import('./lib/storage-backup.mjs').BackupRun} BackupRun
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

    const backupOptions = { bin, register, size: SIZE, concurrency: CONCURRENCY };
    const localBackup = await backupRun({ ...backupOptions, kind: 'local', env: {} });
    const s3Backup = await backupRun({
      ...backupOptions,
      kind: 's3',
      env: await s3.createBuckets(`backup-${randomBytes(4).toString('hex')}`),
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
        `Nosso: PocketBase com as variáveis S3_* (pb_hooks/lib/backups/storage.js) apontando para um SeaweedFS ` +
          `(weed server -filer -s3, scripts/test-tools/seaweedfs.mjs) no mesmo computador; Referência: o mesmo PocketBase ` +
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
