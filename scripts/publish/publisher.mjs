// Rebuild-on-publish: PocketBase's hooks ask for a rebuild whenever something the
// public site shows changes; this turns a burst of requests into one build, never
// runs two at once, and queues exactly one more when asked during a build.
// In deploy-hook mode it calls a CDN's or CI's build webhook instead of building.
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { currentBuild, newBuildDir, pruneBuilds, stagingDirOf, swapLive } from './live-site.mjs';
import { createBuildWorker, runSiteBuild } from './build-run.mjs';

/**
 * @typedef {'queued' | 'building' | 'success' | 'failed'} BuildState
 * @typedef {{ id: string, state: BuildState, mode: 'local' | 'deploy-hook', reasons: string[],
 *             queuedAt: string, startedAt?: string, finishedAt?: string, durationMs?: number,
 *             pages?: number, progress?: string, log?: string, leftOut?: LeftOut[],
 *             reused?: number, rendered?: string[], renderedCount?: number, phases?: BuildPhase[],
 *             peakMemoryBytes?: number | null }} BuildStatus
 * @typedef {import('./build-run.mjs').BuildPhase} BuildPhase
 * @typedef {import('./left-out.mjs').LeftOut} LeftOut
 * @typedef {{ ok: boolean, pages?: number, durationMs?: number, log: string, leftOut?: LeftOut[],
 *             reused?: number, rendered?: string[], phases?: BuildPhase[], peakMemoryBytes?: number | null }} RunResult
 *   `reused`: pages copied from the previous build; `rendered`: the pages rendered again (in the
 *   status, the first 500 of them, and `renderedCount` all of them);
 *   `phases`: where the time went, stage by stage; `peakMemoryBytes`: the build's peak resident memory
 * @typedef {((status: BuildStatus, report: (progress: string, pages?: number) => void) => Promise<RunResult>)
 *             & { prepare?: () => void, close?: () => void | Promise<void> }} Runner
 *   `prepare`: called when a build is asked for, to get ready during the quiet period;
 *   `close`: releases what the runner keeps between builds
 */

/** The least time between two progress reports of one build. */
const PROGRESS_EVERY_MS = 1000;

/**
 * The quiet period adapts: a lone save waits a third of `debounceMs` (an editor's wait);
 * a save that comes while another waits, or while a build runs, waits the whole of it,
 * so a burst of saves still makes one build.
 * @param {{ run: Runner, mode?: 'local' | 'deploy-hook', debounceMs?: number,
 *           onStatus?: (status: BuildStatus) => void }} options
 */
