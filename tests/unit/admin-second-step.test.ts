/**
 * The code step's pure parts (src/admin/auth/secondStep.ts): what counts as PocketBase's
 * "second step needed" answer, how a typed or pasted code is cleaned, and the texts, which
 * must match the server's (pb_hooks/lib/auth/two-step.js) where the screen compares them.
 */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import {
  CODE_TEXTS,
  EXPIRED_MESSAGE,
  MAX_CODE_TRIES,
  SecondStepRequired,
  cleanCode,
  isSecondStepRequired,
  mfaIdOf,
} from '../../src/admin/auth/secondStep';

/** The hook library's own messages (its requires of other libraries happen inside functions, never at load). */
function serverTexts() {
  (globalThis as Record<string, unknown>).__hooks = new URL('../../pb_hooks', import.meta.url).pathname;
  return createRequire(import.meta.url)('../../pb_hooks/lib/auth/two-step.js') as {
    MESSAGES: Record<string, string>;
    MAX_CODE_TRIES: number;
  };
}

describe('the second step', () => {
  test("reads the mfaId only from PocketBase's 401 answer", () => {
    expect(mfaIdOf({ status: 401, response: { mfaId: 'abc123' } })).toBe('abc123');
    expect(mfaIdOf({ status: 400, response: { mfaId: 'abc123' } })).toBe('');
    expect(mfaIdOf({ status: 401, response: { message: 'x' } })).toBe('');
    expect(mfaIdOf(null)).toBe('');
    const step = { email: 'a@exemplo.com.br', mfaId: 'm', otpId: 'o' };
    const error = new SecondStepRequired(step);
    expect(isSecondStepRequired(error)).toBe(true);
    expect(error.secondStep).toEqual(step);
    expect(isSecondStepRequired(new Error('x'))).toBe(false);
  });

  test('keeps only the digits of a code, at most six', () => {
    expect(cleanCode('870 487')).toBe('870487');
    expect(cleanCode(' 12-34-56-78 ')).toBe('123456');
    expect(cleanCode('abc')).toBe('');
  });

  test('says how many tries are left, in pt-BR', () => {
    expect(CODE_TEXTS.wrong(4)).toBe('Código incorreto. Restam 4 tentativas para este código.');
    expect(CODE_TEXTS.wrong(1)).toBe('Código incorreto. Resta 1 tentativa para este código.');
  });

  test("compares the server's own texts", () => {
    const server = serverTexts();
    expect(EXPIRED_MESSAGE).toBe(server.MESSAGES.expired);
    expect(CODE_TEXTS.spent).toBe(server.MESSAGES.spent);
    expect(MAX_CODE_TRIES).toBe(server.MAX_CODE_TRIES);
  });
});
