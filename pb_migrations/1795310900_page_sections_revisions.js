/// <reference path="../pb_data/types.d.ts" />

// Pages made of typed sections (shared/page-sections.js), from their first edit on:
// - a section in the old shape, `{ heading, body }` (the only one the admin wrote
//   before), becomes a `text` section with that title and body; what was no section
//   (a bare value, null) goes, as the site never showed it; `content` keeps only its
//   `sections`, as pb_hooks/lib/pages/sections.js now requires (its typedContent, which
//   also converts an older version of a page when it is restored);
// - a page with no revision gets its first one now (pb_hooks/lib/revisions/revisions.js,
//   as a save writes it): a page the seed wrote (1795310800_site_pages.js) or an old one
//   can then be brought back as it was after its first edit.
// Runs after the seed of the site's pages. Nothing to undo: the revisions are history,
// and the converted sections say what the old ones said.

const FIRST_REVISION = "versão inicial";

migrate(
  (app) => {
    const { parseJson } = require(`${__hooks}/lib/common/json-values.js`);
    const { typedContent } = require(`${__hooks}/lib/pages/sections.js`);
    const rows = arrayOf(new DynamicModel({ id: "", content: "" }));
    app.db().newQuery("SELECT id, COALESCE(CAST(content AS TEXT), '') AS content FROM pages").all(rows);
    for (const row of rows) {
      const before = parseJson(row.content);
      const after = typedContent(before);
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
