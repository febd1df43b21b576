import { useId } from 'react';
import { formAction } from '../lib/forms/public-forms';
import { trackEvent } from '../analytics/events';
import { FieldError, FormAlert } from './parts/FormFeedback';
import { Honeypot } from './parts/Honeypot';
import { usePublicForm } from './parts/usePublicForm';

interface Props {
  buttonLabel: string;
  /** The page the form is on, kept with the consent (the server refuses anything but a path). */
  source: string;
  tone?: 'dark' | 'light';
}

/** The same answer for a new, pending or confirmed address (double opt-in: pb_hooks/lib/newsletter/subscriptions.js). */
export const SUBSCRIBED_MESSAGE = 'Enviamos um e-mail para você confirmar a inscrição.';

/**
 * Newsletter sign-up: a plain HTML form that posts by itself (before this island
 * hydrates, or with JavaScript off), stored in PocketBase (`newsletter_subscribers`);
 * the island checks the address first and answers in pt-BR beside the field.
 */
export default function NewsletterForm({ buttonLabel, source, tone = 'dark' }: Props) {
  const inputId = useId();
  const { errors, status, formRef, onSubmit, retry, clearError } = usePublicForm(
    'newsletter_subscribers',
    (values) => ({ email: String(values.email ?? '').trim(), source: String(values.source ?? source) }),
    () => trackEvent('newsletter_signup'),
  );
  const dark = tone === 'dark';

  if (status.kind === 'sent') {
    return (
      <p role="status" className={`text-sm font-medium ${dark ? 'text-emerald-300' : 'text-emerald-700'}`}>
        {SUBSCRIBED_MESSAGE}
      </p>
    );
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={formAction('newsletter_subscribers')}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:flex-wrap"
    >
      <label htmlFor={inputId} className="sr-only">
        E-mail
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        placeholder="Seu e-mail"
        onInput={() => clearError('email')}
        {...(errors.email ? { 'aria-invalid': true as const, 'aria-describedby': `${inputId}-error` } : {})}
        className={`min-w-0 flex-1 rounded-lg border px-3 py-2 text-sm ${dark ? 'border-brand-500 bg-brand-800 text-white placeholder:text-brand-200' : 'border-slate-300 bg-white text-ink placeholder:text-slate-500'}`}
      />
      <input type="hidden" name="source" value={source} />
      <Honeypot />
      <button
        type="submit"
        aria-disabled={status.kind === 'sending' || undefined}
        className="rounded-lg bg-accent-400 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-accent-500 aria-disabled:opacity-60"
      >
        {status.kind === 'sending' ? 'Enviando...' : buttonLabel}
      </button>
      <div className="sm:basis-full">
        <FieldError id={`${inputId}-error`} message={errors.email} tone={tone} />
      </div>
      <FormAlert id={`${inputId}-alert`} status={status} onRetry={retry} tone={tone} />
    </form>
  );
}
