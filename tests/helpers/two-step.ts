/**
 * Two-step sign-in for the tests, done as a person does it: the password, then the
 * code PocketBase mails to a real SMTP sink (tests/helpers/smtp-sink.ts), typed back.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import type { SmtpSink } from './smtp-sink';

/** A mail's text with quoted-printable soft breaks and `=3D` undone (PocketBase's mailer writes HTML that way). */
function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** A quoted-printable text decoded as UTF-8. */
function fromQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/((?:=[0-9A-F]{2})+)/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString('latin1'),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A header's value (first line), from the message's headers only. */
export function mailHeader(raw: string, name: string): string {
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.split('\r\n\r\n')[0] ?? '')?.[1]?.trim() ?? '';
}

/** A mail's subject, decoded (RFC 2047, as PocketBase's mailer writes it). */
export function mailSubject(raw: string): string {
  const header = raw.match(/^Subject: (.*)$/m)?.[1] ?? '';
  return header.replace(/=\?UTF-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : fromQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** A mail's body parts as readable text (quoted-printable decoded). */
export function mailBody(raw: string): string {
  const start = raw.search(/\r?\n\r?\n/);
  return fromQuotedPrintable(raw.slice(start));
}

/** The 6-digit code of a sign-in mail (pb_migrations/*_two_step_sign_in.js puts it alone in a paragraph). */
export function codeOf(raw: string): string {
  const code = mailText(raw).match(/>(\d{6})</)?.[1];
  if (!code) throw new Error('o e-mail não traz um código de verificação');
  return code;
}

/** The first message to `address` among those the sink received from index `since` on. */
export function mailSince(sink: SmtpSink, address: string, since: number, timeoutMs = 10_000) {
  return sink.waitUntil(
    (message) => message.to.includes(address) && sink.messages.indexOf(message) >= since,
    `novo para ${address}`,
    timeoutMs,
  );
}

/** The mfaId of PocketBase's "second step needed" answer (401), or '' for any other outcome. */
export function mfaIdOf(error: unknown): string {
  if (!(error instanceof ClientResponseError) || error.status !== 401) return '';
  const id = (error.response as { mfaId?: unknown })?.mfaId;
  return typeof id === 'string' ? id : '';
}

/** The password step: the mfaId PocketBase answers (throws if it signed in, or refused). */
export async function passwordStep(client: PocketBase, email: string, password: string): Promise<string> {
  try {
    await client.collection('users').authWithPassword(email, password);
  } catch (error) {
    const mfaId = mfaIdOf(error);
    if (mfaId) return mfaId;
    throw error;
  }
  throw new Error('a senha sozinha deu uma sessão: a segunda etapa não foi pedida');
}

/** Asks for a code inside the MFA session and reads it from the sink. */
export async function requestCode(client: PocketBase, sink: SmtpSink, email: string, mfaId: string) {
  const since = sink.messages.length;
  const { otpId } = await client.collection('users').requestOTP(email, { body: { email, mfaId } });
  return { otpId, code: codeOf((await mailSince(sink, email, since)).raw) };
}

/** The code step; on success the client holds the session. */
export function codeStep(client: PocketBase, mfaId: string, otpId: string, code: string) {
  return client.collection('users').authWithOTP(otpId, code, { body: { otpId, password: code, mfaId } });
}

/** Both steps, with the code read from the sink: a signed-in client. */
export async function signInWithCode(url: string, sink: SmtpSink, email: string, password: string): Promise<PocketBase> {
  const client = new PocketBase(url);
  client.autoCancellation(false);
  const mfaId = await passwordStep(client, email, password);
  const { otpId, code } = await requestCode(client, sink, email, mfaId);
  await codeStep(client, mfaId, otpId, code);
  return client;
}
