/**
 * What the backups screen needs beyond the data provider (the `backups` resource of
 * restDataProvider.ts): the wait for the server to come back after a restore.
 */
import type { AlertColor } from '@mui/material/Alert';
import { formatDateTime, formatNumber } from '../../lib/format';
import type { BackupStatus, ReplicationStatus } from '../restDataProvider';

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

/**
 * What the Backups screen says of the database's continuous replica
 * (server/replication/), from GET /api/admin/backups/status.
 * @example replicaSummary({ enabled: false }).severity // 'info'
 */
export function replicaSummary(status: ReplicationStatus | undefined): { severity: AlertColor; text: string } {
  if (!status?.enabled) {
    const risk = 'só os backups guardam os dados (o que mudou depois do último backup se perde se o disco falhar).';
    const off = status?.off ?? 'no-s3';
    return {
      severity: off === 'no-s3' || off === 'off' ? 'info' : 'warning',
      text:
        off === 'no-s3'
          ? `Réplica contínua do banco desligada: sem armazenamento S3 configurado no servidor, ${risk}`
          : off === 'off'
            ? `Réplica contínua do banco desligada no servidor (REPLICA=off): ${risk}`
            : `Réplica contínua do banco desligada: ${off.replace(/\.$/, '')}. Até corrigir, ${risk}`,
    };
  }
  const seconds = formatNumber(status.intervalSeconds ?? 1, { maxDecimals: 1 });
  const bucket = status.bucket ? ` para o bucket ${status.bucket}` : '';
  if (status.heldBy && !status.running) {
    // server/replication/lease.go: one server writes to a replica; this one waits for its turn.
    return {
      severity: 'error',
      text:
        `Réplica contínua parada: outro servidor (${status.heldBy}) grava na réplica` +
        `${status.bucket ? ` do bucket ${status.bucket}` : ''}, e só um pode gravar nela. ` +
        'As alterações deste servidor não estão sendo copiadas. Se este é o servidor que deve ficar no ar, pare o outro: ' +
        `este assume a réplica${status.leaseSeconds ? ` em até ${formatNumber(status.leaseSeconds)} s` : ''}. ` +
        'Se este é uma cópia (restaurada ou de inspeção), reinicie-o com REPLICA=off.',
    };
  }
  if (status.error) {
    return {
      severity: 'error',
      text:
        `Réplica contínua com erro${status.errorAt ? ` desde ${formatDateTime(status.errorAt, { seconds: true })}` : ''}: ` +
        `${replicaErrorReason(status.error, status.bucket)}. As alterações ficam guardadas no servidor e são copiadas${bucket} ` +
        'quando ele voltar a responder.',
    };
  }
  if (!status.running) {
    return { severity: 'warning', text: 'Réplica contínua configurada, mas parada: reinicie o servidor.' };
  }
  const lag = status.lagSeconds ?? 0;
  // Past a few intervals, a change is waiting longer than it should.
  if (lag > 3 * (status.intervalSeconds ?? 1) + 5) {
    return {
      severity: 'warning',
      text: `Réplica contínua atrasada: a alteração mais recente espera há ${formatNumber(Math.round(lag))} s para ser copiada${bucket}.`,
    };
  }
  const last = status.replicatedAt
    ? ` Última cópia em ${formatDateTime(status.replicatedAt, { seconds: true })}.`
    : ' Nenhuma alteração copiada ainda.';
  const days = status.retentionDays ?? 7;
  return {
    severity: 'success',
    text:
      `Réplica contínua em dia: cada alteração do banco é copiada${bucket} em cerca de ${seconds} s.${last} ` +
      `Dá para restaurar o banco como estava em qualquer minuto desde o início da réplica, até ${formatNumber(days)} dias para trás.`,
  };
}

/**
 * The likely cause of a replication error, in pt-BR, with Litestream's own words after
 * it (for whoever operates the server).
 * @example replicaErrorReason('monitor error: NoSuchBucket: …', 'copia') // 'o bucket copia não existe (monitor error: NoSuchBucket: …)'
 */
export function replicaErrorReason(error: string, bucket = ''): string {
  const named = bucket ? ` ${bucket}` : '';
  const causes: [RegExp, string][] = [
    [/NoSuchBucket/i, `o bucket${named} não existe`],
    [
      /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden|status code: 403/i,
      `as chaves S3 não dão acesso ao bucket${named}`,
    ],
    [/connection refused|no such host|i\/o timeout|deadline exceeded|EOF/i, 'o armazenamento S3 não responde'],
  ];
  const cause = causes.find(([pattern]) => pattern.test(error))?.[1];
  return cause ? `${cause} (${error})` : error;
}
