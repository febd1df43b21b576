/**
 * Starts a real PocketBase for a test: free port on 127.0.0.1, temporary data dir,
 * this repository's hooks and migrations. The caller must await stop().
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { resolvePocketBase } from '../../scripts/pocketbase.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import type { GitArticle } from '../../src/lib/blog/blog';
import { writeGitArticles } from './git-articles';

export interface TestServer {
  url: string;
  /** The PocketBase binary, for CLI commands against dataDir. */
  bin: string;
  dataDir: string;
  /** A superuser created before start, for checks that the API hides from everyone else. */
  superuser: { email: string; password: string };
  /** Everything the server printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
  /** The running PocketBase's process id: the binary itself, spawned without a shell. */
  pid: () => number;
  /** Ends PocketBase with SIGKILL, as a crash would (no shutdown of any kind), and waits for it to exit. The data dir stays. */
  kill: () => Promise<void>;
  /**
   * Starts PocketBase again on the same data dir and port, with the same options; a
   * server still running (no kill before) is shut down first, as a restart would.
   * `migrationsDir` changes the migrations folder from then on.
   */
  restart: (options?: { migrationsDir?: string }) => Promise<void>;
}

/**
 * @param options.migrationsDir another folder of migrations than pb_migrations/ (an
 *   upgrade test starts with the older ones, then restarts with all of them)
 * @param options.gitArticles instead of a built site, a site holding only the build's
 *   list of MDX articles (tests/helpers/git-articles.ts): the articles in git that the
 *   hooks know, e.g. to comment on
 */
export async function startTestServer(
  options: { siteDir?: string; env?: Record<string, string>; migrationsDir?: string; gitArticles?: GitArticle[] } = {},
): Promise<TestServer> {
  if (options.siteDir && options.gitArticles) throw new Error('siteDir or gitArticles, not both');
  const bin = await resolvePocketBase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pb-test-'));
  // Its own folder, not in the data dir, which backups take whole.
  const ownSite = options.gitArticles ? await mkdtemp(path.join(tmpdir(), 'pb-test-site-')) : undefined;
  if (ownSite) await writeGitArticles(ownSite, options.gitArticles!);
  const siteDir = options.siteDir ?? ownSite;
  const superuser = { email: 'superuser-testes@exemplo.com.br', password: randomBytes(18).toString('hex') };
  await upsertSuperuser({ bin, dataDir, ...superuser, env: options.env });
  const port = await freePort();
  let migrationsDir = options.migrationsDir;
  const start = () => startPocketBase({ bin, port, dataDir, siteDir, env: options.env, migrationsDir });
  let server = await start();
  let earlierOutput = '';
  return {
    url: server.url,
    bin,
    dataDir,
    superuser,
    output: () => earlierOutput + server.output(),
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (ownSite) await rm(ownSite, { recursive: true, force: true });
    },
    pid: () => server.child.pid!,
    kill: async () => {
      const { child } = server;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid!, 'SIGKILL');
      await exited;
    },
    restart: async (next = {}) => {
      if ('migrationsDir' in next) migrationsDir = next.migrationsDir;
      // Still running, the old process would keep the port: the new one would fail to
      // bind, the old one would answer for it, and it would outlive stop() (seen as
      // PocketBase processes left after the test run).
      await server.stop();
      earlierOutput += server.output();
      server = await start();
    },
  };
}

const superusers = new WeakMap<TestServer, Promise<string>>();

/** A superuser auth token (the superuser is created by startTestServer). */
export function superuserToken(server: TestServer): Promise<string> {
  let token = superusers.get(server);
  if (!token) {
    token = (async () => {
      const response = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: server.superuser.email, password: server.superuser.password }),
      });
      if (!response.ok) throw new Error(`superuser auth failed: HTTP ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    })();
    superusers.set(server, token);
  }
  return token;
}

/**
 * For a test of an upgrade: a folder with this repository's migrations before
 * `migration` (a file name of pb_migrations/), to start a server as a site before it,
 * and `all`, the folder to restart it with. The caller removes the copy.
 */
export async function migrationsBefore(migration: string): Promise<{ older: string; all: string; remove: () => Promise<void> }> {
  const all = fromRoot('pb_migrations');
  const older = await mkdtemp(path.join(tmpdir(), 'pb-migrations-'));
  for (const name of await readdir(all)) if (name < migration) await cp(path.join(all, name), path.join(older, name));
  return { older, all, remove: () => rm(older, { recursive: true, force: true }) };
}

/**
 * A site upgraded to `migration`: a server started with the migrations before it, its
 * database written by `before` while it is stopped (records as the older version left
 * them, straight to SQLite: this version's hooks may refuse them), then started again
 * with all the migrations. The caller awaits `stop`, which also removes the copy.
 */
export async function upgradedServer(
  migration: string,
  before: (db: DatabaseSync) => void,
): Promise<{ server: TestServer; stop: () => Promise<void> }> {
  const { older, all, remove } = await migrationsBefore(migration);
  const server = await startTestServer({ migrationsDir: older });
  const stop = async () => {
    await server.stop();
    await remove();
  };
  try {
    await server.kill();
    const db = new DatabaseSync(path.join(server.dataDir, 'data.db'));
    try {
      before(db);
    } finally {
      db.close();
    }
    await server.restart({ migrationsDir: all });
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, stop };
}
