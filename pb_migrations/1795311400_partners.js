/// <reference path="../pb_data/types.d.ts" />

// The partners' logos ('Parceiros', shared/site-pieces.js), edited once and shown wherever
// a `partners` section is, as the testimonials and FAQ entries are
// (1795311100_site_pieces.js). A fresh install gets the seven the site had in git
// (shared/site-partners.json), each with its SVG mark kept as one of the site's own files
// (`builtin_logo`, under src/assets): Mídia refuses SVG on purpose, since an SVG can carry
// script (pb_hooks/lib/media/uploads.js). A partner an editor adds takes its logo from
// Mídia (`logo`, a media record's id); editors may keep or clear `builtin_logo`, never set
// or change it. Anyone reads them (the site's build does, unsigned); editors and admins
// write them; pb_hooks/lib/pieces/pieces.js checks every save in pt-BR. The partners keep
// revisions from their first state on, as the other pieces do (1795311300_site_pieces_revisions.js).
migrate(
  (app) => {
    const EDITOR =
      '@request.auth.collectionName = "users" && @request.auth.is_active = true && ' +
      '(@request.auth.role = "admin" || @request.auth.role = "editor")';
    const UNSET = '@request.body.builtin_logo:isset = false || @request.body.builtin_logo = ""';
    const partners = new Collection({
      type: "base",
      name: "partners",
      listRule: "",
      viewRule: "",
      createRule: `(${EDITOR}) && (${UNSET})`,
      updateRule: `(${EDITOR}) && (${UNSET} || @request.body.builtin_logo = builtin_logo)`,
      deleteRule: EDITOR,
      fields: [
        { name: "name", type: "text", required: true, max: 20 },
        { name: "full_name", type: "text", required: true, max: 120 },
        { name: "kind", type: "text", required: true, max: 60 },
        { name: "order", type: "number", required: true, onlyInt: true, min: 1, max: 999 },
        { name: "logo", type: "text", max: 15 },
        { name: "builtin_logo", type: "text", max: 200 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE INDEX idx_partners_order ON partners (`order`)"],
    });
    app.save(partners);

    const revisions = app.findCollectionByNameOrId("revisions");
    const field = revisions.fields.getByName("collection");
    if (field.values.indexOf("partners") < 0) field.values = field.values.concat(["partners"]);
    app.save(revisions);

    const { writeRevision } = require(`${__hooks}/lib/revisions/revisions.js`);
    for (const entry of require(`${__hooks}/../shared/site-partners.json`)) {
      const record = new Record(partners);
      for (const name of ["name", "full_name", "kind", "order", "builtin_logo"]) record.set(name, entry[name]);
      app.save(record);
      // The audit hook writes the first revision with the save; where hooks do not run, this does.
      const count = app.countRecords("revisions", $dbx.hashExp({ collection: "partners", record: record.id }));
      if (count === 0) writeRevision(app, record, "create", null, "versão inicial");
    }
  },
  (app) => {
    const revisions = app.findCollectionByNameOrId("revisions");
    app.db().newQuery("DELETE FROM revisions WHERE collection = 'partners'").execute();
    const field = revisions.fields.getByName("collection");
    field.values = field.values.filter((value) => value !== "partners");
    app.save(revisions);
    app.delete(app.findCollectionByNameOrId("partners"));
  },
);
