/**
 * react-admin's auth provider on PocketBase's `users` auth collection.
 * - login: e-mail + password; the server throttles (429 after 5 failures in 15 min);
 * - checkAuth: a token that is present and not expired, confirmed with the server
 *   at most every VERIFY_EVERY_MS (a revoked token ends the session);
 * - permissions: the Actor of src/lib/permissions.ts; canAccess: src/admin/access.ts.
 */
import type PocketBase from 'pocketbase';
import type { AuthProvider } from 'ra-core';
import { canAccessArea } from './access';
import { actorOf, endSession, isStaffRecord, verifySession } from './session';

const VERIFY_EVERY_MS = 15_000;

/**
 * The avatar size the app bar shows: PocketBase's default thumb, always generated.
 * Any other size must be one of the `avatar` field's thumbs, or the original is sent.
 */
export const AVATAR_THUMB = '100x100';

export interface StaffIdentity {
  id: string;
  fullName: string;
  email: string;
  avatar?: string;
  role: string;
  isActive: boolean;
}

/**
 * @param fileToken a file token: avatars are served only to who may read the account
 *   (pb_hooks/files.pb.js), and an <img> sends no Authorization header.
 */
export function identityOf(pb: PocketBase, fileToken = ''): StaffIdentity | null {
  const record = pb.authStore.record;
  if (!isStaffRecord(record)) return null;
  return {
    id: record.id,
    fullName: String(record.full_name || record.email || ''),
    email: String(record.email ?? ''),
    avatar: record.avatar
      ? pb.files.getURL(record, String(record.avatar), { thumb: AVATAR_THUMB, ...(fileToken ? { token: fileToken } : {}) })
      : undefined,
    role: String(record.role ?? ''),
    isActive: Boolean(record.is_active),
  };
}

export function createAuthProvider(pb: PocketBase): AuthProvider {
  let verifiedAt = 0;

  const ensureSession = async () => {
    if (!pb.authStore.token) throw { message: false };
    if (!pb.authStore.isValid) {
      endSession(pb);
      throw { message: false };
    }
    if (Date.now() - verifiedAt < VERIFY_EVERY_MS) return;
    if (!(await verifySession(pb))) {
      endSession(pb);
      throw { message: false };
    }
    verifiedAt = Date.now();
  };

  return {
    async login(params: { email: string; password: string }) {
      await pb.collection('users').authWithPassword(params.email.trim(), params.password);
      verifiedAt = Date.now();
    },
    async logout() {
      pb.authStore.clear();
      verifiedAt = 0;
      // No path: react-admin goes to its login route under the basename (/admin/login).
    },
    checkAuth: ensureSession,
    async checkError(error: { status?: number }) {
      const status = error?.status;
      if (status === 401) {
        endSession(pb);
        throw { message: false };
      }
      if (status === 403 || status === 404) {
        // Refused or hidden: either a rule said no (the toast says so) or the session was revoked.
        verifiedAt = 0;
        await ensureSession();
      }
    },
    async getIdentity() {
      // Without a token the avatar is just not shown: the rest of the identity stands.
      const fileToken = pb.authStore.record?.avatar ? await pb.files.getToken().catch(() => '') : '';
      const identity = identityOf(pb, fileToken);
      if (!identity) throw new Error('Sem sessão');
      return identity;
    },
    async getPermissions() {
      return actorOf(pb.authStore.record);
    },
    async canAccess({ resource, action, record }) {
      return canAccessArea(actorOf(pb.authStore.record), resource, action, record);
    },
  };
}
