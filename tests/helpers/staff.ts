/**
 * Staff accounts for the tests, signed in through the official SDK.
 * API tests: startStaffServer starts a real PocketBase with one account per role
 * (the first sign-up is the admin; then an editor, two authors and an inactive
 * account created by the admin) plus an anonymous client.
 * Browser tests: createStaff / signedInAs make accounts with unique e-mails on the
 * shared e2e server (E2E_BASE_URL), so parallel tests never share one.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import type { GitArticle } from '../../src/lib/blog/blog';
import type { Actor, Role } from '../../src/lib/permissions';
import { startTestServer, superuserToken, type TestServer } from './server';

export const PASSWORD = 'Senha-Forte-123';

export interface StaffMember {
  name: string;
  client: PocketBase;
  /** What src/lib/permissions.ts needs; null for the anonymous visitor. */
  actor: Actor | null;
  email: string;
  /** The account's name at sign-in (audit rows keep it as the actor's name). */
  fullName: string;
}

export interface StaffServer {
  server: TestServer;
  superuser: PocketBase;
  admin: StaffMember;
  editor: StaffMember;
  author: StaffMember;
  otherAuthor: StaffMember;
  inactive: StaffMember;
  anonymous: StaffMember;
  client: () => PocketBase;
  stop: () => Promise<void>;
}

export function newClient(server: TestServer): PocketBase {
  const client = new PocketBase(server.url);
  client.autoCancellation(false);
  return client;
}

export async function signIn(server: TestServer, email: string, password = PASSWORD): Promise<PocketBase> {
  const client = newClient(server);
  await client.collection('users').authWithPassword(email, password);
  return client;
}

async function member(server: TestServer, name: string, email: string): Promise<StaffMember> {
  const client = await signIn(server, email);
  const record = client.authStore.record!;
  return {
    name,
    client,
    email,
    fullName: String(record.full_name ?? ''),
    actor: { id: record.id, role: record.role as Role, isActive: Boolean(record.is_active) },
  };
}

/**
 * @param options.unthrottledLoopback exclude 127.0.0.1 from PocketBase's per-IP
 *   rate limiter (an operator setting), for suites that send hundreds of requests.
 * @param options.env extra environment for the PocketBase process.
 * @param options.siteDir a built site for the server to serve (browser tests).
 * @param options.gitArticles instead, the MDX articles in git the hooks know (startTestServer).
 */
export async function startStaffServer(
  options: { unthrottledLoopback?: boolean; env?: Record<string, string>; siteDir?: string; gitArticles?: GitArticle[] } = {},
): Promise<StaffServer> {
  const server = await startTestServer({ env: options.env, siteDir: options.siteDir, gitArticles: options.gitArticles });
  const superuser = newClient(server);
  superuser.authStore.save(await superuserToken(server));
  if (options.unthrottledLoopback) {
    const settings = await superuser.settings.getAll();
    await superuser.settings.update({ rateLimits: { ...settings.rateLimits, excludedIPs: ['127.0.0.1'] } });
  }

  const anonymous = newClient(server);
  await anonymous
    .collection('users')
    .create({ email: 'admin@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, full_name: 'Ana Admin' });
  const admin = await member(server, 'admin', 'admin@exemplo.com.br');
  const create = (email: string, role: Role, is_active = true, full_name = email) =>
    admin.client.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role, is_active, full_name });
  await create('editor@exemplo.com.br', 'editor');
  await create('autor@exemplo.com.br', 'author');
  await create('autora2@exemplo.com.br', 'author');
  await create('inativo@exemplo.com.br', 'editor', false);

  return {
    server,
    superuser,
    admin,
    editor: await member(server, 'editor', 'editor@exemplo.com.br'),
    author: await member(server, 'author', 'autor@exemplo.com.br'),
    otherAuthor: await member(server, 'otherAuthor', 'autora2@exemplo.com.br'),
    inactive: await member(server, 'inactive', 'inativo@exemplo.com.br'),
    anonymous: { name: 'anonymous', client: anonymous, actor: null, email: '', fullName: '' },
    client: () => newClient(server),
    stop: () => server.stop(),
  };
}

/** The HTTP status of a failed SDK call, or 200 when it succeeded. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (typeof status !== 'number' || status === 0) throw error;
    return status;
  }
}

/** The pt-BR message a save refused with a 400 gives on `field`; throws when the save passed or failed otherwise. */
export async function fieldRefusal(call: Promise<unknown>, field: string): Promise<string> {
  try {
    await call;
  } catch (error) {
    const { status, response } = error as { status?: number; response?: { data?: Record<string, { message?: string }> } };
    if (status !== 400) throw error;
    return String(response?.data?.[field]?.message);
  }
  throw new Error('the save was accepted');
}

// Browser tests, on the shared e2e server.

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
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    full_name: fullName,
    role,
    is_active: options.active ?? true,
  });
  return { id: record.id, email, password: PASSWORD, fullName, role };
}

/**
 * Opens the admin already signed in: the session is obtained through the API and
 * stored where the SDK keeps it, as a real sign-in would. (The sign-in screen
 * itself has its own tests.) `server`: another PocketBase than the shared e2e one.
 */
export async function openAdminAs(page: Page, account: StaffAccount, path = '/admin', server = process.env.E2E_BASE_URL!) {
  const client = new PocketBase(server);
  await client.collection('users').authWithPassword(account.email, account.password);
  await openAdminWithSession(page, client, path, server);
}

/** Opens the admin with the session a signed-in SDK client holds (e.g. after both steps of a two-step sign-in). */
export async function openAdminWithSession(page: Page, client: PocketBase, path: string, url: string) {
  const stored = JSON.stringify({ token: client.authStore.token, record: client.authStore.record });
  // Once per tab: later navigations (after signing out, say) must not bring the session back.
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e:session-seeded')) return;
    window.sessionStorage.setItem('e2e:session-seeded', '1');
    window.localStorage.setItem('pocketbase_auth', value);
  }, stored);
  await page.goto(new URL(path, url).href);
}

/** Signs in as a new account of the role and opens the admin at `path`. */
export async function signedInAs(page: Page, role: Role, path = '/admin'): Promise<StaffAccount> {
  const account = await createStaff(role);
  await openAdminAs(page, account, path);
  return account;
}
