/**
 * Load on loopback: 200 concurrent visitors browse the real built site (pages,
 * hashed assets, the blog's JSON, a missing page) and sign up to the newsletter or
 * write through the contact form, while staff list, create and revise posts through
 * the API, all against one PocketBase for a bounded time. Every answer must be the
 * expected one, with no connection errors. The figures are printed, never asserted.
 *
 * The site is the real Astro build of the content in git, kept in .cache/test-site
 * with its freshness stamp: built once, reused until src/ or the config changes.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isBuildFresh } from '../../scripts/publish/fresh-build.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { runSiteBuild } from '../../scripts/publish/build-run.mjs';
import { contactMessage } from '../helpers/contact-message';
import { startStaffServer, type StaffMember, type StaffServer } from '../helpers/staff';

const VISITORS = 200;
const DURATION_MS = 15_000;
/** A visitor's pause between two requests (reading the page), at most this long. */
const THINK_MS = 200;

const SITE_DIR = fromRoot('.cache', 'test-site');
/** Build settings: content from git only (no CMS), so the build is the same on every run. */
const BUILD_ENV = { PUBLIC_SITE_URL: 'http://127.0.0.1', POCKETBASE_URL: '', PUBLIC_ANALYTICS_ID: '', PUBLIC_API_URL: '' };

let s: StaffServer;

beforeAll(async () => {
  const env = { ...process.env, ...BUILD_ENV };
  if (!(await isBuildFresh(SITE_DIR, env))) {
    const result = await runSiteBuild({ outDir: SITE_DIR, env, cacheDir: fromRoot('.cache', 'test-site-astro-cache') });
    if (!result.ok) throw new Error(`o build do site falhou:\n${result.log}`);
  }
  // Every visitor comes from 127.0.0.1: the per-IP limiter would count them as one.
  s = await startStaffServer({ unthrottledLoopback: true, siteDir: SITE_DIR });
}, 600_000);

afterAll(async () => {
  await s?.stop();
});

// ---------------------------------------------------------------------------
// What visitors ask for, and what each answer must be

interface Target {
  path: string;
  status: number;
  /** Exact body size: the file on disk. */
  bytes: number;
  html: boolean;
}

