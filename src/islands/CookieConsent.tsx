import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import {
  ALL_ACCEPTED,
  CONSENT_CHANGE_EVENT,
  CONSENT_KEY,
  NECESSARY_ONLY,
  PREFERENCES_KEY,
  RESET_SELECTOR,
  parseConsent,
  resetConsent,
  saveConsent,
  type ConsentPreferences,
} from '../lib/consent/consent';

function subscribe(onChange: () => void) {
  window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The raw stored values as one string, so React can compare snapshots cheaply. */
const storedSnapshot = () => JSON.stringify([localStorage.getItem(CONSENT_KEY), localStorage.getItem(PREFERENCES_KEY)]);
/** On the server (and while hydrating) the choice is unknown. */
const serverSnapshot = () => null;
const notifyChange = () => window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));

/** 'Recusar' and 'Aceitar' look alike: refusing is as easy as accepting. */
const DECISION = 'rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';

/** The CSS variable the chat button is lifted by while the banner shows (src/components/layout/ChatButton.astro). */
const BANNER_OFFSET = '--cookie-banner-offset';

/**
 * The cookie banner (bottom left, a fixed overlay that never shifts the layout) and its
 * preferences dialog. The stored choice (src/lib/consent/consent.ts) is an external store, so
 * other tabs stay in sync. On the site it hydrates through `client:consent`
 * (src/lib/consent/directive.ts), only when the banner has to show; the server HTML
 * holds the banner alone, hidden until then. Consented scripts are activated by
 * the page's consent runtime (the directive), on the change event this fires.
 *
 * Focus: the dialog is modal (the rest of the page is inert, Esc closes it) and gives
 * focus back to the button that opened it; when the footer's reset control brings the
 * banner back, the banner takes focus and returns it there once the visitor chooses.
 */
