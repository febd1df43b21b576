// @ts-check
// Unchanged pages stay the files they were, so a publication costs what it changes. Astro's incremental build
// copies every page it may skip from its cache into the new build: at 10,000 posts,
// ~12,000 copies per publication. Astro skips that copy when the page's file is
// already in the output folder, so before pages are generated this hard-links, from
// the live build, each page Astro recorded with the same cache entry (the same key,
// code and content) together with its .br and .gz: a link per file instead of a copy,
// and compression then has nothing to do for them (`isKept`).
//
// Astro writes a page it renders in place (fs.writeFile), which through a link would
// change the live build too. So the prerenderer is wrapped (Astro's own
// `setPrerenderer` hook): a page about to be rendered first loses its linked files,
// and the rendered one is a new file. At the end, linked pages the build no longer
// has (a deleted post) are removed, and any rendered page still sharing the live
// build's file fails the build rather than publish that.
//
// Only publications use it (PUBLISH_PREVIOUS_BUILD, set by scripts/publish/build-run.mjs,
// even empty): each of their builds keeps a copy of Astro's cache manifest, which says
// which page files that build holds and under which cache entries.
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eachLimited } from './hard-links.mjs';

/** Where a publication's build keeps the cache manifest it was made with. */
export const PAGES_MANIFEST = '.incremental-build.json';
/** Astro's manifest of the incremental build, in its cache folder. */
const ASTRO_MANIFEST = 'incremental-build.json';
/** A page's precompressed variants (src/integrations/precompress.mjs). */
const VARIANTS = ['', '.br', '.gz'];
/** Links made at once. */
const LINKS_IN_FLIGHT = 64;

/**
 * @typedef {{ cacheKey?: string, outputFile: string }} PathEntry
 * @typedef {{ dependencyHash: string, paths: Record<string, PathEntry> }} RouteEntry
 * @typedef {{ configHash?: string, lockfileHash?: string, keyDigest?: string,
 *             routes: Record<string, RouteEntry> }} Manifest
 */

/** @param {string} file @returns {Promise<Manifest | null>} */
async function readManifest(file) {
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8'));
    return manifest && typeof manifest.routes === 'object' ? manifest : null;
  } catch {
    return null;
  }
}

