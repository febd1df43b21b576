/// <reference path="../pb_data/types.d.ts" />

// Pages keep their old addresses and may appear in the site's header or footer
// (pb_hooks/lib/pages/pages.js, src/lib/cms/pages.ts):
// - `old_slugs`: the slugs a published page had before a rename, each redirected (301)
//   to its current address by the built site; written only by the hooks (a value a
//   client sends is ignored);
// - `in_header`, `in_footer`, `menu_order`: the page's link in the top menu and in the
//   footer's quick links, lowest order first;
// - one SEO title: `meta_title` goes (the editor showed it beside 'Título SEO' on edit
//   only); a page that had only a meta title keeps it as its SEO title.
migrate(
  (app) => {
    app.db().newQuery("UPDATE pages SET title = meta_title WHERE title = '' AND meta_title != ''").execute();
    const pages = app.findCollectionByNameOrId("pages");
    pages.fields.removeByName("meta_title");
    pages.fields.add(new JSONField({ name: "old_slugs", maxSize: 20000 }));
    pages.fields.add(new BoolField({ name: "in_header" }));
    pages.fields.add(new BoolField({ name: "in_footer" }));
    pages.fields.add(new NumberField({ name: "menu_order", onlyInt: true, min: 0, max: 999 }));
    app.save(pages);
    app.db().newQuery("UPDATE pages SET old_slugs = '[]'").execute();
  },
  (app) => {
    const pages = app.findCollectionByNameOrId("pages");
    for (const name of ["old_slugs", "in_header", "in_footer", "menu_order"]) pages.fields.removeByName(name);
    pages.fields.add(new TextField({ name: "meta_title", max: 120 }));
    app.save(pages);
  },
);
