// One `astro build` run as a child process that does not block the caller: the
// publisher keeps answering while a build runs, and reports its progress.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeBuildStamp } from './build-site.mjs';
import { parseLeftOut, renderFailure } from './left-out.mjs';
import { fromRoot } from './paths.mjs';

/** Lines kept from a build's output for the admin's failure report. */
const LOG_LINES = 200;
// Astro's progress lines, e.g. "[build] 12 page(s) built in 4.2s" or "├─ /blog/x/index.html".
const PAGE_LINE = /\/index\.html|\.html \(\+\d+ms\)/;
const PAGES_BUILT = /(\d+) page\(s\) built/;
// Each page of "generating static routes": "├─ /blog/x/index.html (+12ms)" when rendered,
// "… (cached)" or "(restored)" when the incremental build copied it. Pages render in
// parallel, so a rendered page's timing may come later and another entry may follow on
// the same line ("├─ /404.html00:30:42   ├─ /admin/index.html (+54ms)"): every entry of
// a line counts, by its file name, whatever follows it.
const PAGE_ENTRY = /[├└]─ (\/\S*?\.(?:html|json|xml|txt))( \((?:cached|restored)\))?/g;

/**
 * The pages a line of Astro's build output names, and whether each was copied.
 * @param {string} line
 * @returns {{ page: string, copied: boolean }[]}
 */
export function pageEntries(line) {
  return [...line.matchAll(PAGE_ENTRY)].map(([, page, copied]) => ({ page: page ?? '', copied: Boolean(copied) }));
}
/** Where each stage of a build starts: the line Astro (or an integration) prints then. */
const STAGES = [
  { line: /Syncing content|Collecting build info/, stage: 'Lendo o conteúdo' },
  { line: /Building static entrypoints/, stage: 'Compilando scripts e estilos' },
  { line: /generating static routes/, stage: 'Gerando páginas' },
  { line: /generating optimized images/, stage: 'Otimizando imagens' },
  { line: /\[@astrojs\/sitemap\]/, stage: 'Gerando o sitemap' },
  { line: /\[astro-compressor\] using/, stage: 'Comprimindo arquivos' },
];
/** How often the build's peak memory is read. */
const MEMORY_POLL_MS = 100;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * @typedef {import('./left-out.mjs').LeftOut} LeftOut
 * @typedef {{ stage: string, ms: number }} BuildPhase
 * @typedef {{ ok: boolean, pages: number, durationMs: number, log: string, leftOut: LeftOut[],
 *             renderFailures: { key: string, reason: string }[], reused: number, rendered: string[],
 *             phases: BuildPhase[], peakMemoryBytes: number | null }} BuildResult
 * @typedef {{ stage: string, pages: number }} BuildProgress
 */

/**
 * Builds the site into outDir.
 * @param {{ outDir: string, env?: NodeJS.ProcessEnv, cacheDir?: string, exclude?: Map<string, string>,
 *           force?: boolean, onProgress?: (progress: BuildProgress) => void }} options
 *   `exclude`: CMS entries to leave out ("blog:slug", "cmsPages:slug"; src/lib/left-out.ts) → why
 *   `force`: render every page again, ignoring the previous build (the cache is still written)
 * @returns {Promise<BuildResult>}
 */
export async function runSiteBuild({ outDir, env = process.env, cacheDir, exclude = new Map(), force = false, onProgress }) {
  const key = cacheDir ? await astroKey(cacheDir, env) : undefined;
  return new Promise((resolve) => {
    const startedAt = Date.now();
    /** @type {string[]} */
    const lines = [];
    /** @type {LeftOut[]} */
    const leftOut = [];
    /** @type {{ key: string, reason: string }[]} */
    const renderFailures = [];
    /** @type {string[]} */
    const rendered = [];
    let reused = 0;
    let pages = 0;
    let stage = 'Preparando o build';
    let stageStartedAt = startedAt;
    /** @type {{ stage: string, ms: number }[]} */
    const phases = [];
    const endStage = (/** @type {number} */ now) => {
      phases.push({ stage, ms: now - stageStartedAt });
      stageStartedAt = now;
    };
    const astro = [fromRoot('node_modules', 'astro', 'bin', 'astro.mjs'), 'build', ...(force ? ['--force'] : [])];
    const child = spawn(process.execPath, astro, {
      cwd: fromRoot(),
      env: {
        ...env,
        ASTRO_OUT_DIR: outDir,
        ...(cacheDir ? { ASTRO_CACHE_DIR: cacheDir } : {}),
        ...(exclude.size ? { PUBLISH_EXCLUDE: JSON.stringify(Object.fromEntries(exclude)) } : {}),
        ...(key ? { ASTRO_KEY: key } : {}),
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    /** @param {Buffer} chunk */
    const take = (chunk) => {
      pending += chunk.toString('utf8');
      const parts = pending.split(/\r?\n/);
      pending = parts.pop() ?? '';
      for (const raw of parts) {
        const line = raw.replace(ANSI, '');
        if (!line.trim()) continue;
        const left = parseLeftOut(line);
        if (left) leftOut.push(left);
        const failure = renderFailure(line);
        if (failure) renderFailures.push(failure);
        for (const { page, copied } of pageEntries(line)) {
          if (copied) reused += 1;
          else rendered.push(page);
        }
        lines.push(line);
        if (lines.length > LOG_LINES) lines.shift();
        const built = PAGES_BUILT.exec(line);
        if (built) pages = Number(built[1]);
        else if (PAGE_LINE.test(line)) pages += 1;
        const next = STAGES.find((candidate) => candidate.line.test(line))?.stage;
        if (next && next !== stage) {
          endStage(Date.now());
          stage = next;
        }
        onProgress?.({ stage, pages });
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const memory = child.pid ? peakMemoryOf(child.pid) : null;
    child.on('error', (error) => {
      lines.push(`Falha ao iniciar o build: ${error.message}`);
    });
    child.on('close', async (code) => {
      if (pending.trim()) lines.push(pending.replace(ANSI, ''));
      const durationMs = Date.now() - startedAt;
      endStage(startedAt + durationMs);
      const peakMemoryBytes = memory?.stop() ?? null;
      const ok = code === 0;
      if (ok) await writeBuildStamp(outDir, startedAt, env);
      resolve({
        ok,
        pages,
        durationMs,
        log: lines.join('\n'),
        leftOut,
        renderFailures,
        reused,
        rendered,
        phases,
        peakMemoryBytes,
      });
    });
  });
}

/**
 * Follows a process's peak resident memory (Linux's VmHWM, a high-water mark kept by
 * the kernel, so a poll that misses the peak's moment still sees it). `stop()` returns
 * the last reading, or null where /proc is missing.
 * @param {number} pid
 */
function peakMemoryOf(pid) {
  /** @type {number | null} */
  let peak = null;
  const read = () => {
    try {
      const kib = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kib) peak = Math.max(peak ?? 0, Number(kib) * 1024);
    } catch {
      // The process has ended, or this is not Linux.
    }
  };
  const timer = setInterval(read, MEMORY_POLL_MS);
  timer.unref();
  read();
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * The key Astro encrypts server-island props with, kept with the build cache. Astro
 * makes a new one per build unless ASTRO_KEY is set, and the key is part of every
 * page's code hash: a new key would make the incremental build render every page again.
 * @param {string} cacheDir @param {NodeJS.ProcessEnv} env
 */
async function astroKey(cacheDir, env) {
  if (env.ASTRO_KEY) return env.ASTRO_KEY;
  const file = path.join(cacheDir, 'astro-key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('base64');
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, key, { mode: 0o600 });
    return key;
  }
}
