/**
 * react-admin's auth provider on PocketBase's `users` auth collection.
 * - login: e-mail + password; the server throttles (429 after 5 failures in 15 min).
 *   An account that needs the second step (auth/secondStep.ts) gets its code by e-mail
 *   and login throws SecondStepRequired; login again with that step and the code;
 * - checkAuth: a token that is present and not expired, confirmed with the server
 *   at most every VERIFY_EVERY_MS (a revoked token ends the session);
 * - permissions: the Actor of src/lib/permissions.ts; canAccess: src/admin/access.ts.
 *
 * Plus the account calls the panel's screens make (react-admin allows custom methods
 * on its providers; screens reach them with useAdminAuth): sign-up, the e-mail link
 * flows, the own profile, and the session's state for the access gate. With the data
 * providers, this is the one place that talks to PocketBase.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { useAuthProvider, type AuthProvider } from 'ra-core';
import { canAccessArea } from './access';
import { secureInput } from './auth/passwordRules';
import { FULL_NAME_MAX } from '../../shared/accounts.js';
import { CodeNotSent, SecondStepRequired, mfaIdOf, type SecondStep } from './auth/secondStep';
import {
  actorOf,
  endSession,
  isInactiveRefusal,
  isStaffRecord,
  markInactive,
  saveOwnRecord,
  tokenExpiry,
  verifySession,
} from './session';

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
function identityOf(pb: PocketBase, fileToken = ''): StaffIdentity | null {
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

export interface SignUpFields {
  name: string;
  email: string;
  password: string;
  confirmation: string;
}

/** react-admin's login parameters: the password step, or the code step that follows it. */
export type LoginParams = { email: string; password: string } | { secondStep: SecondStep; code: string };

export interface AdminAuthProvider extends AuthProvider {
  /** The stored session: whether there is a token, whether it is unexpired, and when it expires (ms, 0 if unknown). */
  session(): { present: boolean; valid: boolean; expiresAt: number };
  /** The signed-in staff member's stored record, or null. */
  ownRecord(): RecordModel | null;
  /** Whether the server still accepts the session (see session.ts); refreshes the stored record. */
  verifySession(): Promise<boolean>;
  /** Ends a session that expired or was revoked: the login screen says 'Sessão expirada'. */
  endSession(): void;
  /** Whether the stored account is marked inactive (at sign-in, or when a request found it deactivated). */
  storedInactive(): boolean;
  /** Calls back whenever the stored session changes; returns the unsubscribe. */
  onSessionChange(callback: () => void): () => void;
  /**
   * Creates the account (the server makes it an inactive author, or the first admin)
   * and asks for the confirmation e-mail, whose failure (no SMTP yet) does not undo it.
   * `activeAdmin`: the account is the panel's first, an active administrator who may
   * sign in at once.
   */
  signUp(fields: SignUpFields): Promise<{ activeAdmin: boolean }>;
  requestPasswordReset(email: string): Promise<void>;
  /** Whether the panel can send e-mails (an SMTP server is configured). */
  mailEnabled(): Promise<boolean>;
  /** Whether no account exists yet: the next sign-up becomes the active administrator. */
  firstAccount(): Promise<boolean>;
  confirmPasswordReset(token: string, password: string, confirmation: string): Promise<void>;
  confirmVerification(token: string): Promise<void>;
  /** Confirms a new e-mail; the session (under the old one) ends. */
  confirmEmailChange(token: string, password: string): Promise<void>;
  requestEmailChange(email: string): Promise<void>;
  /** Saves the own name and avatar (multipart). */
  updateProfile(body: FormData): Promise<void>;
  /**
   * A new password revokes every token, this one included: signs in again with it. An
   * account with two steps gets a code by e-mail: the returned step is finished with
   * completeSecondStep (null: signed in already).
   */
  changePassword(current: string, password: string, confirmation: string): Promise<SecondStep | null>;
  /** A new code by e-mail in the same MFA session (the step's new otpId). */
  resendCode(step: SecondStep): Promise<SecondStep>;
  /** The code step: on success the session is stored. */
  completeSecondStep(step: SecondStep, code: string): Promise<void>;
  /** Turns the own two-step switch on or off (Perfil). */
  setTwoStep(enabled: boolean): Promise<void>;
}

