/**
 * The analytics events the site sends, besides page views; the server's list is in
 * pb_hooks/lib/analytics/rules.js (a unit test keeps both equal).
 */
export const ANALYTICS_EVENTS = [
  'whatsapp_click',
  'quote_click',
  'contact_submit',
  'newsletter_signup',
  'datasheet_download',
  'software_download',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/**
 * Sent instead of the page view from a page marked {@link NOT_FOUND_MARK}: the server
 * lists these apart, with the page that led there (pb_hooks/lib/analytics/rules.js).
 */
export const NOT_FOUND_EVENT = 'not_found';

/** The `data-page` value of the <html> of a not-found page (src/layouts/BaseLayout.astro). */
export const NOT_FOUND_MARK = 'not-found';

/** The window event an island dispatches when something worth counting happened. */
export const ANALYTICS_EVENT = 'operium:event';

/** Tells the beacon (if the visitor allowed analytics and it runs) about an event. */
export function trackEvent(name: AnalyticsEvent): void {
  window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail: name }));
}
