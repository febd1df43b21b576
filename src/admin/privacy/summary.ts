/**
 * Data-subject requests (POST /api/privacy/lookup, /export and /erase; pb_hooks/lib/privacy/privacy.js)
 * as the 'Privacidade' screen reads them, and their pt-BR words. The e-mail asked about
 * travels only in the JSON body (the data provider's privacy* methods), never in an address.
 */
import { formatNumber } from '../../lib/format';

export interface HeldContactMessage {
  id: string;
  created: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  has_machine: string;
  volume: string;
  interest: string;
  message: string;
  read: boolean;
}

export interface HeldComment {
  id: string;
  created: string;
  article: string;
  article_title: string;
  name: string;
  email: string;
  body: string;
  status: string;
}

export interface HeldSubscription {
  id: string;
  created: string;
  email: string;
  status: string;
  source: string;
  consented_at: string;
  confirmed_at: string;
  confirmed_ip: string;
  unsubscribed_at: string;
  /** The posts the newsletter sent to it. */
  received?: { post_title: string; status: string; sent_at: string }[];
}

export interface HeldStaffAccount {
  id: string;
  full_name: string;
  role: string;
  is_active: boolean;
}

/** What the system holds about one e-mail (the lookup's answer; the export adds `email` and `exportedAt`). */
export interface PrivacyHoldings {
  contactMessages: HeldContactMessage[];
  comments: HeldComment[];
  newsletter: HeldSubscription | null;
  staffAccount: HeldStaffAccount | null;
  notes: { analytics: string; staff: string };
}

/** The export's answer: what the lookup answers, plus the e-mail and when the server read it (UTC). */
export interface PrivacyExport extends PrivacyHoldings {
  email: string;
  exportedAt: string;
}

/** What an erasure did: records deleted or anonymised, audit entries stripped of personal values. */
export interface ErasureCounts {
  contactMessages: number;
  newsletter: number;
  comments: number;
  auditEntries: number;
}

export interface PrivacyErasure {
  erased: ErasureCounts;
  staffAccount: HeldStaffAccount | null;
  notes: { staff: string };
}

/** What to do with the text of the comments an erasure anonymises. */
export type CommentText = 'keep' | 'remove';

export type PrivacyAction = 'lookup' | 'export' | 'erase';

/** A row of the `privacy_requests` collection: who asked what and how many records, never the e-mail. */
export interface PrivacyRequest {
  id: string;
  action: PrivacyAction;
  requested_by: string;
  requested_by_name: string;
  counts: Partial<Record<keyof ErasureCounts | 'staffAccount', number>> | null;
  created: string;
}

export const ACTION_LABELS: Record<PrivacyAction, string> = {
  lookup: 'Consulta',
  export: 'Exportação',
  erase: 'Exclusão',
};

export function actionLabel(action: unknown): string {
  return ACTION_LABELS[action as PrivacyAction] ?? String(action ?? '');
}

/** '1 comentário', '2 comentários'. */
function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

const NOUNS: { key: keyof ErasureCounts | 'staffAccount'; one: string; many: string }[] = [
  { key: 'contactMessages', one: 'mensagem de contato', many: 'mensagens de contato' },
  { key: 'comments', one: 'comentário', many: 'comentários' },
  { key: 'newsletter', one: 'inscrição na newsletter', many: 'inscrições na newsletter' },
  { key: 'staffAccount', one: 'conta da equipe', many: 'contas da equipe' },
  { key: 'auditEntries', one: 'entrada da auditoria', many: 'entradas da auditoria' },
];

/**
 * A request's counts in words, zeros left out; `empty` when there is nothing.
 * @example countsText({ contactMessages: 1, comments: 2, newsletter: 0 }) // '1 mensagem de contato, 2 comentários'
 */
export function countsText(counts: PrivacyRequest['counts'], empty = 'nada encontrado'): string {
  const parts = NOUNS.flatMap(({ key, one, many }) => {
    const count = Number(counts?.[key] ?? 0);
    return count > 0 ? [plural(count, one, many)] : [];
  });
  return parts.length ? parts.join(', ') : empty;
}

/** The counts of a lookup's answer, as the server records them. */
export function holdingsCounts(
  held: PrivacyHoldings,
): Record<'contactMessages' | 'comments' | 'newsletter' | 'staffAccount', number> {
  return {
    contactMessages: held.contactMessages.length,
    comments: held.comments.length,
    newsletter: held.newsletter ? 1 : 0,
    staffAccount: held.staffAccount ? 1 : 0,
  };
}

/** Whether an erasure would change anything: a staff account alone is never erased here. */
export function hasErasable(held: PrivacyHoldings): boolean {
  return held.contactMessages.length > 0 || held.comments.length > 0 || held.newsletter !== null;
}

/**
 * What an erasure did, in one pt-BR sentence.
 * @example erasureText({ contactMessages: 1, newsletter: 1, comments: 1, auditEntries: 2 }, 'remove')
 * // '1 mensagem de contato apagada; inscrição na newsletter apagada; 1 comentário anonimizado, com o texto removido; 2 entradas da auditoria sem dados pessoais.'
 */
export function erasureText(erased: ErasureCounts, commentText: CommentText): string {
  const parts: string[] = [];
  if (erased.contactMessages > 0)
    parts.push(
      erased.contactMessages === 1
        ? '1 mensagem de contato apagada'
        : `${formatNumber(erased.contactMessages)} mensagens de contato apagadas`,
    );
  if (erased.newsletter > 0)
    parts.push(
      erased.newsletter === 1
        ? 'inscrição na newsletter apagada'
        : `${formatNumber(erased.newsletter)} inscrições na newsletter apagadas`,
    );
  if (erased.comments > 0) {
    const text = commentText === 'remove' ? 'com o texto removido' : 'com o texto mantido';
    parts.push(
      erased.comments === 1
        ? `1 comentário anonimizado, ${text}`
        : `${formatNumber(erased.comments)} comentários anonimizados, ${text}`,
    );
  }
  if (erased.auditEntries > 0)
    parts.push(
      erased.auditEntries === 1
        ? '1 entrada da auditoria sem dados pessoais'
        : `${formatNumber(erased.auditEntries)} entradas da auditoria sem dados pessoais`,
    );
  return parts.length ? `${parts.join('; ')}.` : 'Nada a excluir: nenhum registro com este e-mail.';
}
