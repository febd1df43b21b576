/**
 * The business identity, in one place. Pages and components read these values;
 * they never repeat the literals. When the build reads a CMS, the public settings
 * staff edit in the admin override some of them (src/config/cms-settings.mjs,
 * injected by astro.config.mjs as __CMS_SETTINGS__).
 */
import { DEFAULT_SITE_ORIGIN } from './origin.mjs';

declare const __CMS_SETTINGS__: Record<string, string> | undefined;
/** Settings from the CMS (empty outside a CMS build, e.g. in unit tests). */
const cms: Record<string, string | undefined> = typeof __CMS_SETTINGS__ === 'undefined' ? {} : __CMS_SETTINGS__;

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
export function toE164(display: string): string {
  const digits = display.replace(/\D/g, '');
  return display.trim().startsWith('+') ? `+${digits}` : `+55${digits}`;
}

const generalPhone = cms.contact_phone ?? '(47) 3275-1000';

export const site = {
  name: 'Operium',
  legalName: 'Operium Eletrônica Industrial Ltda.',
  /** Default `<title>` suffix and Open Graph site name. */
  title: cms.site_title ?? 'Operium | Controladores industriais e placas especiais',
  description:
    cms.site_description ??
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

  email: cms.contact_email ?? 'contato@operium.com.br',
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

  storeUrl: 'https://loja.operium.com.br',

  social: {
    facebook: cms.social_facebook ?? 'https://www.facebook.com/operium.industrial',
    instagram: cms.social_instagram ?? 'https://www.instagram.com/operium.industrial',
    linkedin: cms.social_linkedin ?? 'https://www.linkedin.com/company/operium-industrial',
    youtube: cms.social_youtube ?? 'https://www.youtube.com/@operium-industrial',
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
  analyticsId: import.meta.env?.PUBLIC_ANALYTICS_ID || cms.google_analytics_id || '',
} as const;

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
