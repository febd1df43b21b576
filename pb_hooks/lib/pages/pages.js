// A page's address (pb_hooks/content.pb.js): its slug may change after creation. The
// slugs a published page had are kept in `old_slugs`, written only here (whatever a
// client sends is replaced), and the built site redirects each of them (301) to the
// page's address (src/lib/cms/page-links.ts). A slug that would take a built-in route,
// another page's address or an address another page redirects is refused, so no
// redirect ever points at itself or hides a page.

const RULES = require(`${__hooks}/../shared/content-rules.json`);
const BUILT_IN = RULES.pages.content.builtInSlugs;
/** The old addresses a page keeps, newest last. */
const MAX_OLD_SLUGS = 50;

/** A page's old slugs as stored (a list of strings). */
function oldSlugsOf(record) {
  const value = require(`${__hooks}/lib/common/json-values.js`).jsonField(record, "old_slugs", []);
  return Array.isArray(value) ? value.filter((slug) => typeof slug === "string" && slug !== "") : [];
}

/** Throws a 400 whose message is given on the slug field. */
function refuse(message) {
  throw new BadRequestError(message, { slug: new ValidationError("validation_page_address", message) });
}

/** The other page (not `id`) that holds `slug` as its address or as one of its old slugs, if any. */
function holderOf(app, slug, id) {
  const pages = app.findRecordsByFilter("pages", "id != {:id} && (slug = {:slug} || old_slugs ~ {:quoted})", "", 10, 0, {
    id: id || "",
    slug: slug,
    quoted: JSON.stringify(slug),
  });
  for (const page of pages) {
    if (page.getString("slug") === slug) return { page: page, current: true };
    if (oldSlugsOf(page).indexOf(slug) >= 0) return { page: page, current: false };
  }
  return null;
}

/**
 * Refuses, with a pt-BR message on the slug, an address the page may not take: a
 * malformed slug, a built-in route taken by a new page or a rename (a page kept from
 * before with such a slug is shown nowhere; renaming it to a free address is its way
 * out), another page's address, or an address another page redirects. `original` is
 * null for a new page.
 */
function assertAddress(app, record, original) {
  const slug = record.getString("slug");
  const before = original ? original.getString("slug") : null;
  if (slug === before) return;
  const { slugProblem } = require(`${__hooks}/lib/content/content-rules.js`);
  const problem = slugProblem(RULES.pages.slug, slug);
  if (problem) refuse(problem);
  if (!record.getBool("is_homepage")) {
    // A new page too: at a built-in route's address it would be shown nowhere.
    if (BUILT_IN.indexOf(slug) >= 0) refuse(`O endereço /${slug} já é uma página do site; escolha outro slug.`);
  }
  const holder = holderOf(app, slug, record.id);
  if (!holder) return;
  const name = holder.page.getString("name");
  if (holder.current) refuse(`Já existe uma página com o endereço /${slug} (“${name}”); escolha outro slug.`);
  refuse(`O endereço /${slug} redireciona para a página “${name}”; escolha outro slug.`);
}

/**
 * Any save (API, dashboard, restore): `old_slugs` follows from the stored record. A
 * published page that leaves a slug keeps it (unless it is the home page, whose
 * address is /, or a built-in route's); taking back an old slug removes its redirect.
 */
function keepOldSlugs(record) {
  const original = record.isNew() ? null : record.original();
  let slugs = original ? oldSlugsOf(original) : [];
  const before = original ? original.getString("slug") : "";
  const slug = record.getString("slug");
  const leaves =
    original &&
    before !== slug &&
    original.getString("status") === "published" &&
    !original.getBool("is_homepage") &&
    BUILT_IN.indexOf(before) < 0;
  if (leaves && slugs.indexOf(before) < 0) slugs.push(before);
  slugs = slugs.filter((old) => old !== slug).slice(-MAX_OLD_SLUGS);
  record.set("old_slugs", slugs);
}

module.exports = { assertAddress, keepOldSlugs, oldSlugsOf };
