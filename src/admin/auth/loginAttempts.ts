/**
 * The login screen's attempt counter: a hint kept in memory, shown as
 * 'Tentativas de login: n/5'. The real limit is the server's (5 failures per account
 * in 15 minutes, then 429); the screen shows the block when the server says so.
 */
const MAX_ATTEMPTS = 5;

export interface AttemptsState {
  failures: number;
  blocked: boolean;
}

export const initialAttempts: AttemptsState = { failures: 0, blocked: false };

export type AttemptOutcome = 'success' | 'failure' | 'blocked';

export function nextAttempts(state: AttemptsState, outcome: AttemptOutcome): AttemptsState {
  if (outcome === 'success') return initialAttempts;
  if (outcome === 'blocked') return { failures: Math.max(state.failures, MAX_ATTEMPTS), blocked: true };
  const failures = Math.min(state.failures + 1, MAX_ATTEMPTS);
  return { failures, blocked: false };
}

export function attemptsLabel(state: AttemptsState): string {
  return `Tentativas de login: ${state.failures}/${MAX_ATTEMPTS}`;
}
