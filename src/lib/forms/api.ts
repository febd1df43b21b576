/**
 * Where the public site's forms send their data: PocketBase's API. Same origin
 * when the site is served by our PocketBase; PUBLIC_API_URL when the static output
 * is deployed elsewhere (a CDN) and the API lives on another host.
 */
export const API_BASE = (import.meta.env.PUBLIC_API_URL ?? '').replace(/\/+$/, '');

/** An error PocketBase returned for a create request, reduced to what forms need. */
export interface ApiFieldErrors {
  /** The HTTP status, or 0 when no answer arrived (the network failed). */
  status: number;
  /** Field name → PocketBase validation code (e.g. "validation_not_unique"). */
  fields: Record<string, string>;
  /** Field name → the server's message for it (pt-BR when our hooks wrote it). */
  messages: Record<string, string>;
  /** The server's message for the whole request, e.g. a 429's. */
  message: string;
}

/**
 * Creates a record in a public collection.
 * @throws {ApiFieldErrors} when the server refuses the record
 */
export async function createPublicRecord(collection: string, body: Record<string, unknown>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/collections/${encodeURIComponent(collection)}/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    // No answer at all (offline, a dropped connection): status 0, so the form offers to try again.
    throw { status: 0, fields: {}, messages: {}, message: '' } satisfies ApiFieldErrors;
  }
  if (response.ok) return;
  let fields: Record<string, string> = {};
  let messages: Record<string, string> = {};
  let message = '';
  try {
    const payload = (await response.json()) as { message?: string; data?: Record<string, { code?: string; message?: string }> };
    const errors = Object.entries(payload.data ?? {});
    fields = Object.fromEntries(errors.map(([name, error]) => [name, error.code ?? '']));
    messages = Object.fromEntries(errors.map(([name, error]) => [name, error.message ?? '']));
    message = payload.message ?? '';
  } catch {
    // Not JSON (a proxy error page, for example): the status says enough.
  }
  throw { status: response.status, fields, messages, message } satisfies ApiFieldErrors;
}
