/**
 * Two-step sign-in in the panel (server: pb_hooks/lib/auth/two-step.js). After the right
 * password PocketBase answers 401 with an `mfaId` instead of a session; the panel then
 * asks for a code by e-mail inside that MFA session and finishes with it. The state
 * between the two steps travels as a SecondStep, held by the screen (never in a URL).
 */

/** What the code step needs: the MFA session of the password step and the code's id. */
export interface SecondStep {
  email: string;
  mfaId: string;
  otpId: string;
}

/** Thrown by the auth provider's password step when the account needs the code too. */
export class SecondStepRequired extends Error {
  readonly secondStep: SecondStep;

  constructor(secondStep: SecondStep) {
    super('Código de verificação necessário');
    this.name = 'SecondStepRequired';
    this.secondStep = secondStep;
  }
}

/**
 * The password was right but no code could be sent (too many asked for, or e-mail
 * switched off meanwhile): `reason` is the server's refusal, to show as it is, never as
 * the password lockout.
 */
export class CodeNotSent extends Error {
  readonly reason: unknown;

  constructor(reason: unknown) {
    super('Código de verificação não enviado');
    this.name = 'CodeNotSent';
    this.reason = reason;
  }
}

export function isSecondStepRequired(error: unknown): error is SecondStepRequired {
  return error instanceof SecondStepRequired;
}

/** The mfaId of PocketBase's "second step needed" answer (401), or ''. */
export function mfaIdOf(error: unknown): string {
  const shape = (error ?? {}) as { status?: number; response?: { mfaId?: unknown } };
  return shape.status === 401 && typeof shape.response?.mfaId === 'string' ? shape.response.mfaId : '';
}

/** As many wrong tries as the server allows per code before it spends it. */
export const MAX_CODE_TRIES = 5;
export const CODE_LENGTH = 6;

/** pb_hooks/lib/auth/two-step.js's answer when the MFA session is over: the password step again. */
export const EXPIRED_MESSAGE = 'A verificação expirou. Entre de novo com sua senha.';

/** What the code step says, in pt-BR. */
export const CODE_TEXTS = {
  sent: (email: string) => `Enviamos um código de ${CODE_LENGTH} dígitos para ${email}. Ele vale por 5 minutos.`,
  wrong: (left: number) =>
    left === 1
      ? 'Código incorreto. Resta 1 tentativa para este código.'
      : `Código incorreto. Restam ${left} tentativas para este código.`,
  spent: 'Este código não vale mais: foram 5 tentativas erradas. Peça um novo código.',
  wrongOrExpired: 'Código incorreto ou expirado. Confira o último e-mail ou peça um novo código.',
  held: 'Muitas tentativas com códigos desta conta. Aguarde 3 minutos e peça um novo código.',
  resent: 'Enviamos um novo código. Use o do e-mail mais recente.',
  incomplete: `Digite os ${CODE_LENGTH} dígitos do código.`,
} as const;

/** Only digits, at most CODE_LENGTH of them (a pasted "123 456" becomes "123456"). */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}
