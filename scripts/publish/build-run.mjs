// One `astro build` run in a child process that does not block the caller: the
// publisher keeps answering while a build runs, and reports its progress.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_PROCESS_ENV, newestOf, writeBuildStamp } from './fresh-build.mjs';
import { parseLeftOut, renderFailure } from './left-out.mjs';
import { fromRoot } from '../lib/paths.mjs';

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
 *           force?: boolean, onProgress?: (progress: BuildProgress) => void, worker?: BuildWorker,
 *           previousBuild?: string | null }} options
 *   `exclude`: CMS entries to leave out ("blog:slug", "cmsPages:slug"; src/lib/cms/left-out.ts) → why
 *   `force`: render every page again, ignoring the previous build (the cache is still written)
 *   `previousBuild`: a publication's live build, whose unchanged pages are linked instead of
 *   copied (src/integrations/kept-pages.mjs); null when there is none yet
 *   `worker`: the build process to use (kept by the caller between builds); without it, one
 *   is started for this build and stopped after it
 * @returns {Promise<BuildResult>}
 */
export async function runSiteBuild({
  outDir,
  env = process.env,
  cacheDir,
  exclude = new Map(),
  force = false,
  onProgress,
  worker,
  previousBuild,
}) {
  const key = cacheDir ? await astroKey(cacheDir, env) : undefined;
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
  /** @param {string} raw */
  const take = (raw) => {
    const line = raw.replace(ANSI, '');
    if (!line.trim()) return;
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
  };
  const buildWorker = worker ?? createBuildWorker();
  /** @type {Record<string, string>} */
  const buildEnv = {
    // Also here: the worker takes each build's environment as its own (build-worker.mjs).
    ...BUILD_PROCESS_ENV,
    ...definedOnly(env),
    ASTRO_OUT_DIR: outDir,
    ...(cacheDir ? { ASTRO_CACHE_DIR: cacheDir } : {}),
    ...(exclude.size ? { PUBLISH_EXCLUDE: JSON.stringify(Object.fromEntries(exclude)) } : {}),
    ...(key ? { ASTRO_KEY: key } : {}),
    ...(previousBuild === undefined ? {} : { PUBLISH_PREVIOUS_BUILD: previousBuild ?? '' }),
    FORCE_COLOR: '0',
  };
  let outcome;
  try {
    outcome = await buildWorker.run({ env: buildEnv, force }, take);
  } finally {
    // What a kept process holds grows with the site (each build's bundle stays in Node's
    // module cache): past WARM_PAGES a build gets a fresh process, so it needs no more
    // memory than a process of its own (~1.6 GB at 12,000 pages, where a kept one passed 2 GB).
    if (!worker) buildWorker.close();
    else if (pages > WARM_PAGES) worker.renew();
  }
  const durationMs = Date.now() - startedAt;
  endStage(startedAt + durationMs);
  if (outcome.ok) await writeBuildStamp(outDir, startedAt, env);
  return {
    ok: outcome.ok,
    pages,
    durationMs,
    log: lines.join('\n'),
    leftOut,
    renderFailures,
    reused,
    rendered,
    phases,
    peakMemoryBytes: outcome.peakMemoryBytes,
  };
}

/** @param {NodeJS.ProcessEnv} env */
function definedOnly(env) {
  return /** @type {Record<string, string>} */ (
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined))
  );
}

/** The largest site (pages built) whose build process is kept for the next build. */
const WARM_PAGES = 5000;

/** How the build worker (build-worker.mjs) ends each build: a line of this mark and JSON. */
export const BUILD_DONE_MARK = '\u0000operium:build-done ';
/** Files Node itself loads into the worker (the config's imports): a change to them needs a new worker. */
const WORKER_CODE = ['astro.config.mjs', 'src/integrations', 'src/config', 'package-lock.json'];

/**
 * @typedef {{ ok: boolean, peakMemoryBytes: number | null }} WorkerOutcome
 * @typedef {ReturnType<typeof createBuildWorker>} BuildWorker
 */

/**
 * A build process kept between builds (scripts/publish/build-worker.mjs): a publication then
 * skips the 1–3 s a new process spends loading Astro. It is started on demand, stopped
 * after `idleMs` without builds (it holds the build's memory while it waits), and
 * replaced after a failed build, after `maxBuilds` builds, when a build leaves it holding
 * more than `maxRssBytes` (each build's bundle stays in Node's module cache, ~70 MB at
 * 1,000 posts), or when the code Node loaded into it changed. runSiteBuild also stops it
 * after the build of a large site (WARM_PAGES). The next build adds up to ~500 MB over
 * what the process holds (a whole-site render at 1,000 posts): with 1.25 GiB the peak
 * stays near 1.8 GB, where 1.75 GiB let it reach 1.96 GB.
 * @param {{ idleMs?: number, maxBuilds?: number, maxRssBytes?: number }} [options]
 */
