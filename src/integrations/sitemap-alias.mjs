import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * @astrojs/sitemap writes sitemap-index.xml; crawlers and our own SEO check look
 * for /sitemap.xml first. This integration copies the index under that name after
 * the build so the file exists on any static host, not only behind our server.
 * It must come after sitemap() in the integrations list.
 * @returns {import('astro').AstroIntegration}
 */
export function sitemapAlias() {
  return {
    name: 'sitemap-alias',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        await copyFile(`${out}/sitemap-index.xml`, `${out}/sitemap.xml`);
        logger.info('sitemap.xml criado a partir de sitemap-index.xml');
      },
    },
  };
}
