// The media library as the admin drives it, for bench/storage.mjs: an upload as its form
// sends one, the first request of a thumbnail, and a pool that keeps a few in flight.
import { performance } from 'node:perf_hooks';

/** The thumbnail size asked for, one the media collection declares. */
export const THUMB = '100x100';

/**
 * Runs `task` over the items, `concurrency` at a time, keeping each result in place.
 * @template T, R
 * @param {T[]} items
 * @param {number} concurrency
 * @param {(item: T, index: number) => Promise<R>} task
 * @returns {Promise<R[]>}
 */
export async function inPool(items, concurrency, task) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(/** @type {T} */ (items[index]), index);
      }
    }),
  );
  return results;
}

/**
 * One upload to the media library, as the admin's library sends it (multipart with the
 * file and its description).
 * @param {string} url
 * @param {string} token
 * @param {{ name: string, type: string, bytes: Uint8Array, alt: string }} file
 */
export async function upload(url, token, { name, type, bytes, alt }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  form.append('alt_text', alt);
  const started = performance.now();
  const response = await fetch(`${url}/api/collections/media/records`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`envio de ${name}: HTTP ${response.status} ${text.slice(0, 500)}`);
  return { record: /** @type {{ id: string, file: string }} */ (JSON.parse(text)), ms: elapsed };
}

/**
 * The first request of a thumbnail: PocketBase reads the original from its storage,
 * decodes, resizes, writes the thumbnail back and serves it. On failure it would serve
 * the original instead, so a body as big as the original is an error here.
 * @param {string} url
 * @param {{ id: string, file: string }} record
 * @param {number} originalBytes
 */
export async function firstThumbnail(url, record, originalBytes) {
  const started = performance.now();
  const response = await fetch(`${url}/api/files/media/${record.id}/${record.file}?thumb=${THUMB}`);
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('image/jpeg') || body.length === 0 || body.length >= originalBytes / 4) {
    throw new Error(
      `miniatura de ${record.file}: HTTP ${response.status}, ${type}, ${body.length} bytes (original ${originalBytes}): não é uma miniatura`,
    );
  }
  return elapsed;
}
