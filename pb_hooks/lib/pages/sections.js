// A page's `content` checked on every create and update request (pb_hooks/content.pb.js:
// the admin, the API, the dashboard, a restored revision): `{ "sections": [...] }` as
// shared/page-sections.js defines them, each image a record of Mídia, or a 400 in pt-BR on
// the content field. What the API accepts is then what the site renders and the admin's
// section editor opens.

const { isOldSection, sectionImages, sectionProblems, textSectionOf, typedSectionsOf } = require(
  `${__hooks}/lib/common/shared.js`,
).sharedModule("page-sections.js");

/** How many problems a refusal names; the rest are counted (the editor fixes a few at a time). */
const SHOWN = 3;

const NOT_SECTIONS = "Conteúdo: envie um objeto com a lista de seções em “sections”.";

/** The characters the admin's section ids are made of (SECTION_ID_PATTERN). */
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A new section id, as the admin's (SECTION_ID_PATTERN). */
function newSectionId() {
  return $security.randomStringWithAlphabet(12, ID_ALPHABET);
}

/**
 * A section of the old shape, `{ heading, body }`, as a `text` section with a new id
 * (shared/page-sections.js textSectionOf). For the upgrade's seed of the site's pages
 * (pb_migrations/1795310800_site_pages.js).
 * @param {{ heading?: unknown, body?: unknown }} section
 */
function textSection(section) {
  return textSectionOf(section, newSectionId());
}

/**
 * A content of the old shape as `{ sections }` (shared/page-sections.js typedSectionsOf,
 * with new ids); keys beside `sections` go. For pages stored before typed sections
 * (pb_migrations/1795310900_page_sections_revisions.js) and their revisions, when one is
 * restored.
 * @param {any} content @returns {{ sections: any[] }}
 */
function typedContent(content) {
  return { sections: typedSectionsOf(content, newSectionId) };
}

/** Whether a content holds a section of the old shape. @param {any} content */
function hasOldSections(content) {
  return Boolean(
    content && typeof content === "object" && Array.isArray(content.sections) && content.sections.some(isOldSection),
  );
}

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

/** An image a section shows that is no Mídia record (deleted for good since it was chosen), or "". */
function missingImage(app, sections) {
  for (const image of sectionImages(sections)) {
    try {
      app.findRecordById("media", image.id);
    } catch (_) {
      return `${image.name}: esta imagem não está na Mídia; escolha outra.`;
    }
  }
  return "";
}

/** The pages' `content` field's size limit, in bytes. @param {any} app */
function maxContentBytes(app) {
  return app.findCollectionByNameOrId("pages").fields.getByName("content").calculateMaxBodySize();
}

/**
 * The refusal (pt-BR) of a page's content as stored (JSON text), or "" when it is a valid
 * `{ sections }`: a save's (assertSections) and a preview's (pb_hooks/lib/publishing/preview.js).
 * @param {any} app @param {string} raw
 */
function contentProblem(app, raw) {
  // PocketBase would answer this in English (validation_json_size_limit).
  const max = maxContentBytes(app);
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
  if (problems.length === 0) return missingImage(app, content.sections || []);
  const more = problems.length - SHOWN;
  const rest = more > 0 ? ` E mais ${more} ${more === 1 ? "problema" : "problemas"}.` : "";
  return problems.slice(0, SHOWN).join(" ") + rest;
}

/**
 * Throws a 400 naming the first problems of the page's sections on `content`. A new
 * draft's empty content is `{ sections: [] }` by then (pb_hooks/content.pb.js).
 * @param {any} app @param {any} record
 */
function assertSections(app, record) {
  // A version saved before typed sections, restored: its sections as the upgrade converted the page's.
  const { RESTORED_FROM_KEY } = require(`${__hooks}/lib/revisions/revisions.js`);
  const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
  if (record.get(RESTORED_FROM_KEY) && hasOldSections(jsonField(record, "content"))) {
    record.set("content", typedContent(jsonField(record, "content")));
  }
  // Measured as stored: a textarea's "\r\n" is kept as "\n" (the model hooks would do it next).
  require(`${__hooks}/lib/common/line-endings.js`).normalizeJsonField(record, "content");
  const problem = contentProblem(app, record.getString("content"));
  if (problem) throw require(`${__hooks}/lib/common/errors.js`).fieldError("content", "validation_page_sections", problem);
}

module.exports = { assertSections, contentProblem, maxContentBytes, textSection, typedContent };
