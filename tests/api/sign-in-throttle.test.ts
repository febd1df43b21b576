/**
 * The per-account sign-in throttle (5 failures in 15 minutes → 429). Loopback is
 * excluded from PocketBase's per-IP limiter here, so only our throttle answers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, newClient, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const attempt = (email: string, password: string) =>
  statusOf(newClient(s.server).collection('users').authWithPassword(email, password));

describe('sign-in throttle', () => {
  test('answers 429 after 5 failures for one e-mail, even with the right password, and lets other accounts in', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('autor@exemplo.com.br', 'senha-errada')).toBe(400);
    const blocked = await newClient(s.server)
      .collection('users')
      .authWithPassword('AUTOR@exemplo.com.br', PASSWORD)
      .catch((error) => error);
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(
      "Muitas tentativas de login. Tente novamente em 15 minutos. Para entrar agora, redefina sua senha na aba 'Recuperar'.",
    );
    // Another account from the same address (an office behind one IP) still signs in.
    expect(await attempt('autora2@exemplo.com.br', PASSWORD)).toBe(200);
  });

  test('a successful sign-in clears the failures of its account', async () => {
    for (let i = 0; i < 4; i++) expect(await attempt('editor@exemplo.com.br', 'senha-errada')).toBe(400);
    expect(await attempt('editor@exemplo.com.br', PASSWORD)).toBe(200);
    for (let i = 0; i < 4; i++) expect(await attempt('editor@exemplo.com.br', 'senha-errada')).toBe(400);
    expect(await attempt('editor@exemplo.com.br', PASSWORD)).toBe(200);
  });

  test('unknown e-mails are throttled the same way (no account enumeration)', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('ninguem@exemplo.com.br', 'x')).toBe(400);
    expect(await attempt('ninguem@exemplo.com.br', 'x')).toBe(429);
  });
});
