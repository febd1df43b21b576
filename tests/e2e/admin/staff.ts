/**
 * Staff accounts for the admin's browser tests, created on the e2e server through
 * the superuser API with unique e-mails, so parallel tests never share one.
 */
import { randomBytes } from 'node:crypto';
import PocketBase from 'pocketbase';
import type { Page } from '@playwright/test';
import type { Role } from '../../../src/lib/permissions';

export const STAFF_PASSWORD = 'Senha-Forte-123';

export interface StaffAccount {
  id: string;
  email: string;
  password: string;
  fullName: string;
  role: Role;
}

let superuserClient: Promise<PocketBase> | undefined;

/** A superuser SDK client on the e2e server (one per worker). */
export function superuser(): Promise<PocketBase> {
  superuserClient ??= (async () => {
    const url = process.env.E2E_BASE_URL;
    const credentials = JSON.parse(process.env.E2E_SUPERUSER ?? '{}') as { email: string; password: string };
    if (!url) throw new Error('E2E_BASE_URL não definido');
    const client = new PocketBase(url);
    client.autoCancellation(false);
    await client.collection('_superusers').authWithPassword(credentials.email, credentials.password);
    return client;
  })();
  return superuserClient;
}

const ROLE_NAMES: Record<Role, string> = { admin: 'Admin', editor: 'Editora', author: 'Autor' };

/** Creates an active (or inactive) staff account with a unique e-mail. */
export async function createStaff(role: Role, options: { active?: boolean; fullName?: string } = {}): Promise<StaffAccount> {
  const client = await superuser();
  const tag = randomBytes(4).toString('hex');
  const email = `${role}-${tag}@exemplo.com.br`;
  const fullName = options.fullName ?? `${ROLE_NAMES[role]} ${tag}`;
  const record = await client.collection('users').create({
    email,
    password: STAFF_PASSWORD,
    passwordConfirm: STAFF_PASSWORD,
    full_name: fullName,
    role,
    is_active: options.active ?? true,
  });
  return { id: record.id, email, password: STAFF_PASSWORD, fullName, role };
}

/**
 * Opens the admin already signed in: the session is obtained through the API and
 * stored where the SDK keeps it, as a real sign-in would. (The sign-in screen
 * itself has its own tests.)
 */
export async function openAdminAs(page: Page, account: StaffAccount, path = '/admin') {
  const url = process.env.E2E_BASE_URL!;
  const client = new PocketBase(url);
  await client.collection('users').authWithPassword(account.email, account.password);
  const stored = JSON.stringify({ token: client.authStore.token, record: client.authStore.record });
  // Once per tab: later navigations (after signing out, say) must not bring the session back.
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e:session-seeded')) return;
    window.sessionStorage.setItem('e2e:session-seeded', '1');
    window.localStorage.setItem('pocketbase_auth', value);
  }, stored);
  await page.goto(path);
}

/** Signs in as a new account of the role and opens the admin at `path`. */
export async function signedInAs(page: Page, role: Role, path = '/admin'): Promise<StaffAccount> {
  const account = await createStaff(role);
  await openAdminAs(page, account, path);
  return account;
}
