/// <reference path="../pb_data/types.d.ts" />

// A post's first publication moment, kept through unpublishing and publishing again
// (pb_hooks/lib/posts/posts.js): `first_published_at`, written only by the server's hooks
// (a value a client sends is ignored), and a published post's `published_at` always
// equals it. Posts published today start with their current publication time.
migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId("posts");
    posts.fields.add(new DateField({ name: "first_published_at" }));
    app.save(posts);
    app
      .db()
      .newQuery("UPDATE posts SET first_published_at = published_at WHERE status = 'published' AND published_at != ''")
      .execute();
  },
  (app) => {
    const posts = app.findCollectionByNameOrId("posts");
    posts.fields.removeByName("first_published_at");
    app.save(posts);
  },
);
