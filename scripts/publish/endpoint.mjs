// The publisher's HTTP endpoint on 127.0.0.1, for PocketBase's hooks only (a shared
// secret): a hook asks for a build (pb_hooks/lib/publishing/publish.js), for the editor's preview
// of a body rendered by the site's own Markdown pipeline, or for a page's sections rendered
// by the site's own components (pb_hooks/lib/publishing/preview.js).
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
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
 * The component that renders a page's sections on the site, given `sections`; each
 * section's outermost element carries `data-section-id`, which the preview's
 * click-to-edit reads (src/admin/pages/usePagePreview.ts).
 */
export const SECTIONS_COMPONENT = '/src/components/sections/Sections.astro';

/** The renderer of those who call renderPagePreview without their own (an endpoint has its own). */
const siteComponents = siteComponentRenderer();

/**
 * A page's sections for the admin's preview, rendered by the site's own components
 * (scripts/publish/site-components.mjs), their Markdown fields first rendered by the
 * site's pipeline as the site's loader renders them (src/lib/cms/section-markdown.ts).
 * The sections come checked by the hook (shared/page-sections.js). `css` holds the
 * styles the components bring themselves; the site's stylesheet (Tailwind's classes)
 * is the admin's frame's own (src/admin/common/SitePreview.tsx).
 * @param {{ sections: { type: string }[] }} page
 * @param {unknown[]} media the `{ id, file, width, height }` of the media images the sections show
 * @param {{ component?: string, components?: ReturnType<typeof siteComponentRenderer> }} [options]
 * `component`: the sections' component, a path from the repository's root; `components`: the renderer
 * @returns {Promise<{ html: string, css: string }>}
 */
export async function renderPagePreview(page, media, { component = SECTIONS_COMPONENT, components = siteComponents } = {}) {
  const { renderSectionMarkdown } = await import('../../src/lib/cms/section-markdown.ts');
  const sections = await renderSectionMarkdown(page.sections, (markdown) => renderPreview(markdown, media));
  return components.render(component, { sections });
}

/** The largest request the endpoint reads: a preview carries a whole post. */
const MAX_BODY = 1024 * 1024;
/** A page's preview carries all its sections: the hook's 2 MB body (pb_hooks/preview.pb.js) and the images' facts. */
const MAX_PAGE_BODY = 3 * 1024 * 1024;
const PREVIEWS = { '/preview': MAX_BODY, '/preview/page': MAX_PAGE_BODY };

/** @param {import('node:http').ServerResponse} response @param {Promise<unknown>} answer */
function answerPreview(response, answer) {
  answer.then(
    (body) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
    (error) => {
      console.error('[pré-visualização]', error instanceof Error ? error.message : error);
      response.writeHead(500).end();
    },
  );
}

/**
 * The loopback endpoint PocketBase's hooks call, with the shared secret:
 * POST /rebuild {reason, immediate, at} asks for a publication (PUBLISHER_URL);
 * POST /preview {markdown, media} answers `{ html }`, a body rendered as the site
 * renders it, and POST /preview/page {sections, media} `{ html, css }`, a page's sections
 * rendered by the site's components (PREVIEW_URL). Without a publisher it only
 * renders previews. Returns its URL.
 * @param {{ publisher?: Pick<ReturnType<typeof import('./publisher.mjs').createPublisher>, 'request'>, secret: string, host?: string, port?: number, sectionsComponent?: string, renderEnv?: NodeJS.ProcessEnv }} options
 * `sectionsComponent`: another component for the sections than SECTIONS_COMPONENT;
 * `renderEnv`: the environment the site's components render in (the builds' own)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startPublishEndpoint({ publisher, secret, host = '127.0.0.1', port = 0, sectionsComponent, renderEnv }) {
  const components = siteComponentRenderer({ env: renderEnv });
  const server = createServer((request, response) => {
    const url = request.url ?? '';
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
        answerPreview(
          response,
          renderPreview(markdown, media).then((html) => ({ html })),
        );
        return;
      }
      if (url === '/preview/page') {
        if (!Array.isArray(payload.sections)) {
          response.writeHead(400).end();
          return;
        }
        answerPreview(
          response,
          renderPagePreview({ sections: payload.sections }, media, { component: sectionsComponent, components }),
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
        close: async () => {
          await new Promise((done) => server.close(done));
          await components.close();
        },
      });
    });
  });
}
