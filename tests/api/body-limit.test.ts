/**
 * Public creates (a contact message, a newsletter sign-up, an account) refuse a body
 * over 64 KB with 413 and a pt-BR message, before reading it: by its Content-Length,
 * or once 64 KB of a body sent without one (chunked) have come in. Staff uploads keep
 * their fields' own limits (an admin creating an account with its avatar).
 */
import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStaffServer, type StaffServer } from '../helpers/staff';
import { contactMessage } from '../helpers/contact-message';
import { postDeclaredBody } from '../helpers/declared-body';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const MESSAGE = 'O conteúdo enviado é grande demais: o limite é de 64 KB.';
const KB = 1024;
const count = async (collection: string) => (await s.superuser.collection(collection).getList(1, 1)).totalItems;

const PUBLIC = [
  { collection: 'contact_messages', body: (extra: string) => ({ ...contactMessage(), company: extra }) },
  { collection: 'newsletter_subscribers', body: (extra: string) => ({ email: 'grande@exemplo.com.br', source: '/', extra }) },
  {
    collection: 'comments',
    body: (extra: string) => ({
      article: 'funcao-map-no-arduino',
      name: 'Grande',
      email: 'grande@exemplo.com.br',
      body: extra,
      consent: true,
    }),
  },
  {
    collection: 'users',
    body: (extra: string) => ({
      email: `grande-${Math.random().toString(36).slice(2)}@exemplo.com.br`,
      password: 'Senha-Forte-123',
      passwordConfirm: 'Senha-Forte-123',
      full_name: extra,
    }),
  },
] as const;

interface Answer {
  status: number;
  text: string;
}

/** A POST with `Transfer-Encoding: chunked` (no Content-Length), in 8 KB chunks. */
function postChunked(path: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${s.server.url}${path}`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', Connection: 'close' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
        response.on('error', reject);
      },
    );
    // The server may answer and close before the whole body is sent.
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    const bytes = Buffer.from(body);
    for (let at = 0; at < bytes.length; at += 8 * KB) request.write(bytes.subarray(at, at + 8 * KB));
    request.end();
  });
}

function expectTooLarge(answer: Answer) {
  expect(answer.status, answer.text).toBe(413);
  expect(JSON.parse(answer.text)).toMatchObject({ status: 413, message: MESSAGE });
}

describe.each(PUBLIC)('$collection', ({ collection, body }) => {
  const path = `/api/collections/${collection}/records`;

  test('a body over 64 KB is refused with 413, and nothing is stored', async () => {
    const before = await count(collection);
    const response = await fetch(`${s.server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body('x'.repeat(65 * KB))),
    });
    expectTooLarge({ status: response.status, text: await response.text() });
    expect(await count(collection)).toBe(before);
  });

  test('also sent chunked, without a length', async () => {
    const before = await count(collection);
    expectTooLarge(await postChunked(path, JSON.stringify(body('x'.repeat(200 * KB)))));
    expect(await count(collection)).toBe(before);
  });

  test('also by the collection id, as a form', async () => {
    const { id } = await s.superuser.collections.getOne(collection);
    const form = new URLSearchParams(Object.entries(body('x'.repeat(65 * KB))).map(([name, value]) => [name, String(value)]));
    const response = await fetch(`${s.server.url}/api/collections/${id}/records`, { method: 'POST', body: form });
    expectTooLarge({ status: response.status, text: await response.text() });
  });
});

test('the refusal comes before the body is read: a declared 10 MB is answered at once', async () => {
  const answer = await postDeclaredBody(s.server.url, '/api/collections/contact_messages/records', {
    length: 10 * 1024 * KB,
    start: '{"name":',
  });
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer).toContain(MESSAGE);
});

test('bodies within the limit are read as usual, with or without a length', async () => {
  const contact = JSON.stringify({ ...contactMessage(), message: 'Corpo enviado em partes. '.repeat(100) });
  const chunked = await postChunked('/api/collections/contact_messages/records', contact);
  expect(chunked.status, chunked.text).toBe(200);
  expect(JSON.parse(chunked.text)).toMatchObject({ name: 'Maria Cliente' });
  const signUp = await postChunked(
    '/api/collections/newsletter_subscribers/records',
    JSON.stringify({ email: 'partes@exemplo.com.br', source: '/blog' }),
  );
  expect(signUp.status, signUp.text).toBe(204);
});

test('staff uploads keep their own limits: an admin creates an account with a 300 KB avatar', async () => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.from([0, 0, 0, 64, 0, 0, 0, 64, 8, 2, 0, 0, 0]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`Comment\0${'x'.repeat(300 * KB)}`, 'latin1')),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * (1 + 64 * 3)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const form = new FormData();
  form.append('email', 'com-avatar@exemplo.com.br');
  form.append('password', 'Senha-Forte-123');
  form.append('passwordConfirm', 'Senha-Forte-123');
  form.append('avatar', new Blob([png], { type: 'image/png' }), 'avatar.png');
  const response = await fetch(`${s.server.url}/api/collections/users/records`, {
    method: 'POST',
    headers: { Authorization: s.admin.client.authStore.token },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(((await response.json()) as { avatar: string }).avatar).toMatch(/\.png$/);
});
