/// <reference path="../pb_data/types.d.ts" />

// Visitors' comments on articles (MDX articles from git and CMS posts alike, named by
// slug). Anyone may create one; pb_hooks/comments.pb.js decides its status (always
// 'pending' unless it looks like spam), checks the article, the limits and the rate,
// and keeps the e-mail from anyone but admins and editors. The public reads only
// approved comments; admins and editors moderate (src/lib/permissions.ts mirrors this).
const ACTIVE = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
const EDITOR = `${ACTIVE} && (@request.auth.role = "admin" || @request.auth.role = "editor")`;

migrate(
  (app) => {
    const rules = require(`${__hooks}/../shared/content-rules.json`);
    const comments = new Collection({
      type: "base",
      name: "comments",
      listRule: `status = "approved" || (${EDITOR})`,
      viewRule: `status = "approved" || (${EDITOR})`,
      createRule: "",
      updateRule: EDITOR,
      deleteRule: EDITOR,
      fields: [
        { name: "article", type: "text", required: true, max: 200, pattern: rules.slugPattern },
        // The article's title when the comment was made, for the moderation queue (set by the hook).
        { name: "article_title", type: "text", max: 300 },
        { name: "name", type: "text", required: true, min: rules.comments.name.min, max: rules.comments.name.max },
        { name: "email", type: "email", required: true },
        { name: "body", type: "text", required: true, min: rules.comments.body.min, max: rules.comments.body.max },
        {
          name: "status",
          type: "select",
          required: true,
          maxSelect: 1,
          values: ["pending", "approved", "rejected", "spam"],
        },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE INDEX idx_comments_article ON comments (article, status, created)",
        "CREATE INDEX idx_comments_status ON comments (status, created DESC)",
      ],
    });
    app.save(comments);
    // A staff reply belongs to the comment it answers, and goes with it.
    comments.fields.add(new RelationField({ name: "parent", collectionId: comments.id, maxSelect: 1, cascadeDelete: true }));
    app.save(comments);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("comments"));
  },
);