export function createPublisher({ run, mode = 'local', debounceMs = 1500, onStatus = () => {} }) {
  /** @type {BuildStatus | null} */ let queued = null;
  /** @type {BuildStatus | null} */ let running = null;
  /** @type {NodeJS.Timeout | null} */ let timer = null;
  /** @type {((value?: unknown) => void)[]} */ let waiters = [];
  /** @type {Set<NodeJS.Timeout>} */ const appointments = new Set();
  let builds = 0;

  /** @param {BuildStatus} status */
  const emit = (status) => {
    try {
      onStatus({ ...status, reasons: [...status.reasons] });
    } catch (error) {
      console.error('[publicação] falha ao registrar o estado:', error);
    }
  };

  const settleWaiters = () => {
    if (running || queued) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const start = async () => {
    timer = null;
    if (running || !queued) return;
    running = { ...queued, state: 'building', startedAt: new Date().toISOString(), progress: 'Iniciando' };
    queued = null;
    builds += 1;
    emit(running);
    let result;
    let lastProgressAt = 0;
    try {
      result = await run(running, (progress, pages) => {
        if (!running) return;
        const stageChanged = progress !== running.progress;
        running.progress = progress;
        if (pages !== undefined) running.pages = pages;
        // A build prints hundreds of lines: report a new stage at once, page counts once a second.
        if (!stageChanged && Date.now() - lastProgressAt < PROGRESS_EVERY_MS) return;
        lastProgressAt = Date.now();
        emit(running);
      });
    } catch (error) {
      result = { ok: false, log: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    const finished = {
      ...running,
      state: /** @type {BuildState} */ (result.ok ? 'success' : 'failed'),
      finishedAt: new Date().toISOString(),
      durationMs: result.durationMs ?? Date.now() - Date.parse(running.startedAt ?? ''),
      pages: result.pages ?? running.pages,
      progress: undefined,
      log: result.log,
      leftOut: result.leftOut ?? [],
      ...(result.reused === undefined
        ? {}
        : { reused: result.reused, rendered: result.rendered?.slice(0, 500), renderedCount: result.rendered?.length ?? 0 }),
      ...(result.phases ? { phases: result.phases, peakMemoryBytes: result.peakMemoryBytes ?? null } : {}),
    };
    running = null;
    emit(finished);
    // Asked again while building: exactly one more build, after the quiet period.
    if (queued) schedule(debounceMs);
    settleWaiters();
  };

  /** @param {number} delay */
  const schedule = (delay) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void start(), delay);
  };

  const publisher = {
    /**
     * Asks for a rebuild. Requests within the quiet period, or during a build, join
     * one queued build.
     * @param {string} reason e.g. "posts: atualização"
     * @param {{ immediate?: boolean, at?: string }} [options] `immediate` skips the quiet
     *   period ("Publicar agora"); `at` (ISO time) asks for the build at that time
     *   instead (a scheduled post going live)
     */
    request(reason, { immediate = false, at } = {}) {
      const delay = at ? Date.parse(at) - Date.now() : 0;
      if (delay > 0) {
        // setTimeout holds at most ~24.8 days; farther posts are picked up by the cron's publish.
        if (delay < 2 ** 31 - 1) {
          const appointment = setTimeout(() => {
            appointments.delete(appointment);
            publisher.request(reason, { immediate: true });
          }, delay);
          appointments.add(appointment);
        }
        return null;
      }
      if (queued) {
        if (!queued.reasons.includes(reason)) queued.reasons.push(reason);
      } else {
        queued = { id: randomUUID(), state: 'queued', mode, reasons: [reason], queuedAt: new Date().toISOString() };
      }
      emit(queued);
      run.prepare?.();
      if (!running) schedule(immediate ? 0 : timer ? debounceMs : Math.round(debounceMs / 3));
      return queued.id;
    },
    /** The build in progress and the one waiting, if any. */
    state() {
      return { running, queued, builds };
    },
    /** Resolves once nothing is queued or building. */
    idle() {
      return new Promise((resolve) => {
        waiters.push(resolve);
        settleWaiters();
      });
    },
    stop() {
      run.close?.();
      for (const appointment of appointments) clearTimeout(appointment);
      appointments.clear();
      if (timer) clearTimeout(timer);
      timer = null;
      queued = null;
    },
  };
  return publisher;
}

/** How many times a build is tried again, each leaving out the records whose pages failed. */
const EXCLUDE_RETRIES = 3;

/**
 * The local runner: builds into the staging folder and, only if the build succeeded,
 * moves it to a fresh folder and swaps that in as the live site. A failed build leaves the live site untouched.
 * Records the site's schema refuses are left out by the build itself; when a
 * record's page fails to render, the build is tried again without that record, so
 * one bad record never stops the rest (the status names each one left out).
 * @param {{ liveLink: string, env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv), cacheDir?: string,
 *           force?: boolean }} options
 *   `env` may be a function, read at each build (e.g. once the API's address is known);
 *   `force` renders every page again (`astro build --force`)
 * @returns {Runner}
 */
export function localBuildRunner({ liveLink, env = process.env, cacheDir, force = false }) {
  // One build process kept between publications (scripts/publish/build-worker.mjs).
  const worker = createBuildWorker();
  // Old builds are removed after the swap, off the editor's wait (at 10,000 posts
  // removing one took ~3 s of 'Colocando o site no ar'); one removal at a time.
  let pruning = Promise.resolve();
  /** @type {Runner} */
  const runner = async (_status, report) => {
    const buildEnv = typeof env === 'function' ? env() : env;
    const startedAt = Date.now();
    /** @type {Map<string, string>} entry key → why its page failed */
    const excluded = new Map();
    const logs = [];
    /** @type {BuildPhase[]} */
    const phases = [];
    const staging = stagingDirOf(liveLink);
    // Its unchanged pages are linked into the new build, not copied (src/integrations/kept-pages.mjs).
    const previousBuild = force ? null : await currentBuild(liveLink);
    for (let attempt = 0; ; attempt++) {
      await rm(staging, { recursive: true, force: true });
      const result = await runSiteBuild({
        outDir: staging,
        env: buildEnv,
        cacheDir,
        exclude: excluded,
        force,
        onProgress: ({ stage, pages }) => report(stage, pages),
        worker,
        previousBuild,
      });
      logs.push(result.log);
      phases.push(...result.phases);
      if (result.ok) {
        const swapStartedAt = Date.now();
        report('Colocando o site no ar', result.pages);
        const outDir = await newBuildDir(liveLink);
        await rename(staging, outDir);
        await swapLive(liveLink, outDir);
        phases.push({ stage: 'Colocando o site no ar', ms: Date.now() - swapStartedAt });
        pruning = pruning
          .then(() => pruneBuilds(liveLink))
          .catch((error) => console.error('[publicação] não foi possível apagar builds antigos:', error));
      } else {
        await rm(staging, { recursive: true, force: true });
      }
      const fresh = result.renderFailures.filter(({ key }) => !excluded.has(key));
      if (result.ok || fresh.length === 0 || attempt === EXCLUDE_RETRIES) {
        return { ...result, durationMs: Date.now() - startedAt, log: logs.join('\n\n'), phases };
      }
      for (const { key, reason } of fresh) excluded.set(key, reason);
      report(`Gerando de novo sem ${fresh.map(({ key }) => key.split(':')[1]).join(', ')}`);
    }
  };
  runner.prepare = () => void worker.warm();
  runner.close = async () => {
    await pruning;
    return worker.close();
  };
  return runner;
}

/**
 * The deploy-hook runner: POSTs to the webhook (Netlify, Vercel, Cloudflare Pages,
 * a CI workflow), retrying with a growing pause; the outcome of each try is logged.
 * With a token it sends `Authorization: Bearer`, and to GitHub's
 * `/repos/OWNER/REPO/dispatches` the `repository_dispatch` event that starts
 * .github/workflows/deploy.yml. The token never reaches the log.
 * @param {{ url: string, token?: string, attempts?: number, backoffMs?: number, timeoutMs?: number }} options
 * @returns {Runner}
 */
export function deployHookRunner({ url, token = '', attempts = 3, backoffMs = 2000, timeoutMs = 15_000 }) {
  const githubDispatch = new URL(url).pathname.endsWith('/dispatches');
  /** @type {Record<string, string>} */
  const headers = { 'Content-Type': 'application/json' };
  if (githubDispatch) {
    // GitHub's REST API refuses requests without a User-Agent.
    Object.assign(headers, {
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'operium-publicador',
    });
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  /** @param {string} text */
  const redact = (text) => (token ? text.replaceAll(token, '***') : text);

  return async (status, report) => {
    const startedAt = Date.now();
    const log = [];
    const body = githubDispatch ? { event_type: 'publish' } : { trigger: 'cms', build: status.id, reasons: status.reasons };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      report(`Chamando o webhook de deploy (tentativa ${attempt} de ${attempts})`);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) {
          await response.body?.cancel();
          log.push(`Tentativa ${attempt}: HTTP ${response.status}`);
          return { ok: true, durationMs: Date.now() - startedAt, log: log.join('\n') };
        }
        // What the host says (GitHub: "Bad credentials", "Not Found"…) tells the operator what to fix.
        // Redacted before it is cut: a token straddling the cut would leave its start.
        const reason = redact((await response.text().catch(() => '')).replace(/\s+/g, ' ').trim()).slice(0, 300);
        log.push(redact(`Tentativa ${attempt}: HTTP ${response.status}${reason ? ` ${reason}` : ''}`));
      } catch (error) {
        log.push(redact(`Tentativa ${attempt}: ${error instanceof Error ? error.message : String(error)}`));
      }
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, backoffMs * attempt));
    }
    return { ok: false, durationMs: Date.now() - startedAt, log: log.join('\n') };
  };
}

