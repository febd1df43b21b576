// Publishing, from an editor's save to the served page, at 100, 1,000 and 10,000 CMS
// posts: a real PocketBase with the site's hooks and the publisher beside it, as under
// `npm start` (its quiet period included). At each size, one run measures:
//   - the first build (no cache), as after seeding;
//   - a site-wide change (the site's title), which must render every page;
//   - a new, an edited and a deleted post, and a visitor's comment approved by the team,
//     which should cost what they change, not what the site holds (the goals: a new or
//     edited post is live within 5 s at every size, an edit at 10,000 posts costs at
//     most 1.5× one at 1,000);
//   - a site page edited (a section's title on Quem Somos), live no later than an edited post;
//   - a product edited in 'Produtos' (a specification of OPS010), with PRODUCTS products in
//     the catalogue, live no later than an edited post.
// Each build's phases and peak memory are printed with the table. Everything lives in
// a temporary folder; nothing is written to the repository.
//   node bench/publish.mjs                      100, 1,000 then 10,000 posts
//   PUBLISH_BENCH_SIZES=1000 PUBLISH_BENCH_RUNS=3 node bench/publish.mjs
//   PUBLISH_BENCH_FORCED=1 …                    also a full rebuild (`astro build --force`) per size
//   PUBLISH_BENCH_LOGS=DIR …                    each build's log (its last lines) in DIR, one file per save
// Long on purpose: one sequence of steps per size against one PocketBase
// and one publisher whose state (the finished builds, the next build's kind, the seeded
// posts) every step reads and changes, then one report; split, that state would be passed
// from file to file without making a step easier to read.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../scripts/lib/pocketbase-process.mjs';
import { createPublisher, localBuildRunner } from '../scripts/publish/publisher.mjs';
import { startPublishEndpoint } from '../scripts/publish/endpoint.mjs';
import { formatNumber, formatRatio, median, writeReport } from './lib/report.mjs';

