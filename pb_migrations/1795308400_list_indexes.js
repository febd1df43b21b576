/// <reference path="../pb_data/types.d.ts" />

// Indexes for the admin's posts list: each filter of the screen (status, category)
// followed by the screen's order (newest first), so SQLite reads the page's rows
// straight from the index instead of sorting every matching post. The author filter
// (authors' own list) already has idx_posts_author_created; the audit log's filters
// have theirs since the staff schema. Measured by bench/api-scale.mjs.
const INDEXES = [
  { name: "idx_posts_status_created", columns: "`status`, `created`" },
  { name: "idx_posts_category_created", columns: "`category`, `created`" },
];

migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId("posts");
    for (const index of INDEXES) posts.addIndex(index.name, false, index.columns, "");
    app.save(posts);
  },
  (app) => {
    const posts = app.findCollectionByNameOrId("posts");
    for (const index of INDEXES) posts.removeIndex(index.name);
    app.save(posts);
  },
);