export default function CookieConsent() {
  const snapshot = useSyncExternalStore(subscribe, storedSnapshot, serverSnapshot);
  /** undefined: not known yet (server, hydration); null: no choice made (banner shows). */
  const preferences = useMemo<ConsentPreferences | null | undefined>(() => {
    if (snapshot === null) return undefined;
    const [flag, stored] = JSON.parse(snapshot) as [string | null, string | null];
    return parseConsent(flag, stored);
  }, [snapshot]);
  const showBanner = preferences === undefined || preferences === null;
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  /** The button that opened the dialog. */
  const openerRef = useRef<HTMLElement | null>(null);
  /** The reset control that brought the banner back. */
  const resetControlRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const dialogTitleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(RESET_SELECTOR) : null;
      if (!control) return;
      event.preventDefault();
      resetControlRef.current = control;
      resetConsent(window.localStorage);
      notifyChange();
      // Already showing: no render follows, so the effect below does not run.
      bannerRef.current?.focus();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  // While the banner shows, the floating chat button (ChatButton.astro) rises above it:
  // on a phone the banner spans the width and would cover the button.
  useEffect(() => {
    const banner = bannerRef.current;
    const root = document.documentElement;
    if (!showBanner || !banner) return;
    const place = () => root.style.setProperty(BANNER_OFFSET, `${banner.offsetHeight + 32}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_OFFSET);
    };
  }, [showBanner]);

  // Brought back by a reset control (this island's listener or, before hydration,
  // the directive's): a keyboard user lands in the banner, not at the page's end.
  useEffect(() => {
    if (preferences !== null) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(RESET_SELECTOR)) resetControlRef.current = active;
    if (resetControlRef.current) bannerRef.current?.focus();
  }, [preferences]);

  const decide = (choice: Omit<ConsentPreferences, 'necessary'>) => {
    saveConsent(window.localStorage, choice);
    dialogRef.current?.close();
    notifyChange();
    const control = resetControlRef.current;
    resetControlRef.current = null;
    if (control?.isConnected) control.focus();
  };

  const openPreferences = () => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAnalytics(preferences?.analytics ?? false);
    setMarketing(preferences?.marketing ?? false);
    dialogRef.current?.showModal();
  };

  // The modal dialog makes the page inert, but Tab past its last control would still
  // leave for the browser's own UI: wrap around instead.
  const keepFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:enabled, input:enabled')];
    const edge = event.shiftKey ? controls[0] : controls.at(-1);
    if (document.activeElement !== edge) return;
    event.preventDefault();
    (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
  };

  const returnFocus = () => {
    const opener = openerRef.current;
    openerRef.current = null;
    // After a choice the banner (and the button in it) is gone; decide() placed focus.
    if (opener?.isConnected) opener.focus();
  };

  return (
    <>
      {showBanner && (
        <section
          ref={bannerRef}
          tabIndex={-1}
          aria-labelledby={titleId}
          data-cookie-banner
          className="fixed bottom-4 left-4 z-40 w-[calc(100%-2rem)] max-w-sm rounded-xl border border-slate-200 bg-white p-5 shadow-2xl"
        >
          <h2 id={titleId} className="text-base font-semibold text-ink">
            Aviso de Cookies
          </h2>
          <p className="mt-2 text-sm text-muted">
            Usamos cookies necessários para o funcionamento do site e, com a sua permissão, cookies de análise e de marketing para
            melhorar sua experiência. Saiba mais na nossa{' '}
            <a className="font-medium text-brand-700 underline" href="/politica-privacidade">
              Política de Privacidade
            </a>
            .
          </p>
          <div className="mt-4 grid grid-cols-2 gap-2">
            <button type="button" onClick={() => decide(NECESSARY_ONLY)} className={DECISION}>
              Recusar
            </button>
            <button type="button" onClick={() => decide(ALL_ACCEPTED)} className={DECISION}>
              Aceitar
            </button>
            <button
              type="button"
              onClick={openPreferences}
              className="col-span-2 rounded-lg border border-brand-700 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Gerenciar preferências
            </button>
          </div>
        </section>
      )}

      {preferences !== undefined && (
        <dialog
          ref={dialogRef}
          aria-labelledby={dialogTitleId}
          aria-describedby={descriptionId}
          onClose={returnFocus}
          onKeyDown={keepFocus}
          className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50"
        >
          <form
            method="dialog"
            className="p-6"
            onSubmit={(event) => {
              event.preventDefault();
              decide({ analytics, marketing });
            }}
          >
            <h2 id={dialogTitleId} className="text-lg font-semibold text-ink">
              Preferências de cookies
            </h2>
            <p id={descriptionId} className="mt-2 text-sm text-muted">
              Escolha quais categorias de cookies você permite. Os cookies necessários estão sempre ativos.
            </p>
            <ul className="mt-4 space-y-3">
              <PreferenceSwitch
                label="Necessários"
                description="Essenciais para o funcionamento do site, como lembrar esta escolha."
                checked
                disabled
              />
              <PreferenceSwitch
                label="Análise"
                description="Nos ajudam a entender como o site é usado, de forma agregada."
                checked={analytics}
                onChange={setAnalytics}
              />
              <PreferenceSwitch
                label="Marketing"
                description="Permitem mostrar conteúdos e anúncios relevantes em outros sites."
                checked={marketing}
                onChange={setMarketing}
              />
            </ul>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={() => decide(NECESSARY_ONLY)}
                className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50"
              >
                Apenas necessários
              </button>
              <button
                type="button"
                onClick={() => decide(ALL_ACCEPTED)}
                className="rounded-lg border border-brand-700 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                Aceitar todos
              </button>
              <button
                type="submit"
                className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Salvar preferências
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}

interface PreferenceSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}

function PreferenceSwitch({ label, description, checked, disabled, onChange }: PreferenceSwitchProps) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-descricao`} className="text-xs text-muted">
          {description}
          {disabled && ' (sempre ativo)'}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-descricao`}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
        className="mt-1 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition before:block before:h-4 before:w-4 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:transition checked:bg-brand-700 checked:before:translate-x-4 disabled:cursor-not-allowed disabled:opacity-70"
      />
    </li>
  );
}
