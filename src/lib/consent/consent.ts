/**
 * Cookie consent: what the visitor agreed to, kept in localStorage, and the gate
 * that activates analytics and marketing scripts only after the matching consent.
 *
 * Storage (as in the original site): `cookie-consent` holds "true" once the visitor
 * chose; `cookie-preferences` holds the JSON preferences.
 */

export const CONSENT_KEY = 'cookie-consent';
export const PREFERENCES_KEY = 'cookie-preferences';
/** Fired on the window when this tab changes the stored choice (other tabs get `storage`). */
export const CONSENT_CHANGE_EVENT = 'cookie-consent-change';
/** Controls (the footer's "Redefinir preferências de cookies") that forget the choice and reopen the banner. */
export const RESET_SELECTOR = '[data-cookie-reset]';

export interface ConsentPreferences {
  /** Cookies the site cannot work without; always on. */
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

export type ConsentCategory = 'analytics' | 'marketing';

export const ALL_ACCEPTED: ConsentPreferences = { necessary: true, analytics: true, marketing: true };
export const NECESSARY_ONLY: ConsentPreferences = { necessary: true, analytics: false, marketing: false };

/** The subset of the Storage API we use, so tests can pass a plain object. */
export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Reads the stored choice. Returns null when the visitor has not chosen yet (the
 * banner must show), including when the stored data is missing or corrupt.
 * @example readConsent(localStorage) // { necessary: true, analytics: false, marketing: false }
 */
export function readConsent(storage: ConsentStorage): ConsentPreferences | null {
  return parseConsent(storage.getItem(CONSENT_KEY), storage.getItem(PREFERENCES_KEY));
}

/** The same as readConsent, from the two raw stored values. */
export function parseConsent(flag: string | null, preferences: string | null): ConsentPreferences | null {
  if (flag !== 'true') return null;
  try {
    const parsed: unknown = JSON.parse(preferences ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { analytics, marketing } = parsed as Record<string, unknown>;
    return { necessary: true, analytics: analytics === true, marketing: marketing === true };
  } catch {
    return null;
  }
}

/** Persists a choice; `necessary` is forced on whatever the caller passes. */
export function saveConsent(storage: ConsentStorage, preferences: Omit<ConsentPreferences, 'necessary'>): ConsentPreferences {
  const saved: ConsentPreferences = { necessary: true, analytics: preferences.analytics, marketing: preferences.marketing };
  storage.setItem(CONSENT_KEY, 'true');
  storage.setItem(PREFERENCES_KEY, JSON.stringify(saved));
  return saved;
}

/** Forgets the choice, so the banner shows again. */
export function resetConsent(storage: ConsentStorage): void {
  storage.removeItem(CONSENT_KEY);
  storage.removeItem(PREFERENCES_KEY);
}

export function grants(preferences: ConsentPreferences | null, category: ConsentCategory): boolean {
  return preferences?.[category] === true;
}

/**
 * Activates the deferred scripts whose category the visitor accepted. Pages hold
 * such scripts as `<script type="text/plain" data-consent="analytics" data-src="…">`
 * (or with inline code); the browser never runs them until they are replaced here by
 * real scripts. Each one runs at most once.
 * @returns how many scripts were activated
 */
export function activateConsentedScripts(preferences: ConsentPreferences | null, root: Document = document): number {
  let activated = 0;
  root.querySelectorAll<HTMLScriptElement>('script[type="text/plain"][data-consent]').forEach((placeholder) => {
    const category = placeholder.dataset.consent as ConsentCategory;
    if (!grants(preferences, category)) return;
    const script = root.createElement('script');
    if (placeholder.dataset.src) {
      script.src = placeholder.dataset.src;
      script.async = true;
    } else {
      script.text = placeholder.text;
    }
    script.dataset.consentActivated = category;
    placeholder.replaceWith(script);
    activated += 1;
  });
  return activated;
}
