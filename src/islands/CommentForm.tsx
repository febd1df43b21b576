import { useId } from 'react';
import { fieldRule, formAction } from '../lib/forms/public-forms';
import { FieldError, FormAlert } from './parts/FormFeedback';
import { Honeypot } from './parts/Honeypot';
import { usePublicForm } from './parts/usePublicForm';

type Field = 'name' | 'email' | 'body' | 'consent';

export const SENT_MESSAGE = 'Comentário enviado! Ele aparecerá aqui depois de aprovado pela moderação.';

/**
 * The comment form under an article: a plain HTML form that posts by itself (before
 * this island hydrates, or with JavaScript off), stored in PocketBase's `comments` as
 * pending until the team approves it (pb_hooks/comments.pb.js). The island checks the
 * server's rules first with its pt-BR messages, next to each field, and never clears
 * what the visitor typed, except after the comment is sent.
 */
export default function CommentForm({ article, privacyHref }: { article: string; privacyHref: string }) {
  const id = useId();
  const ids = { name: `${id}-name`, email: `${id}-email`, body: `${id}-body`, consent: `${id}-consent`, alert: `${id}-alert` };
  const { errors, status, formRef, onSubmit, retry, again, clearError } = usePublicForm('comments', (values) => ({
    article,
    name: String(values.name ?? '').trim(),
    email: String(values.email ?? '').trim(),
    body: String(values.body ?? ''),
    consent: values.consent === true,
  }));

  if (status.kind === 'sent') {
    return (
      <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-800">
        <p className="font-medium">{SENT_MESSAGE}</p>
        <button
          type="button"
          onClick={again}
          className="mt-2 text-sm font-semibold text-brand-700 underline hover:text-brand-800"
        >
          Escrever outro comentário
        </button>
      </div>
    );
  }

  const input =
    'mt-1 w-full rounded-lg border bg-white px-3 py-2 text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200';
  const border = (field: Field) => (errors[field] ? 'border-red-600' : 'border-slate-300');
  const aria = (field: Field) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids[field]}-error` } : {};
  const fieldError = (field: Field) => <FieldError id={`${ids[field]}-error`} message={errors[field]} />;
  const onInput = (field: Field) => () => clearError(field);

  return (
    <form
      ref={formRef}
      method="post"
      action={formAction('comments')}
      onSubmit={onSubmit}
      noValidate
      className="mt-6 grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6"
    >
      <h3 className="text-lg font-bold text-ink sm:col-span-2">Deixe seu comentário</h3>
      <div>
        <label htmlFor={ids.name} className="text-sm font-medium text-ink">
          Nome
        </label>
        <input
          id={ids.name}
          name="name"
          required
          maxLength={fieldRule('comments', 'name')?.max}
          autoComplete="name"
          onInput={onInput('name')}
          {...aria('name')}
          className={`${input} ${border('name')}`}
        />
        {fieldError('name')}
      </div>
      <div>
        <label htmlFor={ids.email} className="text-sm font-medium text-ink">
          E-mail <span className="font-normal text-muted">(não será publicado)</span>
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          required
          maxLength={fieldRule('comments', 'email')?.max}
          autoComplete="email"
          onInput={onInput('email')}
          {...aria('email')}
          className={`${input} ${border('email')}`}
        />
        {fieldError('email')}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={ids.body} className="text-sm font-medium text-ink">
          Comentário
        </label>
        <textarea
          id={ids.body}
          name="body"
          required
          rows={5}
          maxLength={fieldRule('comments', 'body')?.max}
          onInput={onInput('body')}
          {...aria('body')}
          className={`${input} ${border('body')} font-mono text-sm`}
        />
        {fieldError('body')}
      </div>
      <div className="sm:col-span-2">
        <div className="flex items-start gap-2">
          <input
            id={ids.consent}
            name="consent"
            type="checkbox"
            required
            onChange={onInput('consent')}
            {...aria('consent')}
            className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
          />
          <label htmlFor={ids.consent} className="text-sm text-muted">
            Concordo que a Operium armazene meu nome, e-mail e comentário para moderação e publicação, conforme a{' '}
            <a href={privacyHref} className="font-medium text-brand-700 underline hover:text-brand-800">
              Política de Privacidade
            </a>
            . O e-mail não é publicado.
          </label>
        </div>
        {fieldError('consent')}
      </div>
      <input type="hidden" name="article" value={article} />
      <Honeypot />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button
          type="submit"
          aria-disabled={status.kind === 'sending' || undefined}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60"
        >
          {status.kind === 'sending' ? 'Enviando...' : 'Enviar comentário'}
        </button>
        <FormAlert id={ids.alert} status={status} onRetry={retry} />
      </div>
    </form>
  );
}
