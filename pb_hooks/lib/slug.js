// Slugs for posts (from the title) and pages (from the name), one rule:
// lowercase, accents stripped, non-alphanumerics removed, spaces to hyphens,
// repeated hyphens collapsed. Mirrors src/lib/slug.ts (same test vectors).

/** Lowercase without accents: for slugs and for searching text as people type it. */
function fold(text) {
  return String(text || "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function slugify(text) {
  return fold(text)
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

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
