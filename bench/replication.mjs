// The database's continuous replica (server/replication/, Litestream in our PocketBase)
// on a real S3 (SeaweedFS on loopback). Measured:
// - the p95 of a staff save (4 concurrent admins creating and editing posts through
//   the admin's data provider) with replication on, beside the same server with
//   REPLICA=off (same S3 for files and backups): at most 1.2×;
// - the RPO at 50 writes/s: writes paced at 50 a second, each acknowledged at a known
//   moment, then `kill -9` of the server at a random moment, then a restore from the
//   replica alone: the data lost is the writes acknowledged and not restored, and the
//   RPO of that crash is how long before the kill the first of them was acknowledged
//   (0 when none is lost). Repeated; p95 at most the replication interval (1 s);
// - the RTO's parts: restoring the latest state from the replica into a new directory,
//   and a server answering on it.
//
//   node bench/replication.mjs [--quick]     (--quick: fewer rounds and crashes)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { startS3Server } from '../scripts/test-tools/seaweedfs.mjs';
import { REPLICA_CONFIG_ENV, replicaConfigJson } from '../scripts/restore.mjs';
import { authToken, createBenchData, createStaff, startBenchServer, unthrottleLoopback } from './lib/bench-pocketbase.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { formatNumber, formatRatio, median, percentile, writeReport } from './lib/report.mjs';
import { measureWrites } from './lib/staff-writes.mjs';

ensureModernNode();

const quick = process.argv.includes('--quick');
const SAVE_RATIO_GOAL = 1.2;
const INTERVAL_S = 1;
const WRITES = { clients: 4, total: 150, warmup: 20, rounds: quick ? 2 : 4 };
const RATE = 50;
const CRASHES = quick ? 5 : 20;

/** @param {string} message */
const progress = (message) => process.stderr.write(`[replication] ${message}\n`);
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} value */
const s = (value) => `${formatNumber(value / 1000, 2)} s`;
const sleep = (/** @type {number} */ time) => new Promise((resolve) => setTimeout(resolve, time));

/**
 * `pocketbase replica restore` of the latest state into a new directory; its duration.
 * @param {string} bin @param {Record<string, string>} env @param {string} target
 */
function restoreLatest(bin, env, target) {
  const began = performance.now();
  return new Promise((resolve, reject) =>
    execFile(
      bin,
      ['replica', 'restore', `--target=${target}`],
      { env: { ...process.env, [REPLICA_CONFIG_ENV]: replicaConfigJson({ ...process.env, ...env }) } },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(performance.now() - began)),
    ),
  );
}

