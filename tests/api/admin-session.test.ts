/**
 * The admin's session check (src/admin/session.ts) with the real SDK against a real
 * PocketBase, through a loopback relay that can cut a response's body short, as a
 * navigation or a dropped connection does. The SDK then answers `{}` for a 200; that
 * value once replaced the stored record, and the next page load showed an active
 * admin the 'Conta Inativa' screen.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { actorOf, isStaffRecord, verifySession } from '../../src/admin/session';
import { startStaffServer, type StaffServer } from '../helpers/staff';

interface Relay {
  url: string;
  /** While true, responses for the users collection stop halfway through their body. */
  cutUserRecords: boolean;
  close: () => Promise<void>;
}

async function startRelay(target: string): Promise<Relay> {
  const upstream = new URL(target);
  const relay: Relay = { url: '', cutUserRecords: false, close: async () => {} };
  const server: Server = createServer((incoming, outgoing) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (relay.cutUserRecords && incoming.url?.startsWith('/api/collections/users/records/')) {
          answer.once('data', (chunk: Buffer) => {
            outgoing.write(chunk.subarray(0, Math.floor(chunk.length / 2)), () => outgoing.destroy());
          });
          return;
        }
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = () => new Promise((resolve) => server.close(() => resolve()));
  return relay;
}

let staff: StaffServer;
let relay: Relay;

/** A client on the relay holding a copy of the admin's session. */
function adminSession(): PocketBase {
  const client = new PocketBase(relay.url);
  client.autoCancellation(false);
  client.authStore.save(staff.admin.client.authStore.token, staff.admin.client.authStore.record);
  return client;
}

beforeAll(async () => {
  staff = await startStaffServer();
  relay = await startRelay(staff.server.url);
}, 60_000);

afterAll(async () => {
  await relay?.close();
  await staff?.stop();
});

describe('the admin session check', () => {
  test('a body cut short keeps the session and the stored record as they were', async () => {
    const client = adminSession();
    const before = client.authStore.record;
    relay.cutUserRecords = true;
    try {
      // The premise: through the relay the SDK itself answers an empty object for a 200.
      expect(await client.collection('users').getOne(before!.id, { requestKey: null })).toEqual({});
      expect(await verifySession(client)).toBe(true);
    } finally {
      relay.cutUserRecords = false;
    }
    expect(client.authStore.record).toEqual(before);
    expect(actorOf(client.authStore.record)).toMatchObject({ role: 'admin', isActive: true });
  });

  test('a whole answer refreshes the stored record', async () => {
    const client = adminSession();
    const id = client.authStore.record!.id;
    await staff.superuser.collection('users').update(id, { full_name: 'Ana Administradora' });
    expect(await verifySession(client)).toBe(true);
    expect(client.authStore.record).toMatchObject({ id, full_name: 'Ana Administradora', is_active: true });
  });

  test('a stored record that is not whole is fetched again by the token’s id', async () => {
    const client = adminSession();
    const id = client.authStore.record!.id;
    client.authStore.save(client.authStore.token, {} as never);
    expect(isStaffRecord(client.authStore.record)).toBe(false);
    expect(actorOf(client.authStore.record)).toBeNull();
    expect(await verifySession(client)).toBe(true);
    expect(client.authStore.record).toMatchObject({ id, role: 'admin', is_active: true });
  });

  test('a revoked token ends the session', async () => {
    const editor = new PocketBase(relay.url);
    editor.autoCancellation(false);
    editor.authStore.save(staff.editor.client.authStore.token, staff.editor.client.authStore.record);
    expect(await verifySession(editor)).toBe(true);
    // Changing the role renews the token key on the server: the old token opens nothing.
    await staff.superuser.collection('users').update(editor.authStore.record!.id, { role: 'author' });
    expect(await verifySession(editor)).toBe(false);
  });
});
