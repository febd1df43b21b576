/**
 * The site's first-party analytics beacon, served as /metricas.js (bundled and
 * minified by src/pages/metricas.js.ts) and loaded only after the visitor allowed
 * analytics in the cookie banner (src/components/layout/FirstPartyAnalytics.astro).
 * It sends the page view and these events with navigator.sendBeacon, and checks the
 * consent again before each send (it may be withdrawn in another tab). No cookie, no
 * storage of its own, no identifier: the server counts visitors with a salt that
 * changes every day (pb_hooks/lib/analytics/analytics.js).
 *
 * A visit to the not-found page is sent as `not_found` instead of a page view.
 * Events: links to the WhatsApp chat (whatsapp_click), 'Solicitar orçamento' links to
 * the contact form (quote_click), any element with `data-event="…"` (datasheet and
 * software downloads), and `operium:event` window events from the forms' islands
 * (contact_submit, newsletter_signup).
 */
import { ANALYTICS_EVENT, NOT_FOUND_EVENT, NOT_FOUND_MARK, type AnalyticsEvent } from './events';
import { CONSENT_KEY, PREFERENCES_KEY, parseConsent } from '../lib/consent/consent';

declare const __HIT_URL__: string;

function allowed(): boolean {
  try {
    return parseConsent(localStorage.getItem(CONSENT_KEY), localStorage.getItem(PREFERENCES_KEY))?.analytics === true;
  } catch {
    return false;
  }
}

function send(event?: AnalyticsEvent | typeof NOT_FOUND_EVENT): void {
  if (!allowed()) return;
  const query = new URLSearchParams(location.search);
  const utm = {
    source: query.get('utm_source') ?? '',
    medium: query.get('utm_medium') ?? '',
    campaign: query.get('utm_campaign') ?? '',
  };
  const hit = { path: location.pathname, title: document.title, referrer: document.referrer, event, utm };
  navigator.sendBeacon(__HIT_URL__, JSON.stringify(hit));
}

// The not-found page is no page view: its path is the address someone asked for.
send(document.documentElement.dataset.page === NOT_FOUND_MARK ? NOT_FOUND_EVENT : undefined);

document.addEventListener(
  'click',
  (click) => {
    const target = click.target instanceof Element ? click.target : null;
    const named = target?.closest<HTMLElement>('[data-event]')?.dataset.event;
    if (named) return send(named as AnalyticsEvent);
    const href = target?.closest('a')?.getAttribute('href') ?? '';
    if (/^https:\/\/(api\.whatsapp\.com|wa\.me)\//.test(href)) send('whatsapp_click');
    else if (href.startsWith('/contato?produto=')) send('quote_click');
  },
  { capture: true },
);

window.addEventListener(ANALYTICS_EVENT, (event) => send((event as CustomEvent<AnalyticsEvent>).detail));
