/**
 * The behaviour of the cookie banner and its preferences dialog
 * (src/components/layout/CookieConsent.astro). The consent rules and storage live in
 * ./consent; this module only wires them to the server-rendered markup:
 * the banner (rendered hidden) shows while no choice is stored, consented scripts
 * are activated, the footer's reset control forgets the choice, and other tabs stay
 * in sync through the `storage` event.
 */
import {
  ALL_ACCEPTED,
  NECESSARY_ONLY,
  activateConsentedScripts,
  readConsent,
  resetConsent,
  saveConsent,
  type ConsentCategory,
  type ConsentPreferences,
} from './consent';

/** Elements with this attribute (e.g. in the footer) reopen the banner. */
const RESET_SELECTOR = '[data-cookie-reset]';
/** Fired on this window when the stored choice changes (other tabs fire `storage`). */
const CHANGE_EVENT = 'cookie-consent-change';

const CHOICES: Record<string, Omit<ConsentPreferences, 'necessary'>> = { all: ALL_ACCEPTED, necessary: NECESSARY_ONLY };

/** Marks the banner `data-ready="true"` once wired. */
export function setUpCookieConsent(banner: HTMLElement, dialog: HTMLDialogElement, storage: Storage = window.localStorage): void {
  let preferences: ConsentPreferences | null = null;
  const switches = [...dialog.querySelectorAll<HTMLInputElement>('input[data-category]')];

  const refresh = () => {
    preferences = readConsent(storage);
    banner.hidden = preferences !== null;
    activateConsentedScripts(preferences);
  };

  const decide = (choice: Omit<ConsentPreferences, 'necessary'>) => {
    saveConsent(storage, choice);
    window.dispatchEvent(new Event(CHANGE_EVENT));
    dialog.close();
  };

  const openPreferences = () => {
    for (const input of switches) input.checked = preferences?.[input.dataset.category as ConsentCategory] ?? false;
    dialog.showModal();
  };

  const onChoice = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent-choice]') : null;
    if (!control) return;
    const choice = control.dataset.consentChoice ?? '';
    if (choice === 'preferences') openPreferences();
    else if (CHOICES[choice]) decide(CHOICES[choice]);
  };
  banner.addEventListener('click', onChoice);
  dialog.addEventListener('click', onChoice);

  dialog.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    const checked = (category: ConsentCategory) => switches.some((input) => input.dataset.category === category && input.checked);
    decide({ analytics: checked('analytics'), marketing: checked('marketing') });
  });

  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(RESET_SELECTOR)) return;
    event.preventDefault();
    resetConsent(storage);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  });

  window.addEventListener(CHANGE_EVENT, refresh);
  window.addEventListener('storage', refresh);
  refresh();
  banner.dataset.ready = 'true';
}
