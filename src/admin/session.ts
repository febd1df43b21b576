/**
 * Session rules on top of PocketBase's auth store: the token lives 8 hours (set on
 * the server) and is never silently renewed, so a session ends 8 hours after
 * sign-in; an admin changing someone's role or active flag revokes their token at
 * once. When a session ends the login screen says why ('Sessão expirada').
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Actor } from '../lib/permissions';

const ENDED_KEY = 'admin:session-ended';

/** Why the last session ended, for the login screen: expired/revoked, or the person signed out. */
export type SignOutReason = 'expired' | 'logout';

/**
 * Whether a value is a whole staff record as the server sends it. The SDK answers
 * `{}` when a response's body is cut short (a navigation aborting the request, a
 * dropped connection), and such a value must never replace the stored record: with
 * no `is_active` it would read as an inactive account.
 */
export function isStaffRecord(value: unknown): value is RecordModel {
  const record = value as Partial<RecordModel> | null | undefined;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.id === 'string' &&
    record.id !== '' &&
    record.collectionName === 'users' &&
    typeof record.is_active === 'boolean'
  );
}

export function actorOf(record: RecordModel | null | undefined): Actor | null {
  if (!isStaffRecord(record)) return null;
  return { id: record.id, role: String(record.role ?? ''), isActive: record.is_active === true };
}

function tokenClaims(token: string): { exp?: number; id?: string } {
  try {
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number; id?: string };
  } catch {
    return {};
  }
}

/** Milliseconds since the epoch at which the token expires (its `exp` claim), or 0. */
export function tokenExpiry(token: string): number {
  return (tokenClaims(token).exp ?? 0) * 1000;
}

/** Remembers, for the login screen, why the session ended. */
export function markSignOut(reason: SignOutReason) {
  try {
    sessionStorage.setItem(ENDED_KEY, reason);
  } catch {
    // Storage unavailable (private mode): the login screen simply shows no notice.
  }
}

/** Ends the session because it expired or the server revoked it. */
export function endSession(pb: PocketBase) {
  pb.authStore.clear();
  markSignOut('expired');
}

/** Why the last session ended, if it just did; reading it clears the mark. */
export function takeSignOutReason(): SignOutReason | null {
  try {
    const reason = sessionStorage.getItem(ENDED_KEY);
    sessionStorage.removeItem(ENDED_KEY);
    return reason === 'expired' || reason === 'logout' ? reason : null;
  } catch {
    return null;
  }
}

/** Stores a record the server just sent for the signed-in person, if it is whole and theirs. */
export function saveOwnRecord(pb: PocketBase, fresh: unknown): boolean {
  const current = pb.authStore.record;
  if (!isStaffRecord(fresh) || (current?.id && current.id !== fresh.id)) return false;
  pb.authStore.save(pb.authStore.token, fresh);
  return true;
}

/** The server's answer to any request made with the token of a deactivated account (pb_hooks/lib/auth/sessions.js). */
export const INACTIVE_MESSAGE = 'Conta inativa.';

/** Whether a failed request says the account was deactivated. */
export function isInactiveRefusal(error: unknown): boolean {
  const shape = (error ?? {}) as { status?: number; response?: { message?: string }; body?: { message?: string } };
  return shape.status === 403 && (shape.response?.message ?? shape.body?.message) === INACTIVE_MESSAGE;
}

/**
 * Notes that the signed-in account was deactivated: the panel shows 'Conta Inativa'
 * at once (layout/AccessGate.tsx follows the stored record).
 */
export function markInactive(pb: PocketBase) {
  const record = pb.authStore.record;
  if (record && record.is_active !== false) pb.authStore.save(pb.authStore.token, { ...record, is_active: false });
}

/**
 * Asks the server whether the token still opens the staff member's own record. A
 * revoked token reads as a visitor, so the record is not found. Inactive accounts
 * cannot read their record at all: the refusal says so, and the stored record is
 * marked inactive (the session stays, to show 'Conta Inativa').
 * Also refreshes the stored record (name, role, avatar) when it succeeds. A stored
 * record that is not whole is fetched again by the token's own id.
 */
export async function verifySession(pb: PocketBase): Promise<boolean> {
  const record = pb.authStore.record;
  if (!pb.authStore.isValid || !record) return false;
  const stored = isStaffRecord(record);
  if (stored && !record.is_active) return true;
  const id = stored ? record.id : tokenClaims(pb.authStore.token).id;
  if (!id) return false;
  try {
    const fresh = await pb.collection('users').getOne(id, { requestKey: null });
    // A body cut short keeps the session as it was (as when offline); a stored record
    // that is not whole and cannot be repaired ends it.
    return saveOwnRecord(pb, fresh) || stored;
  } catch (error) {
    if (isInactiveRefusal(error)) {
      markInactive(pb);
      return true;
    }
    const status = (error as { status?: number }).status ?? 0;
    // Offline or a server error says nothing about the session: keep it.
    return !(status === 401 || status === 403 || status === 404);
  }
}
