/**
 * A page's preview (POST /api/site/preview/page): its sections rendered by the site's
 * own Astro components in the publisher's Node process (scripts/publish/endpoint.mjs),
 * each marked with its `data-section-id`, the Markdown fields through the site's
 * pipeline; for admins and editors only, and never for sections the site would refuse.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sectionProblems } from '../../shared/page-sections.js';
import { startPublishEndpoint } from '../../scripts/publish/endpoint.mjs';
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

/** Writes a content store holding one partner, as a build would (devalue's flat form of Astro's maps). */
function publishPartner(name: string, at: Date) {
  const store = [['Map', 1, 2], 'partners', ['Map', 3, 4], 'parceiro', { id: 3, data: 5 }, { name: 6, order: 7 }, name, 1];
  writeFileSync(contentStore, JSON.stringify(store));
  utimesSync(contentStore, at, at);
}

beforeAll(async () => {
  publishPartner('FIESC', new Date(Date.now() - 60_000));
  // Until the site's sections component exists, a stand-in that renders the page
  // header with the site's PageHero and the partners from the catalogue's collection.
  endpoint = await startPublishEndpoint({
    secret,
    sectionsComponent: '/tests/fixtures/page-preview/Sections.astro',
    renderEnv: { ...process.env, ASTRO_CACHE_DIR: buildCache },
  });
  s = await startStaffServer({ unthrottledLoopback: true, env: { PREVIEW_URL: endpoint.url, PUBLISH_SECRET: secret } });
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await endpoint?.close();
  rmSync(buildCache, { recursive: true, force: true });
});

type Client = StaffServer['author']['client'];
const previewBody = (client: Client, body: Record<string, unknown>) =>
  client.send<{ html: string; css: string }>('/api/site/preview/page', { method: 'POST', body });
const preview = (client: Client, sections: unknown) => previewBody(client, { sections });

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
    // The site's own component (src/components/ui/PageHero.astro), with its classes.
    expect(html).toMatch(/<h1 class="[^"]*text-3xl[^"]*">Quem Somos<\/h1>/);
    expect(html.indexOf('cabecalho1')).toBeLessThan(html.indexOf('historia1'));
    // The Markdown field through the site's pipeline: the same HTML as the build's, no script.
    const body = (await renderArticle(await createArticleRenderer(), text.body)).html;
    expect(body).toContain('<strong>no Brasil</strong>');
    expect(html).toContain(body);
    expect(html).not.toContain('<script>alert');
  });

  test('the styles the components bring themselves come beside the HTML', async () => {
    const { html, css } = await previewBody(s.editor.client, { sections: [text] });
    // Astro scopes a component's <style> to its elements with a data-astro-cid-… attribute.
    const scope = /data-astro-cid-([a-z0-9]+)/.exec(html)?.[1];
    expect(scope).toBeTruthy();
    expect(css).toMatch(new RegExp(`\\.stand-in\\[data-astro-cid-${scope}\\]\\s*\\{\\s*scroll-margin-top:\\s*6rem`));
  });

  test('an admin may ask too, and an empty page is an empty preview', async () => {
    expect((await preview(s.admin.client, [header])).html).toContain('Quem Somos');
    expect((await preview(s.admin.client, [])).html.trim()).toBe('');
  });

  test('an image of the media library in a Markdown field gets its size', async () => {
    const src = await uploadPng(s.editor.client, 1200, 600, 'Placa vista de cima');
    const { html } = await preview(s.editor.client, [{ ...text, body: `![Placa vista de cima](${src})` }]);
    expect(html).toContain(`src="${src}"`);
    expect(html).toContain('width="1200" height="600"');
  });

  test('a section showing a collection shows it as the last build read it, and the next build’s once published', async () => {
    const partners = { id: 'parceiros1', type: 'partners', title: 'Parceiros' };
    expect((await preview(s.editor.client, [partners])).html).toMatch(/<li[^>]*>FIESC<\/li>/);
    publishPartner('SENAI', new Date());
    const { html } = await preview(s.editor.client, [partners]);
    expect(html).toMatch(/<li[^>]*>SENAI<\/li>/);
    expect(html).not.toContain('FIESC');
  });

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
    broken = await startPublishEndpoint({ secret, sectionsComponent: '/tests/fixtures/page-preview/Ausente.astro' });
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
