/// <reference path="../pb_data/types.d.ts" />

// Pages made of typed sections (shared/page-sections.js), from their first edit on:
// - a section in the old shape, `{ heading, body }` (the only one the admin wrote
//   before), becomes a `text` section with that title and body; what was no section
//   (a bare value, null) goes, as the site never showed it; `content` keeps only its
//   `sections`, as pb_hooks/lib/pages/sections.js now requires;
// - a page with no revision gets its first one now (pb_hooks/lib/revisions/revisions.js,
//   as a save writes it): a page the seed wrote (1795310800_site_pages.js) or an old one
//   can then be brought back as it was after its first edit.
// Runs after the seed of the site's pages. Nothing to undo: the revisions are history,
// and the converted sections say what the old ones said.

/** The characters the admin's section ids are made of (SECTION_ID_PATTERN). */
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const FIRST_REVISION = "versão inicial";

/** Whether a section is in the shape the admin wrote before typed sections. */
function isOldSection(section) {
  return (
    section !== null &&
    typeof section === "object" &&
    !Array.isArray(section) &&
    section.type === undefined &&
    ("heading" in section || "body" in section)
  );
}

/** The old section as a `text` section: its heading on one line as the title, its body as it was. */
function textSection(section) {
  const text = (value) => (value === undefined || value === null ? "" : String(value));
  return {
    id: $security.randomStringWithAlphabet(12, ID_ALPHABET),
    type: "text",
    title: text(section.heading)
      .replace(/\s*[\r\n]+\s*/g, " ")
      .trim(),
    body: text(section.body),
    style: "plain",
  };
}

/** A page's content as `{ sections }`, its old sections converted. */
function converted(content) {
  const list = content && typeof content === "object" && Array.isArray(content.sections) ? content.sections : [];
  const sections = [];
  for (const section of list) {
    if (isOldSection(section)) sections.push(textSection(section));
    else if (section !== null && typeof section === "object" && !Array.isArray(section)) sections.push(section);
  }
  return { sections: sections };
}

migrate(
  (app) => {
    const { parseJson } = require(`${__hooks}/lib/common/json-values.js`);
    const rows = arrayOf(new DynamicModel({ id: "", content: "" }));
    app.db().newQuery("SELECT id, COALESCE(CAST(content AS TEXT), '') AS content FROM pages").all(rows);
    for (const row of rows) {
      const before = parseJson(row.content);
      const after = converted(before);
      if (JSON.stringify(after) === JSON.stringify(before)) continue;
      app
        .db()
        .newQuery("UPDATE pages SET content = {:content} WHERE id = {:id}")
        .bind({ content: JSON.stringify(after), id: row.id })
        .execute();
    }

    const { writeRevision } = require(`${__hooks}/lib/revisions/revisions.js`);
    for (const page of app.findAllRecords("pages")) {
      const revisions = app.countRecords("revisions", $dbx.hashExp({ collection: "pages", record: page.id }));
      if (revisions === 0) writeRevision(app, page, "create", null, FIRST_REVISION);
    }
  },
  () => {},
);
