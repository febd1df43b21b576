import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

// The hook's module (PocketBase JSVM, CommonJS); explain() needs none of the JSVM's globals.
const require = createRequire(import.meta.url);
const { explain } = require('../../pb_hooks/lib/mail/mail-test.js') as {
  explain: (error: unknown) => { sent: false; reason: string; message: string; detail: string };
};

describe('explain', () => {
  // Go's own words for each failure (net, crypto/tls, net/smtp, server/mailtimeout).
  test.each([
    ['dial tcp 127.0.0.1:2525: connect: connection refused', 'refused'],
    ['dial tcp: lookup smtp.exemplo.invalido on 127.0.0.53:53: no such host', 'not_found'],
    ['unencrypted connection', 'unencrypted'],
    ['535 5.7.8 Authentication credentials invalid', 'auth'],
    ['tls: first record does not look like a TLS handshake', 'tls'],
    ['tls: failed to verify certificate: x509: certificate signed by unknown authority', 'tls'],
    ['o servidor SMTP não respondeu em 20s: i/o timeout', 'timeout'],
    ['dial tcp 10.255.255.1:587: connect: connection timed out', 'timeout'],
    ['550 5.1.1 <x@y.z>: Recipient address rejected', 'rejected'],
    ['451 4.7.1 Greylisted, try again later', 'deferred'],
    ['EOF', 'unknown'],
  ])('%s → %s', (detail, reason) => {
    expect(explain(new Error(detail))).toMatchObject({ sent: false, reason, detail });
  });

  test('keeps the raw text short', () => {
    expect(explain(new Error('x'.repeat(2000))).detail).toHaveLength(500);
  });
});
