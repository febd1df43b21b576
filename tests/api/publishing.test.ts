/**
 * Publishing end to end, with real builds: PocketBase's hooks ask the publisher
 * (scripts/publish/publisher.mjs) for a rebuild, the publisher builds the site into a
 * fresh folder and swaps it in, and reports each build back into `site_builds`.
 * Also the deploy-hook mode, against a local webhook.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createPublisher,
  deployHookRunner,
  localBuildRunner,
  pocketBaseReporter,
  type BuildStatus,
} from '../../scripts/publish/publisher.mjs';
import { startPublishEndpoint } from '../../scripts/publish/endpoint.mjs';
import { currentBuild } from '../../scripts/publish/live-site.mjs';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';

const BUILD_TIMEOUT = 240_000;

let staff: StaffServer;
let tmp: string;
let live: string;
let endpoint: { url: string; close: () => Promise<void> };
const statuses: BuildStatus[] = [];
const secret = randomBytes(16).toString('hex');
let pocketbaseUrl = '';
/** The CMS address builds read; a test points it elsewhere to make a build fail. */
let buildCmsUrl = () => pocketbaseUrl;

const finished = () => statuses.filter((status) => status.state === 'success' || status.state === 'failed');
let report: (status: BuildStatus) => void = () => {};
const onStatus = (status: BuildStatus) => {
  statuses.push(status);
  report(status);
};

const localPublisher = () =>
  createPublisher({
    // Twice the product's quiet period: on a busy machine the saves a test makes
    // together may be more than the lone save's 0.5 s apart.
    debounceMs: 3000,
    onStatus,
    run: localBuildRunner({
      liveLink: live,
      env: () => ({ ...process.env, POCKETBASE_URL: buildCmsUrl(), PUBLIC_SITE_URL: 'http://127.0.0.1' }),
      cacheDir: path.join(tmp, 'astro-cache'),
    }),
  });
let active: ReturnType<typeof createPublisher>;

/** Waits until the active publisher has nothing queued or running (hooks answer first). */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await active.idle();
}

const page = (pathname: string) => fetch(`${pocketbaseUrl}${pathname}`);

/**
 * The site_builds row of a finished build, once the publisher's report has landed:
 * the publisher reports over HTTP after the build ends, so the row may still say
 * 'building' for a moment after the publisher is idle.
 */
async function reportedRow(id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await staff.admin.client
      .collection('site_builds')
      .getFirstListItem(staff.admin.client.filter('build_id = {:id}', { id }));
    if (row.state === 'success' || row.state === 'failed' || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'publicacao-'));
  live = path.join(tmp, 'site', 'live');
  active = localPublisher();
  endpoint = await startPublishEndpoint({ publisher: { request: (...args) => active.request(...args) }, secret });
  staff = await startStaffServer({
    siteDir: live,
    unthrottledLoopback: true,
    env: { PUBLISHER_URL: endpoint.url, PUBLISH_SECRET: secret },
  });
  pocketbaseUrl = staff.server.url;
  report = pocketBaseReporter({ pocketbaseUrl, secret });
  active.request('primeiro build', { immediate: true });
  await settled();
  expect(finished().at(-1)?.state, finished().at(-1)?.log).toBe('success');
}, BUILD_TIMEOUT);

