/**
 * The account rules the admin's screens show as people type (src/admin/auth/passwordRules.ts)
 * and the hooks enforce whatever screen a request comes from (pb_hooks/lib/auth/accounts.js).
 */

/** The pt-BR refusals of a password that misses the rule. */
export const PASSWORD_MESSAGES = {
  short: 'A senha deve ter pelo menos 8 caracteres.',
  weak: 'A senha deve conter pelo menos uma letra maiúscula, minúscula e um número.',
};

/**
 * The password rule, one requirement at a time, as the sign-up screens list it: at least 8
 * characters with a lowercase letter, an uppercase letter and a digit.
 * @type {{ label: string, met: (password: string) => boolean }[]}
 */
export const PASSWORD_REQUIREMENTS = [
  { label: 'Pelo menos 8 caracteres', met: (password) => password.length >= 8 },
  { label: 'Uma letra minúscula', met: (password) => /[a-z]/.test(password) },
  { label: 'Uma letra maiúscula', met: (password) => /[A-Z]/.test(password) },
  { label: 'Um número', met: (password) => /[0-9]/.test(password) },
];

/**
 * Which part of the rule a password misses: 'short' (its length, told first), 'weak' (a
 * kind of character), or null when it meets the rule.
 * @param {unknown} password
 * @returns {'short' | 'weak' | null}
 */
export function passwordProblem(password) {
  const value = String(password || '');
  const [long, ...kinds] = PASSWORD_REQUIREMENTS;
  if (long && !long.met(value)) return 'short';
  return kinds.every((requirement) => requirement.met(value)) ? null : 'weak';
}

/** "Secure input" for full names: at most this many characters. */
export const FULL_NAME_MAX = 100;
