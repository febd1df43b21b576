/// <reference path="../pb_data/types.d.ts" />

// Data-subject requests (LGPD art. 18; pb_hooks/lib/privacy/privacy.js): each lookup, export
// and erasure an admin makes is recorded here, who and when and how many records,
// never the e-mail asked about. Written only by the server; admins read them.
// A comment can now be kept without an e-mail: an erasure anonymises it ('Visitante',
// no e-mail). Visitors still must give one (pb_hooks/lib/comments/comments.js checks it).
migrate(
  (app) => {
    const ACTIVE = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
    const ADMIN = `${ACTIVE} && @request.auth.role = "admin"`;
    const users = app.findCollectionByNameOrId("users");
    const requests = new Collection({
      type: "base",
      name: "privacy_requests",
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "action", type: "select", required: true, maxSelect: 1, values: ["lookup", "export", "erase"] },
        { name: "requested_by", type: "relation", maxSelect: 1, collectionId: users.id, cascadeDelete: false },
        { name: "requested_by_name", type: "text", max: 200 },
        /** What was found or erased, by kind: counts only. */
        { name: "counts", type: "json", maxSize: 2000 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: ["CREATE INDEX idx_privacy_requests_created ON privacy_requests (created DESC)"],
    });
    app.save(requests);

    const comments = app.findCollectionByNameOrId("comments");
    comments.fields.getByName("email").required = false;
    app.save(comments);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("privacy_requests"));
    const comments = app.findCollectionByNameOrId("comments");
    comments.fields.getByName("email").required = true;
    app.save(comments);
  },
);
