/// <reference path="../pb_data/types.d.ts" />

// Audit rows keep who acted as it was: `user` becomes a plain text id (a relation
// was emptied by PocketBase when the account was deleted, rewriting history), and
// each row keeps the request's user agent beside its IP. Written by pb_hooks/lib/audit/audit.js.
const USER_INDEX = { name: "idx_audit_logs_user", columns: "`user`, `created` DESC" };

/** Replaces the `user` field by `make()`'s field, keeping every row's value. */
function retypeUser(app, make) {
  let audit = app.findCollectionByNameOrId("audit_logs");
  audit.fields.add(make("user_retyped"));
  app.save(audit);
  app.db().newQuery("UPDATE audit_logs SET user_retyped = user").execute();

  audit = app.findCollectionByNameOrId("audit_logs");
  audit.removeIndex(USER_INDEX.name);
  audit.fields.removeByName("user");
  app.save(audit);

  audit = app.findCollectionByNameOrId("audit_logs");
  audit.fields.getByName("user_retyped").name = "user";
  audit.addIndex(USER_INDEX.name, false, USER_INDEX.columns, "");
  app.save(audit);
}

migrate(
  (app) => {
    retypeUser(app, (name) => new TextField({ name: name, max: 64 }));
    const audit = app.findCollectionByNameOrId("audit_logs");
    audit.fields.add(new TextField({ name: "user_agent", max: 512 }));
    app.save(audit);
  },
  (app) => {
    const audit = app.findCollectionByNameOrId("audit_logs");
    audit.fields.removeByName("user_agent");
    app.save(audit);
    const users = app.findCollectionByNameOrId("users");
    // Rows of deleted accounts cannot point at them: their id goes, their name stays in `actor`.
    app.db().newQuery("UPDATE audit_logs SET user = '' WHERE user != '' AND user NOT IN (SELECT id FROM users)").execute();
    retypeUser(app, (name) => new RelationField({ name: name, maxSelect: 1, collectionId: users.id, cascadeDelete: false }));
  },
);
