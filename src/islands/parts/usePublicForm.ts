import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createPublicRecord, type ApiFieldErrors } from '../../lib/forms/api';
import {
  FORM_MESSAGES,
  checkForm,
  formValues,
  isPortuguese,
  rateMessage,
  refusalMessage,
  type PublicForm,
} from '../../lib/forms/public-forms';
import { isBot } from './Honeypot';

/** The body field that names one sending, so a double click or a retry stores one record (pb_hooks/lib/forms/public-forms.js). */
export const IDEMPOTENCY_FIELD = 'idempotency_key';

export type FormStatus =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  /** `retry`: the network failed; sending again is safe (the same key). */
  | { kind: 'failed'; message: string; retry?: boolean };

/** A random key for one sending (randomUUID is missing from older phones' browsers). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What every public form's island does on top of its plain HTML form (which posts by
 * itself before hydration or without JavaScript): the fields stay the visitor's (the
 * island reads them, never resets them), the server's rules are checked first with its
 * pt-BR messages, a refusal names its field, a lost connection keeps everything and
 * offers 'Tentar novamente', and one sending stores one record however often it is sent.
 * @param prepare turns the form's values into the record's body (trimming, extra fields)
 */
export function usePublicForm(
  form: PublicForm,
  prepare: (values: Record<string, string | boolean>) => Record<string, unknown>,
  onSent?: () => void,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatus>({ kind: 'editing' });
  // The key of the last sending, kept for a retry of the same content. (A form the
  // browser sent itself, before hydration, has none: the server keys it by its content.)
  const key = useRef('');
  const sending = useRef(false);
  const sentBody = useRef('');
  const formRef = useRef<HTMLFormElement>(null);

  // The first field to fix takes the focus once its message is on the page, so a
  // screen reader reads the field with it (a counter: the same errors twice refocus).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const name = Object.keys(errors).find((field) => errors[field]);
    const field = name ? formRef.current?.elements.namedItem(name) : null;
    if (field instanceof HTMLElement) field.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only after a refusal, not as the visitor corrects
  }, [refusals]);
  const focusFirst = () => setRefusals((count) => count + 1);

  async function send(element: HTMLFormElement) {
    if (sending.current) return; // a double click: the first sending is on its way
    if (isBot(element)) return setStatus({ kind: 'sent' });
    const values = formValues(element);
    const found = checkForm(form, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ kind: 'failed', message: FORM_MESSAGES.summary });
      return focusFirst();
    }
    const body = prepare(values);
    // The same content sent again (a retry after a lost answer) keeps its key; new content gets a new one.
    const content = JSON.stringify(body);
    if (!key.current || sentBody.current !== content) key.current = newKey();
    sentBody.current = content;
    sending.current = true;
    setStatus({ kind: 'sending' });
    try {
      await createPublicRecord(form, { ...body, [IDEMPOTENCY_FIELD]: key.current });
      key.current = '';
      sentBody.current = '';
      setStatus({ kind: 'sent' });
      onSent?.();
    } catch (error) {
      const api = error as ApiFieldErrors;
      const byField: Record<string, string> = {};
      for (const [name, code] of Object.entries(api.fields ?? {})) {
        if (element.elements.namedItem(name)) byField[name] = refusalMessage(form, name, code, api.messages?.[name]);
      }
      setErrors(byField);
      if (Object.keys(byField).length > 0) {
        setStatus({ kind: 'failed', message: FORM_MESSAGES.summary });
        focusFirst();
      } else if (api.status === 0) {
        setStatus({ kind: 'failed', message: FORM_MESSAGES.network, retry: true });
      } else if (api.status === 429) {
        setStatus({ kind: 'failed', message: isPortuguese(api.message) ? api.message : rateMessage(form) });
      } else {
        // A refusal of no field of this form (a comment's article): the server's own pt-BR text.
        const serverText = Object.values(api.messages ?? {})[0] ?? '';
        setStatus({
          kind: 'failed',
          message: isPortuguese(serverText) ? serverText : FORM_MESSAGES.failed,
          retry: api.status >= 500,
        });
      }
    } finally {
      sending.current = false;
    }
  }

  return {
    errors,
    status,
    formRef,
    /** Clears one field's message as the visitor corrects it. */
    clearError: (name: string) => setErrors((current) => (current[name] ? { ...current, [name]: '' } : current)),
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void send(event.currentTarget);
    },
    retry: () => {
      if (formRef.current) void send(formRef.current);
    },
    again: () => setStatus({ kind: 'editing' }),
  };
}
