/**
 * The spec's client-side password rules. The server applies the stronger sign-up
 * rule (pb_hooks/lib/accounts.js) whatever screen the request comes from.
 */
export const PASSWORD_MESSAGES = {
  short: 'A senha deve ter pelo menos 8 caracteres.',
  weak: 'A senha deve conter pelo menos uma letra maiúscula, minúscula e um número.',
  mismatch: 'As senhas não coincidem',
  registerShort: 'A senha deve ter pelo menos 6 caracteres',
  registerRequired: 'Todos os campos são obrigatórios',
} as const;

/** Sign-up on the login screen (and password changes): 8+ characters, lower, upper and a digit. */
export function signUpPasswordError(password: string, confirmation: string): string | null {
  if (password.length < 8) return PASSWORD_MESSAGES.short;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) return PASSWORD_MESSAGES.weak;
  if (password !== confirmation) return PASSWORD_MESSAGES.mismatch;
  return null;
}

/** The separate registration screen's own rule (spec §5): all fields, a match, 6+ characters. */
export function registerFormError(fields: {
  name: string;
  email: string;
  password: string;
  confirmation: string;
}): string | null {
  if (!fields.name.trim() || !fields.email.trim() || !fields.password || !fields.confirmation)
    return PASSWORD_MESSAGES.registerRequired;
  if (fields.password !== fields.confirmation) return PASSWORD_MESSAGES.mismatch;
  if (fields.password.length < 6) return PASSWORD_MESSAGES.registerShort;
  return null;
}

/** The spec's "secure input": trimmed, without < and >, cut to a maximum length. */
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
