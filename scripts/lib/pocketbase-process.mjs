import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fromRoot } from './paths.mjs';

/** Asks the OS for a free TCP port on the loopback interface. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Asks a child process to end with `signal` and waits for it to exit, killing it
 * (SIGKILL) if it is still running after `graceMs`. Resolves at once if it has
 * already exited.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options]
 * @returns {Promise<void>}
 */
export function stopProcess(child, { signal = 'SIGTERM', graceMs = 5_000 } = {}) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * The command-line arguments of `pocketbase serve` for this project. Dev mode is
 * always explicit: left out, PocketBase turns it on whenever its binary lives under
 * the system temp dir (a checkout in /tmp) and then prints every SQL statement,
 * password hashes, token keys and the e-mails it sends to the console.
 * @param {{ host: string, port: number, dataDir: string, hooksWatch?: boolean, dev?: boolean, migrationsDir?: string }} options
 *   migrationsDir: another folder of migrations (a test of an upgrade starts with the older ones)
 */
export function serveArgs({ host, port, dataDir, hooksWatch = false, dev = false, migrationsDir = fromRoot('pb_migrations') }) {
  return [
    'serve',
    `--http=${host}:${port}`,
    `--dev=${dev}`,
    `--dir=${dataDir}`,
    `--hooksDir=${fromRoot('pb_hooks')}`,
    `--migrationsDir=${migrationsDir}`,
    `--hooksWatch=${hooksWatch}`,
    '--automigrate=false',
  ];
}

/**
 * Waits until PocketBase answers its health check.
 * @param {string} url base URL, e.g. http://127.0.0.1:8090
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess }} [options]
 */
export async function waitForHealth(url, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'sem resposta';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`o PocketBase terminou com o código ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`o PocketBase não respondeu em ${url} (${lastError})`);
}

/**
 * Starts `pocketbase serve` and resolves once it is healthy.
 * @param {{ bin: string, host?: string, port: number, dataDir: string, siteDir?: string,
 *           env?: Record<string, string>, migrationsDir?: string }} options
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, output: () => string, stop: () => Promise<void> }>}
 */
export async function startPocketBase({ bin, host = '127.0.0.1', port, dataDir, siteDir, env = {}, migrationsDir }) {
  const child = spawn(bin, serveArgs({ host, port, dataDir, ...(migrationsDir ? { migrationsDir } : {}) }), {
    env: { ...process.env, ...(siteDir ? { SITE_DIR: siteDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const url = `http://${host}:${port}`;
  const stop = () => stopProcess(child);

  try {
    await waitForHealth(url, { child });
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : error}\n${output}`, { cause: error });
  }
  return { url, child, output: () => output, stop };
}

/**
 * Creates (or updates) a superuser with the CLI, before the server opens the
 * database, so there is no concurrent writer.
 * @param {{ bin: string, dataDir: string, email: string, password: string, env?: Record<string, string> }} options
 */
export function upsertSuperuser({ bin, dataDir, email, password, env = {} }) {
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      [
        'superuser',
        'upsert',
        email,
        password,
        `--dir=${dataDir}`,
        `--migrationsDir=${fromRoot('pb_migrations')}`,
        `--hooksDir=${fromRoot('pb_hooks')}`,
        // A one-off command: a hooks file saved meanwhile must not restart it mid-write.
        '--hooksWatch=false',
        // Never dev mode (see serveArgs): it would print the password's hash.
        '--dev=false',
      ],
      { env: { ...process.env, ...env } },
      (error) => (error ? reject(error) : resolve(undefined)),
    );
  });
}
