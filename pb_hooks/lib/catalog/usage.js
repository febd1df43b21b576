// Where a product is used: linked from a post's text, a page's sections or a menu (by its
// address /produtos/<slug>, or an old one the site still redirects), or shown among
// another product's related products. A product in use is not deleted (409, naming the
// places): its page would vanish under those links. 'Produtos' asks for the places
// before it offers to delete (GET /api/admin/products/{id}/usage, pb_hooks/catalog.pb.js).

/**
 * @typedef {{ kind: "post" | "page" | "menu" | "product", id: string, title: string, status: string }} ProductUse
 */

/** Whether `text` links to one of `paths` (not to a longer address that starts the same). */
function links(text, paths) {
  for (const path of paths) {
    let at = text.indexOf(path);
    while (at >= 0) {
      const next = text.charAt(at + path.length);
      if (!/[a-z0-9-]/.test(next)) return true;
      at = text.indexOf(path, at + 1);
    }
  }
  return false;
}

/**
 * The places that use a product: posts, pages, menus, then products, each by title.
 * @param {any} app @param {any} product a `products` record
 * @returns {ProductUse[]}
 */
function usageOf(app, product) {
  const { oldSlugsOf } = require(`${__hooks}/lib/common/old-slugs.js`);
  const paths = [product.getString("slug")].concat(oldSlugsOf(product)).map((slug) => `/produtos/${slug}`);
  /** @type {ProductUse[]} */
  const uses = [];
  // SQL finds the candidates (the text holds "/produtos/<slug>"); `links` drops a longer address.
  const find = (sql) => {
    const rows = arrayOf(new DynamicModel({ id: "", title: "", status: "", text: "" }));
    const seen = {};
    for (const path of paths) {
      app.db().newQuery(sql).bind({ path: path }).all(rows);
      for (const row of rows) if (!seen[row.id] && links(row.text, paths)) seen[row.id] = row;
    }
    return Object.keys(seen)
      .map((id) => seen[id])
      .sort((a, b) => a.title.localeCompare(b.title));
  };
  for (const row of find("SELECT id, title, status, content AS text FROM posts WHERE instr(content, {:path}) > 0")) {
    uses.push({ kind: "post", id: row.id, title: row.title, status: row.status });
  }
  for (const row of find("SELECT id, name AS title, status, content AS text FROM pages WHERE instr(content, {:path}) > 0")) {
    uses.push({ kind: "page", id: row.id, title: row.title, status: row.status });
  }
  const { MENUS } = require(`${__hooks}/lib/common/shared.js`).sharedModule("menus.js");
  for (const row of find("SELECT id, key AS title, '' AS status, items AS text FROM menus WHERE instr(items, {:path}) > 0")) {
    const menu = MENUS.filter((entry) => entry.key === row.title)[0];
    uses.push({ kind: "menu", id: row.id, title: menu ? menu.label : row.title, status: "" });
  }
  const related = app.findRecordsByFilter("products", "related ~ {:id} && id != {:id}", "name", 0, 0, { id: product.id });
  for (const record of related) {
    if (record.getStringSlice("related").indexOf(product.id) < 0) continue;
    uses.push({ kind: "product", id: record.id, title: record.getString("name"), status: record.getString("status") });
  }
  return uses;
}

/** What a refusal calls each kind of place. */
const NAMES = { post: "Post", page: "Página", menu: "Menu", product: "Produto" };

/**
 * Refuses (409) to delete a product still in use, naming the places.
 * @param {any} app @param {any} product
 */
function assertUnused(app, product) {
  const uses = usageOf(app, product);
  if (uses.length === 0) return;
  const places = uses.map((use) => `${NAMES[use.kind]} “${use.title}”`).join(", ");
  throw new ApiError(
    409,
    `Este produto não pode ser excluído: ele é usado em ${places}. Tire essas referências e tente de novo.`,
  );
}

module.exports = { usageOf, assertUnused };
