// Slugs in the hooks: the rule itself is shared/slug.js (the admin and the site apply
// the same one); here, the one thing only the server can do, finding a free slug.
const { fold, slugify } = require(`${__hooks}/lib/common/shared.js`).sharedModule("slug.js");

/** A slug not used by another record of the collection: base, base-2, base-3, … */
function uniqueSlug(app, collection, base, excludeId) {
  const root = base || "sem-titulo";
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? root : root + "-" + n;
    try {
      const found = app.findFirstRecordByFilter(collection, "slug = {:slug} && id != {:id}", {
        slug: candidate,
        id: excludeId || "",
      });
      if (!found) return candidate;
    } catch (_) {
      return candidate;
    }
  }
  throw new BadRequestError("Não foi possível gerar um slug único.");
}

module.exports = { fold, slugify, uniqueSlug };
