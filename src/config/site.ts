/**
 * The business identity, in one place. Pages and components read these values;
 * they never repeat the literals. When the build reads a CMS, the public settings
 * staff edit in the admin override some of them: the pages the build renders read the
 * merged identity through src/lib/site/site-settings.ts; islands and the admin, which
 * cannot read collections, use the defaults (`site`).
 */
import { DEFAULT_SITE_ORIGIN } from './origin.mjs';

/** The settings keys that override these defaults; the build requests no other key. */
export const PUBLIC_SETTING_KEYS = [
  'site_title',
  'site_description',
  'contact_email',
  'contact_phone',
  'social_facebook',
  'social_instagram',
  'social_linkedin',
  'social_youtube',
  'google_analytics_id',
  'contact_retention_months',
] as const;

export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
/** Key → value of the settings that have one. */
export type PublicSettings = Partial<Record<PublicSettingKey, string>>;

/** A phone number as shown to people and as dialled by a `tel:` link. */
export interface Phone {
  label: string;
  /** Human-readable form, e.g. "(47) 3275-1000". */
  display: string;
  /** E.164 digits for `tel:` links, e.g. "+554732751000". */
  e164: string;
}

const chatNumber = '5547999731000';

/**
 * The dialling form of a Brazilian number as people write it.
 * @example toE164('(47) 3275-1000') // '+554732751000'
 */
function toE164(display: string): string {
  const digits = display.replace(/\D/g, '');
  return display.trim().startsWith('+') ? `+${digits}` : `+55${digits}`;
}

/** The identity with the given settings over the defaults. */
export function siteWith(settings: PublicSettings = {}) {
  const generalPhone = settings.contact_phone ?? '(47) 3275-1000';
  return {
    name: 'Operium',
    legalName: 'Operium Eletrônica Industrial Ltda.',
    /** Default `<title>` suffix and Open Graph site name. */
    title: settings.site_title ?? 'Operium | Controladores industriais e placas especiais',
    description:
      settings.site_description ??
      'Controladores industriais baseados em ESP32 e STM32, módulos de expansão, fonte chaveada e projetos de hardware sob medida, com fabricação nacional em Jaraguá do Sul (SC).',
    blurb:
      'Fabricamos controladores industriais e placas especiais no Brasil, com soluções robustas para controle de máquinas e monitoramento de equipamentos.',
    origin: DEFAULT_SITE_ORIGIN,
    foundedYear: 2019,
    locale: 'pt-BR',
    themeColor: '#0b3d6e',

    phones: {
      general: { label: 'Geral', display: generalPhone, e164: toE164(generalPhone) },
      commercial: { label: 'Comercial', display: '(47) 3275-1010', e164: '+554732751010' },
      support: { label: 'Suporte', display: '(47) 3275-1020', e164: '+554732751020' },
    } satisfies Record<string, Phone>,

    chat: {
      /** The business number every quote request goes to (country + area code + number). */
      number: chatNumber,
      display: '(47) 99973-1000',
      /** Opens a chat with the business number. */
      link: `https://wa.me/${chatNumber}`,
    },

    email: settings.contact_email ?? 'contato@operium.com.br',
    /**
     * Months contact messages are kept before the daily job deletes them (Configurações →
     * Privacidade); undefined: the default of shared/public-forms.json (src/lib/forms/legal-text.ts).
     */
    contactRetentionMonths: settings.contact_retention_months ? Number(settings.contact_retention_months) : undefined,
    supportEmail: 'suporte@operium.com.br',

    address: {
      street: 'Rua Walter Marquardt, 1180',
      district: 'Barra do Rio Molha',
      city: 'Jaraguá do Sul',
      state: 'SC',
      postalCode: '89259-565',
      country: 'Brasil',
      /** Map position (WGS84), for the embedded map on /contato. */
      latitude: -26.4685,
      longitude: -49.1005,
    },

    hours: 'Segunda a sexta, das 9h às 18h',

    social: {
      facebook: settings.social_facebook ?? 'https://www.facebook.com/operium.industrial',
      instagram: settings.social_instagram ?? 'https://www.instagram.com/operium.industrial',
      linkedin: settings.social_linkedin ?? 'https://www.linkedin.com/company/operium-industrial',
      youtube: settings.social_youtube ?? 'https://www.youtube.com/@operium-industrial',
    },

    /** Figures the site states about the company. */
    figures: {
      clients: '200+',
      customProjects: '50+',
      yearsOfExperience: '15+',
      unitsMade: '5000+',
      testedProducts: '100%',
    },

    /** Custom hardware development is free from this batch size up. */
    freeDevelopmentMinBatch: 25,

    /** Google Analytics measurement id; loaded only after analytics consent. */
    analyticsId: import.meta.env?.PUBLIC_ANALYTICS_ID || settings.google_analytics_id || '',
  } as const;
}

export type Site = ReturnType<typeof siteWith>;

/** The defaults: what islands, the admin and unit tests read. */
export const site: Site = siteWith();

/** Builds the chat-API link that opens the business chat with a prefilled message. */
export function chatLinkWithText(text: string): string {
  const params = new URLSearchParams({ phone: site.chat.number, text });
  return `https://api.whatsapp.com/send?${params.toString()}`;
}

/** The postal address on one line, e.g. for the footer. */
export function formatAddress(address = site.address): string {
  return `${address.street} – ${address.district}, ${address.city} – ${address.state}, ${address.postalCode}`;
}

export function telHref(phone: Phone): string {
  return `tel:${phone.e164}`;
}
