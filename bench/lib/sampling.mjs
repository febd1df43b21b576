// Timing helpers for request benchmarks: sequential latency samples of tasks
// taken in turns (so a busy machine slows every task alike), bounded in count and
// time, and the throughput of a fixed amount of work split among concurrent clients.
import { performance } from 'node:perf_hooks';
import { median, percentile } from './report.mjs';

/**
 * @typedef {{ samples: number[], p50: number, p95: number }} Latency milliseconds
 */

/**
 * Runs the tasks one after another in turns: `warmup` untimed rounds, then timed
 * rounds until `count` samples each or `budgetMs` has passed (at least `minCount`).
 * `prepare(name)`, when given, runs before each call of that task, untimed.
 * @template {string} K
 * @param {Record<K, () => Promise<unknown>>} tasks
 * @param {{ warmup?: number, count?: number, minCount?: number, budgetMs?: number,
 *           prepare?: (name: K) => Promise<void> }} [options]
 * @returns {Promise<Record<K, Latency>>}
 */
export async function sampleInTurns(
  tasks,
  { warmup = 10, count = 200, minCount = 30, budgetMs = 15_000, prepare = async () => {} } = {},
) {
  const names = /** @type {K[]} */ (Object.keys(tasks));
  for (let i = 0; i < warmup; i++) {
    for (const name of names) {
      await prepare(name);
      await tasks[name]();
    }
  }
  /** @type {Record<string, number[]>} */
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  const deadline = performance.now() + budgetMs;
  let rounds = 0;
  while (rounds < count && (rounds < minCount || performance.now() < deadline)) {
    for (const name of names) {
      await prepare(name);
      const started = performance.now();
      await tasks[name]();
      /** @type {number[]} */ (samples[name]).push(performance.now() - started);
    }
    rounds++;
  }
  return /** @type {Record<K, Latency>} */ (
    Object.fromEntries(
      names.map((name) => {
        const list = samples[name] ?? [];
        return [name, { samples: list, p50: median(list), p95: percentile(list, 95) }];
      }),
    )
  );
}

/**
 * Splits `total` operations among `clients` concurrent loops and measures the
 * operations completed per second of wall time.
 * @param {(client: number, index: number) => Promise<unknown>} operation
 * @param {{ clients: number, total: number }} options
 */
export async function measureThroughput(operation, { clients, total }) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (next < total) {
        const index = next++;
        await operation(client, index);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, perSecond: total / seconds };
}
