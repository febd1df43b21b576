/// <reference path="../pb_data/types.d.ts" />

// Pages get the posts' workflow (pb_migrations/1795309300_revisions.js): the status
// `review` ('Em revisão', an editor hands the page to another editor or admin to check,
// with a note in `review_note`) and `scheduled` ('Agendada', published by the minute's
// job once `published_at` has come: pb_hooks/lib/content/workflow.js). The API rules
// stay as they are: only editors and admins write pages, and the public reads only
// published ones (a scheduled page is not on the site before the job publishes it).
migrate(
  (app) => {
    const pages = app.findCollectionByNameOrId("pages");
    pages.fields.getByName("status").values = ["draft", "review", "published", "scheduled"];
    pages.fields.add(new DateField({ name: "published_at" }));
    pages.fields.add(new TextField({ name: "review_note", max: 2000 }));
    app.save(pages);
  },
  (app) => {
    // Pages in the new states go back to drafts, which is what they were before their time.
    app.db().newQuery("UPDATE pages SET status = 'draft' WHERE status IN ('review', 'scheduled')").execute();
    const pages = app.findCollectionByNameOrId("pages");
    pages.fields.removeByName("published_at");
    pages.fields.removeByName("review_note");
    pages.fields.getByName("status").values = ["draft", "published"];
    app.save(pages);
  },
);
