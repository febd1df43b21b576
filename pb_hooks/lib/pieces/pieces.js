// The pieces the site's pages share (pb_hooks/pieces.pb.js): a testimonial, an FAQ
// entry or a partner is checked against shared/site-pieces.js on every save, whatever
// makes it, and refused with the pt-BR sentence on the field at fault. A partner's
// Mídia logo must be a Mídia image, as a page section's image must be in Mídia
// (lib/pages/sections.js).

const { sharedModule } = require(`${__hooks}/lib/common/shared.js`);
const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

/**
 * What is wrong with a partner's logo beyond its presence (pieceProblems checks that),
 * by field, in pt-BR.
 * @param {any} app @param {any} record @returns {Record<string, string>}
 */
function logoProblems(app, record) {
  const { PARTNER_LOGO } = sharedModule("site-pieces.js");
  const logo = record.getString("logo").trim();
  const builtin = record.getString("builtin_logo").trim();
  if (builtin && !new RegExp(sharedModule("site-assets.js").SITE_ASSET_PATH_PATTERN).test(builtin)) {
    return { builtin_logo: PARTNER_LOGO.badBuiltin };
  }
  if (!logo) return {};
  let media;
  try {
    media = app.findRecordById("media", logo);
  } catch (_) {
    return { logo: PARTNER_LOGO.notInMedia };
  }
  if (!/^image\//.test(media.getString("mime_type"))) return { logo: PARTNER_LOGO.notAnImage };
  return {};
}

/** Throws a 400 on the first field `record` gets wrong. @param {any} app @param {any} record */
function assertPiece(app, record) {
  const kind = record.collection().name;
  const { PIECES, pieceProblems } = sharedModule("site-pieces.js");
  const values = { order: record.get("order") };
  for (const name of Object.keys(PIECES[kind].fields)) values[name] = record.getString(name);
  if (kind === "testimonials") values.group = record.getString("page");
  if (kind === "partners") {
    values.logo = record.getString("logo");
    values.builtin_logo = record.getString("builtin_logo");
  }
  let problems = pieceProblems(kind, values, sharedModule("page-sections.js").TESTIMONIAL_GROUPS);
  if (kind === "partners" && !Object.keys(problems).length) problems = logoProblems(app, record);
  const fields = Object.keys(problems);
  if (!fields.length) return;
  const field = fields[0] === "group" ? "page" : fields[0];
  throw fieldError(field, "validation_site_piece", problems[fields[0]]);
}

module.exports = { assertPiece };
