/**
 * The database's continuous replica (server/replication/, Litestream inside our
 * PocketBase) on a real S3 (SeaweedFS on loopback): writes under load, then `kill -9`
 * of the server, then `npm run restore` from the replica alone into a new directory
 * (scripts/restore.mjs): every write acknowledged more than the replication interval
 * before the kill is there, and the restore drill finds every file the records name;
 * a restore to a chosen minute returns exactly that minute's records; the Backups
 * screen's status says whether the replica is on, in step or failing.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { startS3Server, type S3Server } from '../../scripts/test-tools/seaweedfs.mjs';
import { replicaErrorReason } from '../../src/admin/backups/api';
import { formatDateTimeInput } from '../../src/lib/format';
import { queryRows } from '../helpers/database';
import { startStaffServer, type StaffServer } from '../helpers/staff';

let s3: S3Server;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  await s3?.stop();
});

/** A server replicating to buckets of its own (files, backups, replica). */
async function replicatingServer(extraEnv: Record<string, string> = {}) {
  const env = { ...(await s3.createBuckets(`rep-${randomBytes(4).toString('hex')}`)), ...extraEnv };
  const s = await startStaffServer({ unthrottledLoopback: true, env });
  cleanup.push(() => s.server.stop());
  return { s, env };
}

/** A collection of numbered records, some with a file, written by the superuser. */
async function probeCollection(s: StaffServer) {
  await s.superuser.collections.create({
    name: 'replica_probe',
    type: 'base',
    fields: [
      { name: 'n', type: 'number' },
      { name: 'batch', type: 'text' },
      { name: 'doc', type: 'file', maxSelect: 1, maxSize: 1_000_000 },
    ],
  });
}

