// A long-lived `astro build` process for the publisher. A new Node process spends
// about 4 s loading Astro, Vite and the integrations before a build starts; this one
// loads them once and runs each build through Astro's own JavaScript API (`build()`
// from 'astro'), so a publication pays only for the build itself.
//
// Protocol: one JSON line on stdin per build, `{ "env": {…}, "force": bool }`; the
// build's output is what `astro build` prints, all on stdout, and the build ends
// with one DONE line.
// Astro's bundles are content-hashed files, so a later build in this process never
// reuses a stale module from Node's import cache; astro.config.mjs is loaded afresh
// by Astro on every build, so each build reads its own environment.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { build } from 'astro';
import { BUILD_DONE_MARK } from './build-run.mjs';
import { ROOT } from '../lib/paths.mjs';

/** @param {Record<string, string>} env */
function useEnvironment(env) {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
}

/** Resets the kernel's peak-memory mark, so each build reports its own peak (Linux only). */
function resetPeakMemory() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak then covers the process's whole life.
  }
}

/**
 * Ends a build with its outcome and the memory the process keeps after it (after a
 * full collection): the publisher starts a fresh process when it is too much.
 * @param {{ ok: boolean }} result
 */
function done(result) {
  globalThis.gc?.();
  process.stdout.write(`\n${BUILD_DONE_MARK}${JSON.stringify({ ...result, rss: process.memoryUsage().rss })}\n`);
}

// Astro logs warnings and errors to stderr: one stream keeps every line of a build
// before its DONE line.
process.stderr.write = process.stdout.write.bind(process.stdout);

// One build at a time: the publisher sends the next request only after a DONE line.
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  /** @type {{ env: Record<string, string>, force?: boolean }} */
  const request = JSON.parse(line);
  useEnvironment(request.env);
  resetPeakMemory();
  try {
    await build({ root: ROOT, force: Boolean(request.force) });
    done({ ok: true });
  } catch (error) {
    // What `astro build` prints before it exits with 1: the message (with Astro's hint).
    const message = error instanceof Error ? error.message : String(error);
    const hint = error && typeof error === 'object' && 'hint' in error && error.hint ? `\nDica: ${error.hint}` : '';
    console.error(`[ERROR] ${message}${hint}`);
    done({ ok: false });
  }
}