afterAll(async () => {
  active?.stop();
  await endpoint?.close();
  await staff?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const post = (client: PocketBase, title: string, extra: Record<string, unknown> = {}) =>
  client.collection('posts').create({ title, content: `Texto de ${title}.`, category: 'Técnico', status: 'published', ...extra });

/** The pages in the live site's search index (Pagefind's entry, src/integrations/site-search.mjs). */
async function searchPages(): Promise<number> {
  const entry = (await (await page('/busca/pagefind-entry.json')).json()) as {
    languages: Record<string, { page_count: number }>;
  };
  return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
}

describe('rebuild on publish', () => {
  test(
    'a published post goes live, a draft does not, and two quick saves make one build',
    async () => {
      const before = finished().length;
      const indexed = await searchPages();
      const published = await post(staff.editor.client, 'Lançamento do novo módulo de relés');
      const draft = await post(staff.editor.client, 'Rascunho que não deve aparecer', { status: 'draft' });
      await staff.editor.client.collection('posts').update(published.id, { excerpt: 'Resumo revisado.' });
      await settled();

      expect(finished().length - before, 'uma só publicação para as três gravações').toBe(1);
      expect(finished().at(-1)!.state).toBe('success');
      const article = await page(`/blog/${published.slug}`);
      expect(article.status).toBe(200);
      expect(await article.text()).toContain('Lançamento do novo módulo de relés');
      expect((await page(`/blog/${draft.slug}`)).status).toBe(404);
      // The live site's search index has the published post, and not the draft.
      expect(await searchPages(), 'páginas no índice da busca').toBe(indexed + 1);

      // Staff read the outcome in the admin (its data provider's `site-builds` resource),
      // once the publisher's report of this build has landed.
      await reportedRow(finished().at(-1)!.id);
      const query = { sort: '["created","DESC"]', range: '[0,0]', filter: '{"state":["success"]}' };
      const rows = await staff.editor.client.send<{ id: string; state: string; mode: string; pages: number }[]>(
        '/api/admin/rest/site-builds',
        { query },
      );
      expect(rows[0]).toMatchObject({ id: finished().at(-1)!.id, state: 'success', mode: 'local' });
      expect(rows[0]!.pages).toBeGreaterThan(20);
      expect(await statusOf(staff.author.client.send('/api/admin/rest/site-builds', { query }))).toBe(403);
      expect(await statusOf(staff.author.client.collection('site_builds').getList(1, 1))).toBe(200);
      expect((await staff.author.client.collection('site_builds').getList(1, 1)).totalItems).toBe(0);
    },
    BUILD_TIMEOUT,
  );

  test(
    "an edit renders the edited post's page again and reuses the pages it does not change",
    async () => {
      const edited = await post(staff.editor.client, 'Post que será revisado depois');
      await settled();
      await staff.editor.client.collection('posts').update(edited.id, { excerpt: 'Resumo revisado depois da publicação.' });
      await settled();
      const build = finished().at(-1)!;
      expect(build.state, build.log).toBe('success');
      expect(build.rendered).toContain(`/blog/${edited.slug}/index.html`);
      // Products and most articles show nothing of the post: copied from the previous build.
      expect(build.rendered).not.toContain('/produtos/ops010/index.html');
      // The 7 products and the articles far from it in time; pages without getStaticPaths always render.
      expect(build.reused).toBeGreaterThan(10);
      expect(await (await page(`/blog/${edited.slug}`)).text()).toContain('Resumo revisado depois da publicação.');
    },
    BUILD_TIMEOUT,
  );

  test(
    "a product edited renders its page, its line's and, when its card changed, those listing it among their related products; not the other products' or lines'",
    async () => {
      const products = staff.editor.client.collection('products');
      const product = await products.getFirstListItem('slug = "opx1001"');
      // shared/site-catalog.json: OPS0150, OPS0154 and OPE100 show the OPX1-001 among their related products.
      const relatedTo = ['ops0150', 'ops0154', 'ope100'];
      const renderedBy = async (change: Record<string, unknown>) => {
        await products.update(product.id, change);
        await settled();
        const build = finished().at(-1)!;
        expect(build.state, build.log).toBe('success');
        for (const other of ['ops010', 'ops012', 'opm001'])
          expect(build.rendered, other).not.toContain(`/produtos/${other}/index.html`);
        return build.rendered;
      };

      // Its description is on its card (src/components/products/ProductCard.astro): the pages listing it show it.
      const described = await renderedBy({ description: 'Controlador multicanal, descrição revista para a publicação.' });
      for (const shown of ['opx1001', 'linha/opx', ...relatedTo]) {
        expect(described, shown).toContain(`/produtos/${shown}/index.html`);
      }
      expect(await (await page('/produtos/ops0150')).text()).toContain('descrição revista para a publicação');

      // A specification is not on a related product's card: only its own page and its line's (whose cards list specs).
      const specs = [...(product.specs as string[])];
      specs[0] = 'Especificação revista para a publicação';
      const specified = await renderedBy({ specs });
      for (const shown of ['opx1001', 'linha/opx']) expect(specified, shown).toContain(`/produtos/${shown}/index.html`);
      for (const kept of relatedTo) expect(specified, kept).not.toContain(`/produtos/${kept}/index.html`);
      expect(await (await page('/produtos/opx1001')).text()).toContain('Especificação revista para a publicação');
      expect(await (await page('/produtos/linha/opx')).text()).toContain('Especificação revista para a publicação');
    },
    BUILD_TIMEOUT,
  );

  test(
    "an edit of one page's section renders that page again and reuses the other pages",
    async () => {
      const pages = staff.editor.client.collection('pages');
      const before = (await currentBuild(live))!;
      const inode = async (build: string, file: string) => (await stat(path.join(build, file))).ino;
      // The home page: the seed's (pb_migrations/1795310800_site_pages.js), as on a fresh install.
      const home = await pages.getFirstListItem('is_homepage = true');
      const sections = (home.content as { sections: { type: string; title?: string }[] }).sections;
      const headline = 'Controladores industriais fabricados no Brasil para a sua máquina';
      sections.find((section) => section.type === 'hero')!.title = headline;
      await pages.update(home.id, { content: { sections } });
      await settled();
      const build = finished().at(-1)!;
      expect(build.state, build.log).toBe('success');
      const after = (await currentBuild(live))!;
      expect(await inode(after, 'index.html')).not.toBe(await inode(before, 'index.html'));
      expect(await (await page('/')).text()).toContain(headline);
      // The other pages share nothing with the home page's sections: the live build's files, kept.
      for (const other of ['quem-somos', 'projetos-sob-medida', 'clientes', 'contato']) {
        expect(await inode(after, `${other}/index.html`), other).toBe(await inode(before, `${other}/index.html`));
      }
    },
    BUILD_TIMEOUT,
  );

  test(
    'a publication works on what changed: an edit, an unpublish and a deletion reach the site, unchanged pages keep their files and compressions',
    async () => {
      const edited = await post(staff.editor.client, 'Post que muda de resumo');
      const unpublished = await post(staff.editor.client, 'Post que volta a rascunho');
      const deleted = await post(staff.editor.client, 'Post que será excluído');
      await settled();
      const before = (await currentBuild(live))!;
      const inode = async (build: string, file: string) => (await stat(path.join(build, file))).ino;

      await staff.editor.client.collection('posts').update(edited.id, { excerpt: 'Resumo que só a nova versão tem.' });
      await staff.editor.client.collection('posts').update(unpublished.id, { status: 'draft' });
      await staff.editor.client.collection('posts').delete(deleted.id);
      await settled();
      const build = finished().at(-1)!;
      expect(build.state, build.log).toBe('success');
      const after = (await currentBuild(live))!;
      expect(after).not.toBe(before);

      expect(await (await page(`/blog/${edited.slug}`)).text()).toContain('Resumo que só a nova versão tem.');
      expect((await page(`/blog/${unpublished.slug}`)).status).toBe(404);
      expect((await page(`/blog/${deleted.slug}`)).status).toBe(404);

      // A page the change does not touch is the same file, with the same compressions.
      for (const file of ['produtos/ops010/index.html', 'produtos/ops010/index.html.br', 'produtos/ops010/index.html.gz']) {
        expect(await inode(after, file), file).toBe(await inode(before, file));
      }
      // The edited post's page is a new file, compressed anew; the live build's file was never written through.
      const changed = `blog/${edited.slug}/index.html`;
      expect(await inode(after, changed)).not.toBe(await inode(before, changed));
      expect(brotliDecompressSync(await readFile(path.join(after, `${changed}.br`))).toString()).toContain(
        'Resumo que só a nova versão tem.',
      );
      expect(await readFile(path.join(before, changed), 'utf8')).not.toContain('Resumo que só a nova versão tem.');
      // Every page Astro reused is the live build's file, and compression left it alone.
      const [, , kept] = /(\d+) arquivo\(s\) a comprimir, (\d+) mantido\(s\) do build no ar/.exec(build.log ?? '') ?? [];
      expect(kept, build.log).toBeDefined();
      // (The count of reused pages comes from Astro's log lines, which parallel pages may interleave.)
      expect(Number(kept)).toBeGreaterThanOrEqual(build.reused ?? Infinity);
      expect(build.reused).toBeGreaterThan(10);
    },
    BUILD_TIMEOUT,
  );

  test(
    'a post the site cannot take is left out: the rest is published and the panel names it, with why',
    async () => {
      // A CMS slug that an MDX article already uses: the API accepts it (MDX lives in git).
      const clash = await post(staff.editor.client, 'Post que colide com um artigo', { slug: 'funcao-map-no-arduino' });
      const good = await post(staff.editor.client, 'Post publicado junto com o problemático');
      await settled();
      const build = finished().at(-1)!;
      expect(build.state, build.log).toBe('success');
      expect((await page(`/blog/${good.slug}`)).status).toBe(200);
      const article = await page('/blog/funcao-map-no-arduino');
      expect(article.status).toBe(200);
      expect(await article.text()).not.toContain('Post que colide com um artigo');
      expect(build.leftOut).toEqual([
        expect.objectContaining({ collection: 'posts', id: clash.id, label: 'Post que colide com um artigo' }),
      ]);

      // The admin's panel reads it from the `site-builds` resource, with what to fix.
      await reportedRow(build.id);
      const query = { sort: '["created","DESC"]', range: '[0,0]', filter: '{"state":["success"]}' };
      const [row] = await staff.editor.client.send<{ id: string; left_out: Record<string, string>[] }[]>(
        '/api/admin/rest/site-builds',
        { query },
      );
      expect(row!.id).toBe(build.id);
      expect(row!.left_out).toEqual([
        {
          collection: 'posts',
          id: clash.id,
          label: 'Post que colide com um artigo',
          entry: 'funcao-map-no-arduino',
          reason: expect.stringContaining('já é do artigo MDX src/content/blog/funcao-map-no-arduino.mdx'),
        },
      ]);

      await staff.editor.client.collection('posts').update(clash.id, { slug: 'post-que-nao-colide-mais' });
      await settled();
      expect(finished().at(-1)!.state).toBe('success');
      expect(finished().at(-1)!.leftOut).toEqual([]);
      expect((await page('/blog/post-que-nao-colide-mais')).status).toBe(200);
    },
    BUILD_TIMEOUT,
  );

  test(
    'a failing build leaves the live site served and is reported with its log',
    async () => {
      expect((await page('/blog')).status).toBe(200);
      // A CMS the build cannot read fails the whole build: posts are never dropped silently.
      const closed = `http://127.0.0.1:${await freePort()}`;
      buildCmsUrl = () => closed;
      try {
        active.request('teste de falha', { immediate: true });
        await settled();
      } finally {
        buildCmsUrl = () => pocketbaseUrl;
      }
      const failure = finished().at(-1)!;
      expect(failure.state).toBe('failed');
      expect(failure.log).toContain(`Não foi possível ler as configurações do CMS em ${closed}`);
      expect((await page('/blog')).status).toBe(200);

      const row = await reportedRow(failure.id);
      expect(row.state).toBe('failed');
      expect(row.log).toContain('Não foi possível ler');

      active.request('de volta', { immediate: true });
      await settled();
      expect(finished().at(-1)!.state, finished().at(-1)!.log).toBe('success');
    },
    BUILD_TIMEOUT,
  );

  test(
    "'Publicar agora' builds at once for admins and editors, and is refused to authors",
    async () => {
      const before = finished().length;
      // The admin's data provider creates a `site-builds` item (pb_hooks/publish.pb.js).
      const publishNow = (client: PocketBase) =>
        client.send('/api/admin/rest/site-builds', { method: 'POST', body: {} }) as Promise<{ id: string }>;
      expect(await statusOf(publishNow(staff.author.client))).toBe(403);
      expect(await statusOf(publishNow(staff.anonymous.client))).toBe(401);
      const queued = await publishNow(staff.editor.client);
      await settled();
      expect(finished().length - before).toBe(1);
      expect(finished().at(-1)!.id).toBe(queued.id);
      expect(finished().at(-1)!.reasons.join(' ')).toContain('Publicar agora');
    },
    BUILD_TIMEOUT,
  );

  test(
    'a comment goes live when approved, as inert text, rendering only its article again; a pending one never does',
    async () => {
      const article = 'funcao-map-no-arduino';
      const hostile = 'Ótimo! <script>window.__hacked = 1</script> <img src=x onerror=alert(1)> **negrito** veja www.exemplo.com';
      const pending = await staff.anonymous.client.collection('comments').create({
        article,
        name: 'Visitante paciente',
        email: 'paciente@exemplo.com.br',
        body: 'Ainda em moderação.',
        consent: true,
      });
      const approved = await staff.anonymous.client
        .collection('comments')
        .create({ article, name: 'Visitante curioso', email: 'curioso@exemplo.com.br', body: hostile, consent: true });
      await settled();
      const before = finished().length;
      await staff.editor.client.collection('comments').update(approved.id, { status: 'approved' });
      await settled();
      expect(finished().length).toBeGreaterThan(before);
      const build = finished().at(-1)!;
      expect(build.state, build.log).toBe('success');
      expect(build.rendered).toContain(`/blog/${article}/index.html`);
      expect(build.rendered).not.toContain('/blog/leitura-de-termopar-com-esp32/index.html');

      const html = await (await page(`/blog/${article}`)).text();
      expect(html).toMatch(/Comentários \(1\)/);
      expect(html).toContain('Visitante curioso');
      expect(html).toContain('&lt;script&gt;window.__hacked = 1&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; **negrito**');
      expect(html).not.toContain('<script>window.__hacked');
      expect(html).not.toContain('paciente');
      expect(html).not.toContain('curioso@exemplo.com.br');

      await staff.editor.client.collection('comments').update(pending.id, { status: 'spam' });
      await staff.editor.client.collection('comments').delete(approved.id);
      await settled();
      expect(await (await page(`/blog/${article}`)).text()).toMatch(/Comentários \(0\)/);
    },
    BUILD_TIMEOUT,
  );

  test('only the publisher may report builds', async () => {
    const response = await fetch(`${pocketbaseUrl}/api/site/builds/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Publish-Secret': 'errado' },
      body: JSON.stringify({ id: 'x', state: 'success', mode: 'local', reasons: [] }),
    });
    expect(response.status).toBe(403);
  });
});

describe('deploy-hook mode', () => {
  let webhook: Server;
  const calls: { body: string; authorization?: string }[] = [];

  beforeAll(async () => {
    // Fails once, then accepts: the publisher retries.
    webhook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        calls.push({ body, authorization: request.headers.authorization });
        response.writeHead(calls.length === 1 ? 502 : 200).end();
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    const { port } = webhook.address() as { port: number };
    active.stop();
    active = createPublisher({
      mode: 'deploy-hook',
      debounceMs: 500,
      onStatus,
      run: deployHookRunner({ url: `http://127.0.0.1:${port}/build`, attempts: 3, backoffMs: 100 }),
    });
  });
  afterAll(() => new Promise<void>((resolve) => webhook.close(() => resolve())));

  test('calls the webhook instead of building, retries, and records the outcome', async () => {
    await post(staff.editor.client, 'Post publicado na CDN');
    await settled();
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[1]!.body)).toMatchObject({ trigger: 'cms' });
    // No DEPLOY_HOOK_TOKEN: no credentials sent.
    expect(calls[1]!.authorization).toBeUndefined();
    expect(calls[1]!.body).toContain('Post publicado na CDN');
    const outcome = finished().at(-1)!;
    expect(outcome).toMatchObject({ state: 'success', mode: 'deploy-hook' });
    expect(outcome.log).toBe('Tentativa 1: HTTP 502\nTentativa 2: HTTP 200');
    await settled();
    expect(await reportedRow(outcome.id)).toMatchObject({ state: 'success', mode: 'deploy-hook' });
  });

  test("starts the GitHub workflow through GitHub's dispatches API, and the token never reaches the log", async () => {
    const token = `github_pat_${randomBytes(20).toString('hex')}`;
    const received: { method?: string; url?: string; headers: Record<string, string | string[] | undefined>; body: string }[] =
      [];
    // Answers as GitHub does: a bad token first (its message echoing what it got, to
    // prove the log hides it), then 204 No Content.
    const github = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ method: request.method, url: request.url, headers: request.headers, body });
        if (received.length === 1) {
          response
            .writeHead(401, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ message: `Bad credentials: ${request.headers.authorization}` }));
        } else {
          response.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
    const { port } = github.address() as { port: number };
    active.stop();
    active = createPublisher({
      mode: 'deploy-hook',
      debounceMs: 200,
      onStatus,
      run: deployHookRunner({ url: `http://127.0.0.1:${port}/repos/operium/site/dispatches`, token, backoffMs: 100 }),
    });
    try {
      active.request('posts: publicação', { immediate: true });
      await settled();
    } finally {
      await new Promise<void>((resolve) => github.close(() => resolve()));
    }

    expect(received).toHaveLength(2);
    for (const call of received) {
      expect(call.method).toBe('POST');
      expect(call.url).toBe('/repos/operium/site/dispatches');
      expect(call.headers.authorization).toBe(`Bearer ${token}`);
      expect(call.headers.accept).toBe('application/vnd.github+json');
      expect(call.headers['x-github-api-version']).toBe('2022-11-28');
      expect(call.headers['user-agent']).toBeTruthy();
      expect(JSON.parse(call.body)).toEqual({ event_type: 'publish' });
    }
    const outcome = finished().at(-1)!;
    expect(outcome).toMatchObject({ state: 'success', mode: 'deploy-hook' });
    expect(outcome.log).toBe('Tentativa 1: HTTP 401 {"message":"Bad credentials: Bearer ***"}\nTentativa 2: HTTP 204');
    await settled();
    const row = await reportedRow(outcome.id);
    expect(row).toMatchObject({ state: 'success', mode: 'deploy-hook' });
    expect(JSON.stringify(statuses)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
  });
});

