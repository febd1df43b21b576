/**
 * What is held about an e-mail in pt-BR words, once for both places that show it: the
 * 'Privacidade' screen (label and value pairs) and the exported file (the same labels
 * as JSON keys, the same values, times in Brasília with seconds). The server answers
 * with the collections' field names and UTC times (pb_hooks/lib/privacy/privacy.js); the
 * panel writes the file because Brasília's clock is src/lib/format.ts's.
 */
import { SITE_TIME_ZONE, formatDateTime } from '../../lib/format';
import { ROLE_LABELS, isRole } from '../../lib/permissions';
import { commentStatusLabel } from '../comments/choices';
import { hasMachineLabel, interestLabel, volumeLabel } from '../messages/choices';
import { subscriptionStatusLabel } from '../newsletter/status';
import type { HeldComment, HeldContactMessage, HeldStaffAccount, HeldSubscription, PrivacyExport } from './summary';

/** How a moment is written: the screen's short form or the file's, with seconds. */
type Moment = (value: unknown) => string;
export type Fact = [label: string, value: string];

const yesNo = (value: unknown) => (value ? 'Sim' : 'Não');

export function messageFacts(message: HeldContactMessage, moment: Moment): Fact[] {
  return [
    ['Recebida em', moment(message.created)],
    ['Nome', message.name],
    ['E-mail', message.email],
    ['Telefone', message.phone],
    ['Empresa', message.company],
    ['Possui máquina', message.has_machine ? hasMachineLabel(message.has_machine) : ''],
    ['Volume', message.volume ? volumeLabel(message.volume) : ''],
    ['Interesse', message.interest ? interestLabel(message.interest) : ''],
    ['Mensagem', message.message],
    ['Lida', yesNo(message.read)],
  ];
}

export function commentFacts(comment: HeldComment, moment: Moment): Fact[] {
  return [
    ['Enviado em', moment(comment.created)],
    ['Artigo', comment.article_title || comment.article],
    ['Nome', comment.name],
    ['E-mail', comment.email],
    ['Situação', commentStatusLabel(comment.status)],
    ['Comentário', comment.body],
  ];
}

/** The subscription without the posts it received (receivedFacts). */
export function subscriptionFacts(subscription: HeldSubscription, moment: Moment): Fact[] {
  return [
    ['E-mail', subscription.email],
    ['Situação', subscriptionStatusLabel(subscription.status)],
    ['Origem', subscription.source],
    ['Inscrição em', moment(subscription.created)],
    ['Consentimento em', moment(subscription.consented_at)],
    ['Confirmada em', moment(subscription.confirmed_at)],
    ['IP da confirmação', subscription.confirmed_ip],
    ['Cancelada em', moment(subscription.unsubscribed_at)],
  ];
}

export const RECEIVED_LABEL = 'Posts recebidos';

/** One post the newsletter sent to the address. */
export function receivedFacts(item: NonNullable<HeldSubscription['received']>[number], moment: Moment): Fact[] {
  return [
    ['Post', item.post_title],
    ['Enviado em', moment(item.sent_at) || 'não enviado'],
  ];
}

export function staffFacts(account: HeldStaffAccount): Fact[] {
  return [
    ['Nome', account.full_name],
    ['Papel', isRole(account.role) ? ROLE_LABELS[account.role] : account.role],
    ['Ativa', yesNo(account.is_active)],
  ];
}

/** The file's name: never the e-mail (it goes into download lists and logs). */
export const EXPORT_FILENAME = 'dados-pessoais.json';

const fileMoment: Moment = (value) => formatDateTime(value, { seconds: true });
const asObject = (facts: Fact[]) => Object.fromEntries(facts);

/**
 * The exported file's content: pt-BR keys, the screen's values, times in Brasília
 * ('31/01/2025, 09:00:00', the zone named in the file), still JSON for any program.
 * @example personalDataFile(exported)['Mensagens de contato'][0]['Recebida em'] // '31/01/2025, 09:00:00'
 */
export function personalDataFile(exported: PrivacyExport) {
  const { contactMessages, comments, newsletter, staffAccount, notes } = exported;
  return {
    'E-mail do titular': exported.email,
    'Exportado em': fileMoment(exported.exportedAt),
    'Fuso horário': `Horário de Brasília (${SITE_TIME_ZONE})`,
    'Mensagens de contato': contactMessages.map((message) => asObject(messageFacts(message, fileMoment))),
    Comentários: comments.map((comment) => asObject(commentFacts(comment, fileMoment))),
    'Inscrição na newsletter': newsletter
      ? {
          ...asObject(subscriptionFacts(newsletter, fileMoment)),
          [RECEIVED_LABEL]: (newsletter.received ?? []).map((item) => asObject(receivedFacts(item, fileMoment))),
        }
      : null,
    'Conta da equipe': staffAccount ? asObject(staffFacts(staffAccount)) : null,
    Observações: { Analytics: notes.analytics, ...(notes.staff ? { 'Conta da equipe': notes.staff } : {}) },
  };
}