async function writeRecord(s: StaffServer, body: Record<string, unknown>) {
  const response = await fetch(`${s.server.url}/api/collections/replica_probe/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: s.superuser.authStore.token },
    body: JSON.stringify(body),
  });
  return response.status === 200;
}

/** `npm run restore|standby -- …` as an operator runs it, in this environment, to its end. */
function runScript(script: 'restore.mjs' | 'standby.mjs', env: Record<string, string>, args: string[]) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, [fromRoot('scripts', script), ...args], {
      cwd: fromRoot(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const runRestore = (env: Record<string, string>, args: string[]) => runScript('restore.mjs', env, args);

async function newTarget() {
  const root = await mkdtemp(path.join(tmpdir(), 'replica-restore-'));
  cleanup.push(() => rm(root, { recursive: true, force: true }));
  return path.join(root, 'pb_data');
}

const INTERVAL_MS = 1000;

test('a kill -9 under load loses at most the last interval: restored from the replica alone, with every file', async () => {
  const { s, env } = await replicatingServer();
  await probeCollection(s);
  // Three records with a file each: the restored records must find their files.
  for (let i = 1; i <= 3; i++) {
    const form = new FormData();
    form.append('n', String(-i));
    form.append('batch', 'arquivos');
    form.append('doc', new Blob([randomBytes(20_000 + i)]), `anexo-${i}.bin`);
    await s.superuser.collection('replica_probe').create(form);
  }

  // Writes one after another, each acknowledged (HTTP 200) at a known moment, for 6 s.
  const acked: { n: number; at: number }[] = [];
  let killed = false;
  const writer = (async () => {
    for (let n = 0; !killed; n++) {
      const ok = await writeRecord(s, { n, batch: 'carga' }).catch(() => false);
      if (ok && !killed) acked.push({ n, at: Date.now() });
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const killAt = Date.now();
  killed = true;
  await s.server.kill();
  await writer;
  expect(acked.length).toBeGreaterThan(100);

  const target = await newTarget();
  const restore = await runRestore(env, [`--target=${target}`]);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain('OK: banco restaurado');

  const restored = new Set(
    queryRows(path.join(target, 'data.db'), "SELECT n FROM replica_probe WHERE batch = 'carga'").map((row) => Number(row.n)),
  );
  const due = acked.filter((write) => write.at <= killAt - INTERVAL_MS);
  const lost = due.filter((write) => !restored.has(write.n));
  expect(lost, `acknowledged more than ${INTERVAL_MS} ms before the kill and not in the replica`).toEqual([]);
  // How much of the last second made it (printed for the record, not a goal of the test).
  const newest = Math.max(...[...restored]);
  const newestAt = acked.find((write) => write.n === newest)?.at ?? 0;
  console.log(
    `[replica] ${acked.length} escritas confirmadas; ${restored.size} restauradas; ` +
      `a última restaurada foi confirmada ${killAt - newestAt} ms antes do kill -9`,
  );

  // The drill (in the restore's output) found each record's file in the bucket, with its MD5.
  expect(restore.output).toMatch(/Arquivos: 3 \(/);
  expect(queryRows(path.join(target, 'data.db'), "SELECT COUNT(*) AS c FROM replica_probe WHERE batch = 'arquivos'")[0]!.c).toBe(
    3,
  );
}, 240_000);

test('a restore to a chosen minute returns exactly the records of that minute', async () => {
  const { s, env } = await replicatingServer();
  await probeCollection(s);
  for (let n = 0; n < 10; n++) expect(await writeRecord(s, { n, batch: 'antes' })).toBe(true);
  // The next turn of a minute at least 3 s away (the first batch is replicated by then).
  const minute = Math.ceil((Date.now() + 3000) / 60_000) * 60_000;
  await new Promise((resolve) => setTimeout(resolve, minute + 1500 - Date.now()));
  for (let n = 0; n < 10; n++) expect(await writeRecord(s, { n, batch: 'depois' })).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL_MS));

  const count = (target: string, batch: string) =>
    queryRows(path.join(target, 'data.db'), 'SELECT COUNT(*) AS c FROM replica_probe WHERE batch = ?', batch)[0]!.c;

  // As an operator types it: the minute, in Brasília time.
  const at = formatDateTimeInput(new Date(minute)).replace('T', ' ');
  const atMinute = await newTarget();
  const pointInTime = await runRestore(env, [`--at=${at}`, `--target=${atMinute}`]);
  expect(pointInTime.code, pointInTime.output).toBe(0);
  expect(count(atMinute, 'antes')).toBe(10);
  expect(count(atMinute, 'depois')).toBe(0);

  const latest = await newTarget();
  const last = await runRestore(env, [`--target=${latest}`]);
  expect(last.code, last.output).toBe(0);
  expect(count(latest, 'antes')).toBe(10);
  expect(count(latest, 'depois')).toBe(10);

  // A moment before the replica began is refused in pt-BR; a restored directory is never overwritten.
  const early = await runRestore(env, ['--at=2020-01-01 10:00', `--target=${await newTarget()}`]);
  expect(early.code).toBe(1);
  expect(early.output).toContain('a réplica não tem o banco como estava em');
  const again = await runRestore(env, [`--target=${latest}`]);
  expect(again.code).toBe(1);
  expect(again.output).toContain('já tem um banco (data.db)');
  const nonsense = await runRestore(env, ['--at=29/11/2026 14h', `--target=${await newTarget()}`]);
  expect(nonsense.code).toBe(1);
  expect(nonsense.output).toContain('Data e hora inválidas em --at');
}, 240_000);

test('a standby follows the replica, takes over when the primary dies, and the replica carries on from it', async () => {
  const { s, env } = await replicatingServer();
  await probeCollection(s);
  for (let n = 0; n < 5; n++) expect(await writeRecord(s, { n, batch: 'primario' })).toBe(true);

  const standbyDir = await newTarget();
  const standby = spawn(process.execPath, [fromRoot('scripts', 'standby.mjs'), `--target=${standbyDir}`], {
    cwd: fromRoot(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let standbyOutput = '';
  standby.stdout.on('data', (chunk: Buffer) => (standbyOutput += chunk.toString()));
  standby.stderr.on('data', (chunk: Buffer) => (standbyOutput += chunk.toString()));
  const standbyExit = new Promise<number>((resolve) => standby.on('exit', (code) => resolve(code ?? 1)));
  const rows = (batch: string) => {
    try {
      return Number(
        queryRows(path.join(standbyDir, 'data.db'), 'SELECT COUNT(*) AS c FROM replica_probe WHERE batch = ?', batch)[0]!.c,
      );
    } catch {
      return -1;
    }
  };
  // Caught up with what was there, then with each later write, about a second after it.
  for (let i = 0; i < 60 && rows('primario') !== 5; i++) await new Promise((resolve) => setTimeout(resolve, 500));
  expect(rows('primario'), standbyOutput).toBe(5);
  for (let n = 5; n < 10; n++) expect(await writeRecord(s, { n, batch: 'primario' })).toBe(true);
  for (let i = 0; i < 20 && rows('primario') !== 10; i++) await new Promise((resolve) => setTimeout(resolve, 250));
  expect(rows('primario'), standbyOutput).toBe(10);
  expect(standbyOutput).toContain('em dia com a réplica');

  // The primary dies with a last write; the standby is stopped and takes over.
  expect(await writeRecord(s, { n: 10, batch: 'primario' })).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_MS));
  await s.server.kill();
  standby.kill('SIGTERM');
  expect(await standbyExit, standbyOutput).toBe(0);
  const takeOver = await runScript('standby.mjs', env, [`--target=${standbyDir}`, '--assumir']);
  expect(takeOver.code, takeOver.output).toBe(0);
  expect(takeOver.output).toContain(`PB_DATA=${standbyDir} npm start`);
  expect(takeOver.output).toContain('Pronto:');
  expect(rows('primario')).toBe(11);

  // The new primary serves that data and replicates: a restore after it has its writes too.
  const promoted = await startPocketBase({ bin: s.server.bin, port: await freePort(), dataDir: standbyDir, env });
  cleanup.push(() => promoted.stop());
  const superuser = await (
    await fetch(`${promoted.url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: s.server.superuser.email, password: s.server.superuser.password }),
    })
  ).json();
  const created = await fetch(`${promoted.url}/api/collections/replica_probe/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: superuser.token },
    body: JSON.stringify({ n: 100, batch: 'novo-primario' }),
  });
  expect(created.status).toBe(200);
  // The dead primary's lease (server/replication/lease.go) keeps the replica its own until it
  // expires: the new primary waits for it, then replicates, its writes of the wait included.
  const replicationOfPromoted = async () =>
    (
      (await // The admin's token from the old primary: the same data, the same signing keys.
      (
        await fetch(`${promoted.url}/api/admin/backups/status`, { headers: { Authorization: s.admin.client.authStore.token } })
      ).json()) as { replication: Record<string, unknown> }
    ).replication;
  let replication = await replicationOfPromoted();
  expect(replication.running).toBe(false);
  expect(String(replication.heldBy)).toContain(s.server.dataDir);
  for (let i = 0; i < 90 && replication.running !== true; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    replication = await replicationOfPromoted();
  }
  expect(replication).toMatchObject({ running: true, heldBy: '' });
  await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL_MS));
  const after = await newTarget();
  const restore = await runRestore(env, [`--target=${after}`]);
  expect(restore.code, restore.output).toBe(0);
  const count = (batch: string) =>
    queryRows(path.join(after, 'data.db'), 'SELECT COUNT(*) AS c FROM replica_probe WHERE batch = ?', batch)[0]!.c;
  expect(count('primario')).toBe(11);
  expect(count('novo-primario')).toBe(1);
}, 240_000);

describe("the Backups screen's status of the replica", () => {
  let on: StaffServer;
  beforeAll(async () => {
    on = (await replicatingServer()).s;
  }, 120_000);

  const status = async (s: StaffServer, who: 'admin' | 'editor' = 'admin') =>
    fetch(`${s.server.url}/api/admin/backups/status`, { headers: { Authorization: s[who].client.authStore.token } });

  test('on and in step: its bucket, interval and last copy', async () => {
    // A change to copy, then the copy within the interval.
    await on.superuser.collection('users').update(on.editor.actor!.id, { full_name: 'Edu Editor' });
    await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_MS));
    const response = await status(on);
    expect(response.status).toBe(200);
    const { replication } = (await response.json()) as { replication: Record<string, unknown> };
    expect(replication).toMatchObject({
      enabled: true,
      running: true,
      error: '',
      intervalSeconds: 1,
      retentionDays: 7,
    });
    // In step: nothing waits longer than an interval (Litestream's own bookkeeping write
    // after a checkpoint can be waiting at this very moment).
    expect(Number(replication.lagSeconds)).toBeLessThan(2);
    expect(String(replication.bucket)).toMatch(/-replica$/);
    expect(Date.now() - new Date(String(replication.replicatedAt)).getTime()).toBeLessThan(10_000);
  });

  test('editors are refused, as for every backup route', async () => {
    expect((await status(on, 'editor')).status).toBe(403);
  });

  test('a replica bucket that does not exist: on, and the error is shown', async () => {
    const { s } = await replicatingServer({ S3_REPLICA_BUCKET: `nao-existe-${randomBytes(3).toString('hex')}` });
    await s.superuser.collection('users').update(s.editor.actor!.id, { full_name: 'Edu Editor' });
    let replication: Record<string, unknown> = {};
    for (let i = 0; i < 30 && !replication.error; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      replication = ((await (await status(s)).json()) as { replication: Record<string, unknown> }).replication;
    }
    expect(replication.enabled).toBe(true);
    // The screen names the cause in pt-BR (src/admin/backups/api.ts).
    expect(replicaErrorReason(String(replication.error), String(replication.bucket))).toMatch(
      /^o bucket nao-existe-\w+ não existe \(/,
    );
  }, 60_000);

  test('one server writes to a replica: a second one on the same replica copies nothing, and takes it over when the first stops', async () => {
    const { s: first, env } = await replicatingServer();
    // A copy started with the same S3_* variables (a restored database, say), on data of its own.
    const second = await startStaffServer({ unthrottledLoopback: true, env });
    cleanup.push(() => second.server.stop());
    const replicationOf = async (s: StaffServer) =>
      ((await (await status(s)).json()) as { replication: Record<string, unknown> }).replication;
    const held = await replicationOf(second);
    expect(held).toMatchObject({ enabled: true, running: false });
    // The lease names the server holding it by its host and data folder (server/replication/lease.go).
    expect(String(held.heldBy)).toContain(first.server.dataDir);
    expect(String(held.error)).toContain('grava nesta réplica');
    expect(await replicationOf(first)).toMatchObject({ running: true, heldBy: '', error: '' });

    // The first one stops (and gives the lease back): the second takes the replica within a few seconds.
    await first.server.stop();
    let taken: Record<string, unknown> = {};
    for (let i = 0; i < 40 && taken.running !== true; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      taken = await replicationOf(second);
    }
    expect(taken).toMatchObject({ running: true, heldBy: '', error: '' });
  }, 90_000);

  test('REPLICA=off: off, and said so', async () => {
    const { s } = await replicatingServer({ REPLICA: 'off' });
    const { replication } = (await (await status(s)).json()) as { replication: Record<string, unknown> };
    expect(replication).toEqual({ enabled: false, running: false, off: 'off' });
  });
});