const bin = await resolvePocketBase();
/** @type {(() => Promise<unknown> | void)[]} */
const cleanups = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
};
process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)));
const started = Date.now();
try {
  const s3 = await startS3Server({ log: progress });
  cleanups.push(() => s3.stop());
  const envOn = await s3.createBuckets(`on-${randomBytes(3).toString('hex')}`);
  const envOff = { ...(await s3.createBuckets(`off-${randomBytes(3).toString('hex')}`)), REPLICA: 'off' };

  const dataOn = await createBenchData(bin);
  const dataOff = await createBenchData(bin);
  cleanups.push(
    () => dataOn.remove(),
    () => dataOff.remove(),
  );
  let on = await startBenchServer({ bin, dataDir: dataOn.dataDir, env: envOn });
  cleanups.push(() => on.stop());
  const off = await startBenchServer({ bin, dataDir: dataOff.dataDir, env: envOff });
  cleanups.push(() => off.stop());
  for (const [server, data] of /** @type {const} */ ([
    [on, dataOn],
    [off, dataOff],
  ])) {
    await unthrottleLoopback(server.url, data.superuser);
    await createStaff(server.url, { editors: 1, authors: 1 });
  }

  progress(`Gravações da equipe: ${WRITES.clients} administradoras, ${WRITES.total} posts criados e editados por rodada`);
  const warmup = { clients: WRITES.clients, total: WRITES.warmup };
  await measureWrites(on, dataOn.superuser, 'aquecimento', warmup);
  await measureWrites(off, dataOff.superuser, 'aquecimento', warmup);
  /** @type {number[]} */
  const withReplica = [];
  /** @type {number[]} */
  const without = [];
  for (let round = 1; round <= WRITES.rounds; round++) {
    // Alternating which goes first, so a slow moment of the machine falls on both.
    const pair = round % 2 ? [on, off] : [off, on];
    for (const server of pair) {
      const run = await measureWrites(server, server === on ? dataOn.superuser : dataOff.superuser, `r${round}`, WRITES);
      (server === on ? withReplica : without).push(...run.latencies);
    }
    progress(`  rodada ${round}: p95 com réplica ${ms(percentile(withReplica, 95))}, sem ${ms(percentile(without, 95))}`);
  }
  await off.stop();

  // The RPO: writes at 50 a second by the superuser into a collection of numbered records.
  const superuser = await authToken(on.url, '_superusers', dataOn.superuser.email, dataOn.superuser.password);
  const created = await fetch(`${on.url}/api/collections`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: superuser.token },
    body: JSON.stringify({ name: 'rpo_probe', type: 'base', fields: [{ name: 'n', type: 'number' }] }),
  });
  if (!created.ok) throw new Error(`coleção de medida: HTTP ${created.status} ${await created.text()}`);
  progress(`RPO: ${RATE} gravações por segundo, kill -9 num momento ao acaso, restauração da réplica; ${CRASHES} vezes`);
  /** @type {number[]} */
  const rpos = [];
  /** @type {number[]} */
  const restores = [];
  let lostTotal = 0;
  let ackedTotal = 0;
  let next = 0;
  let dbBytes = 0;
  for (let crash = 1; crash <= CRASHES; crash++) {
    const { token } = await authToken(on.url, '_superusers', dataOn.superuser.email, dataOn.superuser.password);
    /** @type {Map<number, number>} */
    const acked = new Map();
    let stopped = false;
    /** @type {Promise<unknown>[]} */
    const pending = [];
    const pacer = setInterval(() => {
      if (stopped) return;
      const n = next++;
      pending.push(
        fetch(`${on.url}/api/collections/rpo_probe/records`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: token },
          body: JSON.stringify({ n }),
        })
          .then((response) => {
            if (response.ok && !stopped) acked.set(n, performance.now());
          })
          .catch(() => undefined),
      );
    }, 1000 / RATE);
    await sleep(4000 + Math.random() * 4000);
    const killAt = performance.now();
    stopped = true;
    clearInterval(pacer);
    process.kill(on.pid, 'SIGKILL');
    await Promise.all(pending);
    await on.stop();

    const root = await mkdtemp(path.join(tmpdir(), 'rpo-'));
    const target = path.join(root, 'pb_data');
    restores.push(/** @type {number} */ (await restoreLatest(bin, envOn, target)));
    dbBytes = (await stat(path.join(target, 'data.db'))).size;
    const db = new DatabaseSync(path.join(target, 'data.db'), { readOnly: true });
    const restored = new Set(
      db
        .prepare('SELECT n FROM rpo_probe')
        .all()
        .map((row) => Number(row.n)),
    );
    db.close();
    await rm(root, { recursive: true, force: true });
    const lost = [...acked].filter(([n]) => !restored.has(n));
    const rpo = lost.length ? killAt - Math.min(...lost.map(([, at]) => at)) : 0;
    rpos.push(rpo);
    lostTotal += lost.length;
    ackedTotal += acked.size;
    progress(`  queda ${crash}: ${acked.size} confirmadas, ${lost.length} perdidas, RPO ${ms(rpo)}`);
    on = await startBenchServer({ bin, dataDir: dataOn.dataDir, env: envOn });
  }

  // The RTO's other part: a server answering on a restored directory.
  const root = await mkdtemp(path.join(tmpdir(), 'rto-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const target = path.join(root, 'pb_data');
  await sleep(2000);
  restores.push(/** @type {number} */ (await restoreLatest(bin, envOn, target)));
  const bootBegan = performance.now();
  const restoredServer = await startBenchServer({ bin, dataDir: target, env: { ...envOn, REPLICA: 'off' } });
  const bootMs = performance.now() - bootBegan;
  await restoredServer.stop();

  const savedP95 = percentile(withReplica, 95);
  const plainP95 = percentile(without, 95);
  const rpoP95 = percentile(rpos, 95);
  await writeReport('replication', {
    title: 'Réplica contínua do banco no S3 (Litestream, SeaweedFS no loopback)',
    rows: [
      {
        measure: `Gravação de um post pela equipe (p95, ${WRITES.clients} simultâneas), com réplica × sem`,
        ours: `${ms(savedP95)} (p50 ${ms(median(withReplica))})`,
        peer: `${ms(plainP95)} (p50 ${ms(median(without))})`,
        ratio: formatRatio(savedP95 / plainP95),
        goal: `≤ ${formatRatio(SAVE_RATIO_GOAL)}`,
        ok: savedP95 / plainP95 <= SAVE_RATIO_GOAL,
      },
      {
        measure: `RPO a ${RATE} gravações/s: o que um kill -9 perde (p95 de ${CRASHES} quedas)`,
        ours: `${s(rpoP95)} (mediana ${s(median(rpos))}, máx. ${s(Math.max(...rpos))})`,
        peer: '—',
        ratio: '—',
        goal: `≤ ${INTERVAL_S} s`,
        ok: rpoP95 <= INTERVAL_S * 1000,
      },
      {
        measure: `Restaurar da réplica o último estado num diretório novo (banco de ${formatNumber(dbBytes / 1024 / 1024, 1)} MiB)`,
        ours: `${s(median(restores))} (mediana de ${restores.length}; máx. ${s(Math.max(...restores))})`,
        peer: '—',
        ratio: '—',
        goal: 'restaura',
        ok: true,
      },
      {
        measure: 'Um PocketBase responder sobre o banco restaurado',
        ours: s(bootMs),
        peer: '—',
        ratio: '—',
        goal: 'responde',
        ok: true,
      },
    ],
    notes: [
      `Réplica: pb_hooks/lib/backups/storage.js (S3_* do SeaweedFS, bucket só da réplica, intervalo de ${INTERVAL_S} s) e server/replication/ (Litestream dentro do nosso PocketBase). Referência: o mesmo PocketBase com REPLICA=off e o mesmo S3 para arquivos e backups.`,
      `Gravações da equipe: posts criados e editados pelo data provider do painel, ${WRITES.rounds} rodadas que alternam qual servidor vai primeiro, depois de ${WRITES.warmup} de aquecimento em cada.`,
      `RPO: gravações de um registro numerado a cada ${1000 / RATE} ms (sem esperar a anterior), cada uma com o momento da confirmação (HTTP 200); kill -9 entre 4 s e 8 s depois; restauração do último estado só da réplica (pocketbase replica restore); perdidas: as confirmadas que não voltaram (${lostTotal} de ${ackedTotal} nas ${CRASHES} quedas). O RPO de uma queda vai da confirmação da primeira perdida ao kill (0 sem perdas).`,
      `RTO: restaurar (acima) e subir o servidor; numa máquina nova somam-se subir a imagem e gerar o site (primeiro build em "Publicação"). O site estático numa CDN continua respondendo enquanto isso.`,
      'Tudo em 127.0.0.1, numa máquina de 2 núcleos compartilhada: o cliente, o PocketBase e o SeaweedFS dividem a CPU e o disco. Um S3 de verdade na rede acrescenta a ida e volta até ele a cada envio da réplica (o envio não segura a gravação: o RPO cresce com ela, a gravação não).',
      `Tempo total: ${formatNumber((Date.now() - started) / 60_000, 1)} min.`,
    ],
  });
} finally {
  await cleanUp();
}