const SIZES = (process.env.PUBLISH_BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
/** Saves of each kind per size; the table shows their median. */
const RUNS = Number(process.env.PUBLISH_BENCH_RUNS ?? 2);
/**
 * Pairs of a post edit and a page edit, one right after the other, per size: their ratio
 * is a goal, and one build's time varies by half on this shared machine, so more of them.
 */
const PAIR_RUNS = Math.max(RUNS, Number(process.env.PUBLISH_BENCH_PAIR_RUNS ?? 5));
const FORCED = process.env.PUBLISH_BENCH_FORCED === '1';
/** Where each build's log goes, if anywhere. */
const LOGS = process.env.PUBLISH_BENCH_LOGS;
/** Products in the catalogue (the seed's and copies of them), as the issue's goal states it. */
const PRODUCTS = Number(process.env.PUBLISH_BENCH_PRODUCTS ?? 100);
/** The goals (docs/desempenho.md): a new or edited post live within this, at every size… */
const POST_GOAL_MS = 5000;
/** …and an edit at the largest size at most this times one at the size ten times smaller. */
const GROWTH_GOAL = 1.5;
const MEMORY_GOAL_BYTES = 2 * 2 ** 30;
/** The search index adds at most this share to a publication's time, at 1,000 posts. */
const INDEX_SHARE_GOAL = 0.15;
const INDEX_GOAL_SIZE = 1000;
/** The search integration's line (src/integrations/site-search.mjs): how long indexing took. */
const INDEX_LINE = /índice de busca: .* em (\d+) ms/;
/** No save should take this long to be served; past it the bench stops with an error. */
const SERVED_TIMEOUT_MS = 15 * 60_000;
const CATEGORIES = ['Técnico', 'Negócios', 'Casos de Sucesso', 'Tutoriais'];
const PASSWORD = 'Bench-Senha-123';

/**
 * @typedef {import('../scripts/publish/publisher.mjs').BuildStatus} BuildStatus
 * @typedef {{ servedMs: number, build: BuildStatus }} Measure
 * @typedef {'incremental' | 'cold' | 'forced'} BuildKind
 */

/** @param {number} ms */
const seconds = (ms) => `${formatNumber(ms / 1000)} s`;
/** @param {number} bytes */
const megabytes = (bytes) => `${formatNumber(bytes / 2 ** 20, 0)} MB`;
const count = (/** @type {number} */ n) => formatNumber(n, 0);

const work = await mkdtemp(path.join(tmpdir(), 'bench-publish-'));
const live = path.join(work, 'site', 'live');
const cacheDir = path.join(work, 'astro-cache');
const dataDir = path.join(work, 'pb_data');
const secret = randomBytes(16).toString('hex');

/** @type {Awaited<ReturnType<typeof startPocketBase>> | undefined} */
let server;
/** @type {Awaited<ReturnType<typeof startPublishEndpoint>> | undefined} */
let endpoint;
/** @type {ReturnType<typeof createPublisher> | undefined} */
let publisher;
try {
  const bin = await resolvePocketBase();
  const superuser = { email: 'bench@exemplo.com.br', password: randomBytes(12).toString('hex') };
  await upsertSuperuser({ bin, dataDir, ...superuser });

  /** @type {BuildStatus[]} */
  const finished = [];
  let pocketbaseUrl = '';
  /** @type {BuildKind} */
  let nextKind = 'incremental';
  const env = () => ({ ...process.env, POCKETBASE_URL: pocketbaseUrl });
  // Publications go through one runner, whose build process stays between them as under
  // `npm start`; a cold build (no cache at all) and a full rebuild each run in a new process.
  const publications = localBuildRunner({ liveLink: live, env, cacheDir });
  /** @type {import('../scripts/publish/publisher.mjs').Runner} */
  const run = async (status, report) => {
    const kind = nextKind;
    nextKind = 'incremental';
    if (kind === 'incremental') return publications(status, report);
    if (kind === 'cold') await rm(cacheDir, { recursive: true, force: true });
    const once = localBuildRunner({ liveLink: live, env, cacheDir, force: kind === 'forced' });
    try {
      return await once(status, report);
    } finally {
      once.close?.();
    }
  };
  run.prepare = () => publications.prepare?.();
  run.close = () => publications.close?.();
  publisher = createPublisher({
    // The kind of the next build is chosen by the measurement.
    run,
    onStatus: (status) => {
      if (status.state === 'success' || status.state === 'failed') finished.push(status);
    },
  });
  const active = publisher;
  // Seeding asks for publications too; they are ignored until the measurements start.
  let accepting = false;
  endpoint = await startPublishEndpoint({
    publisher: { request: (reason, options) => (accepting ? active.request(reason, options) : null) },
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
  // The first account is the site's administrator: it may change the site's settings.
  await api('POST', '/api/collections/users/records', {
    email: 'admin@exemplo.com.br',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    full_name: 'Administradora',
  });
  const admin = await api('POST', '/api/collections/users/auth-with-password', {
    identity: 'admin@exemplo.com.br',
    password: PASSWORD,
  });
  const token = admin.token;

  const firstPost = Date.UTC(2016, 0, 1);
  /** @param {number} n */
  const seedPost = (n) => ({
    title: `Post de carga do CMS número ${n}`,
    slug: `post-carga-cms-${n}`,
    excerpt: `Post gerado para medir a publicação (${n}).`,
    content: `## Seção\n\nTexto do post ${n}, com **negrito**.\n\n\`\`\`cpp\nvoid loop() { delay(${n}); }\n\`\`\`\n`,
    category: CATEGORIES[n % CATEGORIES.length],
    tags: ['carga', `grupo-${n % 20}`],
    status: 'published',
    // An hour apart, oldest first: the newest seeded post is well before today's saves.
    published_at: new Date(firstPost + n * 3_600_000).toISOString().replace('T', ' '),
  });
  // The catalogue grown to PRODUCTS published products: copies of the seeded ones (their
  // site images too, which a superuser may name), each at an address of its own.
  const seeded = (await api('GET', '/api/collections/products/records?perPage=500', null, su.token)).items;
  for (let n = seeded.length + 1; n <= PRODUCTS; n++) {
    const source = seeded[n % seeded.length];
    const kept = [
      'line',
      'order',
      'description',
      'tagline',
      'specs',
      'catalogue_specs',
      'key_features',
      'applications',
      'images',
    ];
    const copy = Object.fromEntries(kept.map((name) => [name, source[name]]));
    const names = { slug: `produto-carga-${n}`, model: `CARGA${n}`, name: `Produto de carga ${n}`, status: 'published' };
    await api('POST', '/api/collections/products/records', { ...copy, ...names }, su.token);
  }
  const [bench] = (
    await api('GET', `/api/collections/products/records?filter=${encodeURIComponent('slug="ops010"')}`, null, token)
  ).items;

  /** @param {number} from @param {number} to */
  const seed = async (from, to) => {
    const started = Date.now();
    for (let n = from; n <= to; n += 25) {
      const batch = Array.from({ length: Math.min(25, to - n + 1) }, (_, k) => n + k);
      await Promise.all(batch.map((i) => api('POST', '/api/collections/posts/records', seedPost(i), token)));
    }
    process.stderr.write(`[bench] ${count(to - from + 1)} posts criados pela API em ${seconds(Date.now() - started)}\n`);
  };

  /**
   * Saves something, then polls the served site until `served()` holds; the
   * publication that made it is the last one finished once the publisher is idle.
   * @param {string} label @param {() => Promise<unknown>} save @param {() => Promise<boolean>} served
   * @returns {Promise<Measure>}
   */
  const measure = async (label, save, served) => {
    const before = finished.length;
    const startedAt = Date.now();
    await save();
    for (;;) {
      if (await served()) break;
      const failed = finished.slice(before).find((build) => build.state === 'failed');
      if (failed) throw new Error(`${label}: a publicação falhou:\n${failed.log}`);
      if (Date.now() - startedAt > SERVED_TIMEOUT_MS) throw new Error(`${label}: não entrou no ar em 15 min`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const servedMs = Date.now() - startedAt;
    await active.idle();
    const build = finished.at(-1);
    if (!build || finished.length === before) throw new Error(`${label}: nenhuma publicação registrada`);
    process.stderr.write(
      `[bench] ${label}: no ar em ${seconds(servedMs)} (build ${seconds(build.durationMs ?? 0)}, ` +
        `${build.renderedCount ?? build.rendered?.length ?? 0} páginas geradas, ${build.reused ?? 0} reaproveitadas)\n`,
    );
    if (LOGS) {
      await mkdir(LOGS, { recursive: true });
      const rendered = `Páginas geradas:\n${(build.rendered ?? []).join('\n')}\n\n`;
      await writeFile(path.join(LOGS, `${label.replace(/[^\w.-]+/g, '_')}.log`), rendered + (build.log ?? ''));
    }
    return { servedMs, build };
  };
  /** A whole build asked for at once ('Publicar agora'), of the given kind. @param {BuildKind} kind @param {string} label */
  const buildNow = (kind, label) => {
    const before = finished.length;
    return measure(
      label,
      async () => {
        nextKind = kind;
        active.request(label, { immediate: true });
      },
      async () => finished.length > before,
    );
  };
  /** @param {string} pathname */
  const page = (pathname) => fetch(`${pocketbaseUrl}${pathname}`);
  /** @param {string} pathname @param {string} text */
  const shows = async (pathname, text) => {
    const response = await page(pathname);
    return response.status === 200 && (await response.text()).includes(text);
  };

  /** @type {import('./lib/report.mjs').BenchRow[]} */
  const rows = [];
  /** @type {string[]} */
  const notes = [];
  /** The median edit at each size, for the growth goal. @type {Map<number, number>} */
  const editAt = new Map();
  let postsSeeded = 0;
  for (const size of SIZES) {
    accepting = false;
    await seed(postsSeeded + 1, size);
    postsSeeded = size;
    accepting = true;
    const posts = count(size);

    const cold = await buildNow('cold', `${posts} posts: build a frio`);
    const forced = FORCED ? await buildNow('forced', `${posts} posts: rebuild completo`) : null;
    /** @type {Record<'site' | 'created' | 'edited' | 'deleted' | 'comment' | 'page' | 'product', Measure[]>} */
    const changes = { site: [], created: [], edited: [], deleted: [], comment: [], page: [], product: [] };
    const setting = await api(
      'GET',
      `/api/collections/public_site_settings/records?filter=${encodeURIComponent('key="site_title"')}`,
      null,
      token,
    );
    const titleId = setting.items[0]?.id;
    if (!titleId) throw new Error('a configuração site_title não existe');
    for (let run = 1; run <= RUNS; run++) {
      const title = `Operium Bench ${size}-${run}`;
      changes.site.push(
        await measure(
          `${posts} posts: título do site (${run})`,
          () => api('PATCH', `/api/collections/public_site_settings/records/${titleId}`, { value: title }, token),
          () => shows('/', title),
        ),
      );
    }
    // A site page edited as in 'Páginas' (Quem Somos' first text section gets a new title),
    // measured right after each post edit: the pair compared shares the machine's moment.
    const [about] = (
      await api('GET', `/api/collections/pages/records?filter=${encodeURIComponent('slug="quem-somos"')}`, null, token)
    ).items;
    for (let run = 1; run <= RUNS; run++) {
      const slug = `medida-publicacao-${size}-${run}`;
      changes.created.push(
        await measure(
          `${posts} posts: post novo (${run})`,
          () =>
            api(
              'POST',
              '/api/collections/posts/records',
              { title: `Medida de publicação ${run}`, slug, content: 'Texto.', category: 'Técnico', status: 'published' },
              token,
            ),
          async () => (await page(`/blog/${slug}`)).status === 200,
        ),
      );
      const gone = `post-carga-cms-${Math.round(size / 3) + run}`;
      const [deleted] = (
        await api('GET', `/api/collections/posts/records?filter=${encodeURIComponent(`slug="${gone}"`)}`, null, token)
      ).items;
      changes.deleted.push(
        await measure(
          `${posts} posts: post excluído (${run})`,
          () => api('DELETE', `/api/collections/posts/records/${deleted.id}`, null, token),
          async () => (await page(`/blog/${gone}`)).status === 404,
        ),
      );
      // A comment waiting for moderation asks for no publication; approving it does.
      const commented = `post-carga-cms-${Math.round(size / 4) + run}`;
      const body = `Comentário aprovado na medida ${size}-${run}.`;
      const comment = await api(
        'POST',
        '/api/collections/comments/records',
        { article: commented, name: 'Leitora da medida', email: 'leitora@exemplo.com.br', body },
        token,
      );
      changes.comment.push(
        await measure(
          `${posts} posts: comentário aprovado (${run})`,
          () => api('PATCH', `/api/collections/comments/records/${comment.id}`, { status: 'approved' }, token),
          () => shows(`/blog/${commented}`, body),
        ),
      );
    }

    for (let run = 1; run <= PAIR_RUNS; run++) {
      // Posts in the middle of the archive: their neighbours and list pages change with them.
      const target = `post-carga-cms-${Math.round(size / 2) + run}`;
      const [edited] = (
        await api('GET', `/api/collections/posts/records?filter=${encodeURIComponent(`slug="${target}"`)}`, null, token)
      ).items;
      const newTitle = `Post revisado na medida ${size}-${run}`;
      changes.edited.push(
        await measure(
          `${posts} posts: post editado (${run})`,
          () => api('PATCH', `/api/collections/posts/records/${edited.id}`, { title: newTitle }, token),
          () => shows(`/blog/${target}`, newTitle),
        ),
      );
      const heading = `Nossa história, revista na medida ${size}-${run}`;
      const sections = about.content.sections.map((/** @type {{ type: string }} */ section, /** @type {number} */ index) =>
        index === about.content.sections.findIndex((/** @type {{ type: string }} */ item) => item.type === 'text')
          ? { ...section, title: heading }
          : section,
      );
      changes.page.push(
        await measure(
          `${posts} posts: página editada (${run})`,
          () => api('PATCH', `/api/collections/pages/records/${about.id}`, { content: { sections } }, token),
          () => shows('/quem-somos', heading),
        ),
      );
      // A product edited as in 'Produtos': its first specification, right after the same post edit.
      const spec = `Alimentação revista na medida ${size}-${run}`;
      changes.product.push(
        await measure(
          `${posts} posts: produto editado (${run})`,
          () => api('PATCH', `/api/collections/products/records/${bench.id}`, { specs: [spec, ...bench.specs.slice(1)] }, token),
          () => shows('/produtos/ops010', spec),
        ),
      );
    }

    const served = (/** @type {Measure[]} */ list) => median(list.map((item) => item.servedMs));
    const site = served(changes.site);
    for (const [kind, label] of /** @type {const} */ ([
      ['created', 'post novo'],
      ['edited', 'post editado'],
      ['deleted', 'post excluído'],
      ['comment', 'comentário aprovado'],
    ])) {
      const ours = served(changes[kind]);
      const goaled = kind === 'created' || kind === 'edited';
      rows.push({
        measure: `${posts} posts: ${label}, do salvar ao ar`,
        ours: seconds(ours),
        peer: `${seconds(site)} (título do site)`,
        ratio: formatRatio(ours / site),
        goal: goaled ? `≤ ${seconds(POST_GOAL_MS)}` : '—',
        ok: !goaled || ours <= POST_GOAL_MS,
      });
    }
    rows.push({
      measure: `${posts} posts: página editada (Quem Somos), do salvar ao ar`,
      ours: seconds(served(changes.page)),
      peer: `${seconds(served(changes.edited))} (post editado)`,
      ratio: formatRatio(served(changes.page) / served(changes.edited)),
      goal: '≤ 1,00×',
      ok: served(changes.page) <= served(changes.edited),
    });
    rows.push({
      measure: `${posts} posts, ${count(PRODUCTS)} produtos: produto editado (OPS010), do salvar ao ar`,
      ours: seconds(served(changes.product)),
      peer: `${seconds(served(changes.edited))} (post editado)`,
      ratio: formatRatio(served(changes.product) / served(changes.edited)),
      goal: '≤ 1,00×',
      ok: served(changes.product) <= served(changes.edited),
    });
    // What the search index adds to an edit: its time in the build's log, against the whole wait.
    const indexMs = median(changes.edited.map((item) => Number(INDEX_LINE.exec(item.build.log ?? '')?.[1] ?? NaN)));
    if (Number.isFinite(indexMs)) {
      const share = indexMs / served(changes.edited);
      rows.push({
        measure: `${posts} posts: índice de busca num post editado`,
        ours: seconds(indexMs),
        peer: `${seconds(served(changes.edited))} (post editado, do salvar ao ar)`,
        ratio: `${formatNumber(share * 100, 0)} %`,
        goal: size === INDEX_GOAL_SIZE ? `≤ ${formatNumber(INDEX_SHARE_GOAL * 100, 0)} %` : '—',
        ok: size !== INDEX_GOAL_SIZE || share <= INDEX_SHARE_GOAL,
      });
    }
    editAt.set(size, served(changes.edited));
    const smaller = editAt.get(size / 10);
    if (smaller) {
      const growth = served(changes.edited) / smaller;
      rows.push({
        measure: `${posts} posts: post editado, contra ${count(size / 10)} posts`,
        ours: seconds(served(changes.edited)),
        peer: seconds(smaller),
        ratio: formatRatio(growth),
        goal: `≤ ${formatRatio(GROWTH_GOAL)}`,
        ok: growth <= GROWTH_GOAL,
      });
    }
    if (forced) {
      rows.push({
        measure: `${posts} posts: título do site (todas as páginas), do salvar ao ar`,
        ours: seconds(site),
        peer: `${seconds(forced.servedMs)} (rebuild completo)`,
        ratio: formatRatio(site / forced.servedMs),
        goal: '≤ 1,00×',
        ok: site <= forced.servedMs,
      });
    }
    rows.push({
      measure: `${posts} posts: primeiro build (sem cache), até o ar`,
      ours: seconds(cold.servedMs),
      peer: `${seconds(site)} (título do site)`,
      ratio: formatRatio(cold.servedMs / site),
      goal: '—',
      ok: true,
    });
    const all = [cold, ...(forced ? [forced] : []), ...Object.values(changes).flat()];
    const peak = Math.max(...all.map((item) => item.build.peakMemoryBytes ?? 0));
    rows.push({
      measure: `${posts} posts: pico de memória de um build`,
      ours: peak ? megabytes(peak) : 'sem /proc',
      peer: '—',
      ratio: '—',
      goal: `< ${megabytes(MEMORY_GOAL_BYTES)}`,
      ok: peak > 0 && peak < MEMORY_GOAL_BYTES,
    });

    const phasesOf = (/** @type {Measure} */ item) =>
      (item.build.phases ?? []).map((phase) => `${phase.stage} ${seconds(phase.ms)}`).join(' · ');
    notes.push(
      `${posts} posts (${count(cold.build.pages ?? 0)} páginas), fases de cada build:`,
      ...[
        ['primeiro build', cold],
        ...(forced ? [['rebuild completo', forced]] : []),
        ['título do site', changes.site.at(-1)],
        ['post novo', changes.created.at(-1)],
        ['post editado', changes.edited.at(-1)],
        ['post excluído', changes.deleted.at(-1)],
        ['comentário aprovado', changes.comment.at(-1)],
        ['página editada', changes.page.at(-1)],
        ['produto editado', changes.product.at(-1)],
      ].map(([label, item]) => {
        const measured = /** @type {Measure} */ (item);
        return (
          `  ${label}: ${phasesOf(measured)}; ${count(measured.build.renderedCount ?? measured.build.rendered?.length ?? 0)} páginas geradas, ` +
          `${count(measured.build.reused ?? 0)} copiadas do build anterior` +
          (measured.build.peakMemoryBytes ? `, pico de memória ${megabytes(measured.build.peakMemoryBytes)}` : '')
        );
      }),
    );
  }
  notes.push(
    `"Do salvar ao ar" vai da gravação pela API até o site servido mostrar a mudança, com a espera do ` +
      `publicador por gravações em sequência (0,5 s para uma gravação sozinha); mediana de ${RUNS} gravações de cada tipo (${PAIR_RUNS} de post editado, de página editada e de produto editado). ` +
      `Cada página e cada produto editados são medidos logo depois de um post editado, para a comparação dividir o mesmo momento da máquina; ` +
      `o catálogo tem ${count(PRODUCTS)} produtos publicados (os semeados e cópias deles).`,
  );
  await writeReport('publish', {
    title: `Publicação: do salvar ao ar, com ${SIZES.map(count).join(', ')} posts no CMS`,
    rows,
    notes,
  });
} finally {
  publisher?.stop();
  await server?.stop();
  await endpoint?.close();
  await rm(work, { recursive: true, force: true });
}
