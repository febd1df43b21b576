/**
 * Other spellings of a body's keys, for tests that try to walk around a guard:
 * PocketBase binds its own forms' JSON with Go's encoding/json, which matches keys
 * case-insensitively (`OTPId` fills `otpId`), while records take their fields by exact
 * name (pb_hooks/lib/common/request-body.js).
 */

/** The key in upper case, lower case, capitalised and alternating case (each different from it). */
export function caseVariants(key: string): string[] {
  const alternating = [...key].map((letter, i) => (i % 2 === 0 ? letter.toUpperCase() : letter.toLowerCase())).join('');
  const spellings = [key.toUpperCase(), key.toLowerCase(), key[0]!.toUpperCase() + key.slice(1), alternating];
  return [...new Set(spellings)].filter((spelling) => spelling !== key);
}

/** The body with each key spelled by `spell`. */
export function respelled(body: Record<string, unknown>, spell: (key: string) => string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [spell(key), value]));
}
