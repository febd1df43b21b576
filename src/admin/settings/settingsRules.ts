/**
 * The site settings form: which key sits on which tab, its label and input type,
 * the validation patterns, and which rows a save must
 * write. The server validates the same way (pb_hooks/lib/settings/settings.js).
 */
import forms from '../../../shared/public-forms.json';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  SENDER_NAME_MAX,
  SETTING_KEYS as SHARED_SETTING_KEYS,
  settingRefusal,
  URL_PATTERN,
} from '../../../shared/settings.js';

export { EMAIL_PATTERN, PHONE_PATTERN, SENDER_NAME_MAX, URL_PATTERN };

/** How long contact messages are kept, in months (the default when unset, and the limits). */
const CONTACT_RETENTION = forms.forms.contact_messages.retentionMonths;

/** How many newsletter e-mails a send delivers per minute (the default when unset, and the limits). */
const NEWSLETTER_RATE = forms.newsletter.ratePerMinute;

export const SETTING_KEYS = SHARED_SETTING_KEYS;

export type SettingKey = (typeof SETTING_KEYS)[number];
export type SettingValues = Record<SettingKey, string>;

/** Write-only: the server moves it into PocketBase's mail settings and stores ''. */
export const SECRET_KEY = 'smtp_password' satisfies SettingKey;

/**
 * smtp_tls's choices (pb_hooks/lib/settings/settings.js). There is no 'Sem criptografia': PocketBase's
 * mailer always upgrades with STARTTLS when the server offers it, and without it goes on
 * unencrypted; a choice that changed nothing would mislead.
 */
export const TLS_CHOICES = [
  { id: 'starttls', name: 'Automático (STARTTLS)' },
  { id: 'tls', name: 'TLS implícito (porta 465)' },
] as const;

/** The keys the test e-mail depends on: with unsaved changes to them, a test would not test what is shown. */
export const MAIL_KEYS: readonly SettingKey[] = SETTING_KEYS.filter((key) => key.startsWith('smtp_'));

export interface FieldSpec {
  key: SettingKey;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password';
  /** A choice among these instead of free text. */
  choices?: readonly { id: string; name: string }[];
  multiline?: boolean;
  placeholder?: string;
  helperText?: string;
}

export interface TabSpec {
  id: string;
  label: string;
  fields: FieldSpec[];
}

