// The publisher's HTTP endpoint on 127.0.0.1, for PocketBase's hooks only (a shared
// secret): a hook asks for a build (pb_hooks/lib/publishing/publish.js), for the editor's preview
// of a body rendered by the site's own Markdown pipeline, or for a page's sections rendered
// by the site's own components (pb_hooks/lib/publishing/preview.js).
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { SITE_ASSET_PATH_PATTERN, SITE_ASSET_TYPES } from '../../shared/site-assets.js';
import { fromRoot } from '../lib/paths.mjs';
import { siteComponentRenderer } from './site-components.mjs';

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

/**
 * The component that renders a page for the preview (the page route's own content,
 * src/components/sections/PageContent.astro); each section's outermost element carries
 * `data-section-id`, which the preview's click-to-edit reads (src/admin/pages/usePagePreview.ts).
 */
export const PAGE_COMPONENT = '/src/components/sections/PagePreview.astro';

/** The renderer of those who call renderPagePreview without their own (an endpoint has its own). */
const siteComponents = siteComponentRenderer();

/**
 * A page for the admin's preview, rendered by the site's own components
 * (scripts/publish/site-components.mjs), its sections' Markdown fields first rendered by
 * the site's pipeline into the `html` map, and their Mídia images described into the
 * `images` map, as the site's loader builds both (src/lib/cms/section-fields.ts). The sections come checked by the hook
 * (shared/page-sections.js). `css` holds the styles the components bring themselves; the
 * site's stylesheet (Tailwind's classes) is the admin's frame's own (src/admin/common/SitePreview.tsx).
 * @param {{ name: string, description: string, sections: unknown[] }} page
 * @param {unknown[]} media the `{ id, file, width, height }` of the media images the sections show
 * @param {{ component?: string, components?: ReturnType<typeof siteComponentRenderer> }} [options]
 * `component`: the page's component, a path from the repository's root; `components`: the renderer
 * @returns {Promise<{ html: string, css: string }>}
 */
export async function renderPagePreview(page, media, { component = PAGE_COMPONENT, components = siteComponents } = {}) {
  const { renderSectionHtml, sectionImageMap } = await import('../../src/lib/cms/section-fields.ts');
  const html = await renderSectionHtml(page.sections, (markdown) => renderPreview(markdown, media));
  const facts = new Map(
    media.map((item) => {
      const known = /** @type {import('../../src/lib/cms/media-images.ts').MediaImageFacts} */ (item);
      return [known?.id, known];
    }),
  );
  const images = await sectionImageMap(page.sections, (id) => facts.get(id) ?? null, '');
  return components.render(component, { ...page, html, images });
}

/**
 * The component that renders a product for the preview: its page's own content
 * (src/components/products/ProductDetail.astro) from the values of its form.
 */
export const PRODUCT_COMPONENT = '/src/components/products/ProductPreview.astro';

/** The largest request the endpoint reads: a preview carries a whole post. */
const MAX_BODY = 1024 * 1024;
/** A page's preview carries all its sections: the hook's body (pb_hooks/preview.pb.js) and the images' facts. */
const MAX_PAGE_BODY = 1024 * 1024;
/** A product's values are at most some 100 KB (its JSON fields' limits, pb_migrations/1795311500_catalog.js). */
const MAX_PRODUCT_BODY = 256 * 1024;
const PREVIEWS = { '/preview': MAX_BODY, '/preview/page': MAX_PAGE_BODY, '/preview/product': MAX_PRODUCT_BODY };

/**
 * Previews rendered at once, at most: an editor's preview follows typing (one at a time,
 * the admin cancels the stale one), so more means many editors or a runaway client, and
 * the site's builds share these two cores.
 */
const MAX_RENDERING = 4;
/**
 * A render that takes longer failed. The first one starts the renderer (Vite compiling the
 * site's components: a few seconds, tens on a machine busy building); the hook waits 60 s
 * (pb_hooks/lib/publishing/preview.js).
 */
const RENDER_TIMEOUT_MS = 50_000;
let rendering = 0;

/**
 * Answers `render()`'s result as JSON, a 503 while MAX_RENDERING renders are running,
 * a 500 when it fails or takes past RENDER_TIMEOUT_MS (the hook says so in pt-BR).
 * @param {import('node:http').ServerResponse} response @param {() => Promise<unknown>} render
 */
