// The public settings staff edit in the admin (collection public_site_settings),
// read once at build time when a PocketBase URL is configured. Only these keys can
// reach the site; the smtp_* secrets are neither requested nor readable anonymously.

/** Settings keys that override src/config/site.ts defaults. */
export const PUBLIC_SETTING_KEYS = [
  'site_title',
  'site_description',
  'contact_email',
  'contact_phone',
  'social_facebook',
  'social_instagram',
  'social_linkedin',
  'social_youtube',
  'google_analytics_id',
];

/**
 * GETs a PocketBase API path and returns its JSON; any failure names what was being read.
 * @param {string} base PocketBase URL without trailing slash
 * @param {string} pathAndQuery e.g. /api/collections/pages/records?perPage=200
 * @param {string} what e.g. "as páginas"
 * @returns {Promise<any>}
 */
async function readCms(base, pathAndQuery, what) {
  const failure = `Não foi possível ler ${what} do CMS em ${base}`;
  let response;
  try {
    response = await fetch(`${base}${pathAndQuery}`, { signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new Error(`${failure}: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  if (!response.ok) throw new Error(`${failure}: HTTP ${response.status}`);
  return response.json();
}

/**
 * Reads the public settings from PocketBase.
 * @param {string} pocketbaseUrl
 * @returns {Promise<Record<string, string>>} key → value for the keys above that have a value
 */
export async function fetchPublicSettings(pocketbaseUrl) {
  const base = pocketbaseUrl.replace(/\/+$/, '');
  const filter = PUBLIC_SETTING_KEYS.map((key) => `key="${key}"`).join('||');
  const body = /** @type {{ items: { key: string, value: string }[] }} */ (
    await readCms(
      base,
      `/api/collections/public_site_settings/records?perPage=200&filter=${encodeURIComponent(filter)}`,
      'as configurações',
    )
  );
  /** @type {Record<string, string>} */
  const settings = {};
  for (const { key, value } of body.items) {
    if (PUBLIC_SETTING_KEYS.includes(key) && typeof value === 'string' && value.trim()) settings[key] = value.trim();
  }
  return settings;
}

/**
 * @typedef {{ heading?: string, body?: string }} CmsSection
 * @typedef {{ slug: string, name: string, title: string, meta_title: string, meta_description: string,
 *             is_homepage: boolean, sections: CmsSection[] }} CmsPage
 */

/**
 * Reads the published pages (SEO overrides of built-in routes, or pages of their own).
 * @param {string} pocketbaseUrl
 * @returns {Promise<CmsPage[]>}
 */
export async function fetchPublishedPages(pocketbaseUrl) {
  const base = pocketbaseUrl.replace(/\/+$/, '');
  /** @type {CmsPage[]} */
  const pages = [];
  for (let page = 1; ; page++) {
    const query = `?perPage=200&page=${page}&sort=slug&filter=${encodeURIComponent('status="published"')}`;
    const body = /** @type {{ items: Record<string, unknown>[], totalPages: number }} */ (
      await readCms(base, `/api/collections/pages/records${query}`, 'as páginas')
    );
    for (const item of body.items) {
      const content = /** @type {{ sections?: unknown }} */ (item.content ?? {});
      const sections = Array.isArray(content.sections) ? content.sections : [];
      pages.push({
        slug: String(item.slug ?? ''),
        name: String(item.name ?? ''),
        title: String(item.title ?? ''),
        meta_title: String(item.meta_title ?? ''),
        meta_description: String(item.meta_description ?? ''),
        is_homepage: Boolean(item.is_homepage),
        sections: sections
          .filter((section) => section && typeof section === 'object')
          .map((section) => ({ heading: String(section.heading ?? ''), body: String(section.body ?? '') })),
      });
    }
    if (page >= body.totalPages) break;
  }
  return pages;
}
