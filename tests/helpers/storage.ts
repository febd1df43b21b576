/**
 * Where a test's PocketBase keeps uploads and backups: its data dir (as by default),
 * or buckets on a real S3-compatible server started on loopback for the test file
 * (SeaweedFS, scripts/test-tools/seaweedfs.mjs). Suites that must behave the same on both
 * (media, backups, the restore drill) run once per kind.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { startS3Server, type S3Server } from '../../scripts/test-tools/seaweedfs.mjs';
import type { Bucket } from '../../scripts/lib/s3-client.mjs';
import { filesChecksums } from './database';
import type { TestServer } from './server';

export type StorageKind = 'local' | 's3';

export interface StorageUnderTest {
  kind: StorageKind;
  /** For test names: "disco local" or "S3". */
  label: string;
  /** The S3_* variables for PocketBase ({} on the local disk). */
  env: Record<string, string>;
  /** The files bucket and the backups bucket (S3 only). */
  files?: Bucket;
  backups?: Bucket;
  s3?: S3Server;
  /** SHA-256 of every stored object (uploads and thumbnails), by key relative to the storage root. */
  checksums: (server: TestServer) => Promise<Record<string, string>>;
  stop: () => Promise<void>;
}

export async function useStorage(kind: StorageKind): Promise<StorageUnderTest> {
  if (kind === 'local') {
    return {
      kind,
      label: 'disco local',
      env: {},
      // PocketBase keeps each file's attributes beside it (name.attrs): not an upload.
      checksums: async (server) =>
        Object.fromEntries(
          Object.entries(await filesChecksums(path.join(server.dataDir, 'storage'))).filter(([key]) => !key.endsWith('.attrs')),
        ),
      stop: async () => {},
    };
  }
  const s3 = await startS3Server();
  const base = `pb-${randomBytes(5).toString('hex')}`;
  const env = await s3.createBuckets(base);
  const files = s3.bucket(base);
  return {
    kind,
    label: 'S3',
    env,
    files,
    backups: s3.bucket(`${base}-backups`),
    s3,
    checksums: async () => {
      const result: Record<string, string> = {};
      for (const object of await files.list()) {
        const body = await files.get(object.key);
        if (body) result[object.key] = createHash('sha256').update(body).digest('hex');
      }
      return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
    },
    stop: () => s3.stop(),
  };
}
