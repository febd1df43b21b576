// Brotli and gzip copies of every text file of the build (file.html.br,
// file.html.gz), written once at build time: the server (server/site) sends the
// best one the browser accepts, with no compression work per request.
//
// The compressing is astro-compressor's (worker threads; which files, which options
// per file and which outputs to keep go through its hooks). What stays here is what it
// cannot do: reuse compressions across builds. It has no cache, and its hooks never
// see the compressed bytes (postCompression gets only sizes, and the library writes
// the file after the hook returns). So its hooks look a file up in a cache keyed by
// content and options (a hit is copied into place and not compressed again), and a
// second integration, run after it, copies the outputs it wrote into that cache and
// prunes it.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import compressor from 'astro-compressor';

/** What gets precompressed; the server (server/site) sends whichever variants it finds. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest', '.map']);
/** Below this, a response fits one packet anyway. */
const MIN_BYTES = 1024;
/**
 * Fingerprinted assets (_astro/) are cached for a year and change rarely: they get
 * brotli's best (slow) level. Pages change with every publish: a fast level that
 * still beats gzip. Both are reused across builds while their content stays the same.
 */
const ASSET_QUALITY = zlib.constants.BROTLI_MAX_QUALITY;
const PAGE_QUALITY = 5;
const GZIP_LEVEL = zlib.constants.Z_BEST_COMPRESSION;
/** Cached compressions unused for this long are deleted. */
const CACHE_MAX_AGE_MS = 14 * 24 * 3600 * 1000;
/**
 * The cache is pruned at most this often (the time of the last pruning is PRUNED_STAMP's):
 * pruning reads every entry, ~45,000 at 10,000 posts, which took ~0.5 s of each publication.
 */
const PRUNE_EVERY_MS = 24 * 3600 * 1000;
const PRUNED_STAMP = '.pruned';
/** The formats the server sends (no zstd), with the suffix astro-compressor gives their files. */
const SUFFIX = { brotli: 'br', gzip: 'gz' };

/**
 * @typedef {import('astro-compressor').PreCompressionParams['format']} Format
 * @typedef {import('astro').AstroIntegration} AstroIntegration
 */

/** @param {Buffer | string} data */
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * Puts `from` at `to` as a hard link (a cached compression is never rewritten, so the
 * build and the cache may share it: at 10,000 posts this saves copying ~24,000 files
 * per publication), or as a copy where links cannot go (another file system).
 * @param {string} from @param {string} to
 */
async function linkOrCopy(from, to) {
  try {
    await link(from, to);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') throw error;
    await copyFile(from, to);
  }
}

/**
 * The compression integrations, in order: astro-compressor, then the cache's own step.
 * @param {{ root?: string, cacheDir?: string, skip?: (file: string) => boolean }} [places] root: the
 *   build's output; cacheDir: where compressions are kept between builds (in a build both
 *   come from Astro's config); skip: files left alone, whose compressions are already in
 *   place (pages kept from the live build, src/integrations/kept-pages.mjs)
 * @returns {AstroIntegration[]}
 */
