// @ts-check
import { availableParallelism } from 'node:os';
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { sitemapAlias } from './src/integrations/sitemap-alias.mjs';
import { siteOrigin } from './src/config/origin.mjs';
import { pageCsp, securityHeaders } from './src/integrations/security-headers.mjs';
import { staticRedirects } from './src/integrations/redirects.mjs';
import { precompress } from './src/integrations/precompress.mjs';
import { cookieConsentDirective } from './src/integrations/cookie-consent-directive.mjs';
import { markdownConfig } from './src/config/markdown.ts';
import { highlightCache } from './src/integrations/highlight-cache.mjs';
import { siteSearch } from './src/integrations/site-search.mjs';
import { keptPages } from './src/integrations/kept-pages.mjs';

/**
 * Astro marks each MDX article's asset module with a "use astro:head-inject"
 * directive, which the bundler then warns it may drop, once per article on every
 * build. Astro reads the marker before bundling, so nothing
 * is lost. This drops only that warning; any other stays in the build log.
 * @returns {import('vite').Plugin}
 */
function quietHeadInjectDirective() {
  return {
    name: 'operium:quiet-head-inject-directive',
    onLog(_level, log) {
      if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use astro:head-inject"')) return false;
    },
  };
}

// A publication links its unchanged pages from the live build, compressions included.
const pagesOfLiveBuild = keptPages();

const pocketBaseUrl = process.env.POCKETBASE_DEV_URL ?? 'http://127.0.0.1:8090';

export default defineConfig({
  site: siteOrigin(process.env.PUBLIC_SITE_URL),
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  // The publisher keeps its own cache, so its rebuilds reuse unchanged content and images.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  trailingSlash: 'never',
  // The one Markdown pipeline: MDX articles here, CMS posts and pages in their loaders.
  markdown: markdownConfig,
  // As many pages in flight as the machine has cores.
  // They still render on Node's one thread, so this only overlaps I/O: bench/hugo.mjs
  // measures it against 1 and finds no difference beyond noise.
  build: { format: 'directory', concurrency: availableParallelism() },
  // Each page's Content-Security-Policy, as a <meta> tag with the hashes of Astro's
  // inline scripts; securityHeaders() sends the part a <meta> cannot carry.
  security: { csp: pageCsp({ apiUrl: process.env.PUBLIC_API_URL }) },
  // A page whose cacheKey (src/lib/cms/page-keys.ts) and code are unchanged is copied from
  // the previous build instead of rendered; `astro build --force` renders everything.
  experimental: { incrementalBuild: true },
  integrations: [
    // Before anything renders Markdown: highlighted blocks are reused across builds.
    highlightCache(),
    pagesOfLiveBuild.integration,
    mdx(),
    // The public islands (src/islands) and the admin, one renderer and one React chunk.
    react(),
    // client:consent, which hydrates the cookie banner only when it has to show.
    cookieConsentDirective(),
    // Pages kept out of search engines (noindex) stay out of the sitemap too.
    sitemap({
      filter: (page) => !/^\/(admin|assinaturas-email|blog\/404|contato\/enviado|newsletter)(\/|$)/.test(new URL(page).pathname),
    }),
    sitemapAlias(),
    // client:search and the static search index of the finished pages.
    siteSearch(),
    // Last: they read and compress the finished output. precompress() is
    // astro-compressor (brotli and gzip) and the cache it lacks, in that order.
    // _headers and _redirects: what static hosts need to serve dist/ as our server does.
    securityHeaders(),
    staticRedirects(),
    precompress({ skip: pagesOfLiveBuild.isKept }),
  ],
  vite: {
    plugins: [tailwindcss(), quietHeadInjectDirective()],
    server: {
      // `npm run dev`: the API and PocketBase's dashboard come from the PocketBase
      // process started beside the Astro dev server.
      proxy: {
        '/api': pocketBaseUrl,
        '/_/': pocketBaseUrl,
        // Pages the server answers itself: a public form refused without JavaScript
        // (pb_hooks/forms.pb.js), the newsletter's confirmation and unsubscribe links.
        '/formularios/': pocketBaseUrl,
        '/newsletter/confirmar': pocketBaseUrl,
        '/newsletter/cancelar': pocketBaseUrl,
      },
    },
  },
});
