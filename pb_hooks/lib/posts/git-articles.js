// The blog's MDX articles in git, as the site build lists them in the live build
// (src/pages/blog/dados/artigos-git.json.ts): the comments hook checks slugs against
// them, and the admin lists them read-only beside the CMS posts (GET
// /api/admin/rest/git-articles), so editors see every article the site shows. Read from
// the built site, not the repository: the server may run where no sources are.

/** The build's list of them, from the site's root. */
const MANIFEST = "blog/dados/artigos-git.json";

/** How long a runtime trusts its list (it changes with a new build). */
const TTL_MS = 60 * 1000;

/** The admin list's query (pb_hooks/lib/common/rest.js). */
const LIST_SPEC = {
  sortFields: ["title", "date", "category"],
  defaultSort: ["date", "DESC"],
  filters: { id: "list", q: "text", category: "list" },
};

/** Articles matching a parsed REST filter: ids, categories, and `q` in the title, excerpt or path. */
function matching(items, filter) {
  // Lower case without accents, so 'funcao' finds 'Função'.
  const { fold } = require(`${__hooks}/lib/common/slug.js`);
  const q = filter.q ? fold(filter.q) : "";
  return items.filter(
    (item) =>
      (!filter.id || filter.id.indexOf(item.id) !== -1) &&
      (!filter.category || filter.category.indexOf(item.category) !== -1) &&
      (!q || fold(`${item.title} ${item.excerpt} ${item.path}`).indexOf(q) !== -1),
  );
}

let cache = null;

/**
 * Every article the live build lists, read at most once a minute. None while the site is
 * not built yet (no manifest): the admin's list is empty and comments go only to CMS
 * posts; that is not kept, so the first build counts as soon as it is live.
 */
function all() {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.items;
  const { siteJson } = require(`${__hooks}/lib/common/live-site.js`);
  const listed = siteJson(MANIFEST);
  if (!Array.isArray(listed)) return [];
  const items = listed.filter((item) => item && typeof item.slug === "string");
  cache = { at: Date.now(), items: items };
  return items;
}

/** The article with this slug, or null. */
function find(slug) {
  return all().find((item) => item.slug === slug) || null;
}

module.exports = { LIST_SPEC, matching, all, find };
