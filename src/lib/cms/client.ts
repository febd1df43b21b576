/**
 * The build's reads of the CMS, through the official PocketBase SDK. The build reads
 * anonymously, so it sees exactly what the public may see, per the collections' API
 * rules. Any failure names what was being read and where.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';

/** The longest a single request may take before the build gives up on the CMS. */
const REQUEST_TIMEOUT_MS = 15_000;

/** A client for the CMS at url (no trailing slash needed). */
export function cmsClient(url: string): PocketBase {
  const pb = new PocketBase(url.trim().replace(/\/+$/, ''));
  // Reads of one list run one after another; none should cancel another.
  pb.autoCancellation(false);
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
  });
  return pb;
}

/**
 * Where visitors fetch CMS files: the public API when it lives on another host
 * (PUBLIC_API_URL), else the site's own origin (root-relative URLs).
 */
export function publicFilesUrl(env: Record<string, string | undefined> = process.env): string {
  return env.PUBLIC_API_URL?.trim().replace(/\/+$/, '') ?? '';
}

/**
 * Runs a read of the CMS.
 * @param what what is read, as the error names it, e.g. "as páginas"
 * @throws an Error in pt-BR naming what and the CMS's address, with the cause
 */
export async function readCms<T>(pb: PocketBase, what: string, read: (pb: PocketBase) => Promise<T>): Promise<T> {
  try {
    return await read(pb);
  } catch (error) {
    throw new Error(
      `Não foi possível ler ${what} do CMS em ${pb.baseURL} (${reason(error)}). ` +
        'Verifique POCKETBASE_URL ou remova-a para gerar o site só com o conteúdo do git.',
      { cause: error },
    );
  }
}

/** Why a read failed: the HTTP status, or what kept the request from being answered. */
function reason(error: unknown): string {
  if (error instanceof ClientResponseError) {
    if (error.status > 0) return `HTTP ${error.status}`;
    const original: unknown = error.originalError;
    if (original instanceof Error) return original.cause instanceof Error ? original.cause.message : original.message;
  }
  return error instanceof Error ? error.message : String(error);
}
