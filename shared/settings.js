/**
 * Configurações' keys and the rules their values follow, as the admin's form checks them
 * before saving (src/admin/settings/settingsRules.ts) and the hooks at every save
 * (pb_hooks/lib/settings/settings.js). An empty value is always allowed: the key is unset.
 */

/** Every key the site settings hold; any other is refused. */
export const SETTING_KEYS = /** @type {const} */ ([
  'site_title',
  'site_description',
  'site_logo',
  'site_favicon',
  'contact_email',
  'contact_notify_email',
  'contact_phone',
  'social_facebook',
  'social_instagram',
  'social_linkedin',
  'social_youtube',
  'smtp_host',
  'smtp_port',
  'smtp_user',
  'smtp_password',
  'smtp_tls',
  'smtp_sender_name',
  'smtp_sender_address',
  'newsletter_rate_per_minute',
  'google_analytics_id',
  'contact_retention_months',
]);

/**
 * smtp_tls: 'starttls' connects in plain text and upgrades with STARTTLS whenever the
 * server offers it (PocketBase's mailer always does, so there is no 'never encrypt'
 * choice); 'tls' is implicit TLS from the first byte (port 465).
 */
export const TLS_VALUES = ['starttls', 'tls'];

/** PocketBase's limit for the sender's name (meta.senderName). */
export const SENDER_NAME_MAX = 255;

// The spec's patterns: e-mail without spaces; phone: optional plus, then digits, spaces,
// hyphens, parentheses; URL: starts with http or https.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[0-9\s()-]+$/;
export const URL_PATTERN = /^https?:\/\/\S+$/;

const EMAIL_KEYS = ['contact_email', 'contact_notify_email', 'smtp_sender_address'];
const URL_KEYS = ['site_logo', 'site_favicon'];

/**
 * Why a value is refused, as the API answers it (code and pt-BR message), or null.
 * @param {string} key
 * @param {string} value trimmed
 * @param {{ retention: { min: number, max: number }, rate: { min: number, max: number } }} limits
 *   months contact messages are kept and newsletter e-mails per minute (public-forms.json)
 * @returns {{ code: string, message: string } | null}
 */
export function settingRefusal(key, value, limits) {
  /** @param {string} code @param {string} message */
  const refuse = (code, message) => ({ code: 'validation_' + code, message });
  if (value === '') return null;
  if (/[<>]/.test(value)) return refuse('invalid_characters', 'Os caracteres < e > não são permitidos.');
  if (EMAIL_KEYS.indexOf(key) >= 0 && !EMAIL_PATTERN.test(value)) return refuse('invalid_email', 'Informe um e-mail válido.');
  if (key === 'contact_phone' && !PHONE_PATTERN.test(value)) return refuse('invalid_phone', 'Informe um telefone válido.');
  if ((key.indexOf('social_') === 0 || URL_KEYS.indexOf(key) >= 0) && !URL_PATTERN.test(value))
    return refuse('invalid_url', 'A URL deve começar com http:// ou https://.');
  if (key === 'smtp_port' && !/^[0-9]{1,5}$/.test(value)) return refuse('invalid_port', 'Informe uma porta numérica.');
  if (key === 'smtp_tls' && TLS_VALUES.indexOf(value) < 0) return refuse('invalid_tls', 'Escolha a criptografia do envio.');
  if (key === 'smtp_sender_name' && value.length > SENDER_NAME_MAX)
    return refuse('too_long', `Use no máximo ${SENDER_NAME_MAX} caracteres.`);
  if (key === 'contact_retention_months') {
    const { min, max } = limits.retention;
    const months = /^[0-9]{1,3}$/.test(value) ? parseInt(value, 10) : NaN;
    if (!(months >= min && months <= max)) return refuse('invalid_months', `Informe um número de meses entre ${min} e ${max}.`);
  }
  if (key === 'newsletter_rate_per_minute') {
    const { min, max } = limits.rate;
    const rate = /^[0-9]{1,5}$/.test(value) ? parseInt(value, 10) : NaN;
    if (!(rate >= min && rate <= max))
      return refuse('invalid_rate', `Informe um número de e-mails por minuto entre ${min} e ${max}.`);
  }
  if (key === 'google_analytics_id' && !/^G-[A-Z0-9]{4,20}$/i.test(value))
    return refuse('invalid_analytics_id', 'Use um ID do Google Analytics no formato G-XXXXXXX.');
  return null;
}
