/// <reference path="../pb_data/types.d.ts" />

// The records a build left out (the site's schema refused them, or their page failed
// to render): the admin's 'Publicação do site' panel names each, why, and links to it.
migrate(
  (app) => {
    const builds = app.findCollectionByNameOrId("site_builds");
    builds.fields.add(new JSONField({ name: "left_out", maxSize: 200000 }));
    app.save(builds);
  },
  (app) => {
    const builds = app.findCollectionByNameOrId("site_builds");
    builds.fields.removeByName("left_out");
    app.save(builds);
  },
);
