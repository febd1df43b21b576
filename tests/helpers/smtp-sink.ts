/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every
 * message it receives, for tests of e-mails PocketBase really sends.
 */
import type PocketBase from 'pocketbase';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The user name and password the client authenticated with, if any. */
  auth?: { username: string; password: string };
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` (waits up to `timeoutMs`). */
  waitFor: (address: string, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Resolves with the first message `match` accepts (waits up to `timeoutMs`; `what` names it in the failure). */
  waitUntil: (match: (mail: ReceivedMail) => boolean, what: string, timeoutMs?: number) => Promise<ReceivedMail>;
  /** How many messages wait for `release()` before the server accepts them (`hold` sinks). */
  held: () => number;
  /** Accepts the held messages and, from now on, every message at once. */
  release: () => void;
  stop: () => Promise<void>;
}

/**
 * Points a server's mailer at the sink the way staff do: through the smtp_* rows of
 * Configurações, saved by an admin (pb_hooks/lib/settings/settings.js applies them).
 */
export async function useSmtpSink(admin: PocketBase, sink: SmtpSink, credentials: { user: string; password: string }) {
  const settings = admin.collection('public_site_settings');
  for (const [key, value] of Object.entries({
    smtp_host: '127.0.0.1',
    smtp_port: String(sink.port),
    smtp_user: credentials.user,
    smtp_password: credentials.password,
  })) {
    const row = await settings.getFirstListItem(`key = "${key}"`);
    await settings.update(row.id, { value });
  }
}

/**
 * @param options.hold keep each message's "250 OK" until `release()`: the client's
 *   SMTP exchange stays open, as against a slow server (tests of what waits for it).
 * @param options.refuse recipients the server refuses with a 550, as a real one does
 *   for an address it does not know.
 * @param options.refuseAuth every sign-in is refused with a 535, as for a wrong password.
 */
export async function startSmtpSink(
  options: { hold?: boolean; refuse?: (address: string) => boolean; refuseAuth?: boolean } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let holding = options.hold === true;
  const waiting: (() => void)[] = [];
  const sessions = new Map<string, { username: string; password: string }>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, session, callback) {
      if (options.refuseAuth) {
        callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
        return;
      }
      sessions.set(session.id, { username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          auth: sessions.get(session.id),
        });
        if (holding) waiting.push(() => callback());
        else callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const waitUntil = async (match: (mail: ReceivedMail) => boolean, what: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`nenhum e-mail ${what} em ${timeoutMs} ms`);
  };
  return {
    port,
    messages,
    waitFor: (address, timeoutMs) => waitUntil((message) => message.to.includes(address), `para ${address}`, timeoutMs),
    waitUntil,
    held: () => waiting.length,
    release: () => {
      holding = false;
      for (const accept of waiting.splice(0)) accept();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