/** The admin's auth provider with its custom methods, for screens (react-admin's useAuthProvider). */
export function useAdminAuth(): AdminAuthProvider {
  return useAuthProvider<AdminAuthProvider>()!;
}

export function createAuthProvider(pb: PocketBase): AdminAuthProvider {
  let verifiedAt = 0;
  const users = () => pb.collection('users');

  /** Asks for a code inside the MFA session `mfaId` (the password step's answer). */
  const requestCode = async (email: string, mfaId: string): Promise<SecondStep> => {
    const { otpId } = await users().requestOTP(email, { body: { email, mfaId } });
    return { email, mfaId, otpId };
  };

  /** Password sign-in; throws SecondStepRequired when the account needs the code too. */
  const passwordStep = async (email: string, password: string) => {
    try {
      await users().authWithPassword(email, password);
    } catch (error) {
      const mfaId = mfaIdOf(error);
      if (!mfaId) throw error;
      const step = await requestCode(email, mfaId).catch((refusal: unknown) => {
        throw new CodeNotSent(refusal);
      });
      throw new SecondStepRequired(step);
    }
  };

  const completeSecondStep = async (step: SecondStep, code: string) => {
    // In the body, not the URL: the session id and the code never reach a log.
    await users().authWithOTP(step.otpId, code, { body: { otpId: step.otpId, password: code, mfaId: step.mfaId } });
  };

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
    async login(params: LoginParams) {
      if ('secondStep' in params) await completeSecondStep(params.secondStep, params.code);
      else await passwordStep(params.email.trim(), params.password);
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
      if (isInactiveRefusal(error)) {
        // Deactivated meanwhile: the panel shows 'Conta Inativa' at the next request.
        markInactive(pb);
        return;
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

    session: () => ({
      present: Boolean(pb.authStore.token),
      valid: pb.authStore.isValid,
      expiresAt: tokenExpiry(pb.authStore.token),
    }),
    ownRecord: () => pb.authStore.record,
    verifySession: () => verifySession(pb),
    endSession: () => endSession(pb),
    storedInactive: () => pb.authStore.record?.is_active === false,
    onSessionChange: (callback) => pb.authStore.onChange(callback),
    async signUp(fields) {
      const email = fields.email.trim();
      const created = await users().create({
        email,
        password: fields.password,
        passwordConfirm: fields.confirmation,
        full_name: secureInput(fields.name, FULL_NAME_MAX),
      });
      await users()
        .requestVerification(email)
        .catch(() => undefined);
      return { activeAdmin: created?.role === 'admin' && created?.is_active === true };
    },
    async requestPasswordReset(email) {
      await users().requestPasswordReset(email.trim());
    },
    async mailEnabled() {
      const answer = await pb.send<{ enabled?: boolean }>('/api/site/mail', { method: 'GET' });
      return answer?.enabled === true;
    },
    async firstAccount() {
      const answer = await pb.send<{ firstAccount?: boolean }>('/api/site/sign-up', { method: 'GET' });
      return answer?.firstAccount === true;
    },
    async confirmPasswordReset(token, password, confirmation) {
      await users().confirmPasswordReset(token, password, confirmation);
    },
    async confirmVerification(token) {
      await users().confirmVerification(token);
    },
    async confirmEmailChange(token, password) {
      await users().confirmEmailChange(token, password);
      pb.authStore.clear();
    },
    async requestEmailChange(email) {
      await users().requestEmailChange(email.trim());
    },
    async updateProfile(body) {
      const record = pb.authStore.record;
      if (!record) throw new Error('Sem sessão');
      saveOwnRecord(pb, await users().update(record.id, body));
    },
    async changePassword(current, password, confirmation) {
      const record = pb.authStore.record;
      if (!record) throw new Error('Sem sessão');
      await users().update(record.id, { oldPassword: current, password, passwordConfirm: confirmation });
      try {
        await passwordStep(String(record.email), password);
        return null;
      } catch (error) {
        if (error instanceof SecondStepRequired) return error.secondStep;
        throw error;
      }
    },
    resendCode: (step) => requestCode(step.email, step.mfaId),
    async completeSecondStep(step, code) {
      await completeSecondStep(step, code);
      verifiedAt = Date.now();
    },
    async setTwoStep(enabled) {
      const record = pb.authStore.record;
      if (!record) throw new Error('Sem sessão');
      saveOwnRecord(pb, await users().update(record.id, { two_step: enabled }));
    },
  };
}
