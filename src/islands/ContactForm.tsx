import { useEffect, useId, useRef } from 'react';
import { fieldRule, formAction } from '../lib/forms/public-forms';
import { trackEvent } from '../analytics/events';
import { FieldError, FormAlert } from './parts/FormFeedback';
import { Honeypot } from './parts/Honeypot';
import { usePublicForm } from './parts/usePublicForm';

type CopyField = 'name' | 'email' | 'phone' | 'company' | 'hasMachine' | 'volume' | 'interest' | 'message';
type SelectField = 'hasMachine' | 'volume' | 'interest';

interface Option {
  value: string;
  label: string;
}

export interface ContactFormCopy {
  title: string;
  intro: string;
  labels: Record<CopyField, string>;
  placeholders: Record<CopyField, string>;
  selectPlaceholder: string;
  options: Record<SelectField, Option[]>;
  submit: string;
  sending: string;
  success: { title: string; text: string; again: string };
}

/** The copy's keys → the fields the form sends (PocketBase's `contact_messages`). */
const FIELD_NAME: Record<CopyField, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  company: 'company',
  hasMachine: 'has_machine',
  volume: 'volume',
  interest: 'interest',
  message: 'message',
};

const trimmed = (values: Record<string, string | boolean>) =>
  Object.fromEntries(Object.values(FIELD_NAME).map((name) => [name, String(values[name] ?? '').trim()]));

/**
 * The contact form: a plain HTML form that posts by itself (before this island
 * hydrates, or with JavaScript off: the server answers with pages), which the island
 * enhances: pt-BR messages under each field, one message stored however often it is
 * sent, 'Tentar novamente' after a lost connection. The fields are the visitor's: the
 * island reads them and never clears them.
 */
export default function ContactForm({ copy }: { copy: ContactFormCopy }) {
  const formId = useId();
  const { errors, status, formRef, onSubmit, retry, again, clearError } = usePublicForm('contact_messages', trimmed, () =>
    trackEvent('contact_submit'),
  );
  const successRef = useRef<HTMLHeadingElement>(null);

  // Arriving from a product's "Solicitar orçamento" (?produto=OPS010): start the message,
  // unless the visitor has already written one.
  useEffect(() => {
    const product = new URLSearchParams(window.location.search).get('produto');
    const element = formRef.current;
    if (!element || !product || !/^[A-Z0-9-]{3,20}$/i.test(product)) return;
    const message = element.elements.namedItem('message') as HTMLTextAreaElement | null;
    const interest = element.elements.namedItem('interest') as HTMLSelectElement | null;
    if (message && message.value.trim() === '') message.value = `Gostaria de um orçamento do ${product}.`;
    if (interest && interest.value === '') interest.value = 'produtos';
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  useEffect(() => {
    if (status.kind === 'sent') successRef.current?.focus();
  }, [status.kind]);

  const sent = status.kind === 'sent';
  const successPanel = sent ? (
    <div className="rounded-2xl border border-green-200 bg-green-50 p-8 text-center" role="status">
      <h3 ref={successRef} tabIndex={-1} className="text-xl font-bold text-ink">
        {copy.success.title}
      </h3>
      <p className="mt-2 text-muted">{copy.success.text}</p>
      <button
        type="button"
        onClick={again}
        className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {copy.success.again}
      </button>
    </div>
  ) : null;

  const input = 'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-ink placeholder:text-slate-500';
  const idOf = (field: CopyField) => `${formId}-${field}`;
  const errorOf = (field: CopyField) => errors[FIELD_NAME[field]];
  const border = (field: CopyField) => (errorOf(field) ? 'border-red-600' : 'border-slate-300');
  const aria = (field: CopyField) =>
    errorOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${idOf(field)}-error` } : {};
  const fieldError = (field: CopyField) => <FieldError id={`${idOf(field)}-error`} message={errorOf(field)} />;
  const onInput = (field: CopyField) => () => clearError(FIELD_NAME[field]);

  const requiredMark = (
    <>
      <span aria-hidden="true" className="text-red-700">
        {' '}
        *
      </span>
      <span className="sr-only"> (obrigatório)</span>
    </>
  );

  const label = (field: CopyField) => (
    <label htmlFor={idOf(field)} className="block text-sm font-medium text-ink">
      {copy.labels[field]}
      {requiredMark}
    </label>
  );

  const maxLength = (field: CopyField) => fieldRule('contact_messages', FIELD_NAME[field])?.max;

  const text = (field: CopyField, type: string, autoComplete: string) => (
    <div>
      {label(field)}
      <input
        id={idOf(field)}
        name={FIELD_NAME[field]}
        type={type}
        required
        autoComplete={autoComplete}
        maxLength={maxLength(field)}
        placeholder={copy.placeholders[field]}
        onInput={onInput(field)}
        {...aria(field)}
        className={`${input} ${border(field)}`}
      />
      {fieldError(field)}
    </div>
  );

  const select = (field: SelectField) => (
    <div>
      {label(field)}
      <select
        id={idOf(field)}
        name={FIELD_NAME[field]}
        required
        defaultValue=""
        onChange={onInput(field)}
        {...aria(field)}
        className={`${input} ${border(field)}`}
      >
        <option value="">{copy.selectPlaceholder}</option>
        {copy.options[field].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {fieldError(field)}
    </div>
  );

  // The form stays in the page while the success panel shows: 'Enviar nova mensagem' brings it back as it was.
  return (
    <>
      {successPanel}
      <form
        ref={formRef}
        hidden={sent}
        method="post"
        action={formAction('contact_messages')}
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
      >
        <p className="text-sm text-muted">
          <span aria-hidden="true" className="text-red-700">
            *
          </span>{' '}
          Campos obrigatórios
        </p>
        <FormAlert id={`${formId}-alert`} status={status} onRetry={retry} />
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', 'text', 'name')}
          {text('email', 'email', 'email')}
          {text('phone', 'tel', 'tel')}
          {text('company', 'text', 'organization')}
          {select('hasMachine')}
          {select('volume')}
        </div>
        {select('interest')}
        <div>
          {label('message')}
          <textarea
            id={idOf('message')}
            name="message"
            required
            rows={5}
            maxLength={maxLength('message')}
            placeholder={copy.placeholders.message}
            onInput={onInput('message')}
            {...aria('message')}
            className={`${input} ${border('message')}`}
          />
          {fieldError('message')}
        </div>
        <Honeypot />
        <button
          type="submit"
          aria-disabled={status.kind === 'sending' || undefined}
          className="w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60 sm:w-auto"
        >
          {status.kind === 'sending' ? copy.sending : copy.submit}
        </button>
      </form>
    </>
  );
}
