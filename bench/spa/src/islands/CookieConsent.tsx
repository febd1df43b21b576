import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  ALL_ACCEPTED,
  CONSENT_KEY,
  NECESSARY_ONLY,
  PREFERENCES_KEY,
  activateConsentedScripts,
  parseConsent,
  resetConsent,
  saveConsent,
  type ConsentPreferences,
} from '../../../../src/lib/consent';

/** Elements with this attribute (e.g. in the footer) reopen the banner. */
const RESET_SELECTOR = '[data-cookie-reset]';
/** Fired on this window when the stored choice changes (other tabs fire `storage`). */
const CHANGE_EVENT = 'cookie-consent-change';

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The raw stored values as one string, so React can compare snapshots cheaply. */
const storedSnapshot = () => JSON.stringify([localStorage.getItem(CONSENT_KEY), localStorage.getItem(PREFERENCES_KEY)]);
/** On the server (and while hydrating) the choice is unknown: render nothing. */
const serverSnapshot = () => null;
const notifyChange = () => window.dispatchEvent(new Event(CHANGE_EVENT));

/**
 * The cookie banner (bottom left) and its preferences dialog. The stored choice is
 * an external store read with useSyncExternalStore, so the server HTML (nothing)
 * and the first client render agree, and other tabs stay in sync.
 *
 * The site uses src/components/layout/CookieConsent.astro (no React); this version is
 * the client-rendered peer of the benchmark (bench/lighthouse.mjs), kept in step with it.
 */
export default function CookieConsent() {
  const snapshot = useSyncExternalStore(subscribe, storedSnapshot, serverSnapshot);
  /** undefined: not known yet; null: no choice made (banner shows). */
  const preferences = useMemo<ConsentPreferences | null | undefined>(() => {
    if (snapshot === null) return undefined;
    const [flag, stored] = JSON.parse(snapshot) as [string | null, string | null];
    return parseConsent(flag, stored);
  }, [snapshot]);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (preferences !== undefined) activateConsentedScripts(preferences);
  }, [preferences]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(RESET_SELECTOR)) return;
      event.preventDefault();
      resetConsent(window.localStorage);
      notifyChange();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  const decide = (choice: Omit<ConsentPreferences, 'necessary'>) => {
    saveConsent(window.localStorage, choice);
    notifyChange();
    dialogRef.current?.close();
  };

  const openPreferences = () => {
    setAnalytics(preferences?.analytics ?? false);
    setMarketing(preferences?.marketing ?? false);
    dialogRef.current?.showModal();
  };

  return (
    <>
      {preferences === null && (
        <section
          aria-labelledby={titleId}
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
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={openPreferences}
              className="rounded-lg border border-brand-700 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Gerenciar preferências
            </button>
            <button
              type="button"
              onClick={() => decide(ALL_ACCEPTED)}
              className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Aceitar
            </button>
          </div>
        </section>
      )}

      <dialog
        ref={dialogRef}
        aria-labelledby={`${titleId}-dialog`}
        aria-describedby={descriptionId}
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
          <h2 id={`${titleId}-dialog`} className="text-lg font-semibold text-ink">
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
        <p id={`${id}-description`} className="text-xs text-muted">
          {description}
          {disabled && ' (sempre ativo)'}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-description`}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
        className="mt-1 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition before:block before:h-4 before:w-4 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:transition checked:bg-brand-700 checked:before:translate-x-4 disabled:cursor-not-allowed disabled:opacity-70"
      />
    </li>
  );
}
