/**
 * The CI workflow's build, with no hidden local state: a clean clone of HEAD, the
 * workflow's own install command, then its build step's command with the environment
 * the workflow gives it (.github/workflows/deploy.yml), against a real PocketBase
 * holding a published post. The output must carry what a static host needs. The
 * workflow's shape (its commands and the build step's variables) is checked by
 * `npm run check` (scripts/checks/workflows.mjs).
 * Only HEAD is cloned: commit a change to the workflow or the build before running this.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobSteps, stepNamed } from '../../scripts/checks/workflow-steps.mjs';
import { ROOT, fromRoot } from '../../scripts/lib/paths.mjs';
import { redirectsManifest } from '../../src/integrations/redirects.mjs';
import { headersManifest } from '../../src/integrations/security-headers.mjs';
import { startStaffServer, type StaffServer } from '../helpers/staff';

/** npm ci and a full build of a fresh clone, with no cache of any kind. */
const CLEAN_BUILD_TIMEOUT = 20 * 60_000;

const steps = jobSteps(await readFile(fromRoot('.github', 'workflows', 'deploy.yml'), 'utf8'), 'build');
const install = stepNamed(steps, 'Instalar as dependências');
const build = stepNamed(steps, 'Gerar o site');

/** What each variable of the build step is set to here (the workflow reads them from the repository's settings). */
const SITE_URL = 'https://www.exemplo.com.br';
const API_URL = 'https://api.exemplo.com.br';
const ANALYTICS_ID = 'G-TESTE12345';

let staff: StaffServer;
let tmp: string;
let postSlug = '';
const POST_TITLE = 'Post do CMS gerado pelo workflow de deploy';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'deploy-workflow-'));
  staff = await startStaffServer();
  const post = await staff.editor.client.collection('posts').create({
    title: POST_TITLE,
    content: 'Texto do post que só existe no CMS.',
    category: 'Técnico',
    status: 'published',
  });
  postSlug = String(post.slug);
});

afterAll(async () => {
  await staff?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/**
 * How this machine reaches the network (proxies, a TLS-inspecting CA, npm's registry):
 * a runner has its own. Without them npm retries every download for minutes before
 * falling back to its cache.
 */
const NETWORK = /^(https?_proxy|no_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR)|npm_config_.*)$/i;

/**
 * Runs a `run:` command as GitHub's runner does (`bash -e`), in an environment made
 * only of what a runner has: the Node that setup-node installs first on PATH, HOME
 * (npm's download cache), the network settings, CI=true and the step's own variables.
 */
function runStep(command: string, cwd: string, env: Record<string, string> = {}) {
  const network = Object.entries(process.env).filter(
    (entry): entry is [string, string] => NETWORK.test(entry[0]) && entry[1] !== undefined,
  );
  return new Promise<string>((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', command], {
      cwd,
      env: {
        ...Object.fromEntries(network),
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        HOME: process.env.HOME ?? tmp,
        TMPDIR: tmpdir(),
        CI: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`"${command}" terminou com código ${code}:\n${output.split('\n').slice(-40).join('\n')}`)),
    );
  });
}

describe('the deploy workflow (.github/workflows/deploy.yml)', () => {
  test(
    "its build step's command, in a clean clone of HEAD, builds the site with the CMS's content and the files for static hosts",
    async () => {
      const clone = path.join(tmp, 'clone');
      await runStep(`git clone --quiet ${JSON.stringify(ROOT)} ${JSON.stringify(clone)}`, tmp);
      expect(existsSync(path.join(clone, 'node_modules')), 'o clone começa sem dependências').toBe(false);
      expect(existsSync(path.join(clone, '.cache')), 'o clone começa sem cache').toBe(false);

      await runStep(install.run, clone);
      const values: Record<string, string> = {
        POCKETBASE_URL: staff.server.url,
        PUBLIC_SITE_URL: SITE_URL,
        PUBLIC_API_URL: API_URL,
        PUBLIC_ANALYTICS_ID: ANALYTICS_ID,
      };
      // Every variable the step sets has a value here: a new one must be added above.
      expect(Object.keys(build.env).sort()).toEqual(Object.keys(values).sort());
      await runStep(build.run, clone, values);

      const dist = path.join(clone, 'dist');
      const read = (file: string) => readFile(path.join(dist, file), 'utf8');
      const home = await read('index.html');
      expect(home).toContain(`<link rel="canonical" href="${SITE_URL}`);
      expect(home).toContain(API_URL);
      expect(home).toContain(ANALYTICS_ID);
      expect(await read(`blog/${postSlug}/index.html`)).toContain(POST_TITLE);
      expect(existsSync(path.join(dist, '404.html'))).toBe(true);
      expect(existsSync(path.join(dist, 'admin', 'index.html'))).toBe(true);
      expect(await read('_headers')).toBe(headersManifest());
      expect(await read('_redirects')).toBe(redirectsManifest({ notFoundPages: ['blog/404/index.html'] }));
    },
    CLEAN_BUILD_TIMEOUT,
  );
});
