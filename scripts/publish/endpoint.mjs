// The publisher's HTTP endpoint on 127.0.0.1, for PocketBase's hooks only (a shared
// secret): a hook asks for a build (pb_hooks/lib/publishing/publish.js) or for the editor's preview
// of a body rendered by the site's own Markdown pipeline (pb_hooks/lib/publishing/preview.js).
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

/** @param {unknown} given @param {string} secret */
const sameSecret = (given, secret) => {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** @type {Promise<(markdown: string, media: unknown[]) => Promise<string>> | undefined} */
let previewRenderer;

/**
 * Renders a body for the editor's preview with the site's own Markdown pipeline
 * (the renderer of src/lib/markdown/render.ts, loaded on the first preview), the
 * media images described as the build describes them (src/lib/cms/media-images.ts).
 * @param {string} markdown
 * @param {unknown[]} media the `{ id, file, width, height }` of the images the body shows
 */
export async function renderPreview(markdown, media) {
  previewRenderer ??= (async () => {
    const { createArticleRenderer, renderArticle } = await import('../../src/lib/markdown/render.ts');
    const { mediaFileUrl, responsiveMediaImage } = await import('../../src/lib/cms/media-images.ts');
    const renderer = await createArticleRenderer();
    return async (/** @type {string} */ body, /** @type {unknown[]} */ images) => {
      /** @type {Record<string, import('../../src/lib/markdown/article.ts').ArticleImage>} */
      const known = {};
      for (const item of images) {
        const facts = /** @type {import('../../src/lib/cms/media-images.ts').MediaImageFacts} */ (item);
        if (typeof facts?.id === 'string' && typeof facts.file === 'string') {
          known[mediaFileUrl(facts.id, facts.file)] = responsiveMediaImage(facts, '');
        }
      }
      return (await renderArticle(renderer, body, known)).html;
    };
  })();
  return (await previewRenderer)(markdown, media);
}

/** The largest request the endpoint reads: a preview carries a whole post. */
const MAX_BODY = 1024 * 1024;

/**
 * The loopback endpoint PocketBase's hooks call, with the shared secret:
 * POST /rebuild {reason, immediate, at} asks for a publication (PUBLISHER_URL);
 * POST /preview {markdown, media} answers `{ html }`, a body rendered as the site
 * renders it (PREVIEW_URL). Without a publisher it only renders previews.
 * Returns its URL.
 * @param {{ publisher?: Pick<ReturnType<typeof import('./publisher.mjs').createPublisher>, 'request'>, secret: string, host?: string, port?: number }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startPublishEndpoint({ publisher, secret, host = '127.0.0.1', port = 0 }) {
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || ((request.url !== '/rebuild' || !publisher) && request.url !== '/preview')) {
      response.writeHead(404).end();
      return;
    }
    if (!sameSecret(request.headers['x-publish-secret'], secret)) {
      response.writeHead(403).end();
      return;
    }
    const limit = request.url === '/preview' ? MAX_BODY : 10_000;
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
      if (body.length > limit) request.destroy();
    });
    request.on('end', () => {
      let payload;
      try {
        payload = JSON.parse(body || '{}');
      } catch {
        response.writeHead(400).end();
        return;
      }
      if (request.url === '/preview') {
        const markdown = typeof payload.markdown === 'string' ? payload.markdown : '';
        renderPreview(markdown, Array.isArray(payload.media) ? payload.media : []).then(
          (html) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ html })),
          (error) => {
            console.error('[pré-visualização]', error instanceof Error ? error.message : error);
            response.writeHead(500).end();
          },
        );
        return;
      }
      const reason = String(payload.reason ?? 'pedido').slice(0, 200);
      const at = typeof payload.at === 'string' && payload.at ? payload.at : undefined;
      const id = publisher?.request(reason, { immediate: Boolean(payload.immediate), at });
      response.writeHead(202, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id }));
    });
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://${host}:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
