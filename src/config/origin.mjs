// The canonical origin of the public site, used for canonical URLs, Open Graph
// tags and the sitemap. PUBLIC_SITE_URL overrides it at build time.
export const DEFAULT_SITE_ORIGIN = 'https://www.operium.com.br';

/**
 * Returns the origin (scheme, host, port) to build absolute URLs with.
 * @param {string | undefined} value the configured PUBLIC_SITE_URL, if any
 * @returns {string} e.g. "https://www.operium.com.br"
 * @example siteOrigin('http://127.0.0.1:8090/') // 'http://127.0.0.1:8090'
 */
export function siteOrigin(value) {
  const raw = value?.trim() || DEFAULT_SITE_ORIGIN;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_SITE_URL inválida: "${raw}" (use, por exemplo, https://www.exemplo.com.br)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_SITE_URL deve começar com http:// ou https:// (recebido "${raw}")`);
  }
  return url.origin;
}
