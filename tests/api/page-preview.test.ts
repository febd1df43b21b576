/**
 * A page's preview (POST /api/site/preview/page): its sections rendered by the site's
 * own Astro components in the publisher's Node process (scripts/publish/endpoint.mjs),
 * each marked with its `data-section-id`, the Markdown fields through the site's
 * pipeline; for admins and editors only, and never for sections the site would refuse.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sectionProblems } from '../../shared/page-sections.js';
import { renderPagePreview, startPublishEndpoint } from '../../scripts/publish/endpoint.mjs';
import { siteComponentRenderer } from '../../scripts/publish/site-components.mjs';
import { createArticleRenderer, renderArticle } from '../../src/lib/markdown/render';
import { uploadPng } from '../helpers/images';
import { caseVariants } from '../helpers/key-spellings';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

const secret = randomBytes(16).toString('hex');
let s: StaffServer;
let endpoint: { url: string; close: () => Promise<void> };
/** The Astro cache of the publisher's builds, with the content store a build leaves there. */
const buildCache = mkdtempSync(path.join(tmpdir(), 'previa-paginas-'));
const contentStore = path.join(buildCache, 'data-store.json');

/** Writes a content store holding one testimonial for Clientes, as a build would (devalue's flat form of Astro's maps). */
function publishTestimonial(name: string, at: Date) {
  const data = { name: 6, company: 7, role: 8, quote: 9, page: 10, order: 11 };
  const store: unknown[] = [['Map', 1, 2], 'testimonials', ['Map', 3, 4], 'depoimento1', { id: 3, data: 5 }, data];
  store.push(name, 'Metalúrgica Sul', '', 'Entrega no prazo.', 'clientes', 1);
  writeFileSync(contentStore, JSON.stringify(store));
  utimesSync(contentStore, at, at);
}

/** Writes a content store holding one partner whose logo is a site file, as a build would. */
function publishPartner(fullName: string) {
  const data = { name: 6, fullName: 7, kind: 8, order: 9, builtin: 10 };
  const store: unknown[] = [['Map', 1, 2], 'partners', ['Map', 3, 4], 'fiesc', { id: 3, data: 5 }, data];
  store.push('FIESC', fullName, 'Federação industrial', 1, 'partners/fiesc.svg');
  writeFileSync(contentStore, JSON.stringify(store));
}

beforeAll(async () => {
  publishTestimonial('Ana Souza', new Date(Date.now() - 60_000));
  // The site's own page component (PAGE_COMPONENT), as `npm start` runs it.
  endpoint = await startPublishEndpoint({ secret, renderEnv: { ...process.env, ASTRO_CACHE_DIR: buildCache } });
  s = await startStaffServer({ unthrottledLoopback: true, env: { PREVIEW_URL: endpoint.url, PUBLISH_SECRET: secret } });
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await endpoint?.close();
  rmSync(buildCache, { recursive: true, force: true });
});

type Client = StaffServer['author']['client'];

/**
 * The status of a GET of `pathname` sent as written (fetch() would resolve its `..`
 * first), after the redirect Go's router answers a path with `..` by, to its clean form.
 */