export function createBuildWorker({ idleMs = 10 * 60_000, maxBuilds = 25, maxRssBytes = 1280 * 1024 * 1024 } = {}) {
  /**
   * @typedef {{ process: import('node:child_process').ChildProcessWithoutNullStreams, codeStamp: number,
   *             builds: number, exited: Promise<string> }} Worker
   *   `exited` resolves, with how, when the process ends
   */
  /** @type {Worker | null} */
  let worker = null;
  /** @type {Promise<Worker> | null} */
  let starting = null;
  /** @type {NodeJS.Timeout | null} */
  let idleTimer = null;
  /** Where the current build's lines and DONE line go (null between builds). */
  /** @type {{ line: (line: string) => void, done: (outcome: { ok: boolean, rss?: number }) => void } | null} */
  let listener = null;

  const stop = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    worker?.process.stdin.end();
    worker?.process.kill();
    worker = null;
    // One still starting (renew) is stopped once it has started.
    void starting?.then((started) => {
      if (worker === started && !listener) stop();
    });
  };

  /** @returns {Promise<Worker>} */
  const spawnWorker = async () => {
    const codeStamp = await newestOf(WORKER_CODE);
    const child = spawn(process.execPath, ['--expose-gc', fromRoot('scripts', 'publish', 'build-worker.mjs')], {
      cwd: fromRoot(),
      env: { ...BUILD_PROCESS_ENV, ...process.env, FORCE_COLOR: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let pending = '';
    /** @param {string} text */
    const read = (text) => {
      pending += text;
      const parts = pending.split(/\r?\n/);
      pending = parts.pop() ?? '';
      for (const line of parts) {
        if (line.startsWith(BUILD_DONE_MARK)) listener?.done(JSON.parse(line.slice(BUILD_DONE_MARK.length)));
        else listener?.line(line);
      }
    };
    child.stdout.on('data', (chunk) => read(chunk.toString('utf8')));
    child.stderr.on('data', (chunk) => read(chunk.toString('utf8')));
    /** @type {Worker} */
    const started = {
      process: child,
      codeStamp,
      builds: 0,
      exited: new Promise((resolve) => {
        child.on('error', (error) => resolve(`não iniciou: ${error.message}`));
        child.on('close', (code, signal) => {
          read('\n');
          resolve(signal ?? `código ${code}`);
        });
      }),
    };
    void started.exited.then(() => {
      if (worker === started) worker = null;
    });
    worker = started;
    return started;
  };

  /** The running process, started if there is none (one start at a time). */
  const ready = async () => {
    if (worker) return worker;
    starting ??= spawnWorker().finally(() => (starting = null));
    return starting;
  };

  /**
   * Replaces the process by a fresh one started at once, which loads Node and Astro (~1 s)
   * while nobody waits instead of during the next publication; stopped if idle as any other.
   */
  const renew = () => {
    if (starting || worker?.builds === 0) return; // already fresh
    stop();
    void ready().then(
      () => {
        if (!listener) idleTimer = setTimeout(stop, idleMs).unref();
      },
      () => {},
    );
  };

  return {
    /** Starts the process ahead of a build (e.g. while a publication waits for its quiet period). */
    async warm() {
      await ready();
    },
    /**
     * Runs one build; `line` receives each line it prints.
     * @param {{ env: Record<string, string>, force?: boolean }} request
     * @param {(line: string) => void} line
     * @returns {Promise<WorkerOutcome>}
     */
    async run(request, line) {
      if (listener) throw new Error('build worker: one build at a time');
      if (idleTimer) clearTimeout(idleTimer);
      if (worker && (await newestOf(WORKER_CODE)) !== worker.codeStamp) stop();
      const current = await ready();
      const pid = current.process.pid;
      resetPeakMemory(pid);
      const memory = pid ? peakMemoryOf(pid) : null;
      /** @type {{ ok: boolean, rss?: number }} */
      const outcome = await new Promise((resolve) => {
        let settled = false;
        /** @param {{ ok: boolean, rss?: number }} result */
        const done = (result) => {
          settled = true;
          resolve(result);
        };
        listener = { line, done };
        void current.exited.then((how) => {
          if (settled) return;
          line(`O processo de build terminou inesperadamente (${how}).`);
          done({ ok: false });
        });
        current.process.stdin.write(`${JSON.stringify(request)}\n`);
      });
      listener = null;
      current.builds += 1;
      const peakMemoryBytes = memory?.stop() ?? null;
      if (worker === current) {
        if (!outcome.ok || current.builds >= maxBuilds || (outcome.rss ?? 0) > maxRssBytes) renew();
        else idleTimer = setTimeout(stop, idleMs).unref();
      }
      return { ok: outcome.ok, peakMemoryBytes };
    },
    /** The process's id while one runs (null when stopped). */
    get pid() {
      return worker?.process.pid ?? null;
    },
    /** Replaces the process by a fresh one, started now (runSiteBuild, after the build of a large site). */
    renew,
    /** Stops the process (a build in progress fails). */
    close: stop,
  };
}

/**
 * Resets the kernel's peak-memory mark of a process, so the next reading covers only
 * what follows (Linux's clear_refs; elsewhere the peak covers the process's whole life).
 * @param {number | undefined} pid
 */
function resetPeakMemory(pid) {
  try {
    if (pid) writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed.
  }
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
