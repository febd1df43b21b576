// Where a Mídia file is used, found by its address in the records that can point to
// it: a post's Markdown, a page's sections, a setting's value (the logo and favicon
// URLs), a partner's logo ('Parceiros'). Every address of a media file holds "<record id>/<file name>" (the editor's
// /api/files/media/…, the collection id's form, an absolute URL, a thumbnail's ?thumb=),
// and file names are unique (PocketBase adds a random suffix), so that is what is
// matched. A page's image field (shared/page-sections.js) holds the media record's id
// alone, matched as a JSON string; so does a partner's `logo` field, matched whole, a
// product's `images` (a JSON list of `{ image }`) and a line's `image`. A post's cover is its own upload (the posts' `cover`
// field), never a media file.
//
// For Mídia's delete confirmation and edit dialog (GET /api/admin/media/{id}/usage),
// its trash and the trash's purge (lib/media/deleted-media.js). It names drafts, so only
// admins and editors read it.

/**
 * @typedef {{ kind: "post" | "page" | "partner" | "product" | "line", id: string, title: string, status: string } | { kind: "setting", id: string, key: string }} MediaUse
 */

/**
 * The places that use a media file: posts, then pages, then settings, then partners, products
 * and product lines, each by title or key.
 * @param {any} app @param {any} media a `media` record
 * @returns {MediaUse[]}
 */
function usageOf(app, media) {
  const file = media.getString("file");
  if (!file) return [];
  const needle = `${media.id}/${file}`;
  /** @type {MediaUse[]} */
  const uses = [];
  const records = (sql) => {
    const rows = arrayOf(new DynamicModel({ id: "", title: "", status: "" }));
    app
      .db()
      .newQuery(sql)
      .bind({ needle: needle, id: JSON.stringify(media.id), record: media.id })
      .all(rows);
    return rows;
  };
  for (const row of records("SELECT id, title, status FROM posts WHERE instr(content, {:needle}) > 0 ORDER BY title")) {
    uses.push({ kind: "post", id: row.id, title: row.title, status: row.status });
  }
  for (const row of records(
    "SELECT id, name AS title, status FROM pages WHERE instr(content, {:needle}) > 0 OR instr(content, {:id}) > 0 ORDER BY name",
  )) {
    uses.push({ kind: "page", id: row.id, title: row.title, status: row.status });
  }
  for (const row of records(
    "SELECT id, key AS title, '' AS status FROM public_site_settings WHERE instr(value, {:needle}) > 0 ORDER BY key",
  )) {
    uses.push({ kind: "setting", id: row.id, key: row.title });
  }
  for (const row of records("SELECT id, name AS title, '' AS status FROM partners WHERE logo = {:record} ORDER BY name")) {
    uses.push({ kind: "partner", id: row.id, title: row.title, status: "" });
  }
  for (const row of records("SELECT id, name AS title, status FROM products WHERE instr(images, {:id}) > 0 ORDER BY name")) {
    uses.push({ kind: "product", id: row.id, title: row.title, status: row.status });
  }
  for (const row of records("SELECT id, name AS title, '' AS status FROM product_lines WHERE image = {:record} ORDER BY name")) {
    uses.push({ kind: "line", id: row.id, title: row.title, status: "" });
  }
  return uses;
}

/** What a refusal calls each kind of place. */
const NAMES = { post: "Post", page: "Página", partner: "Parceiro", product: "Produto", line: "Linha" };

/**
 * The places in a sentence, for a refusal: 'Post "Título", Página "Sobre", Configuração site_logo, Parceiro "FIESC"'.
 * @param {MediaUse[]} uses
 */
function describe(uses) {
  return uses.map((use) => (use.kind === "setting" ? `Configuração ${use.key}` : `${NAMES[use.kind]} "${use.title}"`)).join(", ");
}

module.exports = { usageOf, describe };
