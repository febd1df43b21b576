// The pieces the site's pages share (pb_hooks/pieces.pb.js): a testimonial or an FAQ
// entry is checked against shared/site-pieces.js on every save, whatever makes it,
// and refused with the pt-BR sentence on the field at fault.

const { sharedModule } = require(`${__hooks}/lib/common/shared.js`);
const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

/** Throws a 400 on the first field `record` gets wrong. */
function assertPiece(record) {
  const kind = record.collection().name;
  const { PIECES, pieceProblems } = sharedModule("site-pieces.js");
  const values = { order: record.get("order") };
  for (const name of Object.keys(PIECES[kind].fields)) values[name] = record.getString(name);
  if (kind === "testimonials") values.group = record.getString("page");
  const problems = pieceProblems(kind, values, sharedModule("page-sections.js").TESTIMONIAL_GROUPS);
  const fields = Object.keys(problems);
  if (!fields.length) return;
  const field = fields[0] === "group" ? "page" : fields[0];
  throw fieldError(field, "validation_site_piece", problems[fields[0]]);
}

module.exports = { assertPiece };
