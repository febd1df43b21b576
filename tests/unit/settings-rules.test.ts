import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { PUBLIC_SETTING_KEYS } from '../../src/config/site';
import {
  SETTING_KEYS,
  TOO_LONG_MESSAGE,
  TABS,
  changedKeys,
  emptyValues,
  settingError,
  tabOf,
  validateSettings,
  valuesFromRows,
  type SettingKey,
} from '../../src/admin/settings/settingsRules';
import forms from '../../shared/public-forms.json';

const CONTACT_RETENTION = forms.forms.contact_messages.retentionMonths;
const NEWSLETTER_RATE = forms.newsletter.ratePerMinute;

/** The pt-BR texts each refusal shows, in the admin and in the API's answer. */
const SETTING_MESSAGES = {
  email: 'Informe um e-mail válido.',
  phone: 'Informe um telefone válido.',
  url: 'A URL deve começar com http:// ou https://.',
  port: 'Informe uma porta numérica.',
  tls: 'Escolha a criptografia do envio.',
  senderName: 'Use no máximo 255 caracteres.',
  analytics: 'Use um ID do Google Analytics no formato G-XXXXXXX.',
  characters: 'Os caracteres < e > não são permitidos.',
  tooLong: TOO_LONG_MESSAGE,
  months: `Informe um número de meses entre ${CONTACT_RETENTION.min} e ${CONTACT_RETENTION.max}.`,
  rate: `Informe um número de e-mails por minuto entre ${NEWSLETTER_RATE.min} e ${NEWSLETTER_RATE.max}.`,
} as const;

// The server's copy (PocketBase JSVM, CommonJS) must agree on every vector.
const require = createRequire(import.meta.url);
const globals = globalThis as Record<string, unknown>;
globals.__hooks = new URL('../../pb_hooks', import.meta.url).pathname;
globals.ValidationError = class {
  constructor(
    public code: string,
    public message: string,
  ) {}
};
globals.BadRequestError = class extends Error {
  constructor(
    message: string,
    public data: Record<string, { message: string }>,
  ) {
    super(message);
  }
};
const server = require('../../pb_hooks/lib/settings/settings.js') as {
  KEYS: string[];
  validate: (record: { get: (f: string) => string; set: (f: string, v: string) => void }) => void;
};

function serverError(key: string, value: string): string | null {
  const fields: Record<string, string> = { key, value };
  try {
    server.validate({ get: (field) => fields[field]!, set: (field, v) => (fields[field] = v) });
    return null;
  } catch (error) {
    return (error as { data: { value?: { message: string } } }).data.value?.message ?? String(error);
  }
}

const VECTORS: [SettingKey, string, string | null][] = [
  ['site_title', 'Operium', null],
  ['site_title', '', null],
  ['site_title', 'Título <b>', SETTING_MESSAGES.characters],
  ['contact_email', 'contato@operium.com.br', null],
  ['contact_email', '  contato@operium.com.br  ', null],
  ['contact_email', 'contato operium@x.com', SETTING_MESSAGES.email],
  ['contact_email', 'contato@operium', SETTING_MESSAGES.email],
  ['contact_email', 'sem-arroba', SETTING_MESSAGES.email],
  ['contact_phone', '+55 (47) 3275-1000', null],
  ['contact_phone', '(47) 3275-1000', null],
  ['contact_phone', '47 3275 1000 ramal 2', SETTING_MESSAGES.phone],
  ['contact_phone', '++55 47', SETTING_MESSAGES.phone],
  ['site_logo', 'https://cdn.exemplo.com/logo.png', null],
  ['site_favicon', 'ftp://x/favicon.ico', SETTING_MESSAGES.url],
  ['social_facebook', 'http://facebook.com/operium', null],
  ['social_instagram', 'instagram.com/operium', SETTING_MESSAGES.url],
  ['social_linkedin', 'https://linkedin.com/company/a b', SETTING_MESSAGES.url],
  ['social_youtube', 'https://youtube.com/@operium', null],
  ['smtp_port', '587', null],
  ['smtp_port', 'porta', SETTING_MESSAGES.port],
  ['smtp_port', '123456', SETTING_MESSAGES.port],
  ['smtp_host', 'smtp.exemplo.com.br', null],
  ['smtp_password', 'qualquer senha!', null],
  ['smtp_tls', 'starttls', null],
  ['smtp_tls', 'tls', null],
  ['smtp_tls', 'nenhuma', SETTING_MESSAGES.tls],
  ['smtp_tls', 'TLS', SETTING_MESSAGES.tls],
  ['smtp_sender_name', 'Equipe Operium', null],
  ['smtp_sender_name', 'a'.repeat(256), SETTING_MESSAGES.senderName],
  ['smtp_sender_address', 'avisos@operium.com.br', null],
  ['smtp_sender_address', 'avisos', SETTING_MESSAGES.email],
  ['google_analytics_id', 'G-ABC1234', null],
  ['google_analytics_id', 'UA-1234', SETTING_MESSAGES.analytics],
];

