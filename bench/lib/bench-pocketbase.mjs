// A PocketBase for benchmarks: this repository's migrations and hooks (or a copy of
// the hooks without some files), a temporary data dir that survives restarts (so
// rows can be seeded while it is stopped), staff accounts made the way the tests
// make them, and PocketBase's per-IP limiter lifted for 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { freePort, serveArgs, stopProcess, upsertSuperuser, waitForHealth } from '../../scripts/lib/pocketbase-process.mjs';

/**
 * A copy of pb_hooks/ to change for a comparison, with shared/ beside it where the
 * hooks load it from (pb_hooks/lib/common/shared.js).
 * @param {string} prefix the temporary folder's name
 * @param {(source: string) => boolean} [filter] which of pb_hooks/'s files to copy
 * @returns {Promise<{ hooksDir: string, remove: () => Promise<void> }>}
 */
export async function hooksCopy(prefix, filter = () => true) {
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  const hooksDir = path.join(root, 'pb_hooks');
  await cp(fromRoot('pb_hooks'), hooksDir, { recursive: true, filter });
  await cp(fromRoot('shared'), path.join(root, 'shared'), { recursive: true });
  return { hooksDir, remove: () => rm(root, { recursive: true, force: true }) };
}

export const STAFF_PASSWORD = 'Senha-Forte-123';

/**
 * @typedef {{ url: string, pid: number, stop: () => Promise<void>, output: () => string }} RunningServer
 * @typedef {{ id: string, email: string, fullName: string, role: string }} StaffAccount
 */

/**
 * A temporary data dir with a superuser, for several server runs in a row.
 * @param {string} bin the PocketBase binary
 */
export async function createBenchData(bin) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pb-bench-'));
  const superuser = { email: 'superuser-bench@exemplo.com.br', password: randomBytes(18).toString('hex') };
  await upsertSuperuser({ bin, dataDir, ...superuser });
  return { dataDir, superuser, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/**
 * Starts `pocketbase serve` on a free loopback port.
 * @param {{ bin: string, dataDir: string, dev?: boolean, extraArgs?: string[], env?: Record<string, string> }} options
 *   dev logs every SQL statement (PocketBase's --dev), for investigations; extraArgs
 *   go after the project's own flags; env is added to this process's environment.
 * @returns {Promise<RunningServer>}
 */
export async function startBenchServer({ bin, dataDir, dev = false, extraArgs = [], env = {} }) {
  const port = await freePort();
  const args = serveArgs({ host: '127.0.0.1', port, dataDir, dev });
  const child = spawn(bin, [...args, ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = () => stopProcess(child, { graceMs: 10_000 });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, { child, timeoutMs: 120_000 });
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : error}\n${output}`, { cause: error });
  }
  return { url, pid: /** @type {number} */ (child.pid), stop, output: () => output };
}

/**
 * @param {string} url
 * @param {string} path
 * @param {{ method?: string, token?: string, body?: unknown }} [options]
 */
async function call(url, path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** @param {string} url @param {string} collection @param {string} identity @param {string} password */
export async function authToken(url, collection, identity, password) {
  const result = await call(url, `/api/collections/${collection}/auth-with-password`, {
    method: 'POST',
    body: { identity, password },
  });
  return /** @type {{ token: string, record: Record<string, unknown> }} */ (result);
}

/**
 * Lifts the per-IP limiter for 127.0.0.1, as an operator would (the same setting
 * the browser tests use): the benchmark's clients all come from loopback.
 * @param {string} url
 * @param {{ email: string, password: string }} superuser
 */
export async function unthrottleLoopback(url, superuser) {
  const { token } = await authToken(url, '_superusers', superuser.email, superuser.password);
  const settings = await call(url, '/api/settings', { token });
  await call(url, '/api/settings', {
    method: 'PATCH',
    token,
    body: { rateLimits: { ...settings.rateLimits, excludedIPs: ['127.0.0.1'] } },
  });
}

/**
 * The first sign-up (an active admin, made so by pb_hooks/accounts.pb.js), then the
 * other staff created by that admin, as tests/helpers/staff.ts does.
 * @param {string} url
 * @param {{ editors: number, authors: number }} counts
 * @returns {Promise<StaffAccount[]>} the admin first
 */
export async function createStaff(url, { editors, authors }) {
  const admin = { email: 'admin@exemplo.com.br', fullName: 'Ana Admin', role: 'admin' };
  const created = await call(url, '/api/collections/users/records', {
    method: 'POST',
    body: { email: admin.email, password: STAFF_PASSWORD, passwordConfirm: STAFF_PASSWORD, full_name: admin.fullName },
  });
  if (created.role !== 'admin' || !created.is_active) throw new Error('a primeira conta não virou administradora ativa');
  const { token } = await authToken(url, 'users', admin.email, STAFF_PASSWORD);
  /** @type {StaffAccount[]} */
  const staff = [{ id: created.id, ...admin }];
  const others = [
    ...Array.from({ length: editors }, (_, i) => ({
      role: 'editor',
      email: `editor${i + 1}@exemplo.com.br`,
      fullName: `Editor ${i + 1}`,
    })),
    ...Array.from({ length: authors }, (_, i) => ({
      role: 'author',
      email: `autor${i + 1}@exemplo.com.br`,
      fullName: `Autor ${i + 1}`,
    })),
  ];
  for (const member of others) {
    const record = await call(url, '/api/collections/users/records', {
      method: 'POST',
      token,
      body: {
        email: member.email,
        password: STAFF_PASSWORD,
        passwordConfirm: STAFF_PASSWORD,
        full_name: member.fullName,
        role: member.role,
        is_active: true,
      },
    });
    staff.push({ id: record.id, ...member });
  }
  return staff;
}

/**
 * The last failed requests in PocketBase's own request log, for error messages.
 * @param {string} url
 * @param {{ email: string, password: string }} superuser
 */
export async function recentFailures(url, superuser) {
  try {
    const { token } = await authToken(url, '_superusers', superuser.email, superuser.password);
    const filter = encodeURIComponent('data.status >= 400');
    const logs = await call(url, `/api/logs?perPage=5&sort=-created&filter=${filter}`, { token });
    return JSON.stringify(logs.items.map((/** @type {{ data: unknown }} */ item) => item.data));
  } catch (error) {
    return `(registro indisponível: ${error instanceof Error ? error.message : error})`;
  }
}
