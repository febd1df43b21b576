/**
 * The S3_* variables as the server reads them (pb_hooks/lib/backups/storage.js, also used by
 * the restore drill through scripts/lib/s3-client.mjs): local disk without them, a
 * complete configuration or a pt-BR refusal, and a backups bucket of its own.
 */
import { describe, expect, test } from 'vitest';
import { s3ConfigFromEnv } from '../../scripts/lib/s3-client.mjs';

const complete = {
  S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com',
  S3_BUCKET: 'operium-arquivos',
  S3_ACCESS_KEY: 'AKIAEXEMPLO',
  S3_SECRET: 'segredo-de-exemplo',
};

describe('S3 configuration from the environment', () => {
  test('no S3_* variable: the local disk', () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(s3ConfigFromEnv({ S3_REGION: 'sa-east-1', S3_FORCE_PATH_STYLE: 'true' })).toBeNull();
  });

  test('a complete configuration: files and backups in buckets of their own, with defaults', () => {
    const config = s3ConfigFromEnv(complete)!;
    expect(config.files).toEqual({
      enabled: true,
      endpoint: complete.S3_ENDPOINT,
      region: 'us-east-1',
      accessKey: complete.S3_ACCESS_KEY,
      secret: complete.S3_SECRET,
      forcePathStyle: false,
      bucket: 'operium-arquivos',
    });
    expect(config.backups).toEqual({ ...config.files, bucket: 'operium-arquivos-backups' });
    const custom = s3ConfigFromEnv({
      ...complete,
      S3_REGION: 'sa-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_BACKUPS_BUCKET: 'cofre',
    })!;
    expect(custom.files).toMatchObject({ region: 'sa-east-1', forcePathStyle: true });
    expect(custom.backups.bucket).toBe('cofre');
  });

  test('a partial configuration is refused, naming what is missing', () => {
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'operium-arquivos' })).toThrow(
      'Configuração S3 incompleta: defina também S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET (ou nenhuma variável S3_*).',
    );
    expect(() => s3ConfigFromEnv({ ...complete, S3_SECRET: ' ' })).toThrow('defina também S3_SECRET');
  });

  test('backups in the files bucket are refused (PocketBase would list every upload as a backup)', () => {
    expect(() => s3ConfigFromEnv({ ...complete, S3_BACKUPS_BUCKET: 'operium-arquivos' })).toThrow(
      'S3_BACKUPS_BUCKET deve ser um bucket diferente de S3_BUCKET',
    );
  });
});

describe("the database's continuous replica, from the same variables", () => {
  test('on with S3, in a bucket of its own, every second, 7 days back', () => {
    expect(s3ConfigFromEnv(complete)!.replica).toEqual({
      enabled: true,
      endpoint: complete.S3_ENDPOINT,
      region: 'us-east-1',
      accessKey: complete.S3_ACCESS_KEY,
      secret: complete.S3_SECRET,
      forcePathStyle: false,
      bucket: 'operium-arquivos-replica',
      path: 'data.db',
      syncIntervalSeconds: 1,
      retentionDays: 7,
    });
    const custom = s3ConfigFromEnv({
      ...complete,
      S3_REPLICA_BUCKET: 'copia',
      REPLICA_SYNC_INTERVAL: '0,5',
      REPLICA_RETENTION_DAYS: '30',
    })!.replica!;
    expect(custom).toMatchObject({ bucket: 'copia', syncIntervalSeconds: 0.5, retentionDays: 30 });
  });

  test('off without S3, or with REPLICA=off', () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    for (const off of ['off', 'OFF', 'false', '0', 'não'])
      expect(s3ConfigFromEnv({ ...complete, REPLICA: off })!.replica).toBeNull();
  });

  test('a shared bucket or a value out of range is refused in pt-BR', () => {
    expect(() => s3ConfigFromEnv({ ...complete, S3_REPLICA_BUCKET: 'operium-arquivos' })).toThrow(
      'S3_REPLICA_BUCKET deve ser um bucket só da réplica, diferente de S3_BUCKET e de S3_BACKUPS_BUCKET.',
    );
    expect(() => s3ConfigFromEnv({ ...complete, S3_REPLICA_BUCKET: 'operium-arquivos-backups' })).toThrow('S3_REPLICA_BUCKET');
    expect(() => s3ConfigFromEnv({ ...complete, REPLICA_SYNC_INTERVAL: '0' })).toThrow(
      'REPLICA_SYNC_INTERVAL deve ser um número de 0,1 a 60 (segundos); veio "0".',
    );
    expect(() => s3ConfigFromEnv({ ...complete, REPLICA_RETENTION_DAYS: 'uma semana' })).toThrow(
      'REPLICA_RETENTION_DAYS deve ser um número de 1 a 90 (dias); veio "uma semana".',
    );
  });
});