export function precompress(places = {}) {
  const skip = places.skip ?? (() => false);
  let assetsDir = places.root && path.join(places.root, '_astro');
  let cacheDir = places.cacheDir;
  /** Size and content hash of each input, read once for all its formats. @type {Map<string, Promise<{ size: number, hash: string }>>} */
  const inputs = new Map();
  /** Cache entry → the output astro-compressor wrote for it in this build. @type {Map<string, string>} */
  const toStore = new Map();
  let reused = 0;
  /** Files compressed (or found in the cache) in this build, and files left alone (`skip`). */
  let considered = 0;
  let skipped = 0;

  /** @param {string} file */
  const input = (file) => {
    let found = inputs.get(file);
    if (!found) {
      found = readFile(file).then((content) => ({ size: content.length, hash: sha256(content) }));
      inputs.set(file, found);
    }
    return found;
  };

  /** @param {string} file */
  async function brotliOptions(file) {
    const { size } = await input(file);
    const asset = assetsDir !== undefined && file.startsWith(assetsDir + path.sep);
    return {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: asset ? ASSET_QUALITY : PAGE_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    };
  }

  /**
   * Where one file's compression in one format is cached: its content and the options
   * used, so a change of either compresses again.
   * @param {string} file
   * @param {Format} format
   */
  async function cacheEntry(file, format) {
    if (!cacheDir || format === 'zstd') return undefined;
    const options = format === 'brotli' ? await brotliOptions(file) : { level: GZIP_LEVEL };
    const { hash } = await input(file);
    return path.join(cacheDir, `${hash}-${sha256(JSON.stringify(options)).slice(0, 16)}.${SUFFIX[format]}`);
  }

  /** Copies this build's new compressions into the cache; returns how many. */
  async function storeAll() {
    if (!cacheDir || toStore.size === 0) return 0;
    await mkdir(cacheDir, { recursive: true });
    const temporary = `.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
    // Copied under a temporary name and renamed: a build running beside this one
    // never reads a half-written entry.
    await Promise.all(
      [...toStore].map(async ([entry, output]) => {
        await linkOrCopy(output, entry + temporary);
        await rename(entry + temporary, entry);
      }),
    );
    return toStore.size;
  }

  /** Deletes cached compressions no build has used for a while, at most once per PRUNE_EVERY_MS. */
  async function pruneCache() {
    if (!cacheDir) return;
    const dir = cacheDir;
    const stamp = path.join(dir, PRUNED_STAMP);
    const lastPruned = await stat(stamp).then(
      (info) => info.mtimeMs,
      () => 0,
    );
    if (Date.now() - lastPruned < PRUNE_EVERY_MS) return;
    const cutoff = Date.now() - CACHE_MAX_AGE_MS;
    const entries = await readdir(dir).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const file = path.join(dir, entry);
        const info = await stat(file).catch(() => undefined);
        if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
      }),
    );
    await mkdir(dir, { recursive: true });
    await writeFile(stamp, '');
  }

  return [
    compressor({
      brotli: true,
      gzip: { level: GZIP_LEVEL },
      // The server (server/site) sends only brotli and gzip.
      zstd: false,
      hooks: {
        fileFilter: ({ filePath }) => {
          // Hidden files (the build's own records, e.g. .incremental-build.json, several MB
          // at 10,000 posts) are never served (server/site/files.go): nothing to compress.
          if (path.basename(filePath).startsWith('.')) return false;
          if (skip(filePath)) {
            skipped++;
            return false;
          }
          const wanted = COMPRESSIBLE.has(path.extname(filePath).toLowerCase()) && statSync(filePath).size >= MIN_BYTES;
          if (wanted) considered++;
          return wanted;
        },
        fileOptions: { brotli: ({ filePath }) => brotliOptions(filePath) },
        // A cached compression of the same content with the same options is copied into
        // place, and astro-compressor skips this format of the file.
        preCompression: async ({ filePath, format }) => {
          const entry = await cacheEntry(filePath, format);
          if (!entry || format === 'zstd') return 'keep';
          const target = `${filePath}.${SUFFIX[format]}`;
          // A file left at the target may be linked to a cache entry: never write through it.
          await rm(target, { force: true });
          try {
            await linkOrCopy(entry, target);
          } catch {
            return 'keep';
          }
          const now = new Date();
          await utimes(entry, now, now).catch(() => undefined);
          reused++;
          return 'skip';
        },
        // Replaces the library's default, which keeps an output only when it is smaller
        // than its input: that rule stays, and each kept output is marked for the cache.
        postCompression: async ({ inputPath, inputSize, outputPath, outputSize, format }) => {
          if (outputSize >= inputSize) return 'skip';
          const entry = await cacheEntry(inputPath, format);
          if (entry) toStore.set(entry, outputPath);
          return 'keep';
        },
      },
    }),
    {
      name: 'operium:precompress-cache',
      hooks: {
        'astro:config:done': ({ config }) => {
          assetsDir ??= path.join(fileURLToPath(config.outDir), config.build.assets);
          cacheDir ??= path.join(fileURLToPath(config.cacheDir), 'precompress');
        },
        // After astro-compressor's own astro:build:done: its outputs are all written.
        'astro:build:done': async ({ logger }) => {
          const started = performance.now();
          const stored = await storeAll();
          await pruneCache();
          logger.info(
            `${considered} arquivo(s) a comprimir, ${skipped} mantido(s) do build no ar com suas compressões; ` +
              `cache: ${reused} cópias reaproveitadas, ${stored} guardadas (${Math.round(performance.now() - started)} ms)`,
          );
          inputs.clear();
          toStore.clear();
          reused = 0;
          considered = 0;
          skipped = 0;
        },
      },
    },
  ];
}

/** Astro's logger, as far as astro-compressor uses it: quiet but for problems. */
const quietLogger = /** @type {import('astro').AstroIntegrationLogger} */ (
  /** @type {unknown} */ ({
    label: 'precompress',
    options: {},
    info() {},
    debug() {},
    warn: console.warn,
    error: console.error,
    fork() {
      return quietLogger;
    },
    flush() {},
    close() {},
  })
);

/**
 * Compresses a folder as the build does, without Astro (the API tests' fixture site).
 * @param {string} dir
 * @param {string} [cacheDir]
 */
export async function precompressDir(dir, cacheDir) {
  const params = { dir: pathToFileURL(`${dir}/`), pages: [], assets: new Map(), logger: quietLogger };
  for (const integration of precompress({ root: dir, cacheDir })) await integration.hooks['astro:build:done']?.(params);
}