function answerPreview(response, render) {
  if (rendering >= MAX_RENDERING) {
    response.writeHead(503).end();
    return;
  }
  rendering += 1;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`passou de ${RENDER_TIMEOUT_MS / 1000} s`)), RENDER_TIMEOUT_MS);
  });
  Promise.race([render(), late])
    .then(
      (body) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
      (error) => {
        console.error('[pré-visualização]', error instanceof Error ? error.message : error);
        response.writeHead(500).end();
      },
    )
    .finally(() => {
      clearTimeout(timer);
      rendering -= 1;
    });
}

/** Where the hook asks for one of the site's own images (pb_hooks/lib/publishing/preview.js `asset`). */
const ASSETS_PREFIX = '/preview/asset/';
const ASSETS_DIR = fromRoot('src', 'assets');
const ASSET_PATH = new RegExp(SITE_ASSET_PATH_PATTERN, 'i');

/**
 * Answers an image of src/assets by its path there (only plain image paths: no `..`, no
 * other characters), or 404.
 * @param {string} relative @param {import('node:http').ServerResponse} response
 */
function serveAsset(relative, response) {
  const match = ASSET_PATH.exec(relative);
  if (!match) {
    response.writeHead(404).end();
    return;
  }
  const type = SITE_ASSET_TYPES[/** @type {keyof typeof SITE_ASSET_TYPES} */ (match[1]?.toLowerCase())];
  readFile(path.join(ASSETS_DIR, relative)).then(
    (bytes) => response.writeHead(200, { 'Content-Type': type }).end(bytes),
    () => response.writeHead(404).end(),
  );
}

/**
 * The loopback endpoint PocketBase's hooks call, with the shared secret:
 * POST /rebuild {reason, immediate, at} asks for a publication (PUBLISHER_URL);
 * GET /preview/asset/{path} answers an image of src/assets for the preview's frame;
 * POST /preview {markdown, media} answers `{ html }`, a body rendered as the site
 * renders it, and POST /preview/page {name, description, sections, media} `{ html, css }`, a page
 * rendered by the site's components, and POST /preview/product {product, media} `{ html, css }`,
 * a product's page (PREVIEW_URL). Without a publisher it only
 * renders previews. Returns its URL.
 * @param {{ publisher?: Pick<ReturnType<typeof import('./publisher.mjs').createPublisher>, 'request'>, secret: string, host?: string, port?: number, pageComponent?: string, renderEnv?: NodeJS.ProcessEnv }} options
 * `pageComponent`: another component for the page than PAGE_COMPONENT;
 * `renderEnv`: the environment the site's components render in (the builds' own)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startPublishEndpoint({ publisher, secret, host = '127.0.0.1', port = 0, pageComponent, renderEnv }) {
  const components = siteComponentRenderer({ env: renderEnv });
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    if (request.method === 'GET' && url.startsWith(ASSETS_PREFIX)) {
      if (!sameSecret(request.headers['x-publish-secret'], secret)) response.writeHead(403).end();
      else serveAsset(url.slice(ASSETS_PREFIX.length), response);
      return;
    }
    const preview = Object.hasOwn(PREVIEWS, url);
    if (request.method !== 'POST' || ((url !== '/rebuild' || !publisher) && !preview)) {
      response.writeHead(404).end();
      return;
    }
    if (!sameSecret(request.headers['x-publish-secret'], secret)) {
      response.writeHead(403).end();
      return;
    }
    const limit = preview ? PREVIEWS[/** @type {keyof typeof PREVIEWS} */ (url)] : 10_000;
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
      const media = Array.isArray(payload.media) ? payload.media : [];
      if (url === '/preview') {
        const markdown = typeof payload.markdown === 'string' ? payload.markdown : '';
        answerPreview(response, () => renderPreview(markdown, media).then((html) => ({ html })));
        return;
      }
      if (url === '/preview/page') {
        if (!Array.isArray(payload.sections)) {
          response.writeHead(400).end();
          return;
        }
        const text = (/** @type {unknown} */ value) => (typeof value === 'string' ? value : '');
        const page = { name: text(payload.name), description: text(payload.description), sections: payload.sections };
        answerPreview(response, () => renderPagePreview(page, media, { component: pageComponent, components }));
        return;
      }
      if (url === '/preview/product') {
        if (!payload.product || typeof payload.product !== 'object') {
          response.writeHead(400).end();
          return;
        }
        answerPreview(response, () => components.render(PRODUCT_COMPONENT, { product: payload.product, media }));
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
        close: async () => {
          await new Promise((done) => server.close(done));
          await components.close();
        },
      });
    });
  });
}
