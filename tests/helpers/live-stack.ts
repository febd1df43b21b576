/**
 * The product as `npm start` runs it, for a browser test that publishes: the real
 * scripts/start.mjs (PocketBase, the publisher and its preview renderer) on a free
 * port of 127.0.0.1, with temporary data and site folders, stopped by the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopProcess } from '../../scripts/lib/pocketbase-process.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';

export interface LiveStack {
  url: string;
  /** Everything the stack printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the stack and waits for its first build to be served (several minutes on a cold machine).
 * `dataDir`: the data directory to start on (kept at stop; by default a new one, removed).
 * `defaultSiteDir`: leave SITE_DIR to scripts/start.mjs (one site per data directory)
 * instead of a temporary folder.
 */
export async function startLiveStack({
  timeoutMs = 300_000,
  dataDir,
  defaultSiteDir = false,
}: { timeoutMs?: number; dataDir?: string; defaultSiteDir?: boolean } = {}): Promise<LiveStack> {
  const root = await mkdtemp(path.join(tmpdir(), 'operium-live-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let printed = '';
  const child: ChildProcess = spawn(process.execPath, [fromRoot('scripts', 'start.mjs')], {
    cwd: fromRoot(),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PB_DATA: dataDir ?? path.join(root, 'pb_data'),
      SITE_DIR: defaultSiteDir ? '' : path.join(root, 'site', 'live'),
      PUBLIC_SITE_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const stop = async () => {
    await stopProcess(child, { graceMs: 10_000 });
    await rm(root, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const home = await fetch(`${url}/`).catch(() => null);
    if (home?.ok) return { url, output: () => printed, stop };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error(`o site não ficou no ar em ${timeoutMs / 1000} s:\n${printed.slice(-3000)}`);
}

/**
 * Waits until `path` answers 200 on the stack (a publication going live), returning its HTML.
 * `until` waits for a later publication of a page already live (e.g. a menu change on `/`).
 */
export async function waitUntilLive(
  stack: LiveStack,
  pathname: string,
  timeoutMs = 180_000,
  until: (html: string) => boolean = () => true,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${stack.url}${pathname}`).catch(() => null);
    if (response?.ok) {
      const html = await response.text();
      if (until(html)) return html;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${pathname} não entrou no ar em ${timeoutMs / 1000} s:\n${stack.output().slice(-3000)}`);
}
