/**
 * Starts a real PocketBase for a test: free port on 127.0.0.1, temporary data dir,
 * this repository's hooks and migrations. The caller must await stop().
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolvePocketBase } from '../../scripts/pocketbase.mjs';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';

export interface TestServer {
  url: string;
  /** The PocketBase binary, for CLI commands against dataDir. */
  bin: string;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startTestServer(options: { siteDir?: string; env?: Record<string, string> } = {}): Promise<TestServer> {
  const bin = await resolvePocketBase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pb-test-'));
  const port = await freePort();
  const server = await startPocketBase({ bin, port, dataDir, siteDir: options.siteDir, env: options.env });
  return {
    url: server.url,
    bin,
    dataDir,
    output: server.output,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const superusers = new WeakMap<TestServer, Promise<string>>();

/**
 * A superuser auth token for checking what the API itself hides (row counts).
 * Creates the superuser with PocketBase's CLI on first use.
 */
export function superuserToken(server: TestServer): Promise<string> {
  let token = superusers.get(server);
  if (!token) {
    token = (async () => {
      const email = 'superuser-testes@exemplo.com.br';
      const password = randomBytes(18).toString('base64url');
      await promisify(execFile)(server.bin, ['superuser', 'upsert', email, password, `--dir=${server.dataDir}`]);
      const response = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: email, password }),
      });
      if (!response.ok) throw new Error(`superuser auth failed: HTTP ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    })();
    superusers.set(server, token);
  }
  return token;
}
