/// <reference path="../pb_data/types.d.ts" />

// Revisions and editorial review (src/lib/permissions.ts mirrors the rules):
// - `revisions`: every save of a post or page, written by pb_hooks/revisions.pb.js in
//   the save's transaction. Nobody creates, updates or deletes one through the API.
//   Editors and admins read them all; an author reads those of the posts they own
//   (`owner`, kept equal to the post's author by the hooks: no join in the rule, so a
//   history lists fast among a million revisions).
// - posts gain the status `review` ('Em revisão') and `review_note`, the editor's note
//   when a post goes back to its author. Authors move their own posts between draft
//   and review, never further, and never write the note.
// - a post's body may hold 20,000 words (about 150,000 characters);
// - retention (the last 50 revisions of a record and every published one) is a trigger
//   (pb_hooks/lib/revisions/revisions.js ensureRetention).
const ACTIVE = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
const EDITOR = `${ACTIVE} && (@request.auth.role = "admin" || @request.auth.role = "editor")`;
const AUTHOR = `${ACTIVE} && @request.auth.role = "author"`;

const OWN_AUTHOR = "(@request.body.author:isset = false || @request.body.author = @request.auth.id)";
const NO_FACTS = "@request.body.author_name:isset = false && @request.body.published_at:isset = false";

/** @param {boolean} review whether authors may use the review status */
function postRules(app, review) {
  const posts = app.findCollectionByNameOrId("posts");
  const statuses = review ? ["draft", "review"] : ["draft"];
  const sends = `(@request.body.status:isset = false || ${statuses.map((s) => `@request.body.status = "${s}"`).join(" || ")})`;
  const stored = `(${statuses.map((s) => `status = "${s}"`).join(" || ")})`;
  const noNote = review ? " && @request.body.review_note:isset = false" : "";
  posts.createRule = `(${EDITOR}) || (${AUTHOR} && ${OWN_AUTHOR} && ${sends} && ${NO_FACTS}${noNote})`;
  posts.updateRule = `(${EDITOR}) || (${AUTHOR} && author = @request.auth.id && ${stored} && ${OWN_AUTHOR} && ${sends} && ${NO_FACTS}${noNote})`;
  app.save(posts);
}

migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId("posts");
    posts.fields.getByName("status").values = ["draft", "review", "published", "scheduled"];
    posts.fields.getByName("content").max = 300000;
    posts.fields.add(new TextField({ name: "review_note", max: 2000 }));
    app.save(posts);
    postRules(app, true);

    const revisions = new Collection({
      type: "base",
      name: "revisions",
      listRule: `(${EDITOR}) || (${AUTHOR} && collection = "posts" && owner = @request.auth.id)`,
      viewRule: `(${EDITOR}) || (${AUTHOR} && collection = "posts" && owner = @request.auth.id)`,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "collection", type: "select", required: true, maxSelect: 1, values: ["posts", "pages"] },
        { name: "record", type: "text", required: true, max: 15 },
        // What happened: a save, a restored version, the record deleted (its last state).
        { name: "kind", type: "select", required: true, maxSelect: 1, values: ["create", "update", "restore", "delete"] },
        // Every editable field as it was after the save.
        { name: "data", type: "json", maxSize: 1024 * 1024 },
        // Text ids, as in the audit log: a deleted account leaves the revision as it was.
        { name: "editor", type: "text", max: 15 },
        { name: "editor_name", type: "text", max: 200 },
        { name: "owner", type: "text", max: 15 },
        { name: "summary", type: "text", max: 300 },
        // Public after the save (published or scheduled): kept beyond the last 50.
        { name: "published", type: "bool" },
        { name: "restored_from", type: "text", max: 15 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: [
        "CREATE INDEX idx_revisions_record ON revisions (collection, record, created DESC)",
        "CREATE INDEX idx_revisions_owner ON revisions (owner, created DESC)",
        "CREATE INDEX idx_revisions_kind ON revisions (kind, created DESC)",
      ],
    });
    app.save(revisions);
    require(`${__hooks}/lib/revisions/revisions.js`).ensureRetention(app);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("revisions"));
    postRules(app, false);
    const posts = app.findCollectionByNameOrId("posts");
    posts.fields.removeByName("review_note");
    posts.fields.getByName("status").values = ["draft", "published", "scheduled"];
    posts.fields.getByName("content").max = 100000;
    app.save(posts);
  },
);
