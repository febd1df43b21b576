import { formatNumber } from '../../lib/format';

/**
 * How a newsletter send is shown: its status in pt-BR, its progress, whether it is
 * still running (the screens poll it until it is not). Statuses are those of the
 * newsletter_sends collection (pb_migrations/1795309900_newsletter_sends.js).
 */

export const SEND_STATUS_LABELS: Record<string, string> = {
  queued: 'Na fila',
  sending: 'Enviando',
  done: 'Concluído',
  failed: 'Falhou',
  cancelled: 'Cancelado',
};

/** A newsletter_sends record as the admin loads it (status, total, sent, failed, skipped). */
export type SendCounts = Record<string, unknown>;

const n = (value: unknown) => Number(value) || 0;

export const isRunning = (send: SendCounts | undefined) => send?.status === 'queued' || send?.status === 'sending';

/** Finished deliveries (sent, failed or skipped) over the total, 0–100. */
export function progressPercent(send: SendCounts): number {
  const total = n(send.total);
  if (total <= 0) return send.status === 'done' ? 100 : 0;
  const finished = n(send.sent) + n(send.failed) + n(send.skipped);
  return Math.min(100, Math.round((finished / total) * 100));
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * The counts as a sentence.
 * @example progressText({ total: 10, sent: 4, failed: 1 }) // '4 de 10 enviados · 1 falha'
 */
export function progressText(send: SendCounts): string {
  const parts = [`${formatNumber(n(send.sent))} de ${formatNumber(n(send.total))} enviados`];
  if (n(send.failed)) parts.push(plural(n(send.failed), 'falha', 'falhas'));
  if (n(send.skipped)) parts.push(plural(n(send.skipped), 'cancelou a inscrição antes', 'cancelaram a inscrição antes'));
  return parts.join(' · ');
}

/** What the 'Enviar newsletter' dialog says about who receives the post. */
export function audienceText(audience: { confirmed: number; toSend: number; alreadySent: number }): string {
  if (audience.toSend === 0) {
    return audience.confirmed === 0
      ? 'Ainda não há inscritos confirmados na newsletter.'
      : 'Todos os inscritos confirmados já receberam este post.';
  }
  const who = `Será enviado para ${plural(audience.toSend, 'inscrito confirmado', 'inscritos confirmados')}.`;
  if (!audience.alreadySent) return who;
  return `${who} ${plural(audience.alreadySent, 'inscrito já recebeu', 'inscritos já receberam')} este post e não ${audience.alreadySent === 1 ? 'o recebe' : 'o recebem'} de novo.`;
}
