/**
 * The guards read a request's body as PocketBase binds it (pb_hooks/lib/common/request-body.js):
 * PocketBase's own forms take JSON keys whatever their letter case (Go's
 * encoding/json), so a guard that read `body.otpId` or `body.email` by exact name was
 * walked around by `OTPId` or `EMAIL`, while PocketBase's handler still acted on them.
 * Each guard is tried with other spellings of its keys, in JSON and in multipart's
 * `@jsonPayload`, and with a key sent twice (the last one wins in Go).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../helpers/database';
import { caseVariants, respelled } from '../helpers/key-spellings';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { PASSWORD, newClient, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';
import { mailSince, codeOf, passwordStep, requestCode } from '../helpers/two-step';

let s: StaffServer;
let sink: SmtpSink;
let serial = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  s = await startStaffServer({ unthrottledLoopback: true });
  // As behind a proxy (README, "Configuração"): each test asks from its own address.
  const settings = await s.superuser.settings.getAll();
  await s.superuser.settings.update({ trustedProxy: { ...settings.trustedProxy, headers: ['X-Forwarded-For'] } });
  await useSmtpSink(s.admin.client, sink, { user: 'mailer', password: 'segredo-smtp-123' });
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
});

type Carrier = 'json' | 'jsonPayload';

/** A POST to one of PocketBase's auth routes with the body as given (raw JSON text, or multipart's @jsonPayload). */
function post(route: string, body: Record<string, unknown> | string, options: { carrier?: Carrier; from?: string } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = options.from ? { 'X-Forwarded-For': options.from } : {};
  let payload: string | FormData = text;
  if (options.carrier === 'jsonPayload') {
    payload = new FormData();
    payload.append('@jsonPayload', text);
  } else {
    headers['Content-Type'] = 'application/json';
  }
  return fetch(`${s.server.url}/api/collections/users/${route}`, { method: 'POST', headers, body: payload });
}

/** A fresh active admin (admins always get the second step once e-mail works). */
async function newAdmin() {
  const email = `admin-chaves-${++serial}@exemplo.com.br`;
  await s.admin.client.collection('users').create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    role: 'admin',
    is_active: true,
    full_name: `Admin ${serial}`,
  });
  return email;
}

const countUnder = (key: string) =>
  Number(
    queryRows(path.join(s.server.dataDir, 'data.db'), 'SELECT COUNT(*) AS n FROM login_attempts WHERE identity = ?', key)[0]!.n,
  );

