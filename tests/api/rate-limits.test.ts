/** PocketBase's own per-IP rate limiter, as the migrations configure it (nothing excluded). */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, superuserToken, type TestServer } from '../helpers/server';
import { newClient, statusOf } from '../helpers/staff';

let server: TestServer;
let superuser: PocketBase;

beforeAll(async () => {
  server = await startTestServer();
  superuser = newClient(server);
  superuser.authStore.save(await superuserToken(server));
});
afterAll(async () => {
  await server?.stop();
});

describe("PocketBase's own rate limiter", () => {
  test('is enabled, with limits on sign-in and on the public forms', async () => {
    const { rateLimits } = await superuser.settings.getAll();
    expect(rateLimits.enabled).toBe(true);
    const labels = rateLimits.rules.map((rule: { label: string }) => rule.label);
    expect(labels).toEqual(
      expect.arrayContaining(['*:auth', 'users:create', 'contact_messages:create', 'newsletter_subscribers:create']),
    );
  });

  test('stops a flood of newsletter sign-ups from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const body = { email: `flood${i}@exemplo.com.br`, source: '/' };
      statuses.push(await statusOf(newClient(server).collection('newsletter_subscribers').create(body)));
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  test('caps sign-in requests per address, whatever the e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        await statusOf(newClient(server).collection('users').authWithPassword(`pessoa${i}@exemplo.com.br`, 'errada')),
      );
    }
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);
  });
});
