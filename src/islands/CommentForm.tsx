import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { createPublicRecord, type ApiFieldErrors } from '../lib/api';
import rules from '../../pb_hooks/lib/content-rules.json';
import { Honeypot, isBot } from './parts/Honeypot';

type Field = 'name' | 'email' | 'body';

const LIMITS = rules.comments;
const EMPTY: Record<Field, string> = { name: '', email: '', body: '' };

export const SENT_MESSAGE = 'Comentário enviado! Ele aparecerá aqui depois de aprovado pela moderação.';

/**
 * What the visitor sees for a field the browser's own checks let through and the
 * server refused: PocketBase's validators answer in English, so their codes get pt-BR
 * text here; our hooks' own codes come with their pt-BR message (pb_hooks/lib/comments.js).
 */
function fieldMessage(field: Field, code: string, serverMessage: string): string {
  switch (code) {
    case 'validation_required':
      return 'Preencha este campo.';
    case 'validation_is_email':
      return 'Informe um e-mail válido.';
    case 'validation_min_text_constraint':
      return field === 'email' ? 'Informe um e-mail válido.' : `Use pelo menos ${LIMITS[field].min} caracteres.`;
    case 'validation_max_text_constraint':
      return `Use no máximo ${LIMITS[field].max} caracteres.`;
    default:
      return serverMessage || 'Valor inválido.';
  }
}

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * The comment form under an article: stored in PocketBase's `comments` as pending
 * until the team approves it (pb_hooks/comments.pb.js). What the visitor typed stays
 * in the form after any error; per-field errors are shown next to their field.
 */
export default function CommentForm({ article, privacyHref }: { article: string; privacyHref: string }) {
  const [values, setValues] = useState(EMPTY);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const id = useId();
  const ids = { name: `${id}-name`, email: `${id}-email`, body: `${id}-body`, consent: `${id}-consent`, status: `${id}-status` };

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBot(event.currentTarget)) return setStatus({ kind: 'sent' });
    setStatus({ kind: 'sending' });
    try {
      await createPublicRecord('comments', { article, name: values.name.trim(), email: values.email.trim(), body: values.body });
      setValues(EMPTY);
      setConsent(false);
      setErrors({});
      setStatus({ kind: 'sent' });
    } catch (error) {
      const api = error as Partial<ApiFieldErrors>;
      const fields = Object.entries(api.fields ?? {}).filter((entry): entry is [Field, string] => entry[0] in EMPTY);
      if (fields.length > 0) {
        setErrors(
          Object.fromEntries(fields.map(([field, code]) => [field, fieldMessage(field, code, api.messages?.[field] ?? '')])),
        );
        return setStatus({ kind: 'editing' });
      }
      const message =
        api.status === 429 && api.message
          ? api.message
          : api.messages?.article || 'Não foi possível enviar o comentário agora. Tente novamente em instantes.';
      setStatus({ kind: 'failed', message });
    }
  }

  if (status.kind === 'sent') {
    return (
      <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-800">
        <p className="font-medium">{SENT_MESSAGE}</p>
        <button
          type="button"
          onClick={() => setStatus({ kind: 'editing' })}
          className="mt-2 text-sm font-semibold text-brand-700 underline hover:text-brand-800"
        >
          Escrever outro comentário
        </button>
      </div>
    );
  }

  const input =
    'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200';
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${ids[field]}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: Field) => (errors[field] ? `${ids[field]}-error` : undefined);

  return (
    <form onSubmit={onSubmit} className="mt-6 grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
      <h3 className="text-lg font-bold text-ink sm:col-span-2">Deixe seu comentário</h3>
      <div>
        <label htmlFor={ids.name} className="text-sm font-medium text-ink">
          Nome
        </label>
        <input
          id={ids.name}
          name="name"
          required
          minLength={LIMITS.name.min}
          maxLength={LIMITS.name.max}
          autoComplete="name"
          value={values.name}
          onChange={change('name')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name')}
          className={input}
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
          maxLength={LIMITS.email.max}
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described('email')}
          className={input}
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
          minLength={LIMITS.body.min}
          maxLength={LIMITS.body.max}
          value={values.body}
          onChange={change('body')}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={described('body')}
          className={`${input} font-mono text-sm`}
        />
        {fieldError('body')}
      </div>
      <div className="flex items-start gap-2 sm:col-span-2">
        <input
          id={ids.consent}
          name="consent"
          type="checkbox"
          required
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
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
      <Honeypot />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button
          type="submit"
          disabled={status.kind === 'sending'}
          aria-describedby={status.kind === 'failed' ? ids.status : undefined}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {status.kind === 'sending' ? 'Enviando...' : 'Enviar comentário'}
        </button>
        {status.kind === 'failed' && (
          <p id={ids.status} role="alert" className="text-sm text-red-700">
            {status.message}
          </p>
        )}
      </div>
    </form>
  );
}