describe('CMS content at build', () => {
  beforeAll(() => {
    active.stop();
    active = localPublisher();
  });

  test(
    'settings reach the footer, a page’s SEO its head, and a page made in the admin is rendered at its own path',
    async () => {
      const settings = staff.admin.client.collection('public_site_settings');
      const email = await settings.getFirstListItem('key = "contact_email"');
      await settings.update(email.id, { value: 'vendas@exemplo.com.br' });
      const pages = staff.editor.client.collection('pages');
      const home = await pages.getFirstListItem('is_homepage = true');
      await pages.update(home.id, {
        title: 'Controladores industriais feitos em SC',
        meta_description: 'Descrição vinda do CMS para a página inicial.',
      });
      await pages.create({
        name: 'Programa de parceiros',
        slug: 'parceiros-cms',
        title: 'Programa de parceiros',
        meta_description: 'Como integradores se tornam parceiros.',
        status: 'published',
        content: {
          sections: [
            {
              id: 'comofunciona',
              type: 'text',
              title: 'Como funciona',
              body: '**Benefícios** para integradores. <script>alert(1)</script>',
              style: 'plain',
            },
          ],
        },
      });
      await settled();
      expect(finished().at(-1)!.state, finished().at(-1)!.log).toBe('success');

      const homeHtml = await (await page('/')).text();
      expect(homeHtml).toContain('mailto:vendas@exemplo.com.br');
      expect(homeHtml).toContain('<title>Controladores industriais feitos em SC | Operium</title>');
      expect(homeHtml).toContain('<meta property="og:title" content="Controladores industriais feitos em SC | Operium">');
      expect(homeHtml).toContain('<meta name="description" content="Descrição vinda do CMS para a página inicial.">');
      const own = await page('/parceiros-cms');
      expect(own.status).toBe(200);
      const ownHtml = await own.text();
      expect(ownHtml).toContain('<strong>Benefícios</strong>');
      // A page made before the typed sections: its name as the h1, its section as a text section.
      expect(ownHtml).toMatch(/<h1[^>]*>\s*Programa de parceiros\s*<\/h1>/);
      expect(ownHtml).toMatch(/<h2[^>]*>\s*Como funciona\s*<\/h2>/);
      expect(ownHtml).not.toContain('<script>alert(1)</script>');
    },
    BUILD_TIMEOUT,
  );

  test(
    'a scheduled post goes live at its time without anyone acting',
    async () => {
      const at = new Date(Date.now() + 45_000);
      const scheduled = await post(staff.editor.client, 'Post agendado para daqui a pouco', {
        status: 'scheduled',
        published_at: at.toISOString().replace('T', ' '),
      });
      await settled();
      // Before its time it is not on the site (checked while still before it: on a
      // very busy machine the save's build can outlast the wait).
      const servedEarly = (await page(`/blog/${scheduled.slug}`)).status;
      if (Date.now() < at.getTime()) expect(servedEarly).toBe(404);
      // The build asked for its time runs then; the article is served soon after.
      await expect
        .poll(async () => (await page(`/blog/${scheduled.slug}`)).status, { timeout: 120_000, interval: 2_000 })
        .toBe(200);
      const liveAt = Date.now();
      console.log(`[publicação] post agendado no ar ${Math.round((liveAt - at.getTime()) / 1000)} s depois do horário`);
      expect(liveAt - at.getTime()).toBeLessThan(60_000 + 30_000);
    },
    BUILD_TIMEOUT,
  );
});
