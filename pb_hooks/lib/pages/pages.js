// A page's address (pb_hooks/content.pb.js): its slug may change after creation. The
// slugs a published page had are kept in `old_slugs` (lib/common/old-slugs.js), and the
// built site redirects each of them (301) to the page's address (src/lib/cms/page-links.ts). A slug that would take a built-in route,
// another page's address or an address another page redirects is refused, so no
// redirect ever points at itself or hides a page.

const RULES = require(`${__hooks}/../shared/content-rules.json`);
const BUILT_IN = RULES.pages.content.builtInSlugs;

/** Throws a 400 whose message is given on the slug field. */
function refuse(message) {
  throw new BadRequestError(message, { slug: new ValidationError("validation_page_address", message) });
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
  const holder = require(`${__hooks}/lib/common/old-slugs.js`).holderOf(app, "pages", slug, record.id);
  if (!holder) return;
  const name = holder.record.getString("name");
  if (holder.current) refuse(`Já existe uma página com o endereço /${slug} (“${name}”); escolha outro slug.`);
  refuse(`O endereço /${slug} redireciona para a página “${name}”; escolha outro slug.`);
}

/**
 * Any save (API, dashboard, restore): `old_slugs` follows from the stored record
 * (lib/common/old-slugs.js); the home page (whose address is /) and a built-in route's
 * slug leave no redirect.
 */
function keepOldSlugs(record) {
  require(`${__hooks}/lib/common/old-slugs.js`).keepOldSlugs(
    record,
    (original) => !original.getBool("is_homepage") && BUILT_IN.indexOf(original.getString("slug")) < 0,
  );
}

module.exports = { assertAddress, keepOldSlugs };