export const TABS: TabSpec[] = [
  {
    id: 'geral',
    label: 'Geral',
    fields: [
      { key: 'site_title', label: 'Título do site' },
      { key: 'site_description', label: 'Descrição do site', multiline: true },
      { key: 'site_logo', label: 'URL do logotipo', type: 'url', placeholder: 'https://' },
      { key: 'site_favicon', label: 'URL do favicon', type: 'url', placeholder: 'https://' },
    ],
  },
  {
    id: 'contato',
    label: 'Contato',
    fields: [
      { key: 'contact_email', label: 'E-mail de contato', type: 'email' },
      {
        key: 'contact_notify_email',
        label: 'E-mail que recebe as mensagens',
        type: 'email',
        helperText:
          'Cada nova mensagem do formulário de contato chega a este e-mail (com o envio de e-mails configurado em Integrações); responder a ele responde ao visitante. Em branco: o e-mail de contato.',
      },
      { key: 'contact_phone', label: 'Telefone de contato', type: 'tel', placeholder: '(47) 3275-1000' },
    ],
  },
  {
    id: 'redes-sociais',
    label: 'Redes Sociais',
    fields: [
      { key: 'social_facebook', label: 'Facebook', type: 'url', placeholder: 'https://www.facebook.com/…' },
      { key: 'social_instagram', label: 'Instagram', type: 'url', placeholder: 'https://www.instagram.com/…' },
      { key: 'social_linkedin', label: 'LinkedIn', type: 'url', placeholder: 'https://www.linkedin.com/…' },
      { key: 'social_youtube', label: 'YouTube', type: 'url', placeholder: 'https://www.youtube.com/…' },
    ],
  },
  {
    id: 'integracoes',
    label: 'Integrações',
    fields: [
      { key: 'smtp_host', label: 'Servidor SMTP', placeholder: 'smtp.exemplo.com.br' },
      { key: 'smtp_port', label: 'Porta SMTP', placeholder: '587' },
      { key: 'smtp_user', label: 'Usuário SMTP' },
      {
        key: 'smtp_password',
        label: 'Senha SMTP',
        type: 'password',
        helperText: 'Por segurança, a senha salva nunca é exibida. Deixe em branco para manter a senha atual.',
      },
      {
        key: 'smtp_tls',
        label: 'Criptografia',
        choices: TLS_CHOICES,
        helperText:
          'Automático: a conexão começa sem criptografia e passa a usar STARTTLS quando o servidor oferece (porta 587 ou 25). TLS implícito: criptografada desde o início (porta 465).',
      },
      {
        key: 'smtp_sender_name',
        label: 'Nome do remetente',
        helperText: 'Como os e-mails do site aparecem na caixa de entrada. Em branco: mantém o atual.',
      },
      {
        key: 'smtp_sender_address',
        label: 'E-mail do remetente',
        type: 'email',
        helperText: 'O endereço de onde os e-mails saem; use um que o servidor SMTP aceite. Em branco: mantém o atual.',
      },
      {
        key: 'newsletter_rate_per_minute',
        label: 'E-mails da newsletter por minuto',
        placeholder: String(NEWSLETTER_RATE.default),
        helperText: `Quantos e-mails um envio da newsletter entrega por minuto; respeite o limite do seu provedor. Em branco: ${NEWSLETTER_RATE.default}.`,
      },
      { key: 'google_analytics_id', label: 'ID do Google Analytics', placeholder: 'G-XXXXXXX' },
    ],
  },
  {
    id: 'privacidade',
    label: 'Privacidade',
    fields: [
      {
        key: 'contact_retention_months',
        label: 'Guardar mensagens de contato por (meses)',
        placeholder: String(CONTACT_RETENTION.default),
        helperText: `Mensagens mais antigas são excluídas todos os dias. Em branco: ${CONTACT_RETENTION.default} meses. A Política de Privacidade mostra este prazo.`,
      },
    ],
  },
];

/** The "secure input" limit for free text: longer is no setting's value, only a mistake. */
export const MAX_LENGTH = 1000;

/** The admin's own limit (the server's is the field's 2,000 characters); every other refusal is shared/settings.js's. */
export const TOO_LONG_MESSAGE = `Use no máximo ${MAX_LENGTH} caracteres.`;

/** The reason a value is refused, or null. Empty values are allowed (the key is then unset). */
export function settingError(key: SettingKey, raw: string): string | null {
  const value = raw.trim();
  if (value.length > MAX_LENGTH) return TOO_LONG_MESSAGE;
  return settingRefusal(key, value, { retention: CONTACT_RETENTION, rate: NEWSLETTER_RATE })?.message ?? null;
}

/** Every field's error (only the refused ones). */
export function validateSettings(values: SettingValues): Partial<Record<SettingKey, string>> {
  const errors: Partial<Record<SettingKey, string>> = {};
  for (const key of SETTING_KEYS) {
    const error = settingError(key, values[key] ?? '');
    if (error) errors[key] = error;
  }
  return errors;
}

/** The empty form. */
export function emptyValues(): SettingValues {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, ''])) as SettingValues;
}

/** Stored rows → values (unknown keys ignored; the secret always starts empty). */
export function valuesFromRows(rows: readonly { key: string; value?: string }[]): SettingValues {
  const values = emptyValues();
  for (const row of rows) {
    if ((SETTING_KEYS as readonly string[]).includes(row.key) && row.key !== SECRET_KEY) {
      values[row.key as SettingKey] = String(row.value ?? '');
    }
  }
  return values;
}

/**
 * The keys a save must write: those whose trimmed value differs from the stored one,
 * and the SMTP password only when something was typed (empty keeps the stored one).
 */
export function changedKeys(stored: SettingValues, edited: SettingValues): SettingKey[] {
  return SETTING_KEYS.filter((key) =>
    key === SECRET_KEY ? edited[key] !== '' : edited[key].trim() !== (stored[key] ?? '').trim(),
  );
}

/** The tab holding a key. */
export function tabOf(key: SettingKey): TabSpec {
  return TABS.find((tab) => tab.fields.some((field) => field.key === key))!;
}
