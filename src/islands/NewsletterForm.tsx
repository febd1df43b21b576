import { useId, useState, type SubmitEvent } from 'react';
import { createPublicRecord, type ApiFieldErrors } from '../lib/api';
import { Honeypot, isBot } from './parts/Honeypot';
import { trackEvent } from '../analytics/events';

interface Props {
  buttonLabel: string;
  tone?: 'dark' | 'light';
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

function errorMessage(error: unknown): string {
  const api = error as Partial<ApiFieldErrors>;
  if (api?.fields?.email) return 'Informe um e-mail válido.';
  if (api?.status === 429) return 'Muitas tentativas. Aguarde um pouco e tente novamente.';
  return 'Não foi possível concluir a inscrição agora. Tente novamente em instantes.';
}

/** Newsletter sign-up: a required e-mail stored in PocketBase (`newsletter_subscribers`). */
export default function NewsletterForm({ buttonLabel, tone = 'dark' }: Props) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputId = useId();
  const messageId = useId();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (isBot(event.currentTarget)) return setStatus({ kind: 'done' });
    setStatus({ kind: 'sending' });
    try {
      // The page the visitor subscribed from is kept with the consent.
      const source = window.location.pathname;
      await createPublicRecord('newsletter_subscribers', { email: String(form.get('email') ?? '').trim(), source });
      trackEvent('newsletter_signup');
      setStatus({ kind: 'done' });
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error) });
    }
  }

  const dark = tone === 'dark';
  if (status.kind === 'done') {
    return (
      <p role="status" className={`text-sm font-medium ${dark ? 'text-emerald-300' : 'text-emerald-700'}`}>
        Inscrição confirmada! Você receberá nossas novidades por e-mail.
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <label htmlFor={inputId} className="sr-only">
        E-mail
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="Seu e-mail"
        aria-describedby={status.kind === 'error' ? messageId : undefined}
        className={`min-w-0 flex-1 rounded-lg border px-3 py-2 text-sm ${dark ? 'border-brand-500 bg-brand-800 text-white placeholder:text-brand-200' : 'border-slate-300 bg-white text-ink placeholder:text-slate-500'}`}
      />
      <Honeypot />
      <button
        type="submit"
        disabled={status.kind === 'sending'}
        className="rounded-lg bg-accent-400 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-accent-500 disabled:opacity-60"
      >
        {status.kind === 'sending' ? 'Enviando...' : buttonLabel}
      </button>
      {status.kind === 'error' && (
        <p id={messageId} role="alert" className={`text-sm sm:basis-full ${dark ? 'text-red-200' : 'text-red-700'}`}>
          {status.message}
        </p>
      )}
    </form>
  );
}
