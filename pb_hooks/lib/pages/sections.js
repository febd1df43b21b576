// A page's `content` checked on every create and update request (pb_hooks/content.pb.js:
// the admin, the API, the dashboard, a restored revision): `{ "sections": [...] }` as
// shared/page-sections.js defines them, or a 400 in pt-BR on the content field. What the
// API accepts is then what the site renders and the admin's section editor opens.

const { sectionProblems } = require(`${__hooks}/lib/common/shared.js`).sharedModule("page-sections.js");

/** How many problems a refusal names; the rest are counted (the editor fixes a few at a time). */
const SHOWN = 3;

const NOT_SECTIONS = "Conteúdo: envie um objeto com a lista de seções em “sections”.";

/** UTF-8 bytes of a text, as PocketBase measures a JSON field against its maxSize. */
function byteLength(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The content's refusal (pt-BR), or "" when it is a valid `{ sections }`. @param {any} record */
function contentProblem(record) {
  const raw = record.getString("content");
  // PocketBase would answer this in English (validation_json_size_limit).
  const max = record.collection().fields.getByName("content").calculateMaxBodySize();
  const size = byteLength(raw);
  if (size > max)
    return `O conteúdo da página é grande demais: tem ${Math.ceil(size / 1024)} KB, e o limite é de ${Math.floor(max / 1024)} KB. Encurte ou remova seções.`;
  const content = require(`${__hooks}/lib/common/json-values.js`).parseJson(raw);
  if (content === null || typeof content !== "object" || Array.isArray(content)) return NOT_SECTIONS;
  const others = Object.keys(content).filter((key) => key !== "sections");
  if (others.length)
    return `Conteúdo: só a lista de seções (“sections”) é aceita; remova ${others.map((key) => `“${key}”`).join(", ")}.`;
  if (!Object.prototype.hasOwnProperty.call(content, "sections")) return NOT_SECTIONS;
  const problems = sectionProblems(content.sections);
  if (problems.length === 0) return "";
  const more = problems.length - SHOWN;
  const rest = more > 0 ? ` E mais ${more} ${more === 1 ? "problema" : "problemas"}.` : "";
  return problems.slice(0, SHOWN).join(" ") + rest;
}

/**
 * Throws a 400 naming the first problems of the page's sections on `content`. A new
 * draft's empty content is `{ sections: [] }` by then (pb_hooks/content.pb.js).
 * @param {any} record
 */
function assertSections(record) {
  // Measured as stored: a textarea's "\r\n" is kept as "\n" (the model hooks would do it next).
  require(`${__hooks}/lib/common/line-endings.js`).normalizeJsonField(record, "content");
  const problem = contentProblem(record);
  if (problem) throw require(`${__hooks}/lib/common/errors.js`).fieldError("content", "validation_page_sections", problem);
}

module.exports = { assertSections };