describe('settingError', () => {
  test.each(VECTORS)('%s = %j', (key, value, expected) => {
    expect(settingError(key, value)).toBe(expected);
    expect(serverError(key, value)).toBe(expected);
  });

  test('free text is limited to 1000 characters', () => {
    expect(settingError('site_description', 'a'.repeat(1000))).toBeNull();
    expect(settingError('site_description', 'a'.repeat(1001))).toBe(SETTING_MESSAGES.tooLong);
  });

  test('validateSettings lists only the refused keys', () => {
    const values = { ...emptyValues(), contact_email: 'x y@z.com', site_title: 'ok', social_youtube: 'youtube' };
    expect(validateSettings(values)).toEqual({ contact_email: SETTING_MESSAGES.email, social_youtube: SETTING_MESSAGES.url });
  });
});

describe('the form', () => {
  test('every server key is on exactly one tab, in the spec order', () => {
    expect([...SETTING_KEYS]).toEqual(server.KEYS);
    expect(TABS.flatMap((tab) => tab.fields.map((field) => field.key))).toEqual(server.KEYS);
    // Four tabs, and 'Privacidade' (how long contact messages are kept).
    expect(TABS.map((tab) => tab.label)).toEqual(['Geral', 'Contato', 'Redes Sociais', 'Integrações', 'Privacidade']);
    expect(tabOf('contact_retention_months').label).toBe('Privacidade');
    expect(tabOf('smtp_password').label).toBe('Integrações');
    // The keys the site's build reads are keys this form edits, and never the mail's.
    for (const key of PUBLIC_SETTING_KEYS) expect(SETTING_KEYS, key).toContain(key);
    expect(PUBLIC_SETTING_KEYS.filter((key) => key.startsWith('smtp_'))).toEqual([]);
    expect(tabOf('contact_email').fields.find((f) => f.key === 'contact_email')?.type).toBe('email');
    expect(tabOf('smtp_password').fields.find((f) => f.key === 'smtp_password')?.type).toBe('password');
  });

  test('the retention of contact messages is a whole number of months within the limits, or empty for the default', () => {
    expect(settingError('contact_retention_months', '')).toBeNull();
    expect(settingError('contact_retention_months', '24')).toBeNull();
    expect(settingError('contact_retention_months', '1')).toBeNull();
    expect(settingError('contact_retention_months', '120')).toBeNull();
    for (const value of ['0', '121', '12.5', '-3', 'dois anos', '1e2']) {
      expect(settingError('contact_retention_months', value), value).toBe('Informe um número de meses entre 1 e 120.');
    }
  });

  test('rows become values; unknown keys are ignored and the SMTP password starts empty', () => {
    const values = valuesFromRows([
      { key: 'site_title', value: 'Operium' },
      { key: 'smtp_password', value: 'should-never-be-here' },
      { key: 'other', value: 'x' },
    ]);
    expect(values.site_title).toBe('Operium');
    expect(values.smtp_password).toBe('');
    expect(values.contact_email).toBe('');
    expect('other' in values).toBe(false);
  });

  test('a save writes only the changed keys; an empty password keeps the stored one', () => {
    const stored = { ...emptyValues(), site_title: 'Operium', contact_email: 'a@b.com' };
    expect(changedKeys(stored, { ...stored })).toEqual([]);
    expect(changedKeys(stored, { ...stored, site_title: '  Operium  ' })).toEqual([]);
    expect(changedKeys(stored, { ...stored, site_title: 'Novo', smtp_host: 'smtp.x.com' })).toEqual(['site_title', 'smtp_host']);
    expect(changedKeys(stored, { ...stored, smtp_password: 'segredo' })).toEqual(['smtp_password']);
    expect(changedKeys(stored, { ...stored, contact_email: '' })).toEqual(['contact_email']);
  });
});
