// A small static file server for benchmarks: one folder on 127.0.0.1, text assets
// gzipped (level 6) when the browser accepts it, folder paths served from their
// index.html, and optional single-page fallbacks (a path prefix answered by one file).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt']);

/**
 * The file a request path maps to, or null.
 * @param {string} root
 * @param {string} pathname
 */
async function resolveFile(root, pathname) {
  const target = path.join(root, decodeURIComponent(pathname));
  if (!target.startsWith(root)) return null;
  for (const candidate of [target, path.join(target, 'index.html'), `${target}.html`]) {
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

/**
 * Starts the server on a free loopback port.
 * @param {{ root: string, fallbacks?: { prefix: string, file: string }[] }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer({ root, fallbacks = [] }) {
  const base = path.resolve(root);
  /** @type {Map<string, Buffer>} gzip bodies, so every load of a file costs the same */
  const gzipped = new Map();
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    let file = await resolveFile(base, pathname);
    const fallback = fallbacks.find((entry) => pathname === entry.prefix.replace(/\/$/, '') || pathname.startsWith(entry.prefix));
    if (!file && fallback) file = path.join(base, fallback.file);
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Não encontrado');
      return;
    }
    const extension = path.extname(file);
    const headers = { 'Content-Type': TYPES[extension] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' };
    /** @type {Buffer} */
    let body = await readFile(file);
    if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 6 }));
      body = /** @type {Buffer} */ (gzipped.get(file));
      Object.assign(headers, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    }
    response.writeHead(200, { ...headers, 'Content-Length': body.length }).end(body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