describe('the code-try counter (5 wrong tries spend the code)', () => {
  const ways: {
    label: string;
    body: (otpId: string, mfaId: string, guess: string) => Record<string, unknown> | string;
    carrier?: Carrier;
  }[] = [
    ...caseVariants('otpId').map((spelling) => ({
      label: `JSON "${spelling}"`,
      body: (otpId: string, mfaId: string, guess: string) => ({ [spelling]: otpId, password: guess, mfaId }),
    })),
    {
      label: 'multipart @jsonPayload "OTPID"',
      body: (otpId, mfaId, guess) => ({ OTPID: otpId, password: guess, mfaId }),
      carrier: 'jsonPayload',
    },
    {
      label: 'the key twice: another code first, this one last (Go keeps the last)',
      body: (otpId, mfaId, guess) =>
        `{"otpId":"naoexiste123456","password":${JSON.stringify(guess)},"mfaId":${JSON.stringify(mfaId)},"OTPID":${JSON.stringify(otpId)}}`,
    },
  ];

  for (const way of ways) {
    test(`counts tries sent with ${way.label}`, async () => {
      const email = await newAdmin();
      const client = newClient(s.server);
      const mfaId = await passwordStep(client, email, PASSWORD);
      const { otpId, code } = await requestCode(client, sink, email, mfaId);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const answer = await post('auth-with-otp', way.body(otpId, mfaId, wrong), { carrier: way.carrier });
        expect(answer.status).toBe(400);
      }
      // Spent: deleted, and the right code is refused with the reason, however it is sent.
      expect(await statusOf(s.superuser.collection('_otps').getOne(otpId))).toBe(404);
      const right = await post('auth-with-otp', { otpId, password: code, mfaId });
      expect(right.status).toBe(400);
      expect(((await right.json()) as { message: string }).message).toBe(
        'Este código não vale mais: foram 5 tentativas erradas. Peça um novo código.',
      );
    });
  }

  test('an XML body (which binds by other names) is refused before any check', async () => {
    const email = await newAdmin();
    const client = newClient(s.server);
    const mfaId = await passwordStep(client, email, PASSWORD);
    const { otpId, code } = await requestCode(client, sink, email, mfaId);
    for (const path of [`auth-with-otp?mfaId=${mfaId}`, 'auth-with-otp', 'request-password-reset']) {
      const answer = await fetch(`${s.server.url}/api/collections/users/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml' },
        body: `<form><OTPId>${otpId}</OTPId><Password>${code}</Password><mfaId>${mfaId}</mfaId><Email>${email}</Email></form>`,
      });
      expect(answer.status, path).toBe(400);
    }
    // The code is still there, unspent and unused.
    expect(await statusOf(s.superuser.collection('_otps').getOne(otpId))).toBe(200);
  });

  test('the MFA session is read where PocketBase reads it: any spelling, or the query', async () => {
    const email = await newAdmin();
    const ways = [
      (mfaId: string) => ['"MFAID" in the body', 'request-otp', { email, MFAID: mfaId }] as const,
      (mfaId: string) => ['mfaId in the query', `request-otp?mfaId=${mfaId}`, { email }] as const,
    ];
    for (const way of ways) {
      // A session of its own: a sign-in spends it.
      const [label, route, body] = way(await passwordStep(newClient(s.server), email, PASSWORD));
      const since = sink.messages.length;
      const answer = await post(route, body);
      expect(answer.status, `${label}: ${await answer.clone().text()}`).toBe(200);
      const { otpId } = (await answer.json()) as { otpId: string };
      const code = codeOf((await mailSince(sink, email, since)).raw);
      // The code step with the session spelled the same way.
      const signedIn = await post(route.replace('request-otp', 'auth-with-otp'), {
        otpId,
        password: code,
        ...body,
        email: undefined,
      });
      expect(signedIn.status, label).toBe(200);
      expect(((await signedIn.json()) as { token?: string }).token).toBeTruthy();
    }
  });
});

describe('password-reset limits', () => {
  test('per e-mail: every spelling of "email" counts, at most 3 in the hour', async () => {
    const email = 'editor@exemplo.com.br';
    const spellings = caseVariants('email');
    const sent = [
      ...spellings.map((spelling) => post('request-password-reset', { [spelling]: email }, { from: '203.0.113.10' })),
      post('request-password-reset', { EMAIL: email }, { carrier: 'jsonPayload', from: '203.0.113.10' }),
    ];
    for (const answer of await Promise.all(sent)) expect(answer.status).toBe(204);
    expect(spellings.length + 1).toBeGreaterThan(3);
    expect(countUnder(`reset:users:${email}`)).toBe(3);
  });

  test('per address: every spelling of "email" counts, the 11th in the hour is refused (429)', async () => {
    const from = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const spelling = caseVariants('email')[i % 3]!;
      const body = respelled({ email: `pessoa-${i}@exemplo.com.br` }, () => spelling);
      const answer = await post('request-password-reset', body, { from, carrier: i % 2 ? 'jsonPayload' : 'json' });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(((await answer.json()) as { message: string }).message).toBe(
          'Muitas solicitações de recuperação de senha. Tente novamente mais tarde.',
        );
      }
    }
    expect(statuses).toEqual([...Array(10).fill(204), 429]);
    expect(countUnder(`reset-ip:${from}`)).toBe(10);
  });
});

describe('the request log', () => {
  test('keeps no address of a reset or verification request for an unknown e-mail', async () => {
    const unknown = { reset: 'ninguem.reset@exemplo.com.br', verification: 'ninguem.verifica@exemplo.com.br' };
    // The same answers as for a known address.
    expect((await post('request-password-reset', { email: unknown.reset }, { from: '203.0.113.30' })).status).toBe(204);
    expect((await post('request-verification', { email: unknown.verification }, { from: '203.0.113.30' })).status).toBe(204);
    // PocketBase writes its request log in batches, a few seconds apart: wait for both entries.
    const entries = async () => {
      const response = await fetch(`${s.server.url}/api/logs?perPage=500&sort=-created`, {
        headers: { Authorization: s.superuser.authStore.token },
      });
      const items = ((await response.json()) as { items: { data: { url?: string } }[] }).items;
      return items.filter((item) => /request-(password-reset|verification)$/.test(String(item.data.url)));
    };
    await expect.poll(async () => new Set((await entries()).map((item) => item.data.url)).size, { timeout: 15_000 }).toBe(2);
    const logged = JSON.stringify(await entries()) + s.server.output();
    for (const email of Object.values(unknown)) expect(logged).not.toContain(email);
  });
});
