/**
 * PocketBase with a partial S3 configuration does not start (pb_hooks/storage.pb.js):
 * uploads silently written to the local disk of a server meant to be disposable would
 * be lost with it. The S3 runs of the media and backup suites cover a complete one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { resolvePocketBase } from '../../scripts/pocketbase.mjs';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test('a partial S3 configuration stops the start with the reason in pt-BR', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pb-s3-partial-'));
  dirs.push(dataDir);
  const start = startPocketBase({
    bin: await resolvePocketBase(),
    port: await freePort(),
    dataDir,
    env: { S3_BUCKET: 'operium-arquivos', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY: '', S3_SECRET: '' },
  });
  await expect(start).rejects.toThrow('Configuração S3 incompleta: defina também S3_ACCESS_KEY, S3_SECRET');
});
