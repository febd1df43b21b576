// A real S3-compatible server on loopback for the storage tests and the storage bench:
// SeaweedFS (`weed server -filer -s3`), built from its Go module and cached like our
// PocketBase (scripts/lib/go-tool.mjs). Every port is a free one on 127.0.0.1, its data
// in a temporary dir, and the caller stops it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureGoTool } from '../lib/go-tool.mjs';
import { freePort, stopProcess } from '../lib/pocketbase-process.mjs';
import { Bucket } from '../lib/s3-client.mjs';

/** @type {import('../lib/go-tool.mjs').GoTool} */
export const SEAWEEDFS = {
  name: 'weed',
  module: 'github.com/seaweedfs/seaweedfs',
  version: 'v0.0.0-20261109003541-7506e5f91cd6',
  pkg: './weed',
};

/**
 * @typedef {object} S3Server
 * @property {string} endpoint e.g. http://127.0.0.1:41234
 * @property {string} accessKey
 * @property {string} secret
 * @property {(bucketBase: string) => Promise<Record<string, string>>} createBuckets creates
 *   `<base>` (files), `<base>-backups` and `<base>-replica` and returns the S3_* variables for PocketBase
 * @property {(bucket: string) => Bucket} bucket a client for one bucket
 * @property {() => string} output what the server printed (for failure messages)
 * @property {() => Promise<void>} stop
 */

/**
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {Promise<S3Server>}
 */
export async function startS3Server(options = {}) {
  const bin = await ensureGoTool(SEAWEEDFS, options);
  const dir = await mkdtemp(path.join(tmpdir(), 's3-test-'));
  const accessKey = `teste${randomBytes(6).toString('hex')}`;
  const secret = randomBytes(24).toString('hex');
  const configFile = path.join(dir, 's3.json');
  await writeFile(
    configFile,
    JSON.stringify({
      identities: [
        {
          name: 'pocketbase',
          credentials: [{ accessKey, secretKey: secret }],
          actions: ['Admin', 'Read', 'List', 'Tagging', 'Write'],
        },
      ],
    }),
  );
  const [master, masterGrpc, volume, volumeGrpc, filer, filerGrpc, s3, s3Grpc] = await distinctFreePorts(8);
  const args = [
    'server',
    `-dir=${dir}`,
    '-ip=127.0.0.1',
    '-ip.bind=127.0.0.1',
    `-master.port=${master}`,
    `-master.port.grpc=${masterGrpc}`,
    '-master.telemetry=false',
    '-master.volumeSizeLimitMB=64',
    `-volume.port=${volume}`,
    `-volume.port.grpc=${volumeGrpc}`,
    '-volume.max=0',
    '-filer',
    `-filer.port=${filer}`,
    `-filer.port.grpc=${filerGrpc}`,
    '-s3',
    `-s3.port=${s3}`,
    `-s3.port.grpc=${s3Grpc}`,
    '-s3.port.iceberg=0',
    '-s3.port.lance=0',
    `-s3.config=${configFile}`,
  ];
  const child = spawn(bin, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.on('error', (error) => (output += `\n${error.message}`));
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const endpoint = `http://127.0.0.1:${s3}`;
  /**
   * @param {string} bucket
   * @param {number} [timeoutMs]
   */
  const bucket = (bucket, timeoutMs) =>
    new Bucket({ endpoint, region: 'us-east-1', accessKey, secret, forcePathStyle: true, bucket }, { timeoutMs });

  const stop = async () => {
    await stopProcess(child, { graceMs: 10_000 });
    await rm(dir, { recursive: true, force: true });
  };

  // Ready when a signed request is answered and a bucket can be created (the volume
  // server registers with the master a moment after the S3 port opens).
  const deadline = Date.now() + 60_000;
  let lastError = '';
  const probe = bucket(`probe-${randomBytes(4).toString('hex')}`, 2_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.pid === undefined) break;
    try {
      await probe.create();
      await probe.put('ping.txt', 'pong');
      if ((await probe.get('ping.txt'))?.toString() === 'pong') break;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (child.exitCode !== null || child.pid === undefined || Date.now() >= deadline) {
    await stop();
    throw new Error(`o SeaweedFS não respondeu em ${endpoint} (${lastError})\n${output.slice(-4000)}`);
  }

  return {
    endpoint,
    accessKey,
    secret,
    bucket,
    output: () => output,
    stop,
    createBuckets: async (base) => {
      await bucket(base).create();
      await bucket(`${base}-backups`).create();
      // The database's continuous replica (pb_hooks/lib/backups/storage.js: S3_BUCKET + "-replica").
      await bucket(`${base}-replica`).create();
      return {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: base,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY: accessKey,
        S3_SECRET: secret,
        S3_FORCE_PATH_STYLE: 'true',
      };
    },
  };
}

/** @param {number} count */
async function distinctFreePorts(count) {
  /** @type {Set<number>} */
  const ports = new Set();
  while (ports.size < count) ports.add(/** @type {number} */ (await freePort()));
  return [...ports];
}
