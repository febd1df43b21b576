// Lighthouse through its Node API on the system Chromium: mobile default config
// (simulated throttling), performance category only, and the figures the benchmark
// compares pulled out of the report.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/test-tools/chromium.mjs';

/**
 * @typedef {{ score: number, tbt: number, lcp: number, fcp: number, cls: number, jsBytes: number,
 *             renderBlockingScripts: string[], renderBlockingOther: string[], diagnostics: { id: string, text: string }[],
 *             benchmarkIndex: number, scripts: { path: string, bytes: number }[] }} PageFigures
 */

/** A Chromium for Lighthouse in its own profile folder; `close` removes both. */
export async function launchChromium() {
  const chromePath = await ensureChromium();
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  return {
    port: chrome.port,
    async close() {
      await chrome.kill();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** @param {any} lhr @param {string} id */
const numeric = (lhr, id) => {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`o relatório do Lighthouse não tem ${id}`);
  return value;
};

/**
 * The audits that cost points: opportunities and diagnostics that did not pass,
 * with their estimated savings, for the notes when a goal is missed.
 * @param {any} lhr
 */
function failingAudits(lhr) {
  const refs = lhr.categories.performance.auditRefs ?? [];
  return refs
    .filter((/** @type {{ group?: string }} */ ref) => ref.group !== 'metrics')
    .map((/** @type {{ id: string }} */ ref) => lhr.audits[ref.id])
    .filter((/** @type {any} */ audit) => audit && typeof audit.score === 'number' && audit.score < 0.9)
    .map((/** @type {any} */ audit) => {
      const savings = audit.metricSavings
        ? Object.entries(audit.metricSavings)
            .filter(([, ms]) => typeof ms === 'number' && ms > 0)
            .map(([metric, ms]) => `${metric} −${Math.round(Number(ms))}`)
            .join(', ')
        : '';
      return {
        id: String(audit.id),
        text: `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}${savings ? ` [${savings}]` : ''}`,
      };
    });
}

/**
 * Stores localStorage entries for an origin in the Chromium on port, as a returning
 * visitor has them. It opens the origin's robots.txt, not a page, so nothing a page
 * loads is in the browser's cache afterwards.
 * @param {number} port @param {string} origin @param {Record<string, string>} entries
 */
export async function seedLocalStorage(port, origin, entries) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser stays up for Lighthouse.
    await browser.close();
  }
}

/**
 * Runs Lighthouse once against url on an already launched Chromium. keepStorage
 * skips Lighthouse's reset of the origin's storage and of the cache (for a returning
 * visitor seeded with seedLocalStorage on a fresh browser).
 * @param {string} url @param {number} port @param {{ keepStorage?: boolean }} [options]
 * @returns {Promise<PageFigures>}
 */
export async function auditPage(url, port, { keepStorage = false } = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    locale: 'pt',
    disableStorageReset: keepStorage,
  });
  /** @type {any} the report, read field by field below */
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`o Lighthouse não devolveu relatório para ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse em ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance.score;
  if (typeof score !== 'number') throw new Error(`o Lighthouse não deu nota de desempenho a ${url}`);

  /** @type {{ url: string, resourceType?: string, transferSize?: number }[]} */
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const typeOf = new Map(requests.map((request) => [request.url, request.resourceType]));
  const isScript = (/** @type {string} */ resource) =>
    typeOf.get(resource) === 'Script' || (!typeOf.has(resource) && /\.m?js(\?|$)/.test(resource));
  /** @type {string[]} */
  const blocking = (lhr.audits['render-blocking-insight']?.details?.items ?? []).map(
    (/** @type {{ url: string }} */ item) => item.url,
  );
  /** @type {{ resourceType: string, transferSize: number }[]} */
  const summary = lhr.audits['resource-summary']?.details?.items ?? [];
  const scripts = summary.find((row) => row.resourceType === 'script');
  if (!scripts) throw new Error(`o Lighthouse não resumiu os recursos de ${url}`);

  return {
    score: score * 100,
    tbt: numeric(lhr, 'total-blocking-time'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsBytes: scripts.transferSize,
    renderBlockingScripts: blocking.filter(isScript),
    renderBlockingOther: blocking.filter((resource) => !isScript(resource)),
    diagnostics: failingAudits(lhr),
    // Lighthouse's CPU speed estimate of this machine (its reference desktops score 1000+).
    benchmarkIndex: Number(lhr.environment?.benchmarkIndex ?? 0),
    scripts: requests
      .filter((request) => request.resourceType === 'Script')
      .map((request) => ({ path: new URL(request.url).pathname, bytes: request.transferSize ?? 0 }))
      .sort((a, b) => b.bytes - a.bytes),
  };
}
