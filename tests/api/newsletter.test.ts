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
  test('anyone can subscribe with an e-mail', async () => {
    const response = await subscribe({ email: 'leitor@exemplo.com.br', source: 'footer' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: 'leitor@exemplo.com.br', source: 'footer' });
  });

  test('subscribing an address twice succeeds without revealing it or storing it again', async () => {
    const first = await subscribe({ email: 'Duplo@Exemplo.com.br', source: 'blog' });
    expect(first.status).toBe(200);
    expect((await first.json()).email).toBe('duplo@exemplo.com.br');
    const again = await subscribe({ email: 'DUPLO@exemplo.com.br ', source: 'footer' });
    expect(again.status).toBe(204);
    expect(await countSubscribers('duplo@exemplo.com.br')).toBe(1);
  });

  test('refuses an invalid e-mail or an unknown source', async () => {
    expect((await subscribe({ email: 'nao-e-email', source: 'footer' })).status).toBe(400);
    expect((await subscribe({ email: 'ok@exemplo.com.br', source: 'outro' })).status).toBe(400);
  });

  test('refuses a filled honeypot', async () => {
    const response = await subscribe({ email: 'robo@exemplo.com.br', source: 'footer', website: 'http://spam' });
    expect(response.status).toBe(400);
  });

  test('nobody can list, read or delete the subscribers without staff rights', async () => {
    const list = await fetch(`${server.url}/api/collections/newsletter_subscribers/records`);
    expect(list.status).toBe(403);
  });
});
