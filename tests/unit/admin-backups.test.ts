/** Backups: the names the server accepts and the wait for the restart after a restore. */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { waitForRestart } from '../../src/admin/backups/api';
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
