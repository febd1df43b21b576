// Brotli and gzip copies of every text file of the build (file.html.br,
// file.html.gz), written once at build time: the server (server/site) sends the
// best one the browser accepts, with no compression work per request.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What gets precompressed; the server (server/site) sends whichever variants it finds. */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest', '.map']);
/** Below this, a response fits one packet anyway. */
const MIN_BYTES = 1024;
/**
 * Fingerprinted assets (_astro/) are cached for a year and change rarely: they get
 * brotli's best (slow) level, reused across builds from a cache keyed by content.
 * Pages change with every publish: a fast level that still beats gzip.
 */
const ASSET_QUALITY = zlib.constants.BROTLI_MAX_QUALITY;
const PAGE_QUALITY = 5;
/** Cached compressed assets unused for this long are deleted. */
const CACHE_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * @param {Buffer} content
 * @param {number} quality
 * @returns {Promise<[Buffer, Buffer]>} brotli, gzip
 */
function compressBoth(content, quality) {
  return Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
}

/**
 * The compressed pair from the cache, or compressed now and stored there.
 * @param {Buffer} content
 * @param {number} quality
 * @param {string | undefined} cacheDir
 * @returns {Promise<[Buffer, Buffer]>}
 */
async function cachedCompressBoth(content, quality, cacheDir) {
  if (!cacheDir) return compressBoth(content, quality);
  const key = path.join(cacheDir, `${createHash('sha256').update(content).digest('hex')}-q${quality}`);
  try {
    const cached = await Promise.all([readFile(`${key}.br`), readFile(`${key}.gz`)]);
    const now = new Date();
    await Promise.all([utimes(`${key}.br`, now, now), utimes(`${key}.gz`, now, now)]);
    return cached;
  } catch {
    const pair = await compressBoth(content, quality);
    await mkdir(cacheDir, { recursive: true });
    // Written under a temporary name and renamed: a build running beside this one
    // never reads a half-written entry.
    const temporary = `.${process.pid}-${Math.random().toString(36).slice(2)}`;
    await Promise.all([writeFile(`${key}.br${temporary}`, pair[0]), writeFile(`${key}.gz${temporary}`, pair[1])]);
    await Promise.all([rename(`${key}.br${temporary}`, `${key}.br`), rename(`${key}.gz${temporary}`, `${key}.gz`)]);
    return pair;
  }
}

/**
 * Writes name.br and name.gz beside one file, each only when smaller than the original.
 * @param {string} file
 * @param {{ asset?: boolean, cacheDir?: string }} [options] asset: a fingerprinted file (best compression, cached)
 * @returns {Promise<{ original: number, brotli: number, gzip: number }>}
 */
export async function compressFile(file, options = {}) {
  const content = await readFile(file);
  const [br, gz] = options.asset
    ? await cachedCompressBoth(content, ASSET_QUALITY, options.cacheDir)
    : await compressBoth(content, PAGE_QUALITY);
  const sizes = { original: content.length, brotli: content.length, gzip: content.length };
  if (br.length < content.length) {
    await writeFile(`${file}.br`, br);
    sizes.brotli = br.length;
  }
  if (gz.length < content.length) {
    await writeFile(`${file}.gz`, gz);
    sizes.gzip = gz.length;
  }
  return sizes;
}

/** Deletes cached compressions no build has used for a while. @param {string} cacheDir */
async function pruneCache(cacheDir) {
  const entries = await readdir(cacheDir).catch(() => []);
  const cutoff = Date.now() - CACHE_MAX_AGE_MS;
  for (const entry of entries) {
    const file = path.join(cacheDir, entry);
    if ((await stat(file)).mtimeMs < cutoff) await rm(file, { force: true });
  }
}

/**
 * Compresses every eligible file under dir, a few at a time (zlib works on libuv's thread pool).
 * @param {string} dir
 * @param {string} [cacheDir] where compressed fingerprinted assets are kept between builds
 */
export async function precompressDir(dir, cacheDir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  /** @type {string[]} */
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name).toLowerCase())) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).size >= MIN_BYTES) files.push(file);
  }
  const totals = { files: files.length, original: 0, brotli: 0, gzip: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = /** @type {string} */ (files[next++]);
      const asset = path.relative(dir, file).split(path.sep)[0] === '_astro';
      const sizes = await compressFile(file, { asset, cacheDir });
      totals.original += sizes.original;
      totals.brotli += sizes.brotli;
      totals.gzip += sizes.gzip;
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  if (cacheDir) await pruneCache(cacheDir);
  return totals;
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  /** @type {string | undefined} */
  let cacheDir;
  return {
    name: 'operium:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = path.join(config.cacheDir.pathname, 'precompress');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const totals = await precompressDir((dir instanceof URL ? dir : new URL(dir)).pathname, cacheDir);
        const mb = (/** @type {number} */ bytes) => (bytes / 1e6).toFixed(1);
        logger.info(
          `${totals.files} arquivos comprimidos em ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
            `${mb(totals.original)} MB → brotli ${mb(totals.brotli)} MB, gzip ${mb(totals.gzip)} MB`,
        );
      },
    },
  };
}