async function firstSubfolder(dir: string, skip: string[] = []) {
  const names = (await readdir(path.join(SITE_DIR, dir), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !skip.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
  for (const name of names) {
    if (await stat(path.join(SITE_DIR, dir, name, 'index.html')).catch(() => null)) return `/${dir}/${name}`;
  }
  throw new Error(`nenhuma página em ${dir}/ do site gerado`);
}

/** The file a path is served from (directory format: /x is x/index.html). */
function fileOf(pathname: string) {
  if (pathname === '/') return 'index.html';
  const relative = pathname.slice(1);
  return path.extname(relative) ? relative : path.join(relative, 'index.html');
}

async function targets(): Promise<Target[]> {
  const pages = [
    '/',
    '/produtos',
    await firstSubfolder('produtos'),
    '/blog',
    await firstSubfolder('blog', ['404', 'dados', 'pagina']),
    '/contato',
    '/quem-somos',
    '/blog/dados/pagina-1.json',
  ];
  // What the home page makes a browser fetch: its styles and scripts, and an image of each format.
  const home = await readFile(path.join(SITE_DIR, 'index.html'), 'utf8');
  const assets = [...new Set(home.match(/\/_astro\/[^"'\s)?#,]+/g) ?? [])];
  const wanted = [
    ...assets.filter((asset) => /\.(css|js)$/.test(asset)),
    ...['.avif', '.webp', '.png'].flatMap((ext) => assets.find((asset) => asset.endsWith(ext)) ?? []),
  ];
  expect(wanted.filter((asset) => asset.endsWith('.css')).length).toBeGreaterThan(0);
  expect(wanted.filter((asset) => asset.endsWith('.js')).length).toBeGreaterThan(0);

  const list: Target[] = [];
  for (const pathname of [...pages, ...wanted]) {
    const file = fileOf(pathname);
    list.push({ path: pathname, status: 200, bytes: (await stat(path.join(SITE_DIR, file))).size, html: file.endsWith('.html') });
  }
  list.push({
    path: '/pagina-que-nao-existe',
    status: 404,
    bytes: (await stat(path.join(SITE_DIR, '404.html'))).size,
    html: true,
  });
  return list;
}

// ---------------------------------------------------------------------------
// Measuring

interface Tally {
  requests: number;
  byKind: Record<string, number>;
  latencies: number[];
  errors: string[];
  errorCount: number;
}

function fail(tally: Tally, message: string) {
  tally.errorCount += 1;
  if (tally.errors.length < 20) tally.errors.push(message);
}

async function timed(tally: Tally, kind: string, run: () => Promise<string | null>) {
  const started = performance.now();
  let problem: string | null;
  try {
    problem = await run();
  } catch (error) {
    problem = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
  }
  tally.latencies.push(performance.now() - started);
  tally.requests += 1;
  tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
  if (problem) fail(tally, `${kind}: ${problem}`);
}

/** GET over a keep-alive connection; the body is counted, not kept. */
function get(agent: Agent, url: URL, target: Target): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: url.hostname, port: url.port, path: target.path }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== target.status) return resolve(`${target.path}: HTTP ${res.statusCode}`);
        if (bytes !== target.bytes) return resolve(`${target.path}: ${bytes} bytes em vez de ${target.bytes}`);
        if (target.html && !String(res.headers['content-type']).startsWith('text/html')) {
          return resolve(`${target.path}: content-type ${res.headers['content-type']}`);
        }
        resolve(null);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function expectStatus(response: Promise<Response>, status: number): Promise<string | null> {
  const answer = await response;
  const text = await answer.text();
  return answer.status === status ? null : `HTTP ${answer.status} ${text.slice(0, 200)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
  body: JSON.stringify(body),
});

/** Every visitor signs up to the newsletter once; one in ten also writes through the contact form. */
async function signUp(n: number, tally: Tally) {
  await timed(tally, 'newsletter', () =>
    expectStatus(
      fetch(
        `${s.server.url}/api/collections/newsletter_subscribers/records`,
        json({ email: `visitante${n}@exemplo.com.br`, source: '/' }),
      ),
      204,
    ),
  );
  if (n % 10 !== 0) return;
  await timed(tally, 'contato', () =>
    expectStatus(
      fetch(
        `${s.server.url}/api/collections/contact_messages/records`,
        json({ ...contactMessage(), message: `Visitante ${n} pede um orçamento de controladores.` }),
      ),
      200,
    ),
  );
}

async function visitor(n: number, list: Target[], agent: Agent, tally: Tally, until: number) {
  const base = new URL(s.server.url);
  // Visitors arrive spread over the first second, each starting at a different page,
  // and sign up at some moment of their visit.
  await sleep(Math.random() * 1_000);
  const signUpAt = Date.now() + Math.random() * (until - Date.now());
  let signedUp = false;
  for (let i = n; Date.now() < until; i++) {
    await timed(tally, 'página', () => get(agent, base, list[i % list.length]!));
    if (!signedUp && Date.now() >= signUpAt) {
      signedUp = true;
      await signUp(n, tally);
    }
    await sleep(Math.random() * THINK_MS);
  }
  if (!signedUp) await signUp(n, tally);
}

/** Staff at work in the admin: the posts list, a new post, a revision, again and again. */
async function staff(member: StaffMember, tally: Tally, until: number) {
  const token = member.client.authStore.token;
  const api = `${s.server.url}/api/collections/posts/records`;
  for (let n = 1; Date.now() < until; n++) {
    await timed(tally, 'equipe', () =>
      expectStatus(fetch(`${api}?page=1&perPage=25&sort=-created`, { headers: { Authorization: token } }), 200),
    );
    let id = '';
    await timed(tally, 'equipe', async () => {
      const response = await fetch(
        api,
        json(
          {
            title: `Carga ${member.name} ${n}`,
            category: 'Técnico',
            content: `## Teste ${n}\n\nTexto do post.`,
            tags: ['carga'],
          },
          token,
        ),
      );
      const body = (await response.json()) as { id?: string };
      id = body.id ?? '';
      return response.status === 200 ? null : `criar post: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`;
    });
    if (id) {
      await timed(tally, 'equipe', () =>
        expectStatus(fetch(`${api}/${id}`, { ...json({ excerpt: `Resumo revisado ${n}.` }, token), method: 'PATCH' }), 200),
      );
    }
    await sleep(100);
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

test(`${VISITORS} concurrent visitors on the public site and staff writing in the admin: no errors`, async () => {
  const list = await targets();
  const tally: Tally = { requests: 0, byKind: {}, latencies: [], errors: [], errorCount: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: VISITORS });
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  const until = started + DURATION_MS;
  try {
    await Promise.all([
      ...Array.from({ length: VISITORS }, (_, n) => visitor(n, list, agent, tally, until)),
      staff(s.admin, tally, until),
      staff(s.editor, tally, until),
      staff(s.author, tally, until),
    ]);
  } finally {
    agent.destroy();
  }
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);

  expect(tally.errors, `${tally.errorCount} erros`).toEqual([]);
  expect(tally.byKind['newsletter']).toBe(VISITORS);
  expect(tally.byKind['contato']).toBe(VISITORS / 10);
  expect(tally.byKind['equipe']).toBeGreaterThan(0);
  // What was written under load is all there.
  const subscribers = await s.superuser.collection('newsletter_subscribers').getList(1, 1, { filter: 'email ~ "visitante"' });
  expect(subscribers.totalItems).toBe(VISITORS);

  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1).replace('.', ',')} ms`;
  console.log(
    `[carga] ${VISITORS} visitantes + 3 pessoas da equipe por ${seconds.toFixed(1).replace('.', ',')} s: ` +
      `${tally.requests} requisições (${Object.entries(tally.byKind)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}), ${Math.round(tally.requests / seconds)} req/s, ` +
      `mediana ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, ` +
      `máx. ${ms(sorted.at(-1) ?? 0)}; ${list.length} endereços; CPU do cliente ${((cpu.user + cpu.system) / 1e6).toFixed(1).replace('.', ',')} s; 0 erros.`,
  );
}, 120_000);
