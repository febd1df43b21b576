/** pt-BR labels of the audit log: actions (create, update, delete, plus the two-step sign-ins) and the audited tables. */

import { EXACT_TOTAL_LIMIT } from '../dataProvider';

export const ACTION_LABELS: Record<string, string> = {
  INSERT: 'Criação',
  UPDATE: 'Atualização',
  DELETE: 'Exclusão',
  // A sign-in that used the e-mailed code (pb_hooks/lib/auth/two-step.js).
  SIGN_IN: 'Login em duas etapas',
};

export const ACTION_COLORS = { INSERT: 'success', UPDATE: 'info', DELETE: 'error', SIGN_IN: 'secondary' } as const;

export const ACTION_CHOICES = Object.entries(ACTION_LABELS).map(([id, name]) => ({ id, name }));

/** The five staff tables, the public forms' two, and the admin's backup actions. */
export const TABLE_LABELS: Record<string, string> = {
  users: 'Usuários',
  posts: 'Posts',
  pages: 'Páginas',
  media: 'Mídia',
  public_site_settings: 'Configurações',
  contact_messages: 'Mensagens de contato',
  newsletter_subscribers: 'Newsletter',
  backups: 'Backups',
  comments: 'Comentários',
  menus: 'Menu',
  testimonials: 'Depoimentos',
  faq_entries: 'Perguntas frequentes',
  partners: 'Parceiros',
};

export const TABLE_CHOICES = Object.entries(TABLE_LABELS).map(([id, label]) => ({ id, name: `${label} (${id})` }));

export const actionLabel = (action: unknown) => ACTION_LABELS[String(action)] ?? String(action ?? '');

/** Ids are shown truncated to 8 characters: enough to tell rows apart, short enough for a column. */
export const shortId = (id: unknown) => String(id ?? '').slice(0, 8);

/**
 * The list's count line ("n registro(s) encontrado(s)"). Past
 * EXACT_TOTAL_LIMIT matches the data provider pages without an exact total.
 */
export function countText(total: number | undefined, beyondExact: boolean): string | null {
  if (total !== undefined) return `${total} registro(s) encontrado(s)`;
  return beyondExact ? `Mais de ${EXACT_TOTAL_LIMIT} registros encontrados` : null;
}