function rawStatus(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(new URL(s.server.url), { path: pathname }, (response) => {
      response.resume();
      const location = response.headers.location;
      if (response.statusCode === 307 && location?.startsWith('/')) rawStatus(location).then(resolve, reject);
      else resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}
const previewBody = (client: Client, body: Record<string, unknown>) =>
  client.send<{ html: string; css: string }>('/api/site/preview/page', { method: 'POST', body });
const preview = (client: Client, sections: unknown, page: { name?: string; description?: string } = {}) =>
  previewBody(client, { ...page, sections });

const header = { id: 'cabecalho1', type: 'page_header', eyebrow: '', title: 'Quem Somos', subtitle: 'Tecnologia nacional.' };
const text = {
  id: 'historia1',
  type: 'text',
  title: 'Nossa história',
  note: '',
  body: '## Começo\n\nFeito **no Brasil**.\n\n<script>alert(1)</script>',
  style: 'plain',
};
/** A section the site refuses: a page header without its title, and a field it does not have. */
const broken = { id: 'quebrada1', type: 'page_header', title: '', color: 'azul' };

describe('the page preview renders as the site publishes', () => {
  test('an editor gets each section as the site renders it, marked with its id', async () => {
    const { html } = await preview(s.editor.client, [header, text]);
    expect(html).toContain('data-section-id="cabecalho1"');
    expect(html).toContain('data-section-id="historia1"');
    // The site's own components (src/components/ui/PageHero.astro for the header), with their classes.
    expect(html).toMatch(/<h1 class="[^"]*text-3xl[^"]*">Quem Somos<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Nossa história<\/h2>/);
    expect(html.indexOf('cabecalho1')).toBeLessThan(html.indexOf('historia1'));
    // The Markdown field through the site's pipeline: the same HTML as the build's, no script.
    const body = (await renderArticle(await createArticleRenderer(), text.body)).html;
    expect(body).toContain('<strong>no Brasil</strong>');
    expect(html).toContain(body);
    expect(html).not.toContain('<script>alert');
  });

  test('a page without a header of its own gets its name and description as the site’s h1', async () => {
    const { html } = await preview(s.editor.client, [text], { name: 'Garantia', description: 'O que cobrimos.' });
    expect(html).toMatch(/<h1 class="[^"]*">Garantia<\/h1>/);
    expect(html).toContain('O que cobrimos.');
    // With its own header, the page's name is not a second h1.
    const own = (await preview(s.editor.client, [header, text], { name: 'Garantia' })).html;
    expect(own.match(/<h1/g)).toHaveLength(1);
    expect(own).not.toContain('>Garantia<');
  });

  test('a section that left out optional fields renders with them empty, as the build fills them', async () => {
    const { html } = await preview(s.editor.client, [{ id: 'curta1', type: 'text', title: 'Curta', body: 'Só isto.' }]);
    expect(html).toContain('data-section-id="curta1"');
    expect(html).toContain('Só isto.');
  });

  test('an admin may ask too, and an empty page is its name alone', async () => {
    expect((await preview(s.admin.client, [header])).html).toContain('Quem Somos');
    const empty = (await preview(s.admin.client, [], { name: 'Vazia' })).html;
    expect(empty).toMatch(/<h1 class="[^"]*">Vazia<\/h1>/);
    expect(empty).not.toContain('data-section-id');
  });

  test('an image of the media library in a Markdown field gets its size', async () => {
    const src = await uploadPng(s.editor.client, 1200, 600, 'Placa vista de cima');
    const { html } = await preview(s.editor.client, [{ ...text, body: `![Placa vista de cima](${src})` }]);
    expect(html).toContain(`src="${src}"`);
    expect(html).toContain('width="1200" height="600"');
  });

  test('a hero’s image chosen from Mídia shows in place of the illustration, with its size and thumbnails', async () => {
    const src = await uploadPng(s.editor.client, 1200, 600, 'Bancada de testes');
    const id = src.split('/')[4]!;
    const hero = { id: 'heroi2', type: 'hero', title: 'Controladores', image: id, image_alt: 'Bancada de testes' };
    const { html } = await preview(s.editor.client, [hero]);
    const img = /<img [^>]*>/.exec(html.slice(html.indexOf('data-section-id="heroi2"')))![0];
    expect(img).toContain(`src="${src}"`);
    expect(img).toContain(`srcset="${src}?thumb=480x0 480w, ${src}?thumb=768x0 768w, ${src} 1200w"`);
    expect(img).toContain('width="1200"');
    expect(img).toContain('height="600"');
    expect(img).toContain('alt="Bancada de testes"');
    expect(html).not.toContain('artwork/linha-s.png');
    // Without a chosen image, the controller's illustration.
    expect((await preview(s.editor.client, [{ ...hero, image: '' }])).html).toContain('artwork/linha-s.png');
  });

  test('a section showing a collection shows it as the last build read it, and the next build’s once published', async () => {
    const testimonials = { id: 'depoimentos1', type: 'testimonials', title: 'Depoimentos', group: 'clientes', columns: '3' };
    expect(sectionProblems([testimonials])).toEqual([]);
    expect((await preview(s.editor.client, [testimonials])).html).toContain('Ana Souza');
    publishTestimonial('Bruno Lima', new Date());
    const { html } = await preview(s.editor.client, [testimonials]);
    expect(html).toContain('Bruno Lima');
    expect(html).not.toContain('Ana Souza');
  });

  test('a partners section shows the partners as the last build read them, a site logo file fetched from the API', async () => {
    publishPartner('Federação das Indústrias de Santa Catarina (prévia)');
    const { html } = await preview(s.editor.client, [{ id: 'parceiros1', type: 'partners', title: 'Parceiros' }]);
    expect(html).toContain('alt="Federação das Indústrias de Santa Catarina (prévia)"');
    expect(html).toContain('src="/api/site/preview/asset/partners/fiesc.svg"');
    const response = await fetch(`${s.server.url}/api/site/preview/asset/partners/fiesc.svg`);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
  });

  test('the site’s own images are fetched from the API, whole, and nothing else of the checkout is', async () => {
    const hero = { id: 'heroi1', type: 'hero', title: 'Controladores', image_alt: 'Controlador da linha S' };
    const { html } = await preview(s.editor.client, [hero]);
    const addresses = [...html.matchAll(/(?:src|srcset)="([^"]+)"/g)].flatMap((match) =>
      match[1]!.split(',').map((entry) => entry.trim().split(/\s+/)[0]!),
    );
    expect(addresses.length).toBeGreaterThan(0);
    expect(html).not.toMatch(/\/@fs|\/_image\?/);
    for (const address of new Set(addresses)) {
      expect(address).toMatch(/^\/api\/site\/preview\/asset\/[a-z0-9/_-]+\.png$/);
      const response = await fetch(`${s.server.url}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const file = readFileSync(path.join('src/assets', address.slice('/api/site/preview/asset/'.length)));
      expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
    }
    // An image is found at that address; source files, other folders and climbing out are not.
    expect(await rawStatus('/api/site/preview/asset/artwork/linha-s.png')).toBe(200);
    for (const other of [
      'artwork/linha-s.png.ts',
      '../lib/cms/sections.ts',
      '..%2F..%2Fpackage.json',
      '%2e%2e/%2e%2e/pb_data/data.db',
      '../../../etc/passwd',
      'partners/../../pages/contato.png',
      'artwork',
    ])
      expect(await rawStatus(`/api/site/preview/asset/${other}`), other).toBe(404);
  });

  test('the styles a page component brings itself come beside its HTML', async () => {
    const components = siteComponentRenderer();
    try {
      const page = { name: '', description: '', sections: [{ id: 'estilo1' }] };
      const { html, css } = await renderPagePreview(page, [], {
        component: '/tests/fixtures/page-preview/Styled.astro',
        components,
      });
      // Astro scopes a component's <style> to its elements with a data-astro-cid-… attribute.
      const scope = /data-astro-cid-([a-z0-9]+)/.exec(html)?.[1];
      expect(scope).toBeTruthy();
      expect(css).toMatch(new RegExp(`\\.styled\\[data-astro-cid-${scope}\\]\\s*\\{\\s*scroll-margin-top:\\s*6rem`));
    } finally {
      await components.close();
    }
  }, 60_000);

  test('the round trip after the first preview (printed, not asserted)', async () => {
    await preview(s.editor.client, [header, text]);
    const times: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const start = performance.now();
      await preview(s.editor.client, [{ ...header, title: `Quem Somos ${i}` }, text]);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `[pré-visualização de página] ida e volta: mediana ${times[5]!.toFixed(1)} ms, máxima ${times[9]!.toFixed(1)} ms`,
    );
  });
});

describe('only those who may edit pages, only sections the site takes', () => {
  test('authors and inactive accounts 403, anonymous 401', async () => {
    expect(await statusOf(preview(s.author.client, [header]))).toBe(403);
    expect(await statusOf(preview(s.inactive.client, [header]))).toBe(403);
    expect(await statusOf(preview(s.anonymous.client, [header]))).toBe(401);
  });

  test('sections the site would refuse are refused with their pt-BR problems', async () => {
    const error = await preview(s.editor.client, [header, broken]).then(
      () => null,
      (failure: { status: number; response: { message: string; data: { sections?: { message: string } } } }) => failure,
    );
    const problems = sectionProblems([header, broken]);
    expect(problems).toEqual([
      'Seção 2 (Cabeçalho da página): campo desconhecido “color”.',
      'Seção 2 (Cabeçalho da página): Título: preencha este campo.',
    ]);
    expect(error?.status).toBe(400);
    expect(error?.response.message).toBe(problems.join(' '));
    expect(error?.response.data.sections?.message).toBe(problems.join(' '));
    expect(await statusOf(preview(s.editor.client, 'não é uma lista'))).toBe(400);
  });

  test('a page larger than a save takes is refused as the save refuses it, a larger body before it is read', async () => {
    // Each body within a text section's 20,000 characters; together past the pages' 200 KB.
    const long = Array.from({ length: 12 }, (_, index) => ({ ...text, id: `longa${index}`, body: 'á'.repeat(19_000) }));
    expect(sectionProblems(long)).toEqual([]);
    // Several times: the body, over half the route's limit, was once read twice (its
    // content type through requestInfo, then the bind), and after the first few requests
    // the second read counted past the limit: "O corpo da requisição não pôde ser lido".
    for (let attempt = 0; attempt < 8; attempt++) {
      const error = await preview(s.editor.client, long).then(
        () => null,
        (failure: { status: number; response: { message: string } }) => failure,
      );
      expect(error?.status).toBe(400);
      expect(error?.response.message).toMatch(/^O conteúdo da página é grande demais: tem \d+ KB, e o limite é de 195 KB\./);
    }
    const huge = Array.from({ length: 30 }, (_, index) => ({ ...text, id: `enorme${index}`, body: 'á'.repeat(19_000) }));
    expect(await statusOf(preview(s.editor.client, huge))).toBe(413);
  });

  test('an image that is not in Mídia is refused as a save refuses it', async () => {
    const hero = { id: 'heroi1', type: 'hero', title: 'Controladores', image: 'naoexiste123456', image_alt: 'Placa' };
    expect(sectionProblems([hero])).toEqual([]);
    const error = await preview(s.editor.client, [hero]).then(
      () => null,
      (failure: { status: number; response: { message: string } }) => failure,
    );
    expect(error?.status).toBe(400);
    expect(error?.response.message).toMatch(/esta imagem não está na Mídia; escolha outra\.$/);
  });

  test('another spelling of the key is read as PocketBase reads it: checked, then rendered', async () => {
    for (const key of caseVariants('sections')) {
      expect(await statusOf(previewBody(s.editor.client, { [key]: [header, broken] }))).toBe(400);
      expect((await previewBody(s.editor.client, { [key]: [header] })).html).toContain('data-section-id="cabecalho1"');
      expect(await statusOf(previewBody(s.author.client, { [key]: [header] }))).toBe(403);
    }
    // When two spellings come, the one checked is the one rendered: the last.
    expect(await statusOf(previewBody(s.editor.client, { sections: [header], SECTIONS: [broken] }))).toBe(400);
    const { html } = await previewBody(s.editor.client, { SECTIONS: [broken], sections: [text] });
    expect(html).toContain('data-section-id="historia1"');
    expect(html).not.toContain('quebrada1');
  });
});

describe('when the renderer cannot answer', () => {
  let broken: { url: string; close: () => Promise<void> };
  let alone: StaffServer;
  beforeAll(async () => {
    broken = await startPublishEndpoint({ secret, pageComponent: '/tests/fixtures/page-preview/Ausente.astro' });
    alone = await startStaffServer({ env: { PREVIEW_URL: broken.url, PUBLISH_SECRET: secret } });
  }, 120_000);
  afterAll(async () => {
    await alone?.stop();
    await broken?.close();
  });

  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: { status: number; response: { message: string } }) => ({ status: error.status, message: error.response.message }),
    );

  test('a render that fails, then a renderer that is down, each say so in pt-BR', async () => {
    expect(await failure(preview(alone.editor.client, [header]))).toEqual({
      status: 502,
      message: 'Não foi possível gerar a pré-visualização agora. Tente de novo.',
    });
    await broken.close();
    expect(await failure(preview(alone.editor.client, [header]))).toEqual({
      status: 503,
      message:
        'A pré-visualização fica disponível quando o site roda com npm start (o processo de publicação renderiza o texto).',
    });
  });
});
