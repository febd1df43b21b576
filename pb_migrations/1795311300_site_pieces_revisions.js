/// <reference path="../pb_data/types.d.ts" />

// The menus, testimonials and FAQ entries keep revisions as posts and pages do
// (pb_hooks/lib/revisions/revisions.js FIELDS): 'Histórico' and 'Restaurar esta versão'
// undo an editor's change to them too. The revisions' `collection` names them, and each
// record without a revision gets its first one now (the state the seed or an earlier
// edit left), so an editor's first change can be undone.
// Nothing to undo: the revisions are history.

const FIRST_REVISION = "versão inicial";
const COLLECTIONS = ["menus", "testimonials", "faq_entries"];

migrate(
  (app) => {
    const revisions = app.findCollectionByNameOrId("revisions");
    const field = revisions.fields.getByName("collection");
    field.values = ["posts", "pages"].concat(COLLECTIONS);
    app.save(revisions);

    const { writeRevision } = require(`${__hooks}/lib/revisions/revisions.js`);
    for (const collection of COLLECTIONS) {
      for (const record of app.findAllRecords(collection)) {
        const count = app.countRecords("revisions", $dbx.hashExp({ collection: collection, record: record.id }));
        if (count === 0) writeRevision(app, record, "create", null, FIRST_REVISION);
      }
    }
  },
  () => {},
);
