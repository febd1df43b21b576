// The old addresses a record keeps after a rename, so the built site redirects each of
// them (301) to its new address: pages (lib/pages/pages.js, /<slug>) and products
// (lib/catalog/catalog.js, /produtos/<slug>). `old_slugs` is written only here, from the
// stored record (whatever a client sends is replaced); the site reads it
// (src/lib/cms/page-links.ts, src/lib/catalog/loaders.ts).

/** The old addresses a record keeps, newest last. */
const MAX_OLD_SLUGS = 50;

/** A record's old slugs as stored (a list of strings). */
function oldSlugsOf(record) {
  const value = require(`${__hooks}/lib/common/json-values.js`).jsonField(record, "old_slugs", []);
  return Array.isArray(value) ? value.filter((slug) => typeof slug === "string" && slug !== "") : [];
}

/**
 * Any save (API, dashboard, restore): `old_slugs` follows from the stored record. A
 * published record that leaves a slug keeps it (when `kept(original)` says its address
 * was a real one); taking back an old slug removes its redirect.
 * @param {any} record @param {(original: any) => boolean} [kept]
 */
function keepOldSlugs(record, kept) {
  if (!record.collection().fields.getByName("old_slugs")) return; // a migration before the field's
  const original = record.isNew() ? null : record.original();
  let slugs = original ? oldSlugsOf(original) : [];
  const before = original ? original.getString("slug") : "";
  const slug = record.getString("slug");
  const leaves = original && before !== slug && original.getString("status") === "published" && (!kept || kept(original));
  if (leaves && slugs.indexOf(before) < 0) slugs.push(before);
  slugs = slugs.filter((old) => old !== slug).slice(-MAX_OLD_SLUGS);
  record.set("old_slugs", slugs);
}

/**
 * The other record of `collection` (not `id`) that holds `slug` as its address or as one
 * of its old slugs, if any.
 * @returns {{ record: any, current: boolean } | null}
 */
function holderOf(app, collection, slug, id) {
  const found = app.findRecordsByFilter(collection, "id != {:id} && (slug = {:slug} || old_slugs ~ {:quoted})", "", 10, 0, {
    id: id || "",
    slug: slug,
    quoted: JSON.stringify(slug),
  });
  for (const record of found) {
    if (record.getString("slug") === slug) return { record: record, current: true };
    if (oldSlugsOf(record).indexOf(slug) >= 0) return { record: record, current: false };
  }
  return null;
}

module.exports = { oldSlugsOf, keepOldSlugs, holderOf };
