/** The paths of every page in the built site's sitemap, plus the pages kept out of it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function sitemapPaths(): string[] {
  const xml = readFileSync(path.join(process.env.E2E_SITE_DIR!, 'sitemap-0.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** Built pages that the sitemap leaves out on purpose. */
export const UNLISTED = ['/admin', '/assinaturas-email', '/rota-inexistente'];
