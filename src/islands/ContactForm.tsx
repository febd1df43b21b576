import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { createPublicRecord, type ApiFieldErrors } from '../lib/api';
import { Honeypot, isBot } from './parts/Honeypot';
import { trackEvent } from '../analytics/events';

type TextField = 'name' | 'email' | 'phone' | 'company' | 'message';
type SelectField = 'hasMachine' | 'volume' | 'interest';
type Field = TextField | SelectField;

interface Option {
  value: string;
  label: string;
}

export interface ContactFormCopy {
  title: string;
  intro: string;
  labels: Record<Field, string>;
  placeholders: Record<Field, string>;
  selectPlaceholder: string;
  options: Record<SelectField, Option[]>;
  submit: string;
  sending: string;
  success: { title: string; text: string; again: string };
}

/** Form fields → PocketBase `contact_messages` fields. */
const SERVER_FIELD: Record<Field, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  company: 'company',
  hasMachine: 'has_machine',
  volume: 'volume',
  interest: 'interest',
  message: 'message',
};

const EMPTY: Record<Field, string> = {
  name: '',
  email: '',
  phone: '',
  company: '',
  hasMachine: '',
  volume: '',
  interest: '',
  message: '',
};

/** pt-BR text for PocketBase validation codes. */
function fieldMessage(code: string): string {
  switch (code) {
    case 'validation_required':
      return 'Preencha este campo.';
    case 'validation_invalid_email':
    case 'validation_is_email':
      return 'Informe um e-mail válido.';
    case 'validation_max_text_constraint':
      return 'O texto é longo demais.';
    case 'validation_min_text_constraint':
      return 'O texto é curto demais.';
    case 'validation_invalid_format':
      return 'Formato inválido.';
    case 'validation_markup_not_allowed':
      return 'Este campo não aceita marcação HTML (como <script>).';
    default:
      return 'Valor inválido.';
  }
}

/** A failure names the first field to fix when it is a field's (that field takes the focus), else the alert does. */
type Status =
  { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string; firstField?: Field };

/**
 * The contact form. Native required checks (e-mail and tel types, selects that
 * cannot stay on "Selecione uma opção"); the message is stored in PocketBase. On
 * failure the visitor keeps what they typed and sees why, in pt-BR.
 */
