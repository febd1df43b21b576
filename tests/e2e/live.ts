/**
 * Browser tests that publish, against the product as `npm start` runs it
 * (tests/helpers/live-stack.ts): one stack per worker (its first build takes minutes,
 * each publication seconds) and the session of its first account, an active admin.
 */
import type { Page } from '@playwright/test';
import { test as base } from './fixtures';
import { startLiveStack, type LiveStack } from '../helpers/live-stack';

export const liveTest = base.extend<object, { stack: LiveStack; admin: string }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startLiveStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  admin: [
    async ({ stack }, use) => {
      // The first account of a new installation is its active administrator.
      const account = {
        email: 'editora@exemplo.com.br',
        password: 'Senha-Forte-123',
        passwordConfirm: 'Senha-Forte-123',
        full_name: 'Edna Editora',
      };
      const created = await fetch(`${stack.url}/api/collections/users/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(account),
      });
      if (!created.ok) throw new Error(`primeira conta: HTTP ${created.status} ${await created.text()}`);
      const auth = await fetch(`${stack.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: account.email, password: account.password }),
      });
      const { token, record } = (await auth.json()) as { token: string; record: unknown };
      await use(JSON.stringify({ token, record }));
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),
});

/** Opens the admin at `path` signed in with `session` (the admin fixture). */
export async function openAdmin(page: Page, session: string, path: string) {
  await page.addInitScript((value) => window.localStorage.setItem('pocketbase_auth', value), session);
  await page.goto(path);
}
