/// <reference path="../pb_data/types.d.ts" />

// Products published like pages: 'Agendado' with its time (`published_at`, published by
// the minute's job, pb_hooks/lib/content/workflow.js), and the old addresses of a renamed
// published product (`old_slugs`, written only by pb_hooks/lib/common/old-slugs.js), which
// the site redirects (301) to the new one.
migrate(
  (app) => {
    const { PRODUCT_STATUSES } = require(`${__hooks}/lib/common/shared.js`).sharedModule("catalog.js");
    const products = app.findCollectionByNameOrId("products");
    products.fields.getByName("status").values = PRODUCT_STATUSES.map((status) => status.value);
    products.fields.add(new DateField({ name: "published_at" }));
    products.fields.add(new JSONField({ name: "old_slugs", maxSize: 20000 }));
    app.save(products);
    app.db().newQuery("UPDATE products SET old_slugs = '[]'").execute();
  },
  (app) => {
    const products = app.findCollectionByNameOrId("products");
    app.db().newQuery("UPDATE products SET status = 'draft' WHERE status = 'scheduled'").execute();
    products.fields.getByName("status").values = ["draft", "published"];
    products.fields.removeByName("published_at");
    products.fields.removeByName("old_slugs");
    app.save(products);
  },
);