export default function ContactForm({ copy }: { copy: ContactFormCopy }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const formId = useId();
  const alertRef = useRef<HTMLParagraphElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);

  // Arriving from a product's "Solicitar orçamento" (?produto=OPS010): start the message.
  useEffect(() => {
    const product = new URLSearchParams(window.location.search).get('produto');
    if (product && /^[A-Z0-9-]{3,20}$/i.test(product)) {
      setValues((current) =>
        current.message ? current : { ...current, message: `Gostaria de um orçamento do ${product}.`, interest: 'produtos' },
      );
    }
  }, []);

  useEffect(() => {
    if (status.kind === 'failed' && status.firstField) document.getElementById(`${formId}-${status.firstField}`)?.focus();
    else if (status.kind === 'failed') alertRef.current?.focus();
    if (status.kind === 'sent') successRef.current?.focus();
  }, [status, formId]);

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /**
   * The browser's own checks (required, e-mail, tel), said in pt-BR beside each field
   * rather than in the browser's tooltip alone; the first field to fix gets the focus.
   */
  function checkFields(form: HTMLFormElement): boolean {
    const found: Partial<Record<Field, string>> = {};
    for (const field of Object.keys(SERVER_FIELD) as Field[]) {
      const element = form.elements.namedItem(field) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
      if (!element || element.validity.valid) continue;
      found[field] = element.validity.valueMissing
        ? element instanceof HTMLSelectElement
          ? 'Escolha uma opção.'
          : 'Preencha este campo.'
        : field === 'email'
          ? 'Informe um e-mail válido.'
          : 'Verifique este campo.';
    }
    const first = (Object.keys(SERVER_FIELD) as Field[]).find((field) => found[field]);
    if (!first) return true;
    setErrors(found);
    setStatus({ kind: 'failed', message: 'Verifique os campos destacados e envie novamente.', firstField: first });
    return false;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBot(event.currentTarget)) return setStatus({ kind: 'sent' });
    if (!checkFields(event.currentTarget)) return;
    setStatus({ kind: 'sending' });
    setErrors({});
    const body = Object.fromEntries(
      (Object.keys(SERVER_FIELD) as Field[]).map((field) => [SERVER_FIELD[field], values[field].trim()]),
    );
    try {
      await createPublicRecord('contact_messages', body);
      trackEvent('contact_submit');
      setStatus({ kind: 'sent' });
    } catch (error) {
      const api = error as Partial<ApiFieldErrors>;
      if (api.status === 400 && api.fields && Object.keys(api.fields).length > 0) {
        const byField: Partial<Record<Field, string>> = {};
        for (const field of Object.keys(SERVER_FIELD) as Field[]) {
          const code = api.fields[SERVER_FIELD[field]];
          if (code) byField[field] = fieldMessage(code);
        }
        setErrors(byField);
        setStatus({
          kind: 'failed',
          message: 'Verifique os campos destacados e envie novamente.',
          firstField: (Object.keys(SERVER_FIELD) as Field[]).find((field) => byField[field]),
        });
      } else if (api.status === 429) {
        setStatus({
          kind: 'failed',
          message: 'Muitas mensagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
        });
      } else {
        setStatus({
          kind: 'failed',
          message:
            'Não foi possível enviar sua mensagem agora. Seus dados foram mantidos: tente novamente em instantes ou fale conosco pelo WhatsApp.',
        });
      }
    }
  }

  if (status.kind === 'sent') {
    return (
      <div className="rounded-2xl border border-green-200 bg-green-50 p-8 text-center" role="status">
        <h3 ref={successRef} tabIndex={-1} className="text-xl font-bold text-ink">
          {copy.success.title}
        </h3>
        <p className="mt-2 text-muted">{copy.success.text}</p>
        <button
          type="button"
          onClick={() => setStatus({ kind: 'editing' })}
          className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {copy.success.again}
        </button>
      </div>
    );
  }

  const input = 'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-ink placeholder:text-slate-500';
  const border = (field: Field) => (errors[field] ? 'border-red-600' : 'border-slate-300');
  const describedBy = (field: Field) => (errors[field] ? `${formId}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${formId}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  const requiredMark = (
    <>
      <span aria-hidden="true" className="text-red-700">
        {' '}
        *
      </span>
      <span className="sr-only"> (obrigatório)</span>
    </>
  );

  const text = (field: TextField, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`${formId}-${field}`} className="block text-sm font-medium text-ink">
        {copy.labels[field]}
        {requiredMark}
      </label>
      <input
        id={`${formId}-${field}`}
        name={field}
        type={type}
        required
        autoComplete={autoComplete}
        placeholder={copy.placeholders[field]}
        value={values[field]}
        onChange={update(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        className={`${input} ${border(field)}`}
      />
      {fieldError(field)}
    </div>
  );

  const select = (field: SelectField) => (
    <div>
      <label htmlFor={`${formId}-${field}`} className="block text-sm font-medium text-ink">
        {copy.labels[field]}
        {requiredMark}
      </label>
      <select
        id={`${formId}-${field}`}
        name={field}
        required
        value={values[field]}
        onChange={update(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
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

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-describedby={status.kind === 'failed' ? `${formId}-alert` : undefined}
    >
      <p className="text-sm text-muted">
        <span aria-hidden="true" className="text-red-700">
          *
        </span>{' '}
        Campos obrigatórios
      </p>
      {status.kind === 'failed' && (
        <p
          id={`${formId}-alert`}
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {status.message}
        </p>
      )}
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
        <label htmlFor={`${formId}-message`} className="block text-sm font-medium text-ink">
          {copy.labels.message}
          {requiredMark}
        </label>
        <textarea
          id={`${formId}-message`}
          name="message"
          required
          rows={5}
          maxLength={5000}
          placeholder={copy.placeholders.message}
          value={values.message}
          onChange={update('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          className={`${input} ${border('message')}`}
        />
        {fieldError('message')}
      </div>
      <Honeypot />
      <button
        type="submit"
        disabled={status.kind === 'sending'}
        className="w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
      >
        {status.kind === 'sending' ? copy.sending : copy.submit}
      </button>
    </form>
  );
}
