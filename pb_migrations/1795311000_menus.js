/// <reference path="../pb_data/types.d.ts" />

// The site's menus as records staff edit in 'Menu' (shared/menus.js says what they
// hold; pb_hooks/lib/menus/menus.js checks every save): the header navigation and the
// footer's two link columns, one record each, seeded from shared/site-menus.json (the
// links the site had in code, so a fresh install shows the same menus) plus the pages
// an editor had put in the header or the footer (whose flags on the page go: the
// menus are the one place a link is set). Anyone reads them (the site's build
// does, unsigned); editors and admins change their items and column titles; nobody
// creates or deletes a menu through the API (the site has these three places).
migrate(
  (app) => {
    const EDITOR =
      '@request.auth.collectionName = "users" && @request.auth.is_active = true && ' +
      '(@request.auth.role = "admin" || @request.auth.role = "editor")';
    const menus = new Collection({
      type: "base",
      name: "menus",
      listRule: "",
      viewRule: "",
      createRule: null,
      updateRule: `(${EDITOR}) && (@request.body.key:isset = false || @request.body.key = key)`,
      deleteRule: null,
      fields: [
        { name: "key", type: "select", required: true, maxSelect: 1, values: ["header", "footer_links", "footer_resources"] },
        { name: "title", type: "text", max: 40 },
        { name: "items", type: "json", maxSize: 20000 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_menus_key ON menus (key)"],
    });
    app.save(menus);

    let counter = 0;
    const id = () => `seed${String(++counter).padStart(4, "0")}`;
    /** A page item when a page has the path's slug (the home page for "/"), else the address itself. */
    const itemOf = (entry) => {
      let page = null;
      if (entry.path.startsWith("/")) {
        try {
          page =
            entry.path === "/"
              ? app.findFirstRecordByFilter("pages", "is_homepage = true")
              : app.findFirstRecordByData("pages", "slug", entry.path.slice(1));
        } catch (_) {
          page = null;
        }
      }
      return {
        id: id(),
        label: entry.label,
        page: page ? page.id : "",
        url: page ? "" : entry.path,
        new_tab: Boolean(entry.new_tab),
      };
    };
    // Pages an editor had shown in the header or the footer (in_header / in_footer,
    // lowest menu_order first) follow the seeded links, as the site showed them.
    const flagged = (field) =>
      app
        .findRecordsByFilter("pages", `${field} = true && status = "published"`, "menu_order,name", 50, 0)
        .map((page) => ({ id: id(), label: page.getString("name").slice(0, 40), page: page.id, url: "", new_tab: false }));
    const FLAGS = { header: "in_header", footer_links: "in_footer" };
    const seed = require(`${__hooks}/../shared/site-menus.json`).menus.map((menu) => {
      let items = menu.items.map(itemOf);
      if (FLAGS[menu.key]) {
        const taken = items.map((item) => item.page).filter(Boolean);
        items = items.concat(flagged(FLAGS[menu.key]).filter((item) => taken.indexOf(item.page) < 0)).slice(0, 12);
      }
      return { key: menu.key, title: menu.title, items: items };
    });
    for (const menu of seed) {
      const record = new Record(menus);
      record.set("key", menu.key);
      record.set("title", menu.title);
      record.set("items", menu.items);
      app.saveNoValidate(record);
    }

    // The menus are the one place a page's link is set now.
    const pages = app.findCollectionByNameOrId("pages");
    for (const name of ["in_header", "in_footer", "menu_order"]) pages.fields.removeByName(name);
    app.save(pages);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("menus"));
    const pages = app.findCollectionByNameOrId("pages");
    pages.fields.add(new BoolField({ name: "in_header" }));
    pages.fields.add(new BoolField({ name: "in_footer" }));
    pages.fields.add(new NumberField({ name: "menu_order", onlyInt: true, min: 0, max: 999 }));
    app.save(pages);
  },
);
