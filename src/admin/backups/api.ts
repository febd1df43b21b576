/**
 * What the backups screen needs beyond the data provider (the `backups` resource of
 * restDataProvider.ts): the wait for the server to come back after a restore.
 */
import type { BackupStatus } from '../restDataProvider';

/** A backup as the REST resource lists it; the id is the file name. */
export interface BackupItem {
  id: string;
  name: string;
  size: number;
  /** ISO 8601. */
  modified: string;
}

export type RestartOutcome = { kind: 'restarted' } | { kind: 'failed'; message: string } | { kind: 'timeout' };

/**
 * Polls the status until the server has restarted (a new bootId, or the restored
 * data no longer accepts this session: 401/403) or reports the restore failed.
 * While the process restarts requests fail (status 0 or 5xx): keep waiting.
 */
export async function waitForRestart(
  getStatus: () => Promise<BackupStatus>,
  bootIdBefore: string,
  options: { intervalMs?: number; timeoutMs?: number; sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<RestartOutcome> {
  const { intervalMs = 1000, timeoutMs = 10 * 60_000 } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + timeoutMs;
  while (now() < deadline) {
    await sleep(intervalMs);
    try {
      const status = await getStatus();
      if (status.bootId !== bootIdBefore) return { kind: 'restarted' };
      if (status.failed) return { kind: 'failed', message: status.failed };
    } catch (error) {
      const code = (error as { status?: number }).status ?? 0;
      if (code === 401 || code === 403) return { kind: 'restarted' };
    }
  }
  return { kind: 'timeout' };
}
