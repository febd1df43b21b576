// The blog's MDX articles in git (src/content/blog/*.mdx), read from the repository
// the API runs from (npm start): the comments hook checks slugs against them, and the
// admin lists them read-only beside the CMS posts (GET /api/admin/rest/git-articles),
// so editors see every article the site shows. The parsing is pure (unit-tested in
// Node); `all` reads the folder through the JSVM.

/** Where the articles are in the repository, as the admin shows it. */
const REPO_DIR = "src/content/blog";

/** How long a runtime trusts its list (the files change with a deploy). */
const TTL_MS = 60 * 1000;

/** The admin list's query (pb_hooks/lib/common/rest.js). */
const LIST_SPEC = {
  sortFields: ["title", "date", "category"],
  defaultSort: ["date", "DESC"],
  filters: { id: "list", q: "text", category: "list" },
};

/** A YAML scalar as written in a frontmatter line: quotes removed. */
function yamlText(raw) {
  const text = String(raw).trim();
  if (text.length > 1 && text[0] === "'" && text[text.length - 1] === "'") return text.slice(1, -1).replace(/''/g, "'");
  if (text.length > 1 && text[0] === '"' && text[text.length - 1] === '"') return text.slice(1, -1).replace(/\\"/g, '"');
  return text;
}

/**
 * An article's list entry from its file: the id is the slug (frontmatter `slug`, else
 * the file name), as on the site. Null for a file without frontmatter.
 * @example parseArticle("a.mdx", "---\ntitle: 'Olá'\n---\n") // { id: "a", slug: "a", title: "Olá", … }
 */
function parseArticle(fileName, source) {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (!front) return null;
  const field = (key) => {
    const line = new RegExp(`^${key}:(.*)$`, "m").exec(front[1]);
    return line ? yamlText(line[1]) : "";
  };
  const slug = field("slug") || fileName.replace(/\.mdx$/, "");
  return {
    id: slug,
    slug: slug,
    title: field("title") || slug,
    excerpt: field("excerpt"),
    category: field("category"),
    author: field("author"),
    date: field("date"),
    path: `${REPO_DIR}/${fileName}`,
    url: `/blog/${slug}`,
  };
}

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

/** Every article in the folder (BLOG_CONTENT_DIR overrides it in tests), read at most once a minute. */
function all() {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.items;
  const dir = $os.getenv("BLOG_CONTENT_DIR") || `${__hooks}/../${REPO_DIR}`;
  let entries;
  try {
    entries = $os.readDir(dir);
  } catch (_) {
    entries = [];
  }
  const items = [];
  for (const entry of entries) {
    const name = entry.name();
    if (!/\.mdx$/.test(name)) continue;
    const article = parseArticle(name, toString($os.readFile(`${dir}/${name}`)));
    if (article) items.push(article);
  }
  cache = { at: Date.now(), items: items };
  return items;
}

/** The article with this slug, or null. */
function find(slug) {
  return all().find((item) => item.slug === slug) || null;
}

module.exports = { LIST_SPEC, REPO_DIR, parseArticle, matching, all, find };
