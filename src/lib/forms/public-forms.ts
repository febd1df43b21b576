/**
 * The public forms' rules and pt-BR messages as the islands apply them, from the file
 * the server reads too (shared/public-forms.json; the comments' limits from
 * content-rules.json): a form checks before sending what the server would refuse, says
 * it with the server's words, and translates the server's refusals with the same table
 * (pb_hooks/lib/forms/public-forms.js does it for a form sent without JavaScript).
 */
import rules from '../../../shared/content-rules.json';
import spec from '../../../shared/public-forms.json';
import { API_BASE } from './api';

export type PublicForm = keyof typeof spec.forms;

export const FORM_MESSAGES = spec.messages;

interface FieldRule {
  name: string;
  kind: string;
  required?: boolean;
  min?: number;
  max?: number;
  minDigits?: number;
}

/** Where a form posts, natively (urlencoded) or from its island (JSON): the same endpoint. */
export function formAction(form: PublicForm): string {
  return `${API_BASE}/api/collections/${form}/records`;
}

/** The form's fields with their limits (the comments' from content-rules.json). */
export function fieldRules(form: PublicForm): FieldRule[] {
  return spec.forms[form].fields.map((field: FieldRule) => {
    const limits =
      form === 'comments' ? (rules.comments as Record<string, { min?: number; max?: number }>)[field.name] : undefined;
    return limits ? { ...field, min: limits.min ?? field.min, max: limits.max ?? field.max } : field;
  });
}

/** One field's rule, for its attributes (maxLength). */
export function fieldRule(form: PublicForm, name: string): FieldRule | undefined {
  return fieldRules(form).find((field) => field.name === name);
}

const EMAIL = new RegExp(spec.emailPattern);

/** pb_hooks/lib/common/input.js's isEmail: the pattern, and the lengths and dots RFC 5321 allows. */
export function isEmail(value: string): boolean {
  if (value.length > 254 || !EMAIL.test(value)) return false;
  const local = value.slice(0, value.indexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

const fill = (template: string, values: object) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String((values as Record<string, unknown>)[key]));

/** What the server would say of one field's value, or undefined when it would take it. */
export function checkField(field: FieldRule, raw: string | boolean): string | undefined {
  if (field.kind === 'hidden') return undefined;
  if (field.kind === 'checkbox') return field.required && raw !== true ? FORM_MESSAGES.consent : undefined;
  const value = String(raw).trim();
  if (value === '') {
    if (!field.required) return undefined;
    return field.kind === 'select' ? FORM_MESSAGES.choose : FORM_MESSAGES.required;
  }
  if (field.kind === 'email' && !isEmail(value)) return FORM_MESSAGES.email;
  if (field.minDigits && (value.match(/\d/g) ?? []).length < field.minDigits) return FORM_MESSAGES.phone;
  if (field.min !== undefined && [...value].length < field.min) return fill(FORM_MESSAGES.min, field);
  if (field.max !== undefined && [...value].length > field.max) return fill(FORM_MESSAGES.max, field);
  return undefined;
}

/** Every field the server would refuse, by name, in the form's order. */
export function checkForm(form: PublicForm, values: Record<string, string | boolean>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fieldRules(form)) {
    const message = checkField(field, values[field.name] ?? '');
    if (message) errors[field.name] = message;
  }
  return errors;
}

/** One of our hooks' pt-BR texts: PocketBase's own are English, and every pt-BR text has an accent. */
export const isPortuguese = (message: string) => /[ãáàâéêíóôõúç]/i.test(message);

/** What a form says past the server's rate limit. */
export function rateMessage(form: PublicForm): string {
  const own = (spec.forms[form] as { rate?: string }).rate;
  return own ?? FORM_MESSAGES.failed;
}

type MessageKey = keyof typeof FORM_MESSAGES;

/**
 * A server refusal of one field, in pt-BR: the hooks' own text, or PocketBase's code
 * through the table pb_hooks/lib/forms/public-forms.js reads too.
 */
export function refusalMessage(form: PublicForm, name: string, code: string, serverMessage = ''): string {
  if (isPortuguese(serverMessage)) return serverMessage;
  const field = fieldRules(form).find((rule) => rule.name === name) ?? { name, kind: 'text' };
  const byKind = (spec.refusals as unknown as Record<string, Record<string, string>>)[code] ?? {};
  const key = (byKind[field.kind] ?? byKind['*']) as MessageKey | undefined;
  return key ? fill(FORM_MESSAGES[key], field) : FORM_MESSAGES.invalid;
}

/** A form's current values, read from its fields (what the visitor typed, before or after hydration). */
export function formValues(element: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const control of Array.from(element.elements)) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement))
      continue;
    if (!control.name) continue;
    values[control.name] = control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
  }
  return values;
}
