// Our Astro site on a temporary copy, for the build benchmarks: the working tree's files
// (packages linked, never copied; caches of its own), generated articles written into the
// copy's blog (never into the repository), and a timed `astro build`.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { articleFile } from './articles.mjs';

const ASTRO_BIN = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
// Astro needs a newer Node than Debian's: the project's own (the `node` devDependency).
const PROJECT_NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
const BLOG_DIR = path.join('src', 'content', 'blog');

/** Caches tools keep inside node_modules: each copy gets its own, never the repository's. */
const NODE_MODULES_CACHES = new Set(['.astro', '.vite', '.vite-temp', '.vitest-cache', '.cache']);

/**
 * Copies the project's files (tracked, and new ones not ignored: the working tree as it
 * builds now) into `dir`, with a node_modules of links to the repository's packages.
 * @param {string} dir an empty folder
 */
export function copyProject(dir) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (existsSync(from)) cpSync(from, path.join(dir, file), { recursive: true });
  }
  const modules = path.join(ROOT, 'node_modules');
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (!NODE_MODULES_CACHES.has(entry)) symlinkSync(path.join(modules, entry), path.join(dir, 'node_modules', entry));
  }
}

/**
 * Writes the articles into the copy's blog as MDX, all with the cover of a real article
 * (so the images stay the same whatever the count).
 * @param {string} dir the copy
 * @param {import('./articles.mjs').BenchArticle[]} articles
 */
export function writeAstroArticles(dir, articles) {
  const cover = readFileSync(path.join(dir, BLOG_DIR, 'funcao-map-no-arduino.mdx'), 'utf8').match(/^image: (.+)$/m)?.[1] ?? '';
  for (const article of articles) {
    writeFileSync(path.join(dir, BLOG_DIR, `${article.slug}.mdx`), articleFile(article, { image: cover }));
  }
}

/**
 * Clears the copy's build caches before a build. keepImages keeps the optimized images
 * and Vite's pre-bundled dependencies, which depend on the site and not on the articles
 * (the publisher keeps its image cache too): the build is then cold for the content.
 * @param {string} dir the copy
 * @param {string} cacheDir the ASTRO_CACHE_DIR of its builds
 * @param {{ keepImages: boolean }} options
 */
export function clearAstroCaches(dir, cacheDir, { keepImages }) {
  const entries = keepImages && existsSync(cacheDir) ? readdirSync(cacheDir).filter((entry) => entry !== 'assets') : ['.'];
  for (const entry of entries) rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  rmSync(path.join(dir, '.astro'), { recursive: true, force: true });
  if (!keepImages) rmSync(path.join(dir, 'node_modules', '.vite'), { recursive: true, force: true });
}

/**
 * A config of the copy's own: the project's astro.config.mjs with another
 * build.concurrency, so the project needs no switch for it.
 * @param {string} dir the copy
 * @param {number} concurrency
 * @returns {string} its file name, relative to the copy
 */
function configWithConcurrency(dir, concurrency) {
  const file = `astro.bench-concurrency-${concurrency}.config.mjs`;
  writeFileSync(
    path.join(dir, file),
    `import config from './astro.config.mjs';\n` +
      `export default { ...config, build: { ...config.build, concurrency: ${concurrency} } };\n`,
  );
  return file;
}

/**
 * Runs `astro build` in the copy; returns its wall time in milliseconds and its log
 * (kept quiet; printed only when the build fails).
 * @param {string} dir the copy
 * @param {Record<string, string>} [env] extra variables (ASTRO_OUT_DIR, ASTRO_CACHE_DIR — see astro.config.mjs)
 * @param {{ concurrency?: number }} [options] concurrency: pages in flight instead of the project's setting
 */
export function astroBuild(dir, env = {}, { concurrency } = {}) {
  const started = performance.now();
  const args = [ASTRO_BIN, 'build', ...(concurrency ? ['--config', configWithConcurrency(dir, concurrency)] : [])];
  try {
    const log = execFileSync(existsSync(PROJECT_NODE) ? PROJECT_NODE : process.execPath, args, {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Only the content in git: a CMS configured in the shell stays out of the measure.
      env: { ...process.env, POCKETBASE_URL: '', ...env },
    });
    return { ms: performance.now() - started, log };
  } catch (error) {
    const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    process.stderr.write(`${String(stdout).slice(-20_000)}\n${String(stderr)}\n`);
    throw error;
  }
}

/**
 * Wall time of one phase of a build as Astro logs it ("generating static routes",
 * "generating optimized images"), in milliseconds; NaN when the log lacks it.
 * @param {string} log the output of astroBuild
 * @param {string} phase
 */
export function astroPhaseMs(log, phase) {
  const plain = stripVTControlCharacters(log);
  const start = plain.indexOf(phase);
  if (start < 0) return Number.NaN;
  const match = plain.slice(start).match(/Completed in (?:(\d+)m (\d+)s|([\d.]+)s|(\d+)ms)\./);
  if (!match) return Number.NaN;
  const [, minutes, seconds, decimalSeconds, ms] = match;
  if (minutes) return (Number(minutes) * 60 + Number(seconds)) * 1000;
  return decimalSeconds ? Number(decimalSeconds) * 1000 : Number(ms);
}
