/**
 * The consent runtime of every page, as the cookie banner's client directive
 * (`client:consent`, registered by src/integrations/cookie-consent-directive.mjs).
 * Astro writes this code into the page itself, so a visitor who has already chosen
 * downloads nothing for the banner: neither its island nor React.
 *
 * - It activates the page's consent-gated scripts (activateConsentedScripts) per the
 *   stored choice, at once and whenever the choice changes, here (the banner's event)
 *   or in another tab (`storage`). The island comes after those scripts in the page.
 * - It opens the banner's island, whose server HTML stays hidden until then
 *   (global.css), and hydrates it: when no choice is stored (a first visit, or a
 *   choice forgotten in another tab), or when the visitor clicks a reset control
 *   (RESET_SELECTOR), which forgets the choice first. Once hydrated, the island
 *   handles both itself.
 * - On a first visit the banner shows at once (its server HTML), but React is fetched
 *   only once the page has loaded and the browser is idle: fetched at once it competed
 *   with the page's own first paint (Lighthouse's LCP went from 1.05 s to 1.6 s in
 *   about half the runs). A press on the banner before then hydrates it at once and
 *   is replayed on the hydrated button, so no choice is lost.
 */
import type { ClientDirective } from 'astro';
import { CONSENT_CHANGE_EVENT, RESET_SELECTOR, activateConsentedScripts, readConsent, resetConsent } from './consent';

/** Set on the island's element (astro-island) when the banner has to show. */
export const OPEN_ATTRIBUTE = 'data-consent-open';

/** Runs `task` once the page has loaded and the browser has a quiet moment. */
function afterPageSettles(task: () => void) {
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

const consentDirective: ClientDirective = (load, _options, island) => {
  const activate = () => activateConsentedScripts(readConsent(window.localStorage));

  let hydration: Promise<void> | undefined;
  const hydrate = () => (hydration ??= load().then((run) => run()));

  /** A press before hydration: hydrate now, then give the same control the click. */
  const onEarlyClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button, a, input, label') : null;
    if (!control || !island.hasAttribute('ssr')) return;
    event.preventDefault();
    event.stopPropagation();
    void hydrate().then(() => control.click());
  };

  const open = (soon: 'now' | 'when-settled') => {
    document.removeEventListener('click', onReset);
    window.removeEventListener('storage', onStorage);
    island.setAttribute(OPEN_ATTRIBUTE, '');
    if (soon === 'now') {
      void hydrate();
      return;
    }
    island.addEventListener('click', onEarlyClick, { capture: true });
    afterPageSettles(() => void hydrate());
  };
  const onReset = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest(RESET_SELECTOR)) return;
    event.preventDefault();
    resetConsent(window.localStorage);
    window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));
    open('now');
  };
  const onStorage = () => {
    if (readConsent(window.localStorage) === null) open('now');
  };

  activate();
  window.addEventListener(CONSENT_CHANGE_EVENT, activate);
  window.addEventListener('storage', activate);

  if (readConsent(window.localStorage) === null) {
    open('when-settled');
  } else {
    document.addEventListener('click', onReset);
    window.addEventListener('storage', onStorage);
  }
};

export default consentDirective;
