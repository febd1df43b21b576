/** Backups: the names the server accepts and the wait for the restart after a restore. */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { replicaErrorReason, replicaSummary, waitForRestart } from '../../src/admin/backups/api';
import type { BackupStatus } from '../../src/admin/restDataProvider';

const require = createRequire(import.meta.url);
const server = require('../../pb_hooks/lib/backups/backups.js') as { isValidName: (name: unknown) => boolean };

describe('backup names (pb_hooks/lib/backups/backups.js)', () => {
  test.each([
    'backup_20240501_120000.zip',
    'backup_20240501_120000_2.zip',
    'pb_backup_20240501120000.zip',
    '@auto_pb_backup_x_20240501120000.zip',
    'meu-backup.v2.zip',
  ])('accepts %s', (name) => expect(server.isValidName(name)).toBe(true));

  test.each([
    '',
    '../data.db',
    '../backup.zip',
    '..\\backup.zip',
    'dir/backup.zip',
    '/etc/passwd.zip',
    '.restore-audit.json',
    '.hidden.zip',
    'a..zip',
    'backup.zip.exe',
    'backup .zip',
    'backup\u0000.zip',
    `${'a'.repeat(150)}.zip`,
    null,
  ])('refuses %j', (name) => expect(server.isValidName(name)).toBe(false));
});

describe('waitForRestart', () => {
  /** A clock that advances only when the code sleeps. */
  function fakeTime() {
    let now = 0;
    return { now: () => now, sleep: async (ms: number) => void (now += ms) };
  }
  const status = (bootId: string, failed = ''): BackupStatus => ({ bootId, busy: false, failed });
  const refused = (code: number) => Object.assign(new Error('x'), { status: code });

  test('keeps waiting through connection errors and the old process, then sees the new boot id', async () => {
    const answers: (BackupStatus | Error)[] = [status('a'), refused(0), refused(502), status('b')];
    let calls = 0;
    const outcome = await waitForRestart(
      async () => {
        const answer = answers[calls++]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      'a',
      fakeTime(),
    );
    expect(outcome).toEqual({ kind: 'restarted' });
    expect(calls).toBe(4);
  });

  test('a session the restored data no longer accepts also means the server restarted', async () => {
    for (const code of [401, 403]) {
      const outcome = await waitForRestart(
        async () => {
          throw refused(code);
        },
        'a',
        fakeTime(),
      );
      expect(outcome).toEqual({ kind: 'restarted' });
    }
  });

  test('a failure reported by the same process ends the wait with its message', async () => {
    const outcome = await waitForRestart(async () => status('a', 'A restauração falhou.'), 'a', fakeTime());
    expect(outcome).toEqual({ kind: 'failed', message: 'A restauração falhou.' });
  });

  test('gives up after the timeout', async () => {
    const outcome = await waitForRestart(async () => status('a'), 'a', { ...fakeTime(), timeoutMs: 5000, intervalMs: 1000 });
    expect(outcome).toEqual({ kind: 'timeout' });
  });
});

describe("the Backups screen's words for the database's replica (replicaSummary)", () => {
  const on = { enabled: true, running: true, bucket: 'operium-replica', intervalSeconds: 1, retentionDays: 7 };

  test('off: says why, and what is at risk', () => {
    const { severity, text } = replicaSummary({ enabled: false, off: 'no-s3' });
    expect(severity).toBe('info');
    expect(text).toBe(
      'Réplica contínua do banco desligada: sem armazenamento S3 configurado no servidor, só os backups guardam os dados ' +
        '(o que mudou depois do último backup se perde se o disco falhar).',
    );
    expect(replicaSummary(undefined).text).toBe(text);
    expect(replicaSummary({ enabled: false, off: 'off' }).text).toContain('desligada no servidor (REPLICA=off): só os backups');
    const refused = replicaSummary({ enabled: false, off: 'S3_REPLICA_BUCKET deve ser um bucket só da réplica.' });
    expect(refused.severity).toBe('warning');
    expect(refused.text).toContain('desligada: S3_REPLICA_BUCKET deve ser um bucket só da réplica. Até corrigir, só os backups');
  });

  test('in step: the bucket, the interval, the last copy in Brasília time, the reach of a restore', () => {
    const { severity, text } = replicaSummary({ ...on, replicatedAt: '2026-11-29T17:03:12.400Z', lagSeconds: 0.3, error: '' });
    expect(severity).toBe('success');
    expect(text).toBe(
      'Réplica contínua em dia: cada alteração do banco é copiada para o bucket operium-replica em cerca de 1 s. ' +
        'Última cópia em 29/11/2026, 14:03:12. Dá para restaurar o banco como estava em qualquer minuto desde o início ' +
        'da réplica, até 7 dias para trás.',
    );
    expect(replicaSummary({ ...on, intervalSeconds: 0.5, lagSeconds: 0 }).text).toContain(
      'em cerca de 0,5 s. Nenhuma alteração copiada ainda.',
    );
  });

  test('late past a few intervals, failing, or stopped', () => {
    expect(replicaSummary({ ...on, lagSeconds: 7.9 }).severity).toBe('success');
    const late = replicaSummary({ ...on, lagSeconds: 8.4 });
    expect(late).toEqual({
      severity: 'warning',
      text: 'Réplica contínua atrasada: a alteração mais recente espera há 8 s para ser copiada para o bucket operium-replica.',
    });
    const failing = replicaSummary({
      ...on,
      error: 'monitor error: NoSuchBucket',
      errorAt: '2026-11-29T17:00:00Z',
      lagSeconds: 30,
    });
    expect(failing.severity).toBe('error');
    expect(failing.text).toBe(
      'Réplica contínua com erro desde 29/11/2026, 14:00:00: o bucket operium-replica não existe (monitor error: NoSuchBucket). ' +
        'As alterações ficam guardadas no servidor e são copiadas para o bucket operium-replica quando ele voltar a responder.',
    );
    expect(replicaSummary({ ...on, running: false }).severity).toBe('warning');
  });

  test('another server holding the replica: this one copies nothing, and what to do', () => {
    const held = replicaSummary({
      ...on,
      running: false,
      heldBy: 'servidor-a:/srv/operium/pb_data',
      leaseSeconds: 30,
      error: 'outro servidor (servidor-a:/srv/operium/pb_data) grava nesta réplica',
    });
    expect(held).toEqual({
      severity: 'error',
      text:
        'Réplica contínua parada: outro servidor (servidor-a:/srv/operium/pb_data) grava na réplica do bucket ' +
        'operium-replica, e só um pode gravar nela. As alterações deste servidor não estão sendo copiadas. Se este é o ' +
        'servidor que deve ficar no ar, pare o outro: este assume a réplica em até 30 s. Se este é uma cópia (restaurada ' +
        'ou de inspeção), reinicie-o com REPLICA=off.',
    });
  });

  test("Litestream's errors get their likely cause in pt-BR, and keep their own words", () => {
    expect(replicaErrorReason('api error AccessDenied: Access Denied.', 'copia')).toBe(
      'as chaves S3 não dão acesso ao bucket copia (api error AccessDenied: Access Denied.)',
    );
    expect(replicaErrorReason('dial tcp 127.0.0.1:9: connect: connection refused')).toBe(
      'o armazenamento S3 não responde (dial tcp 127.0.0.1:9: connect: connection refused)',
    );
    expect(replicaErrorReason('something else')).toBe('something else');
  });
});