/**
 * Sends every status change to PocketBase, which keeps it in `site_builds` for the
 * admin's 'Publicação do site' panel. Never throws: publishing goes on if it fails.
 * @param {{ pocketbaseUrl: string, secret: string, ready?: Promise<unknown> }} options
 *   `ready` holds reports back until PocketBase answers (it starts after the publisher)
 */
export function pocketBaseReporter({ pocketbaseUrl, secret, ready = Promise.resolve() }) {
  /** @type {Promise<unknown>} */
  let chain = ready.catch(() => undefined);
  /** @param {BuildStatus} status */
  return (status) => {
    // In order, one at a time: a late 'building' must not overwrite 'success'.
    chain = chain.then(async () => {
      // Final states matter most: retried when PocketBase is busy (429) or failing.
      const attempts = status.state === 'success' || status.state === 'failed' ? 4 : 1;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const response = await fetch(`${pocketbaseUrl}/api/site/builds/report`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Publish-Secret': secret },
            body: JSON.stringify(status),
            signal: AbortSignal.timeout(10_000),
          });
          if (response.ok) return;
          if (attempt === attempts) console.error(`[publicação] PocketBase recusou o estado: HTTP ${response.status}`);
        } catch (error) {
          if (attempt === attempts) {
            const reason = error instanceof Error ? error.message : error;
            console.error('[publicação] PocketBase indisponível para registrar o estado:', reason);
          }
        }
        if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    });
  };
}