/** A pathname as the manifest and a rendered request both name it. @param {string} pathname */
export function pathKey(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // Kept as given.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}

/**
 * The page files of `previous` that hold exactly what Astro's cache manifest `current`
 * records: same configuration, same route code, same entry (key, output and content
 * hashes). A build that failed since the live one changes the cache's entries of what
 * it rendered, and those pages are then not linked (Astro copies them from its cache).
 * @param {Manifest} previous the manifest the live build was made with
 * @param {Manifest} current Astro's manifest now
 * @returns {Map<string, { file: string, entry: string }>} pathname (pathKey) → its output file,
 *   relative to the build, and its entry (route code and path entry, as JSON)
 */
export function reusablePages(previous, current) {
  /** @type {Map<string, { file: string, entry: string }>} */
  const pages = new Map();
  for (const field of /** @type {const} */ (['configHash', 'lockfileHash', 'keyDigest'])) {
    if (previous[field] !== current[field]) return pages;
  }
  for (const [component, route] of Object.entries(current.routes)) {
    const before = previous.routes[component];
    if (!before || before.dependencyHash !== route.dependencyHash) continue;
    for (const [pathname, entry] of Object.entries(route.paths)) {
      const old = before.paths[pathname];
      const json = entryJson(route, entry);
      if (old && entryJson(before, old) === json && safeRelative(entry.outputFile)) {
        pages.set(pathKey(pathname), { file: entry.outputFile, entry: json });
      }
    }
  }
  return pages;
}

/** What decides whether Astro may skip a page. @param {RouteEntry} route @param {PathEntry} entry */
const entryJson = (route, entry) => JSON.stringify([route.dependencyHash, entry]);

/** An output path that stays inside the build folder. @param {string} file */
function safeRelative(file) {
  return typeof file === 'string' && file !== '' && !path.isAbsolute(file) && !file.split(/[\\/]/).includes('..');
}

/**
 * The integration, and `isKept(file)`: whether a file of this build is a page linked
 * from the live build (with its compressed variants), for the compression to skip.
 */
export function keptPages() {
  const previousBuild = process.env.PUBLISH_PREVIOUS_BUILD;
  const active = previousBuild !== undefined;
  let outDir = '';
  let cacheDir = '';
  /** Linked page files (absolute) → the pathname they belong to. @type {Map<string, string>} */
  const kept = new Map();
  /** The linked pages' pathnames → their output file (absolute) and cache entry. @type {Map<string, { target: string, entry: string }>} */
  const byPath = new Map();
  let linked = 0;
  let linkMs = 0;

  /** Links each reusable page of the live build, and its variants, into the output folder. */
  async function linkUnchanged() {
    if (!previousBuild) return;
    const [previous, current] = await Promise.all([
      readManifest(path.join(previousBuild, PAGES_MANIFEST)),
      readManifest(path.join(cacheDir, ASTRO_MANIFEST)),
    ]);
    if (!previous || !current) return;
    const started = performance.now();
    const pages = [...reusablePages(previous, current)];
    const folders = new Set(pages.map(([, { file }]) => path.dirname(path.join(outDir, file))));
    await eachLimited([...folders], LINKS_IN_FLIGHT, (folder) => mkdir(folder, { recursive: true }).then(() => {}));
    await eachLimited(pages, LINKS_IN_FLIGHT, async ([pathname, { file, entry }]) => {
      const target = path.join(outDir, file);
      try {
        // The page first: without it, Astro copies the page from its cache as before.
        await link(path.join(previousBuild, file), target);
      } catch {
        return;
      }
      kept.set(target, pathname);
      byPath.set(pathname, { target, entry });
      linked++;
      for (const suffix of VARIANTS.slice(1)) {
        await link(path.join(previousBuild, file + suffix), target + suffix).catch(() => {});
      }
    });
    linkMs = performance.now() - started;
  }

  /** A page about to be rendered loses its linked files: Astro then writes new ones. @param {string} pathname */
  async function release(pathname) {
    const target = byPath.get(pathname)?.target;
    if (!target) return;
    byPath.delete(pathname);
    kept.delete(target);
    await Promise.all(VARIANTS.map((suffix) => rm(target + suffix, { force: true })));
  }

  /**
   * After the pages: removes linked pages the build no longer has, and refuses a page
   * rendered over its linked file. Astro records a skipped page with the entry it had
   * and a rendered one with a new entry, so a linked page whose entry changed was
   * rendered: had `release` missed it, the live build's file would have been rewritten.
   */
  async function settle() {
    const current = await readManifest(path.join(cacheDir, ASTRO_MANIFEST));
    /** @type {Set<string>} */
    const present = new Set();
    for (const route of Object.values(current?.routes ?? {})) {
      for (const [pathname, entry] of Object.entries(route.paths)) {
        if (safeRelative(entry.outputFile)) present.add(path.join(outDir, entry.outputFile));
        const linkedPage = byPath.get(pathKey(pathname));
        if (linkedPage && linkedPage.entry !== entryJson(route, entry)) {
          throw new Error(`kept-pages: ${entry.outputFile} foi gerada de novo sobre o arquivo do build no ar`);
        }
      }
    }
    const gone = [...kept.keys()].filter((file) => !present.has(file));
    await Promise.all(gone.flatMap((file) => VARIANTS.map((suffix) => rm(file + suffix, { force: true }))));
    for (const file of gone) kept.delete(file);
  }

  /** @type {import('astro').AstroIntegration} */
  const integration = {
    name: 'operium:kept-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        if (!previousBuild) return;
        kept.clear();
        byPath.clear();
        linked = 0;
        // Astro's prerenderer, wrapped: its methods are called on itself (it keeps its app there).
        setPrerenderer((defaults) => {
          const { collectStaticImages } = defaults;
          return {
            name: 'operium:kept-pages',
            async setup() {
              await defaults.setup?.();
              await linkUnchanged();
            },
            getStaticPaths: () => defaults.getStaticPaths(),
            async render(request, options) {
              await release(pathKey(new URL(request.url).pathname));
              return defaults.render(request, options);
            },
            async teardown() {
              try {
                await settle();
              } finally {
                await defaults.teardown?.();
              }
            },
            ...(collectStaticImages ? { collectStaticImages: () => collectStaticImages.call(defaults) } : {}),
          };
        });
      },
      'astro:build:done': async ({ logger }) => {
        if (!active) return;
        // This build's record of its pages, for the next publication.
        const manifest = await readFile(path.join(cacheDir, ASTRO_MANIFEST), 'utf8').catch(() => null);
        if (manifest !== null) await writeFile(path.join(outDir, PAGES_MANIFEST), manifest);
        if (previousBuild) logger.info(`páginas mantidas do build no ar: ${linked} (${Math.round(linkMs)} ms)`);
      },
    },
  };
  /** @param {string} file */
  const isKept = (file) => kept.has(file);
  return { integration, isKept };
}
