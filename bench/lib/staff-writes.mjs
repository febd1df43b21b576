// Staff saving posts at once through the admin's own data provider: the write load
// of bench/api-scale.mjs (the audit log's cost) and bench/revisions.mjs (the
// revisions' cost).
import { adminDataProvider } from './admin-data-provider.mjs';
import { STAFF_PASSWORD, authToken, recentFailures } from './bench-pocketbase.mjs';
import { cpuMilliseconds } from './process-cpu.mjs';
import { measureThroughput } from './sampling.mjs';

/**
 * @typedef {{ perSecond: number, cpuPerWrite: number | null, latencies: number[] }} WriteRun
 */

/**
 * Create + update of posts by concurrent admins: writes (records saved) per second,
 * every save's latency, and the server's CPU milliseconds per write (null without /proc).
 * @param {import('./bench-pocketbase.mjs').RunningServer} server
 * @param {{ email: string, password: string }} superuser for the request log, on failure
 * @param {string} label
 * @param {{ clients: number, total: number, token?: string }} load `total` posts to create and update, by
 *   `clients` at once, as the admin; `token`: a session of that admin to use instead of signing in (a
 *   server with e-mail configured asks an admin for the e-mailed code too, so its bench signs in before)
 * @returns {Promise<WriteRun>}
 */
export async function measureWrites(server, superuser, label, { clients, total, token: session }) {
  const cpuBefore = await cpuMilliseconds(server.pid);
  const token = session ?? (await authToken(server.url, 'users', 'admin@exemplo.com.br', STAFF_PASSWORD)).token;
  const providers = await Promise.all(Array.from({ length: clients }, () => adminDataProvider(server.url, token)));
  const run = `${label}-${Math.random().toString(36).slice(2, 8)}`;
  /** @type {number[]} */
  const latencies = [];
  /** @template T @param {() => Promise<T>} save */
  const timed = async (save) => {
    const begun = performance.now();
    const result = await save();
    latencies.push(performance.now() - begun);
    return result;
  };
  const result = await measureThroughput(
    async (client, index) => {
      const provider = /** @type {import('ra-core').DataProvider} */ (providers[client]);
      try {
        const { data } = await timed(() =>
          provider.create('posts', {
            data: { title: `Carga ${run} ${index}`, category: 'Técnico', status: 'draft', excerpt: 'Rascunho de carga.' },
          }),
        );
        await timed(() =>
          provider.update('posts', { id: data.id, data: { title: `Carga ${run} ${index} revisada` }, previousData: data }),
        );
      } catch (error) {
        const failures = await recentFailures(server.url, superuser);
        const detail = /** @type {{ response?: unknown, message?: string }} */ (error);
        throw new Error(`gravação ${label} ${index}: ${JSON.stringify(detail.response ?? detail.message)}\n${failures}`, {
          cause: error,
        });
      }
    },
    { clients, total },
  );
  const cpuAfter = await cpuMilliseconds(server.pid);
  return {
    perSecond: (total * 2) / result.seconds,
    cpuPerWrite: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / (total * 2),
    latencies,
  };
}
