// Publish-to-live benchmark: a real PocketBase with the site's ten articles plus N
// generated CMS posts, the publisher beside it (as under `npm start`). Measures the
// cold build, then the time from saving a post as published to its article being
// served, and prints the ratio (incremental work: content-layer cache, unchanged
// images). Everything lives in a temporary folder; nothing is written to the repository.
//   node bench/standalone/publish.mjs [N=1000] [runs=3]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolvePocketBase } from '../../scripts/pocketbase.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { createPublisher, localBuildRunner, startPublishEndpoint } from '../../scripts/lib/publisher.mjs';

const count = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 3);
const work = mkdtempSync(path.join(tmpdir(), 'bench-publish-'));
const live = path.join(work, 'site', 'live');
const dataDir = path.join(work, 'pb_data');
const secret = randomBytes(16).toString('hex');
const CATEGORIES = ['Técnico', 'Negócios', 'Casos de Sucesso', 'Tutoriais'];

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

let server;
let endpoint;
try {
  const bin = await resolvePocketBase();
  const superuser = { email: 'bench@exemplo.com.br', password: randomBytes(12).toString('hex') };
  await upsertSuperuser({ bin, dataDir, ...superuser });

  /** @type {import('../../scripts/lib/publisher.mjs').BuildStatus[]} */
  const finished = [];
  let pocketbaseUrl = '';
  const publisher = createPublisher({
    debounceMs: 1000,
    run: localBuildRunner({
      liveLink: live,
      env: () => ({ ...process.env, POCKETBASE_URL: pocketbaseUrl }),
      cacheDir: path.join(work, 'astro-cache'),
    }),
    onStatus: (status) => {
      if (status.state === 'success' || status.state === 'failed') finished.push(status);
    },
  });
  // Seeding asks for rebuilds too; they are ignored until the measurements start.
  let accepting = false;
  endpoint = await startPublishEndpoint({
    publisher: { request: (reason, options) => (accepting ? publisher.request(reason, options) : null) },
    secret,
  });
  server = await startPocketBase({
    bin,
    port: await freePort(),
    dataDir,
    siteDir: live,
    env: { PUBLISHER_URL: endpoint.url, PUBLISH_SECRET: secret },
  });
  pocketbaseUrl = server.url;

  /**
   * @param {string} method @param {string} pathname @param {unknown} [body] @param {string} [token]
   * @returns {Promise<any>}
   */
  const api = async (method, pathname, body, token) => {
    const response = await fetch(`${pocketbaseUrl}${pathname}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const su = await api('POST', '/api/collections/_superusers/auth-with-password', {
    identity: superuser.email,
    password: superuser.password,
  });
  const settings = await api('GET', '/api/settings', null, su.token);
  await api('PATCH', '/api/settings', { rateLimits: { ...settings.rateLimits, excludedIPs: ['127.0.0.1'] } }, su.token);
  const password = 'Bench-Senha-123';
  await api('POST', '/api/collections/users/records', {
    email: 'editor@exemplo.com.br',
    password,
    passwordConfirm: password,
    full_name: 'Editora',
  });
  const editor = await api('POST', '/api/collections/users/auth-with-password', { identity: 'editor@exemplo.com.br', password });

  process.stderr.write(`[bench] Gerando ${count} posts no CMS…\n`);
  const day = Date.UTC(2016, 0, 1);
  for (let i = 1; i <= count; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - i + 1) }, (_, k) => i + k).map((n) =>
        api(
          'POST',
          '/api/collections/posts/records',
          {
            title: `Post de carga do CMS número ${n}`,
            slug: `post-carga-cms-${n}`,
            excerpt: `Post gerado para medir a publicação (${n}).`,
            content: `## Seção\n\nTexto do post ${n}, com **negrito**.\n\n\`\`\`cpp\nvoid loop() { delay(${n}); }\n\`\`\`\n`,
            category: CATEGORIES[n % 4],
            tags: ['carga', `grupo-${n % 20}`],
            status: 'published',
            published_at: new Date(day + n * 3_600_000).toISOString().replace('T', ' '),
          },
          editor.token,
        ),
      ),
    );
  }

  accepting = true;
  process.stderr.write('[bench] Build a frio (sem cache)…\n');
  publisher.request('build a frio', { immediate: true });
  await publisher.idle();
  const cold = finished.at(-1);
  if (cold?.state !== 'success') throw new Error(`o build a frio falhou:\n${cold?.log}`);
  const pages = cold.pages ?? 0;

  /** @type {number[]} */
  const toLive = [];
  /** @type {number[]} */
  const builds = [];
  for (let run = 1; run <= runs; run++) {
    const slug = `medida-publicacao-${run}-${Date.now()}`;
    const before = finished.length;
    const saved = Date.now();
    await api(
      'POST',
      '/api/collections/posts/records',
      { title: `Medida de publicação ${run}`, slug, content: 'Texto.', category: 'Técnico', status: 'published' },
      editor.token,
    );
    for (;;) {
      if ((await fetch(`${pocketbaseUrl}/blog/${slug}`)).status === 200) break;
      if (finished.length > before && finished.at(-1)?.state === 'failed')
        throw new Error(`build falhou:\n${finished.at(-1)?.log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    toLive.push(Date.now() - saved);
    await publisher.idle();
    builds.push(finished.at(-1)?.durationMs ?? 0);
    process.stderr.write(`[bench] medida ${run}: no ar em ${seconds(toLive.at(-1) ?? 0)}\n`);
  }

  const incremental = median(builds);
  console.log(`artigos no site: ${count + 10} (10 MDX + ${count} do CMS), ${pages} páginas`);
  console.log(`build a frio: ${seconds(cold.durationMs ?? 0)}`);
  console.log(`publicação até o ar (mediana de ${runs}): ${seconds(median(toLive))} (inclui 1 s de espera por rajadas)`);
  console.log(`rebuild após uma mudança (mediana): ${seconds(incremental)}`);
  console.log(`razão build a frio / rebuild: ${((cold.durationMs ?? 0) / Math.max(1, incremental)).toFixed(2)}×`);
  publisher.stop();
} finally {
  await server?.stop();
  await endpoint?.close();
  rmSync(work, { recursive: true, force: true });
}
