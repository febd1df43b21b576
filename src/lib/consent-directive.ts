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
 *   (global.css), and hydrates it: at once when no choice is stored (a first visit, or
 *   a choice forgotten in another tab), or when the visitor clicks a reset control
 *   (RESET_SELECTOR), which forgets the choice first. Once hydrated, the island
 *   handles both itself.
 */
import type { ClientDirective } from 'astro';
import { CONSENT_CHANGE_EVENT, RESET_SELECTOR, activateConsentedScripts, readConsent, resetConsent } from './consent';

/** Set on the island's element (astro-island) when the banner has to show. */
export const OPEN_ATTRIBUTE = 'data-consent-open';

const consentDirective: ClientDirective = (load, _options, island) => {
  const activate = () => activateConsentedScripts(readConsent(window.localStorage));

  const open = () => {
    document.removeEventListener('click', onReset);
    window.removeEventListener('storage', onStorage);
    island.setAttribute(OPEN_ATTRIBUTE, '');
    void load().then((hydrate) => hydrate());
  };
  const onReset = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest(RESET_SELECTOR)) return;
    event.preventDefault();
    resetConsent(window.localStorage);
    window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));
    open();
  };
  const onStorage = () => {
    if (readConsent(window.localStorage) === null) open();
  };

  activate();
  window.addEventListener(CONSENT_CHANGE_EVENT, activate);
  window.addEventListener('storage', activate);

  if (readConsent(window.localStorage) === null) {
    open();
  } else {
    document.addEventListener('click', onReset);
    window.addEventListener('storage', onStorage);
  }
};

export default consentDirective;
