import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, superuserToken, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Counts rows through PocketBase's own CLI-free path: a superuser token. */
async function countSubscribers(email: string): Promise<number> {
  const token = await superuserToken(server);
  const filter = encodeURIComponent(`email = "${email}"`);
  const response = await fetch(`${server.url}/api/collections/newsletter_subscribers/records?filter=${filter}`, {
    headers: { Authorization: token },
  });
  return (await response.json()).totalItems;
}

const subscribe = (body: Record<string, unknown>) =>
  fetch(`${server.url}/api/collections/newsletter_subscribers/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('newsletter_subscribers', () => {
  test('anyone can subscribe; new and known addresses get the same empty answer', async () => {
    const first = await subscribe({ email: 'Leitor@Exemplo.com.br', source: '/' });
    expect(first.status).toBe(204);
    const again = await subscribe({ email: 'LEITOR@exemplo.com.br ', source: '/blog' });
    expect(again.status).toBe(204);
    expect(await countSubscribers('leitor@exemplo.com.br')).toBe(1);
  });

  test('refuses an invalid e-mail or a source that is not a page path', async () => {
    expect((await subscribe({ email: 'nao-e-email', source: '/' })).status).toBe(400);
    expect((await subscribe({ email: 'ok@exemplo.com.br', source: 'não é caminho' })).status).toBe(400);
  });

  test('refuses a filled honeypot', async () => {
    const response = await subscribe({ email: 'robo@exemplo.com.br', source: '/', website: 'http://spam' });
    expect(response.status).toBe(400);
  });

  test('visitors cannot read the list', async () => {
    const list = await fetch(`${server.url}/api/collections/newsletter_subscribers/records`);
    expect((await list.json()).items).toEqual([]);
  });

  test('records the page and when consent was given', async () => {
    await subscribe({ email: 'consentimento@exemplo.com.br', source: '/blog' });
    const token = await superuserToken(server);
    const filter = encodeURIComponent('email = "consentimento@exemplo.com.br"');
    const response = await fetch(`${server.url}/api/collections/newsletter_subscribers/records?filter=${filter}`, {
      headers: { Authorization: token },
    });
    const [row] = (await response.json()).items;
    expect(row.source).toBe('/blog');
    expect(Date.now() - new Date(row.consented_at.replace(' ', 'T')).getTime()).toBeLessThan(60_000);
  });
});
