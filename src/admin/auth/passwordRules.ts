/**
 * The sign-up screens' checks: the password rule (shared/accounts.js, which the server
 * applies whatever screen the request comes from) checked here first so people see it
 * as they type, and the screens' own messages.
 */
import { PASSWORD_MESSAGES as RULE_MESSAGES, PASSWORD_REQUIREMENTS, passwordProblem } from '../../../shared/accounts.js';

export { PASSWORD_REQUIREMENTS };

export const PASSWORD_MESSAGES = {
  ...RULE_MESSAGES,
  mismatch: 'As senhas não coincidem',
  registerRequired: 'Todos os campos são obrigatórios',
} as const;

/** Sign-up (both screens) and password changes: 8+ characters, lower, upper and a digit. */
export function signUpPasswordError(password: string, confirmation: string): string | null {
  const problem = passwordProblem(password);
  if (problem) return PASSWORD_MESSAGES[problem];
  if (password !== confirmation) return PASSWORD_MESSAGES.mismatch;
  return null;
}

/**
 * The separate registration screen (/admin/register): every field, then the same
 * password rule as the sign-up tab: a shorter rule here would promise what the server
 * (pb_hooks/lib/auth/accounts.js) refuses, so the server's rule wins.
 */
export function registerFormError(fields: {
  name: string;
  email: string;
  password: string;
  confirmation: string;
}): string | null {
  if (!fields.name.trim() || !fields.email.trim() || !fields.password || !fields.confirmation)
    return PASSWORD_MESSAGES.registerRequired;
  return signUpPasswordError(fields.password, fields.confirmation);
}

/** "Secure input", as the server's pb_hooks/lib/auth/accounts.js: trimmed, without < and >, cut to a maximum length. */
export function secureInput(value: string, max = 1000): string {
  return value.replace(/[<>]/g, '').trim().slice(0, max);
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const TEMPORARY_LENGTH = 20;

/**
 * A random temporary password that satisfies the server's rule (admin-created
 * accounts): 20 characters from an alphabet without look-alikes, where one lower-case
 * letter, one capital and one digit replace characters at random positions, so no
 * part of it is predictable.
 */
export function temporaryPassword(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const alphabet = UPPER + LOWER + DIGITS;
  const bytes = random(TEMPORARY_LENGTH + 6);
  const byte = (index: number) => bytes[index] ?? 0;
  const chars = Array.from({ length: TEMPORARY_LENGTH }, (_, index) => alphabet[byte(index) % alphabet.length]!);
  const free = chars.map((_, index) => index);
  [LOWER, UPPER, DIGITS].forEach((set, k) => {
    const [at] = free.splice(byte(TEMPORARY_LENGTH + k) % free.length, 1);
    chars[at!] = set[byte(TEMPORARY_LENGTH + 3 + k) % set.length]!;
  });
  return chars.join('');
}
