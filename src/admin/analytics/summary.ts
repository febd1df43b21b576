/** The analytics summary (GET /api/admin/rest/analytics/{period}, pb_hooks/lib/analytics/analytics.js) and its pt-BR words. */
import { formatNumber } from '../../lib/format';

export interface AnalyticsSummary {
  id: string;
  from: string;
  to: string;
  pageviews: number;
  visitors: number;
  bounce_rate: number;
  conversion_rate: number;
  daily: { date: string; pageviews: number; visitors: number }[];
  pages: { path: string; title: string; pageviews: number; visitors: number }[];
  products: { path: string; title: string; pageviews: number; visitors: number }[];
  referrers: { source: string; visitors: number }[];
  devices: { device: string; visitors: number }[];
  events: { name: string; count: number; visitors: number }[];
  conversions: { event: string; path: string; count: number }[];
  /** Visits to the not-found page: the address asked for and the page that led there ('' when none). */
  not_found: { path: string; referrer: string; count: number; visitors: number }[];
}

export const EVENT_LABELS: Record<string, string> = {
  whatsapp_click: 'Clique no WhatsApp',
  quote_click: 'Clique em Solicitar orçamento',
  contact_submit: 'Mensagem pelo contato',
  newsletter_signup: 'Inscrição na newsletter',
  datasheet_download: 'Download de datasheet',
  software_download: 'Download de software',
};

/** '2026-11-26' as '26/11'. */
export function dayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

/** 0.456 as '45,6%'. */
export function percent(ratio: number): string {
  return `${formatNumber(ratio * 100, { decimals: 1 })}%`;
}
