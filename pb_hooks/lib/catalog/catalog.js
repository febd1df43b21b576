// The catalogue's records (pb_hooks/catalog.pb.js): every save of a product line, a
// product, a datasheet or a software download is checked against shared/catalog.js,
// then against what exists — an image chosen from Mídia must be a Mídia image, a
// product is not its own related product, an address is not taken — and refused with
// the pt-BR sentence on the field at fault, whatever makes it (the API, the dashboard,
// a migration). The site's own images a seeded record keeps (`builtin`,
// `builtin_image`) can be kept or taken out through the API, never named anew: a wrong
// path would stop the site's build (assertBuiltinKept; the lines' API rule does the same).

const { sharedModule } = require(`${__hooks}/lib/common/shared.js`);
const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

/** What each collection calls a taken address. */
const TAKEN = {
  product_lines: "Já existe uma linha com este endereço.",
  products: "Já existe um produto com este endereço.",
  datasheets: "Já existe um datasheet com este identificador.",
  software: "Já existe um software com este identificador.",
};

/** The patterns shared/catalog.js is given (it imports nothing). */
function patterns() {
  return {
    recordId: sharedModule("page-sections.js").MEDIA_ID_PATTERN,
    asset: sharedModule("site-assets.js").SITE_ASSET_PATH_PATTERN,
    slug: require(`${__hooks}/../shared/content-rules.json`).slugPattern,
  };
}

/** A record's values as shared/catalog.js reads them. @param {any} record */
function valuesOf(record) {
  const kind = record.collection().name;
  const fields = sharedModule("catalog.js").CATALOG[kind].fields;
  const values = {};
  for (const name of Object.keys(fields)) {
    const field = fields[name];
    if (field.kind === "order") values[name] = record.get(name);
    else if (field.kind === "bool") values[name] = record.getBool(name);
    else if (field.kind === "list" || field.kind === "images") values[name] = jsonField(record, name, []);
    else if (field.kind === "relations") values[name] = record.getStringSlice(name);
    else values[name] = record.getString(name);
  }
  if (kind === "product_lines") values.builtin_image = record.getString("builtin_image");
  return values;
}

function mediaProblem(app, id) {
  const { CATALOG_IMAGE } = sharedModule("catalog.js");
  let media;
  try {
    media = app.findRecordById("media", id);
  } catch (_) {
    return CATALOG_IMAGE.notInMedia;
  }
  if (!/^image\//.test(media.getString("mime_type"))) return CATALOG_IMAGE.notAnImage;
  return "";
}

/** The Mídia images a record shows: [field, label, id]. */
function mediaImages(kind, values) {
  if (kind === "product_lines") return values.image ? [["image", "Imagem", values.image]] : [];
  if (kind !== "products") return [];
  return values.images
    .map((image, index) => ["images", `Imagem ${index + 1}`, String(image.image || "").trim()])
    .filter((entry) => entry[2] !== "");
}

/**
 * Refuses (400, pt-BR, on the field at fault) a catalogue record that breaks
 * shared/catalog.js or points at nothing.
 * @param {any} app @param {any} record
 */
function assertCatalogRecord(app, record) {
  const kind = record.collection().name;
  const values = valuesOf(record);
  assertShape(kind, values);

  const slug = values.slug.trim();
  if (kind === "products" && sharedModule("catalog.js").RESERVED_PRODUCT_SLUGS.indexOf(slug) >= 0) {
    throw fieldError("slug", "validation_catalog", `Endereço: /produtos/${slug} é usado pelo site; escolha outro.`);
  }
  // (Before pb_migrations/1795311600_catalog_publishing.js, while the seed is saved, products have no old addresses.)
  if (kind === "products" && record.collection().fields.getByName("old_slugs")) {
    // Nor the old address of a renamed product, which the site redirects (lib/common/old-slugs.js).
    const holder = require(`${__hooks}/lib/common/old-slugs.js`).holderOf(app, kind, slug, record.id);
    if (holder && holder.current) throw fieldError("slug", "validation_not_unique", TAKEN[kind]);
    if (holder) {
      const message = `Endereço: /produtos/${slug} redireciona para o produto “${holder.record.getString("name")}”; escolha outro.`;
      throw fieldError("slug", "validation_not_unique", message);
    }
  } else {
    const same = app.findRecordsByFilter(kind, "slug = {:slug} && id != {:id}", "", 1, 0, { slug: slug, id: record.id });
    if (same.length) throw fieldError("slug", "validation_not_unique", TAKEN[kind]);
  }

  for (const [field, label, id] of mediaImages(kind, values)) {
    const problem = mediaProblem(app, id);
    if (problem) throw fieldError(field, "validation_catalog", `${label}: ${problem}`);
  }
  if (kind === "products" && values.related.indexOf(record.id) >= 0) {
    throw fieldError("related", "validation_catalog", "Produtos relacionados: um produto não é relacionado a si mesmo.");
  }
}

/** The site's own image paths a product held: now or in any of its versions (a restore may bring one back). */
function builtinPathsOf(app, original) {
  const paths = {};
  const add = (images) => {
    if (!Array.isArray(images)) return;
    for (const image of images) if (image && typeof image === "object" && image.builtin) paths[String(image.builtin)] = true;
  };
  if (!original) return paths;
  add(jsonField(original, "images", []));
  const rows = arrayOf(new DynamicModel({ data: "" }));
  app
    .db()
    .newQuery("SELECT data FROM revisions WHERE collection = 'products' AND record = {:record}")
    .bind({ record: original.id })
    .all(rows);
  const { parseJson } = require(`${__hooks}/lib/common/json-values.js`);
  for (const row of rows) {
    const data = parseJson(row.data, {});
    add(data && data.images);
  }
  return paths;
}

/**
 * A save through the API keeps, reorders or takes out a product's own site images, or
 * brings back one of its earlier versions', never names another: those paths are files
 * of the site, and a wrong one stops its build. Superusers (the dashboard) are trusted.
 * @param {any} e the request event
 * @param {any} original the stored record (null on create)
 */
function assertBuiltinKept(e, original) {
  if (e.record.collection().name !== "products" || e.hasSuperuserAuth()) return;
  const images = jsonField(e.record, "images", []);
  if (!Array.isArray(images)) return;
  let known = null;
  images.forEach((image, index) => {
    const builtin = image && typeof image === "object" ? image.builtin : "";
    if (!builtin) return;
    known = known || builtinPathsOf(e.app, original);
    if (!known[String(builtin)]) {
      const { CATALOG_IMAGE } = sharedModule("catalog.js");
      throw fieldError("images", "validation_catalog", `Imagem ${index + 1}: ${CATALOG_IMAGE.newBuiltin}`);
    }
  });
}

/**
 * Refuses (400, pt-BR, on the field at fault) values that break shared/catalog.js: a
 * product's preview (lib/publishing/preview.js) shows nothing a save would refuse.
 * @param {string} kind @param {Record<string, any>} values
 */
function assertShape(kind, values) {
  const problems = sharedModule("catalog.js").catalogProblems(kind, values, patterns());
  const first = Object.keys(problems)[0];
  if (first) throw fieldError(first, "validation_catalog", problems[first]);
}

module.exports = { assertCatalogRecord, assertBuiltinKept, assertShape };
