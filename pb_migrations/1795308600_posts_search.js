/// <reference path="../pb_data/types.d.ts" />

// The admin's posts search index (pb_hooks/lib/posts/search.js, which holds its definition):
// the FTS5 trigram table over posts' title, excerpt and slug, its keys table and the
// triggers that keep both in step, filled from the posts already stored. A database
// indexed before keeps its index (same definition).
// Later changes to posts' fields are followed by pb_hooks/search.pb.js.
migrate(
  (app) => {
    require(`${__hooks}/lib/posts/search.js`).ensure(app);
  },
  (app) => {
    require(`${__hooks}/lib/posts/search.js`).drop(app);
  },
);
