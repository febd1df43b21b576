/// <reference path="../pb_data/types.d.ts" />

// The site's menus as records staff edit in 'Menu' (shared/menus.js says what they
// hold; pb_hooks/lib/menus/menus.js checks every save): the header navigation and the
// footer's two link columns, one record each, seeded with the links the site had in
// code (so a fresh install shows the same menus) plus the pages an editor had put in
// the header or the footer. Anyone reads them (the site's build does, unsigned);
// editors and admins change their items and column titles; nobody creates or deletes
// a menu through the API (the site has these three places).
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
    /** A page item when a page has this slug (the home page for ""), else the path itself. */
    const link = (label, path) => {
      let page = null;
      try {
        page =
          path === "/"
            ? app.findFirstRecordByFilter("pages", "is_homepage = true")
            : app.findFirstRecordByData("pages", "slug", path.slice(1));
      } catch (_) {
        page = null;
      }
      return page
        ? { id: id(), label, page: page.id, url: "", new_tab: false }
        : { id: id(), label, page: "", url: path, new_tab: false };
    };
    const external = (label, url) => ({ id: id(), label, page: "", url, new_tab: true });

    // Pages an editor had shown in the header or the footer (in_header / in_footer,
    // lowest menu_order first) follow the code's links, as the site showed them.
    const flagged = (field) =>
      app
        .findRecordsByFilter("pages", `${field} = true && status = "published"`, "menu_order,name", 50, 0)
        .map((page) => ({ id: id(), label: page.getString("name").slice(0, 40), page: page.id, url: "", new_tab: false }));
    const withFlagged = (items, field) => {
      const taken = items.map((item) => item.page).filter(Boolean);
      return items.concat(flagged(field).filter((item) => taken.indexOf(item.page) < 0)).slice(0, 12);
    };

    const seed = [
      {
        key: "header",
        title: "",
        items: withFlagged(
          [
            link("Home", "/"),
            external("Loja", "https://loja.operium.com.br"),
            link("Quem Somos", "/quem-somos"),
            link("Produtos", "/produtos"),
            link("Projetos Sob Medida", "/projetos-sob-medida"),
            link("Blog", "/blog"),
            link("DataSheets", "/referencias/datasheets"),
            link("Softwares", "/referencias/softwares"),
            link("Contato", "/contato"),
          ],
          "in_header",
        ),
      },
      {
        key: "footer_links",
        title: "Links rápidos",
        items: withFlagged(
          [
            link("Quem Somos", "/quem-somos"),
            link("Produtos", "/produtos"),
            link("Projetos Sob Medida", "/projetos-sob-medida"),
            link("Catálogo Digital", "/catalogo-digital"),
            link("Política de Privacidade", "/politica-privacidade"),
          ],
          "in_footer",
        ),
      },
      {
        key: "footer_resources",
        title: "Recursos",
        items: [link("Blog", "/blog"), link("Clientes", "/clientes"), link("Contato", "/contato")],
      },
    ];
    for (const menu of seed) {
      const record = new Record(menus);
      record.set("key", menu.key);
      record.set("title", menu.title);
      record.set("items", menu.items);
      app.saveNoValidate(record);
    }
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("menus"));
  },
);
