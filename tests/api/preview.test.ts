/**
 * The editor's preview (POST /api/site/preview): a body rendered by the site's own
 * Markdown pipeline in the publisher's Node process, for active staff only, with
 * the media library's images described as the build describes them, and exactly
 * the HTML the build stores for the same Markdown.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPublishEndpoint } from '../../scripts/publish/endpoint.mjs';
import { createArticleRenderer, renderArticle } from '../../src/lib/markdown/render';
import { postDeclaredBody } from '../helpers/declared-body';
import { uploadPng } from '../helpers/images';
import { startStaffServer, type StaffServer } from '../helpers/staff';

const secret = randomBytes(16).toString('hex');
let s: StaffServer;
let endpoint: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  endpoint = await startPublishEndpoint({ secret });
  s = await startStaffServer({ unthrottledLoopback: true, env: { PREVIEW_URL: endpoint.url, PUBLISH_SECRET: secret } });
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await endpoint?.close();
});

const preview = (client: StaffServer['author']['client'], markdown: string) =>
  client.send<{ html: string }>('/api/site/preview', { method: 'POST', body: { markdown } });

const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (error: { status: number }) => error.status,
  );

describe('the preview renders as the site publishes', () => {
  test('an author gets the article HTML: anchored headings, highlighted code, a scrolling table, no script', async () => {
    const markdown = '## Ligação\n\n```cpp\nint x = 1;\n```\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\n<script>alert(1)</script>';
    const { html } = await preview(s.author.client, markdown);
    expect(html).toContain('<h2 id="ligação">Ligação</h2>');
    expect(html).toMatch(/<pre class="astro-code github-dark-high-contrast"[^>]*data-language="cpp">/);
    expect(html).toContain('class="table-scroll"');
    expect(html).not.toContain('<script');
    // The same pipeline as the build: byte for byte.
    expect(html).toBe((await renderArticle(await createArticleRenderer(), markdown)).html);
  });

  test('an image of the media library gets its size and thumbnails', async () => {
    const src = await uploadPng(s.editor.client, 1200, 600, 'Placa vista de cima');
    const { html } = await preview(s.editor.client, `![Placa vista de cima](${src})`);
    expect(html).toContain(`src="${src}"`);
    expect(html).toContain('width="1200" height="600"');
    expect(html).toContain(`srcset="${src}?thumb=480x0 480w, ${src}?thumb=768x0 768w, ${src} 1200w"`);
  });

  test('nobody else may use it: anonymous 401, an inactive account 403', async () => {
    expect(await statusOf(preview(s.anonymous.client, 'Texto.'))).toBe(401);
    expect(await statusOf(preview(s.inactive.client, 'Texto.'))).toBe(403);
  });

  test('a body over twice the largest one it takes (its limit counts both reads of it: pb_hooks/preview.pb.js) is refused', async () => {
    // Declared, not sent whole (tests/helpers/declared-body.ts): the server answers 413 by
    // the Content-Length, where a client still sending the megabytes may see only the reset.
    const answer = await postDeclaredBody(s.server.url, '/api/site/preview', {
      length: 2 * 1024 * 1024 + 10,
      start: '{"markdown":"',
      headers: { Authorization: s.author.client.authStore.token },
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('without the Node process (PocketBase on its own)', () => {
  let alone: StaffServer;
  beforeAll(async () => {
    alone = await startStaffServer();
  }, 120_000);
  afterAll(async () => {
    await alone?.stop();
  });

  test('the preview says in pt-BR why it is not available', async () => {
    const error = await preview(alone.author.client, 'Texto.').then(
      () => null,
      (failure: { status: number; response: { message: string } }) => failure,
    );
    expect(error?.status).toBe(503);
    expect(error?.response.message).toBe(
      'A pré-visualização fica disponível quando o site roda com npm start (o processo de publicação renderiza o texto).',
    );
  });
});
