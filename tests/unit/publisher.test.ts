import { describe, expect, test, vi } from 'vitest';
import { createPublisher, type BuildStatus, type RunResult } from '../../scripts/publish/publisher.mjs';
import { pageEntries } from '../../scripts/publish/build-run.mjs';

/** A runner whose builds finish when the test says so. */
function controlledRunner() {
  const runs: { status: BuildStatus; finish: (result: RunResult) => void }[] = [];
  const run = (status: BuildStatus) => new Promise<RunResult>((resolve) => runs.push({ status, finish: resolve }));
  return { runs, run };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('the publisher queue', () => {
  test('a burst of requests within the quiet period makes one build with every reason', async () => {
    const { runs, run } = controlledRunner();
    const publisher = createPublisher({ run, debounceMs: 30 });
    publisher.request('posts: a');
    publisher.request('posts: b');
    publisher.request('posts: a');
    await until(() => runs.length === 1);
    expect(runs[0]!.status.reasons).toEqual(['posts: a', 'posts: b']);
    runs[0]!.finish({ ok: true, log: '' });
    await publisher.idle();
    expect(runs).toHaveLength(1);
  });

  test('the quiet period adapts: a lone save waits a third of it, a save that comes meanwhile the whole of it', () => {
    vi.useFakeTimers();
    try {
      const { runs, run } = controlledRunner();
      const publisher = createPublisher({ run, debounceMs: 1500 });
      publisher.request('posts: sozinho');
      vi.advanceTimersByTime(499);
      expect(runs).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(runs).toHaveLength(1);
      runs[0]!.finish({ ok: true, log: '' });

      // A burst: the second save restarts the wait with the whole quiet period.
      const burst = createPublisher({ run, debounceMs: 1500 });
      burst.request('posts: a');
      vi.advanceTimersByTime(400);
      burst.request('posts: b');
      vi.advanceTimersByTime(1499);
      expect(runs).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(runs).toHaveLength(2);
      expect(runs[1]!.status.reasons).toEqual(['posts: a', 'posts: b']);
    } finally {
      vi.useRealTimers();
    }
  });

  test('requests during a build queue exactly one more build', async () => {
    const { runs, run } = controlledRunner();
    const statuses: BuildStatus[] = [];
    const publisher = createPublisher({ run, debounceMs: 10, onStatus: (status) => statuses.push(status) });
    publisher.request('primeiro', { immediate: true });
    await until(() => runs.length === 1);
    for (const reason of ['x', 'y', 'z']) publisher.request(reason);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toHaveLength(1);
    runs[0]!.finish({ ok: false, log: 'erro' });
    await until(() => runs.length === 2);
    expect(runs[1]!.status.reasons).toEqual(['x', 'y', 'z']);
    runs[1]!.finish({ ok: true, log: 'ok' });
    await publisher.idle();
    expect(runs).toHaveLength(2);
    expect(
      statuses.filter((status) => status.state === 'failed' || status.state === 'success').map((status) => status.state),
    ).toEqual(['failed', 'success']);
  });

  test('a runner that throws is a failed build with its message, and the queue goes on', async () => {
    const statuses: BuildStatus[] = [];
    const publisher = createPublisher({
      run: async () => {
        throw new Error('disco cheio');
      },
      debounceMs: 5,
      onStatus: (status) => statuses.push(status),
    });
    publisher.request('teste');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await publisher.idle();
    expect(statuses.at(-1)).toMatchObject({ state: 'failed' });
    expect(statuses.at(-1)!.log).toContain('disco cheio');
  });

  test('a request for a later time builds then', async () => {
    const { runs, run } = controlledRunner();
    const publisher = createPublisher({ run, debounceMs: 5 });
    publisher.request('agendado', { at: new Date(Date.now() + 80).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toHaveLength(0);
    await until(() => runs.length === 1);
    runs[0]!.finish({ ok: true, log: '' });
    await publisher.idle();
    publisher.stop();
  });
});

describe('pageEntries', () => {
  test("every page of Astro's output line counts, rendered or copied, even when parallel renders share a line", () => {
    expect(pageEntries('00:30:42   ├─ /404.html00:30:42   ├─ /admin/index.html (+54ms) ')).toEqual([
      { page: '/404.html', copied: false },
      { page: '/admin/index.html', copied: false },
    ]);
    expect(pageEntries('  └─ /blog/x/index.html (cached)')).toEqual([{ page: '/blog/x/index.html', copied: true }]);
    expect(pageEntries('  ├─ /blog/dados/pagina-1.json (+24ms)')).toEqual([{ page: '/blog/dados/pagina-1.json', copied: false }]);
    expect(pageEntries('├─ /rss.xml (restored)')).toEqual([{ page: '/rss.xml', copied: true }]);
    expect(pageEntries('[build] 12 page(s) built in 4.2s')).toEqual([]);
  });
});
