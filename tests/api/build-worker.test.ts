/**
 * The publisher's build process (scripts/publish/build-worker.mjs) stays between builds:
 * a second build runs in the same process and still reads its own settings (nothing
 * stale from the first), the process is replaced after its quota of builds by one started
 * at once (it loads while nobody waits), and a process that dies mid-build fails that
 * build, with its reason, while the next build runs in a new one and succeeds. The real site is built from git (no CMS).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createBuildWorker, runSiteBuild, type BuildResult } from '../../scripts/publish/build-run.mjs';

const BUILD_ENV = { POCKETBASE_URL: '', PUBLIC_ANALYTICS_ID: '', PUBLIC_API_URL: '' };

let tmp: string;
const worker = createBuildWorker({ maxBuilds: 2 });

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'operium-build-worker-'));
});

afterAll(async () => {
  worker.close();
  await rm(tmp, { recursive: true, force: true });
});

/** `site`: the site's address, which every page's canonical link carries. */
function build(outDir: string, site: string, onProgress?: (stage: string) => void): Promise<BuildResult> {
  return runSiteBuild({
    outDir: path.join(tmp, outDir),
    env: { ...process.env, ...BUILD_ENV, PUBLIC_SITE_URL: site },
    cacheDir: path.join(tmp, 'astro-cache'),
    worker,
    onProgress: onProgress && (({ stage }) => onProgress(stage)),
  });
}

async function canonicalOf(outDir: string) {
  const html = await readFile(path.join(tmp, outDir, 'contato', 'index.html'), 'utf8');
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

test('builds run in one process, each with its own settings, until the quota; a dead process fails only its build', async () => {
  const first = await build('a', 'https://primeiro.exemplo.com.br');
  expect(first.ok, first.log).toBe(true);
  const pid = worker.pid;
  expect(pid).not.toBeNull();
  expect(await canonicalOf('a')).toBe('https://primeiro.exemplo.com.br/contato');

  let secondPid: number | null = null;
  const second = await build('b', 'https://segundo.exemplo.com.br', () => (secondPid ??= worker.pid));
  expect(second.ok, second.log).toBe(true);
  expect(secondPid).toBe(pid);
  expect(await canonicalOf('b')).toBe('https://segundo.exemplo.com.br/contato');
  // The second build was the quota: that process is gone, and a fresh one is already starting.
  await expect.poll(() => worker.pid, { timeout: 30_000 }).not.toBeNull();
  expect(worker.pid).not.toBe(pid);
  expect(second.peakMemoryBytes).toBeGreaterThan(0);

  // Killed while bundling: that build fails and says why.
  let killed: number | null = null;
  const third = await build('c', 'https://terceiro.exemplo.com.br', (stage) => {
    if (killed === null && stage === 'Compilando scripts e estilos') {
      killed = worker.pid!;
      process.kill(killed, 'SIGKILL');
    }
  });
  expect(killed).not.toBeNull();
  expect(third.ok).toBe(false);
  expect(third.log).toContain('O processo de build terminou inesperadamente (SIGKILL)');
  expect(worker.pid).not.toBe(killed);

  const fourth = await build('d', 'https://quarto.exemplo.com.br');
  expect(fourth.ok, fourth.log).toBe(true);
  expect(await canonicalOf('d')).toBe('https://quarto.exemplo.com.br/contato');
  expect(worker.pid).not.toBe(pid);
}, 300_000);
